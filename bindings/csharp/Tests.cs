// Tests of the C# wrapper (SpineNative.cs) against corpus rigs.
//
// usage: mono Tests.exe RIGS.tsv
// RIGS.tsv is written by bindings/tools/rig_manifest.py. Prints one line per failed check
// and closes with "N passed, M failed"; exits non-zero when anything failed.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using SpineNative;

class Rig
{
    public string Name, AtlasPath, JsonPath, SkelPath;
    public Dictionary<string, uint> Counts = new Dictionary<string, uint>();
    public Dictionary<string, List<string>> Names = new Dictionary<string, List<string>>();
    public List<double> Durations = new List<double>();
    public uint AtlasPages, AtlasRegions;
    public List<AtlasPage> Pages = new List<AtlasPage>();

    public List<string> NamesOf(string item)
    {
        List<string> names;
        return Names.TryGetValue(item, out names) ? names : new List<string>();
    }
}

class TestFailure : Exception
{
    public TestFailure(string message) : base(message) { }
}

static class Tests
{
    static readonly KeyValuePair<string, Item>[] Items =
    {
        new KeyValuePair<string, Item>("bone", Item.Bone),
        new KeyValuePair<string, Item>("slot", Item.Slot),
        new KeyValuePair<string, Item>("skin", Item.Skin),
        new KeyValuePair<string, Item>("animation", Item.Animation),
        new KeyValuePair<string, Item>("event", Item.Event),
        new KeyValuePair<string, Item>("constraint", Item.Constraint),
    };

    static int passed, failed;

    static List<Rig> ReadManifest(string path)
    {
        var rigs = new List<Rig>();
        var rig = new Rig();
        foreach (string line in File.ReadAllLines(path))
        {
            if (line.Length == 0) continue;
            string[] f = line.Split('\t');
            switch (f[0])
            {
                case "rig": rig = new Rig { Name = f[1] }; break;
                case "atlas": rig.AtlasPath = f[1]; break;
                case "json": rig.JsonPath = f[1]; break;
                case "skel": rig.SkelPath = f[1]; break;
                case "count": rig.Counts[f[1]] = uint.Parse(f[2], CultureInfo.InvariantCulture); break;
                case "atlas_pages": rig.AtlasPages = uint.Parse(f[1], CultureInfo.InvariantCulture); break;
                case "atlas_regions": rig.AtlasRegions = uint.Parse(f[1], CultureInfo.InvariantCulture); break;
                case "page":
                    rig.Pages.Add(new AtlasPage
                    {
                        Name = f[2],
                        Width = uint.Parse(f[3], CultureInfo.InvariantCulture),
                        Height = uint.Parse(f[4], CultureInfo.InvariantCulture),
                        Pma = f[5] == "1",
                    });
                    break;
                case "name":
                    if (!rig.Names.ContainsKey(f[1])) rig.Names[f[1]] = new List<string>();
                    rig.Names[f[1]].Add(f[3]);
                    break;
                case "duration": rig.Durations.Add(double.Parse(f[2], CultureInfo.InvariantCulture)); break;
                case "end": rigs.Add(rig); break;
                default: throw new InvalidDataException("unknown manifest line: " + line);
            }
        }
        return rigs;
    }

    static void Expect(bool condition, string what)
    {
        if (!condition) throw new TestFailure(what);
    }

    static void ExpectEqual<T>(T actual, T expected, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(actual, expected))
            throw new TestFailure(what + ": got " + actual + ", expected " + expected);
    }

    // `body` must throw SpineException with `status` (and `kind` unless null).
    static void ExpectError(Action body, Status status, ErrorKind? kind, string what)
    {
        try
        {
            body();
        }
        catch (SpineException e)
        {
            if (e.Status != status || (kind.HasValue && e.Kind != kind.Value))
                throw new TestFailure(what + ": expected " + status + "/" + (kind.HasValue ? kind.Value.ToString() : "any") +
                                      ", got " + e.Status + "/" + e.Kind + " (" + e.Message + ")");
            Expect(!string.IsNullOrEmpty(e.Message), what + ": empty message");
            return;
        }
        throw new TestFailure(what + ": no SpineException thrown");
    }

    static void Run(string name, Action body)
    {
        try
        {
            body();
            passed++;
        }
        catch (Exception e)
        {
            failed++;
            var spine = e as SpineException;
            string detail = spine != null ? "SpineException " + spine.Status + "/" + spine.Kind + ": " + spine.Message
                                          : e.GetType().Name + ": " + e.Message;
            Console.WriteLine("FAIL " + name + ": " + detail);
        }
    }

    static void CheckAtlas(Rig rig, Atlas atlas)
    {
        ExpectEqual(atlas.PageCount, rig.AtlasPages, "page count");
        ExpectEqual(atlas.RegionCount, rig.AtlasRegions, "region count");
        AtlasPage[] pages = atlas.Pages;
        ExpectEqual(pages.Length, rig.Pages.Count, "pages");
        for (int i = 0; i < pages.Length; i++)
        {
            ExpectEqual(pages[i].Name, rig.Pages[i].Name, "page " + i + " name");
            ExpectEqual(pages[i].Width, rig.Pages[i].Width, "page " + i + " width");
            ExpectEqual(pages[i].Height, rig.Pages[i].Height, "page " + i + " height");
            ExpectEqual(pages[i].Pma, rig.Pages[i].Pma, "page " + i + " pma");
        }
        ExpectError(() => atlas.GetPage(rig.AtlasPages), Status.OutOfRange, ErrorKind.None, "page past the end");
    }

    static void CheckData(Rig rig, SkeletonData data)
    {
        foreach (var entry in Items)
        {
            Item item = entry.Value;
            List<string> expected = rig.NamesOf(entry.Key);
            ExpectEqual(data.Count(item), rig.Counts[entry.Key], entry.Key + " count");
            string[] names = data.Names(item);
            ExpectEqual(names.Length, expected.Count, entry.Key + " names");
            for (int i = 0; i < names.Length; i++) ExpectEqual(names[i], expected[i], entry.Key + " " + i);
            if (expected.Count > 0)
            {
                uint last = (uint)(expected.Count - 1);
                ExpectEqual(data.Find(item, expected[(int)last]), (uint?)last, "find last " + entry.Key);
            }
            ExpectEqual(data.Find(item, "no such entry \u2717"), (uint?)null, "find missing " + entry.Key);
            ExpectError(() => data.Name(item, data.Count(item)), Status.OutOfRange, ErrorKind.None, entry.Key + " name past the end");
        }
        for (int i = 0; i < rig.Durations.Count; i++)
        {
            double d = data.AnimationDuration((uint)i), want = rig.Durations[i];
            Expect(Math.Abs(d - want) <= 1e-3 + 1e-4 * Math.Abs(want), "animation " + i + " duration " + d + ", expected " + want);
        }
        ExpectError(() => data.AnimationDuration((uint)rig.Durations.Count), Status.OutOfRange, ErrorKind.None, "duration past the end");
    }

    static void RigTests(Rig rig)
    {
        Run(rig.Name + "/atlas_file", () => { using (var atlas = Atlas.LoadFile(rig.AtlasPath)) CheckAtlas(rig, atlas); });
        Run(rig.Name + "/atlas_memory", () => { using (var atlas = Atlas.Load(File.ReadAllText(rig.AtlasPath))) CheckAtlas(rig, atlas); });
        Run(rig.Name + "/json_memory", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadJson(File.ReadAllText(rig.JsonPath), atlas))
                CheckData(rig, data);
        });
        Run(rig.Name + "/binary_memory", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadBinary(File.ReadAllBytes(rig.SkelPath), atlas))
                CheckData(rig, data);
        });
        Run(rig.Name + "/json_file_no_atlas_scaled", () =>
        {
            using (var data = SkeletonData.LoadFile(rig.JsonPath, null, 0.5f)) CheckData(rig, data);
        });
        Run(rig.Name + "/binary_file", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
                CheckData(rig, data);
        });
        Run(rig.Name + "/truncated_skel", () =>
        {
            byte[] bytes = File.ReadAllBytes(rig.SkelPath);
            ExpectError(() => SkeletonData.LoadBinary(bytes.Take(bytes.Length / 2).ToArray()), Status.Load, ErrorKind.Truncated, "truncated");
        });
        Run(rig.Name + "/trailing_bytes", () =>
        {
            byte[] bytes = File.ReadAllBytes(rig.SkelPath).Concat(new byte[3]).ToArray();
            ExpectError(() => SkeletonData.LoadBinary(bytes), Status.Load, ErrorKind.TrailingBytes, "trailing bytes");
        });
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    static List<Native.spn_atlas> AbandonAtlases(Rig rig, int count)
    {
        string text = File.ReadAllText(rig.AtlasPath);
        var raws = new List<Native.spn_atlas>();
        for (int i = 0; i < count; i++) raws.Add(Atlas.Load(text).Handle);
        return raws;
    }

    static void GeneralTests(Rig rig, Rig other)
    {
        Run("version", () =>
        {
            Expect(SpineLibrary.AbiCompatible, "ABI major matches");
            ExpectEqual(SpineLibrary.AbiVersion >> 16, Native.AbiVersion >> 16, "ABI major");
            Expect(!string.IsNullOrEmpty(SpineLibrary.Version), "version string");
        });
        Run("disposed_objects_report_null_argument", () =>
        {
            var atlas = Atlas.LoadFile(rig.AtlasPath);
            var data = SkeletonData.LoadFile(rig.JsonPath);
            atlas.Dispose();
            data.Dispose();
            atlas.Dispose();  // twice is harmless
            ExpectEqual(atlas.Handle.bits, 0UL, "disposed atlas handle");
            ExpectError(() => { var n = atlas.PageCount; }, Status.NullArgument, ErrorKind.None, "disposed atlas");
            ExpectError(() => data.Count(Item.Bone), Status.NullArgument, ErrorKind.None, "disposed data");
        });
        Run("stale_raw_handle_after_dispose", () =>
        {
            var data = SkeletonData.LoadFile(rig.JsonPath);
            Native.spn_skeleton_data raw = data.Handle;
            data.Dispose();
            uint n;
            ExpectEqual(Native.spn_skeleton_data_count(raw, (uint)Item.Bone, out n), Status.StaleHandle, "count on stale handle");
            ExpectEqual(SpineLibrary.LastErrorKind, ErrorKind.None, "kind of a stale-handle failure");
            Expect(SpineLibrary.LastErrorMessage.Contains("stale"), "stale message: " + SpineLibrary.LastErrorMessage);
            ExpectEqual(Native.spn_skeleton_data_destroy(raw), Status.StaleHandle, "destroy twice");
        });
        Run("wrong_type_handle", () =>
        {
            using (var data = SkeletonData.LoadFile(rig.JsonPath))
            {
                uint n;
                var pretend = new Native.spn_atlas { bits = data.Handle.bits };
                ExpectEqual(Native.spn_atlas_page_count(pretend, out n), Status.WrongType, "atlas call on skeleton data");
                ExpectEqual(Native.spn_atlas_destroy(pretend), Status.WrongType, "atlas destroy on skeleton data");
                ExpectEqual(data.Count(Item.Bone), rig.Counts["bone"], "data still alive");
            }
        });
        Run("data_outlives_atlas", () =>
        {
            SkeletonData data;
            using (var atlas = Atlas.LoadFile(rig.AtlasPath)) data = SkeletonData.LoadFile(rig.SkelPath, atlas);
            using (data)
            {
                ExpectEqual(data.Count(Item.Bone), rig.Counts["bone"], "bones");
                ExpectEqual(data.Name(Item.Bone, 0), rig.NamesOf("bone")[0], "first bone");
            }
        });
        Run("finalizer_destroys_handles", () =>
        {
            // Abandoned objects are destroyed by their finalizers. (Mono scans stacks
            // conservatively, so one or two may survive a collection: most must not.)
            List<Native.spn_atlas> raws = AbandonAtlases(rig, 50);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            uint n;
            int stale = raws.Count(raw => Native.spn_atlas_page_count(raw, out n) == Status.StaleHandle);
            Expect(stale >= 40, stale + " of 50 abandoned atlases destroyed by finalizers");
            using (var atlas = Atlas.LoadFile(rig.AtlasPath)) ExpectEqual(atlas.PageCount, rig.AtlasPages, "pages");
        });
        Run("missing_file_is_io", () =>
        {
            ExpectError(() => Atlas.LoadFile("/nonexistent/nope.atlas"), Status.Io, ErrorKind.Io, "atlas");
            ExpectError(() => SkeletonData.LoadFile("/nonexistent/nope.skel"), Status.Io, ErrorKind.Io, "skeleton");
        });
        Run("non_ascii_path_round_trips_as_utf8", () =>
        {
            string dir = Path.Combine(Path.GetTempPath(), "spine-native-\u00e9\u6f22-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                string path = Path.Combine(dir, "r\u00e9gion.atlas");
                File.Copy(rig.AtlasPath, path);
                using (var atlas = Atlas.LoadFile(path)) ExpectEqual(atlas.PageCount, rig.AtlasPages, "pages");
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        });
        Run("malformed_json", () =>
        {
            ExpectError(() => SkeletonData.LoadJson("{\"skeleton\": "), Status.Load, ErrorKind.MalformedJson, "malformed");
        });
        Run("wrong_version_json", () =>
        {
            ExpectError(() => SkeletonData.LoadJson("{\"skeleton\": {\"spine\": \"3.8.99\"}, \"bones\": [{\"name\": \"root\"}]}"),
                        Status.Load, ErrorKind.Version, "3.8 JSON");
        });
        Run("invalid_atlas_text", () =>
        {
            ExpectError(() => Atlas.Load("page.png\nsize: banana\n"), Status.Load, ErrorKind.InvalidAtlas, "bad size");
        });
        Run("not_utf8_text", () =>
        {
            ExpectError(() => Atlas.Load(new byte[] { 0xFF, 0xFE }), Status.InvalidArgument, ErrorKind.None, "atlas");
            ExpectError(() => SkeletonData.LoadJson(new byte[] { 0xFF }), Status.InvalidArgument, ErrorKind.None, "json");
        });
        Run("invalid_scale", () =>
        {
            ExpectError(() => SkeletonData.LoadFile(rig.JsonPath, null, 0f), Status.InvalidArgument, ErrorKind.None, "scale 0");
            ExpectError(() => SkeletonData.LoadFile(rig.JsonPath, null, float.NaN), Status.InvalidArgument, ErrorKind.None, "scale NaN");
        });
        Run("invalid_item", () =>
        {
            using (var data = SkeletonData.LoadFile(rig.JsonPath))
                ExpectError(() => data.Count((Item)99), Status.InvalidArgument, ErrorKind.None, "item 99");
        });
        Run("missing_region", () =>
        {
            using (var atlas = Atlas.LoadFile(other.AtlasPath))
                ExpectError(() => SkeletonData.LoadFile(rig.JsonPath, atlas), Status.Load, ErrorKind.MissingRegion, "other rig's atlas");
        });
        Run("last_error_is_per_thread", () =>
        {
            ExpectError(() => SkeletonData.LoadJson("{"), Status.Load, ErrorKind.MalformedJson, "malformed");
            string mine = SpineLibrary.LastErrorMessage;
            var thread = new Thread(() =>
            {
                try { Atlas.LoadFile("/nonexistent/other-thread.atlas"); }
                catch (SpineException) { }
            });
            thread.Start();
            thread.Join();
            ExpectEqual(SpineLibrary.LastErrorMessage, mine, "message");
            ExpectEqual(SpineLibrary.LastErrorKind, ErrorKind.MalformedJson, "kind");
        });
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: mono Tests.exe RIGS.tsv");
            return 2;
        }
        List<Rig> rigs = ReadManifest(args[0]);
        if (rigs.Count < 3)
        {
            Console.Error.WriteLine("need at least 3 rigs in " + args[0] + ", found " + rigs.Count);
            return 2;
        }
        GeneralTests(rigs[0], rigs[1]);
        foreach (Rig rig in rigs) RigTests(rig);
        Console.WriteLine("csharp: " + passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
