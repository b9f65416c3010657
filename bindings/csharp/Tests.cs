// Tests of the C# wrapper (the binding's *.cs but Tests*.cs) against corpus rigs.
//
// usage: mono Tests.exe RIGS.tsv [RIGS42.tsv] [CASES.tsv DUMP]
// With CASES.tsv (bindings/tools/golden_cases.py prepare) it also replays the golden cases
// into DUMP, which `golden_cases.py compare` checks against the goldens.
// RIGS.tsv is written by bindings/tools/rig_manifest.py, RIGS42.tsv (the Spine 4.2 exports
// of SPINE_CORPUS42) by `rig_manifest.py --v42`. Prints one line per failed check
// and closes with "N passed, M failed"; exits non-zero when anything failed.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using SpineNative;

class Rig
{
    public string Name, AtlasPath, JsonPath, SkelPath;
    public Dictionary<string, uint> Counts = new Dictionary<string, uint>();
    public Dictionary<string, List<string>> Names = new Dictionary<string, List<string>>();
    public List<double> Durations = new List<double>();
    public List<bool> AnimationEvents = new List<bool>();
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

static partial class Tests
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
                case "anim_events": rig.AnimationEvents.Add(f[2] == "1"); break;
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
        // Texture sequences (ABI 1.3): regions and meshes have one, other attachments none.
        for (uint id = 0; id < data.Count(Item.Attachment); id++)
        {
            AttachmentType type = data.GetAttachment(id).Type;
            if (type == AttachmentType.Region || type == AttachmentType.Mesh || type == AttachmentType.LinkedMesh)
            {
                SequenceData s = data.GetAttachmentSequence(id);
                Expect(s.Count >= 1 && s.SetupIndex >= 0 && s.SetupIndex < s.Count, "sequence frames");
            }
            else
            {
                uint bad = id;
                ExpectError(() => data.GetAttachmentSequence(bad), Status.InvalidArgument, ErrorKind.None, "sequence of a " + type);
            }
        }
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
        Run("status_and_error_kind_strings_name_the_values", () =>
        {
            ExpectEqual(SpineLibrary.StatusString(Status.Ok), "SPN_OK", "ok");
            ExpectEqual(SpineLibrary.StatusString(Status.StaleHandle), "SPN_ERROR_STALE_HANDLE", "stale");
            ExpectEqual(SpineLibrary.StatusString(Status.Busy), "SPN_ERROR_BUSY", "busy");
            ExpectEqual(SpineLibrary.StatusString((Status)99), "SPN_STATUS_UNKNOWN", "unknown status");
            ExpectEqual(SpineLibrary.ErrorKindString(ErrorKind.None), "SPN_ERROR_KIND_NONE", "none");
            ExpectEqual(SpineLibrary.ErrorKindString(ErrorKind.MalformedJson), "SPN_ERROR_KIND_MALFORMED_JSON", "json");
            ExpectEqual(SpineLibrary.ErrorKindString((ErrorKind)99), "SPN_ERROR_KIND_UNKNOWN", "unknown kind");
            try { SkeletonData.LoadJson("{"); Expect(false, "throws"); }
            catch (SpineException e)
            {
                ExpectEqual(SpineLibrary.StatusString(e.Status), "SPN_ERROR_LOAD", "exception status");
                ExpectEqual(SpineLibrary.ErrorKindString(e.Kind), "SPN_ERROR_KIND_MALFORMED_JSON", "exception kind");
            }
        });
    }


    // The playback rig: spineboy when present, else the first rig with an animation that
    // has event keys, else the first rig.
    static Rig PlaybackRig(List<Rig> rigs)
    {
        return rigs.FirstOrDefault(r => r.Name == "spineboy") ?? rigs.FirstOrDefault(r => r.AnimationEvents.Contains(true)) ?? rigs[0];
    }

    // "walk" when it has events, else the first animation with events (null: none).
    static string EventAnimation(Rig rig)
    {
        List<string> names = rig.NamesOf("animation");
        string first = null;
        for (int i = 0; i < names.Count && i < rig.AnimationEvents.Count; i++)
        {
            if (!rig.AnimationEvents[i]) continue;
            if (names[i] == "walk") return names[i];
            if (first == null) first = names[i];
        }
        return first;
    }

    static string WalkOrFirst(Rig rig)
    {
        List<string> names = rig.NamesOf("animation");
        return names.Contains("walk") ? "walk" : names[0];
    }

    sealed class Player : IDisposable
    {
        public SkeletonData Data;
        public Skeleton Skeleton;
        public AnimationStateData StateData;
        public AnimationState State;
        public Renderer Renderer;

        public Player(Rig rig)
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath)) Data = SkeletonData.LoadFile(rig.SkelPath, atlas);
            Skeleton = Skeleton.Create(Data);
            if (Data.Find(Item.Skin, "default").HasValue) Skeleton.SetSkin("default");
            Skeleton.SetupPose();
            StateData = AnimationStateData.Create(Data);
            State = AnimationState.Create(StateData);
            Renderer = Renderer.Create();
        }

        public RenderOutput Frame(double dt)
        {
            State.Update(dt);
            State.Apply(Skeleton);
            Skeleton.Update(dt);
            Skeleton.UpdateWorldTransform(Physics.Update);
            return Renderer.Render(Skeleton);
        }

        public void Dispose()
        {
            Renderer.Dispose();
            State.Dispose();
            StateData.Dispose();
            Skeleton.Dispose();
            Data.Dispose();
        }
    }

    static void Near(double actual, double expected, double tolerance, string what)
    {
        Expect(Math.Abs(actual - expected) <= tolerance, what + ": got " + actual + ", expected " + expected);
    }

    static void PlaybackTests(Rig rig)
    {
        const double dt = 1.0 / 60.0;
        Run(rig.Name + "/skeleton_setters_and_data_records", () =>
        {
            using (var p = new Player(rig))
            {
                uint bones = p.Data.Count(Item.Bone), slots = p.Data.Count(Item.Slot);
                Expect(p.Data.GetBone(0).Parent == -1 && p.Data.GetBone(0).Name == p.Data.Name(Item.Bone, 0), "root bone");
                for (uint b = 1; b < bones; b++) Expect(p.Data.GetBone(b).Parent >= 0 && p.Data.GetBone(b).Parent < (int)b, "parent order");
                for (uint i = 0; i < slots; i++) Expect(p.Data.GetSlot(i).Bone < bones, "slot bone");
                Expect(p.Data.Info.Version.StartsWith("4."), "version");
                BoneLocal setup = p.Data.GetBoneSetup(0);
                ExpectEqual(p.Skeleton.GetBoneLocal(0).Rotation, setup.Rotation, "setup rotation");
                setup.X += 12.5f;
                p.Skeleton.SetBoneLocal(0, setup);
                ExpectEqual(p.Skeleton.GetBoneLocal(0).X, setup.X, "bone x");
                p.Skeleton.Color = new Color(1f, 0.5f, 0.25f, 0.75f);
                ExpectEqual(p.Skeleton.Color.G, 0.5f, "color g");
                p.Skeleton.YDown = true;
                Expect(p.Skeleton.YDown, "y down");
                p.Skeleton.SetWind(2f, 3f);
                float wx, wy;
                p.Skeleton.GetWind(out wx, out wy);
                Expect(wx == 2f && wy == 3f, "wind");
                p.Skeleton.SetTime(4.5);
                ExpectEqual(p.Skeleton.Time, 4.5, "time");
                uint[] order = p.Skeleton.DrawOrder(Pose.Animated);
                ExpectEqual(order.Length, (int)slots, "draw order length");
                Array.Reverse(order);
                p.Skeleton.SetDrawOrder(order, Pose.Animated);
                Expect(p.Skeleton.DrawOrder(Pose.Animated).SequenceEqual(order), "draw order set");
                ExpectError(() => p.Skeleton.SetDrawOrder(new uint[] { 0 }, Pose.Animated), Status.InvalidArgument, ErrorKind.None, "bad permutation");
                p.Skeleton.UpdateWorldTransform(Physics.Update);
                float x, y, lx, ly;
                p.Skeleton.LocalToWorld(0, 1f, 2f, out x, out y);
                p.Skeleton.WorldToLocal(0, x, y, out lx, out ly);
                Expect(Math.Abs(lx - 1f) < 1e-3f && Math.Abs(ly - 2f) < 1e-3f, "coordinate round trip");
                Expect(p.Skeleton.IsBoneActive(0), "root active");
                Rect bounds;
                Expect(p.Skeleton.TryGetBounds(out bounds) && bounds.Width > 0, "skeleton bounds");
            }
        });
        Run(rig.Name + "/bounding_box_hit_tests", () =>
        {
            using (var p = new Player(rig))
            using (var bounds = Bounds.Create())
            {
                int slot = -1;
                string name = null;
                for (uint id = 0; id < p.Data.Count(Item.Attachment) && slot < 0; id++)
                {
                    AttachmentInfo info = p.Data.GetAttachment(id);
                    if (info.Type != AttachmentType.BoundingBox) continue;
                    for (uint s = 0; s < p.Data.Count(Item.Slot) && slot < 0; s++)
                        if (p.Skeleton.FindAttachment(s, info.Name) == id) { slot = (int)s; name = info.Name; }
                }
                if (slot < 0) return;  // the rig has none
                p.Skeleton.SetAttachment((uint)slot, name);
                p.Skeleton.UpdateWorldTransform(Physics.Update);
                bounds.Update(p.Skeleton);
                ExpectEqual(bounds.Count, 1, "boxes");
                BoundingBox box = bounds.GetBox(0);
                ExpectEqual((int)box.Slot, slot, "box slot");
                var v = new float[box.VertexCount * 2];
                box.CopyVertices(v);
                float cx = 0, cy = 0;
                for (int i = 0; i < v.Length; i += 2) { cx += v[i]; cy += v[i + 1]; }
                cx /= box.VertexCount;
                cy /= box.VertexCount;
                Expect(bounds.ContainsPoint(cx, cy) == slot && bounds.AabbContainsPoint(cx, cy), "centre hits");
                Rect aabb = bounds.Aabb;
                float far = Math.Max(aabb.Width, aabb.Height) * 10 + 1000;
                Expect(bounds.ContainsPoint(cx + far, cy) == -1 && !bounds.AabbContainsPoint(cx + far, cy), "far misses");
                Expect(bounds.IntersectsSegment(cx - far, cy, cx + far, cy) == slot, "segment hits");
                Expect(bounds.AabbIntersectsSegment(cx - far, cy, cx + far, cy), "segment hits the box");
                p.Skeleton.SetAttachment((uint)slot, null);
                p.Skeleton.UpdateWorldTransform(Physics.Update);
                bounds.Update(p.Skeleton);
                Expect(bounds.Count == 0 && bounds.ContainsPoint(cx, cy) == -1, "cleared");
            }
        });
        Run(rig.Name + "/playback_render_60_frames", () =>
        {
            using (var p = new Player(rig))
            {
                p.Skeleton.SetPosition(100f, 50f);
                p.Skeleton.SetScale(1f, 1f);
                float x, y;
                p.Skeleton.GetPosition(out x, out y);
                Expect(x == 100f && y == 50f, "position round trip");
                string anim = WalkOrFirst(rig);
                TrackEntry entry = p.State.SetAnimation(0, anim, true);
                Expect(!entry.IsNull && entry.TrackIndex == 0, "entry on track 0");
                ExpectEqual(p.Data.Name(Item.Animation, (uint)entry.Animation), anim, "entry animation");
                RenderOutput output = default(RenderOutput);
                for (int i = 0; i < 60; i++) output = p.Frame(dt);
                Near(p.Skeleton.Time, 1.0, 1e-6, "skeleton time");
                Near(entry.TrackTime, 1.0, 1e-6, "track time");
                Expect(output.VertexCount > 0, "vertex count > 0");
                Expect(output.IndexCount > 0, "index count > 0");
                ExpectEqual(output.IndexSize, 2, "index size");
                ExpectEqual(output.PositionStride, 2, "position stride");
                Expect(output.IsValid, "output valid");
                var positions = new float[output.VertexCount * 2];
                var uvs = new float[output.VertexCount * 2];
                var colors = new uint[output.VertexCount];
                var indices = new ushort[output.IndexCount];
                ExpectEqual(output.CopyPositions(positions), positions.Length, "positions copied");
                ExpectEqual(output.CopyUvs(uvs), uvs.Length, "uvs copied");
                ExpectEqual(output.CopyColors(colors), colors.Length, "colors copied");
                ExpectEqual(output.CopyIndices(indices), indices.Length, "indices copied");
                Expect(positions.All(v => !float.IsNaN(v) && !float.IsInfinity(v)), "finite positions");
                Expect(uvs.All(v => v >= -0.001f && v <= 1.001f), "uvs within the page");
                Expect(colors.Any(c => c != 0), "some color non-zero");
                ExpectEqual(Marshal.ReadInt16(output.Indices, 2), (short)indices[1], "bulk copy matches the buffer");
                DrawRange[] ranges = output.GetRanges();
                Expect(ranges.Length > 0, "ranges");
                long rangeIndices = 0;
                foreach (DrawRange r in ranges)
                {
                    rangeIndices += r.IndexCount;
                    Expect(r.FirstVertex + r.VertexCount <= output.VertexCount, "range vertices in bounds");
                    for (uint k = r.FirstIndex; k < r.FirstIndex + r.IndexCount; k++)
                        Expect(indices[k] < r.VertexCount, "index within its range");
                }
                ExpectEqual(rangeIndices, (long)output.IndexCount, "range index counts sum");
                try
                {
                    output.CopyIndices(new uint[output.IndexCount]);
                    throw new TestFailure("32-bit copy of 16-bit indices accepted");
                }
                catch (InvalidOperationException) { }
            }
        });
        Run(rig.Name + "/render_output_second_path_and_staleness", () =>
        {
            using (var p = new Player(rig))
            {
                p.State.SetAnimation(0, WalkOrFirst(rig), true);
                RenderOutput first = default(RenderOutput);
                for (int i = 0; i < 60; i++) first = p.Frame(dt);
                RenderOutput again = p.Renderer.GetOutput();
                ExpectEqual(again.VertexCount, first.VertexCount, "vertex count via spn_renderer_output");
                ExpectEqual(again.IndexCount, first.IndexCount, "index count via spn_renderer_output");
                ExpectEqual(again.Positions, first.Positions, "same buffer");
                var raw = new Native.spn_render_output { size = (uint)Marshal.SizeOf(typeof(Native.spn_render_output)) };
                ExpectEqual(Native.spn_renderer_output(p.Renderer.Handle, ref raw), Status.Ok, "raw output");
                ExpectEqual((int)raw.vertex_count, first.VertexCount, "raw vertex count");
                ExpectEqual((int)raw.index_count, first.IndexCount, "raw index count");
                p.Frame(dt);
                Expect(!first.IsValid && !again.IsValid, "outputs stale after the next render");
                try
                {
                    first.CopyPositions(new float[first.VertexCount * 2]);
                    throw new TestFailure("stale output copied");
                }
                catch (InvalidOperationException) { }
                try
                {
                    p.Renderer.GetOutput().CopyPositions(new float[1]);
                    throw new TestFailure("short destination accepted");
                }
                catch (ArgumentException) { }
                // The root bone follows the skeleton position.
                p.Skeleton.SetPosition(0f, 0f);
                p.Skeleton.UpdateWorldTransform(Physics.Pose);
                BoneWorld at0 = p.Skeleton.GetBoneWorld(0);
                p.Skeleton.SetPosition(100f, 0f);
                p.Skeleton.UpdateWorldTransform(Physics.Pose);
                Near(p.Skeleton.GetBoneWorld(0).WorldX - at0.WorldX, 100.0, 1e-3, "root world x");
                ExpectError(() => p.Skeleton.GetBoneWorld(rig.Counts["bone"]), Status.OutOfRange, ErrorKind.None, "bone past the end");
                // World rotation and scale of the axes, parent space (ABI 1.3). Bone 1's parent
                // is the root, so its parent space is bone 0's local space.
                BoneWorld w0 = p.Skeleton.GetBoneWorld(0);
                BoneWorldInfo info = p.Skeleton.GetBoneWorldInfo(0);
                Near(info.RotationX, Math.Atan2(w0.C, w0.A) * 180.0 / Math.PI, 1e-3, "world rotation x");
                Near(info.RotationY, Math.Atan2(w0.D, w0.B) * 180.0 / Math.PI, 1e-3, "world rotation y");
                Near(info.ScaleX, Math.Sqrt(w0.A * w0.A + w0.C * w0.C), 1e-5, "world scale x");
                Near(info.ScaleY, Math.Sqrt(w0.B * w0.B + w0.D * w0.D), 1e-5, "world scale y");
                float px, py, lx, ly;
                p.Skeleton.WorldToParent(0, 3f, 4f, out px, out py);
                Expect(px == 3f && py == 4f, "the root's parent space is world space");
                if (rig.Counts["bone"] > 1)
                {
                    p.Skeleton.ParentToWorld(1, 3f, 4f, out px, out py);
                    p.Skeleton.LocalToWorld(0, 3f, 4f, out lx, out ly);
                    Expect(px == lx && py == ly, "bone 1's parent space is the root's local space");
                    p.Skeleton.WorldToParent(1, 3f, 4f, out px, out py);
                    p.Skeleton.WorldToLocal(0, 3f, 4f, out lx, out ly);
                    Expect(px == lx && py == ly, "world to bone 1's parent space");
                }
                ExpectError(() => p.Skeleton.GetBoneWorldInfo(rig.Counts["bone"]), Status.OutOfRange, ErrorKind.None, "world info past the end");
            }
        });
        Run(rig.Name + "/physics_constraint_control", () =>
        {
            // Translating each physics constraint by itself is the whole-skeleton translate (ABI 1.3).
            using (var whole = new Player(rig))
            using (var each = new Player(rig))
            {
                uint constraints = (uint)rig.Counts["constraint"], bones = (uint)rig.Counts["bone"];
                whole.Skeleton.PhysicsTranslate(30f, -20f);
                for (uint c = 0; c < constraints; c++)
                {
                    if (each.Data.GetConstraint(c).Type == ConstraintType.Physics)
                    {
                        each.Skeleton.PhysicsConstraintTranslate(c, 30f, -20f);
                        each.Skeleton.PhysicsConstraintRotate(c, 0f, 0f, 0f);
                    }
                    else
                        ExpectError(() => each.Skeleton.PhysicsConstraintReset(c), Status.InvalidArgument, ErrorKind.None, "reset of a constraint that is not physics");
                }
                for (int f = 0; f < 5; f++)
                {
                    whole.Frame(1.0 / 60.0);
                    each.Frame(1.0 / 60.0);
                }
                for (uint b = 0; b < bones; b++)
                {
                    BoneWorld x = whole.Skeleton.GetBoneWorld(b), y = each.Skeleton.GetBoneWorld(b);
                    Expect(x.A == y.A && x.B == y.B && x.C == y.C && x.D == y.D && x.WorldX == y.WorldX && x.WorldY == y.WorldY, "bone " + b + " equal");
                }
                ExpectError(() => each.Skeleton.PhysicsConstraintTranslate(constraints, 1f, 0f), Status.OutOfRange, ErrorKind.None, "constraint past the end");
            }
            // The movement helper is translate + rotate around the skeleton position, scaled.
            using (var helper = new Player(rig))
            using (var byHand = new Player(rig))
            {
                uint bones = (uint)rig.Counts["bone"];
                float sx, sy;
                byHand.Skeleton.GetPosition(out sx, out sy);
                helper.Skeleton.PhysicsMove(40f, -25f, 30f, 0.5f, 0.25f, 0.75f);
                byHand.Skeleton.PhysicsTranslate(20f, -6.25f);
                byHand.Skeleton.PhysicsRotate(sx, sy, 22.5f);
                for (int f = 0; f < 5; f++)
                {
                    helper.Frame(1.0 / 60.0);
                    byHand.Frame(1.0 / 60.0);
                }
                for (uint b = 0; b < bones; b++)
                {
                    BoneWorld x = helper.Skeleton.GetBoneWorld(b), y = byHand.Skeleton.GetBoneWorld(b);
                    Expect(x.A == y.A && x.B == y.B && x.C == y.C && x.D == y.D && x.WorldX == y.WorldX && x.WorldY == y.WorldY, "helper bone " + b + " equal");
                }
                ExpectError(() => helper.Skeleton.PhysicsMove(float.NaN, 0f, 0f), Status.InvalidArgument, ErrorKind.None, "non-finite movement");
            }
        });
        Run(rig.Name + "/state_data_and_track_entry", () =>
        {
            using (var p = new Player(rig))
            {
                List<string> names = rig.NamesOf("animation");
                ExpectEqual(p.StateData.DefaultMix, 0.0, "default mix");
                p.StateData.DefaultMix = 0.25;
                ExpectEqual(p.StateData.DefaultMix, 0.25, "default mix set");
                p.StateData.SetMix(names[0], names[names.Count - 1], 0.5);
                ExpectEqual(p.StateData.GetMix(0, names.Count - 1), 0.5, "pair mix");
                ExpectEqual(p.StateData.GetMix(-1, 0), 0.25, "empty mix");
                ExpectError(() => p.StateData.SetMix("no such animation", names[0], 1), Status.NotFound, ErrorKind.None, "mix unknown");
                ExpectError(() => p.State.SetAnimation(0, "no such animation", true), Status.NotFound, ErrorKind.None, "set unknown");
                ExpectError(() => p.Skeleton.SetSkin("no such skin"), Status.NotFound, ErrorKind.None, "skin unknown");
                Expect(p.State.GetCurrent(0).IsNull, "empty track");
                TrackEntry entry = p.State.SetAnimation(0, names[0], false);
                TrackEntry queued = p.State.AddAnimation(0, names[names.Count - 1], true, 0.5);
                ExpectEqual(p.State.GetCurrent(0).Raw.entry, entry.Raw.entry, "current");
                ExpectEqual(queued.Get(EntryField.Delay), 0.5, "delay");
                ExpectEqual(entry.Alpha, 1.0, "alpha");
                entry.Alpha = 0.5;
                ExpectEqual(entry.Alpha, 0.5, "alpha set");
                entry.TimeScale = 2.0;
                ExpectEqual(entry.TimeScale, 2.0, "entry time scale");
                p.State.TimeScale = 0.5;
                ExpectEqual(p.State.TimeScale, 0.5, "state time scale");
                p.State.Update(0.1);
                Near(entry.TrackTime, 0.1, 1e-9, "track time");
                entry.TrackTime = 0;
                ExpectEqual(entry.TrackTime, 0.0, "track time set");
                ExpectError(() => entry.Set(EntryField.TrackIndex, 1), Status.InvalidArgument, ErrorKind.None, "read-only field");
                if (p.Data.Find(Item.Skin, "default").HasValue) ExpectEqual(p.Skeleton.SkinName, "default", "skin name");
            }
        });
        Run(rig.Name + "/stale_track_entry_after_state_disposed", () =>
        {
            using (var p = new Player(rig))
            {
                TrackEntry entry = p.State.SetAnimation(0, WalkOrFirst(rig), true);
                ExpectEqual(entry.Alpha, 1.0, "alpha");
                p.State.Dispose();
                ExpectError(() => { var a = entry.Alpha; }, Status.StaleHandle, ErrorKind.None, "stale entry get");
                ExpectError(() => entry.TrackTime = 1, Status.StaleHandle, ErrorKind.None, "stale entry set");
                ExpectError(() => p.State.Update(0.1), Status.NullArgument, ErrorKind.None, "disposed state");
                p.Renderer.Dispose();
                ExpectError(() => p.Renderer.Render(p.Skeleton), Status.NullArgument, ErrorKind.None, "disposed renderer");
            }
        });
        string eventAnim = EventAnimation(rig);
        if (eventAnim == null) return;
        Run(rig.Name + "/polled_events_" + eventAnim, () =>
        {
            using (var p = new Player(rig))
            {
                p.State.SetAnimation(0, eventAnim, true);
                List<string> anims = rig.NamesOf("animation");
                int animIndex = anims.IndexOf(eventAnim);
                double duration = rig.Durations[animIndex];
                int frames = (int)Math.Ceiling(duration / dt) + 2;
                var all = new List<Event>();
                for (int i = 0; i < frames; i++)
                {
                    p.Frame(dt);
                    all.AddRange(p.State.PollEvents());
                }
                Expect(all.Count > 0, "events polled");
                Expect(all[0].Type == EventType.Start && all[0].Track == 0, "first is start");
                List<string> eventNames = rig.NamesOf("event");
                bool fired = false, completed = false;
                foreach (Event e in all)
                {
                    ExpectEqual(e.Animation, animIndex, "record animation");
                    if (e.Type == EventType.Complete) completed = true;
                    if (e.Type != EventType.Event)
                    {
                        Expect(e.Name == null && e.EventIndex == -1, "no event data on " + e.Type);
                        continue;
                    }
                    fired = true;
                    Expect(e.EventIndex >= 0 && e.EventIndex < eventNames.Count, "event index");
                    ExpectEqual(e.Name, eventNames[e.EventIndex], "event name");
                    Expect(e.StringValue != null, "string value");
                    Expect(e.Time >= 0 && e.Time <= duration + 1e-3, "event time");
                }
                Expect(fired, "an event key fired");
                Expect(completed, "a loop completed");
                ExpectEqual(p.State.PollEvents().Length, 0, "queue drained");
                // The animation's event keys (ABI 1.3) are what one pass through it fires, in order.
                EventKey[] keys = p.Data.GetAnimationEventKeys((uint)animIndex);
                var firedEvents = all.FindAll(e => e.Type == EventType.Event);
                Expect(keys.Length > 0 && firedEvents.Count >= keys.Length, "every key fired");
                for (int i = 0; i < keys.Length && i < firedEvents.Count; i++)
                {
                    ExpectEqual(firedEvents[i].EventIndex, (int)keys[i].Event, "key event");
                    Expect(firedEvents[i].Time == keys[i].Time && firedEvents[i].IntValue == keys[i].IntValue, "key time and int");
                    ExpectEqual(firedEvents[i].StringValue, keys[i].StringValue, "key string");
                }
                uint[] bones = p.Data.GetAnimationKeyed((uint)animIndex, Item.Bone);
                for (int i = 0; i < bones.Length; i++)
                    Expect(bones[i] < rig.Counts["bone"] && (i == 0 || bones[i] > bones[i - 1]), "keyed bones ascend");
                ExpectError(() => p.Data.GetAnimationKeyed((uint)animIndex, Item.Skin), Status.InvalidArgument, ErrorKind.None, "keyed skins");
            }
        });
    }

    static void ZeroAllocationTests(Rig rig)
    {
        Run("allocation_counter_sees_a_small_allocation", () => Expect(ZeroAllocTest.ControlAllocation() > 0, "GetAllocatedBytesForCurrentThread counts"));
        string anim = EventAnimation(rig);
        if (string.IsNullOrEmpty(anim)) anim = WalkOrFirst(rig);
        Run(rig.Name + "/zero_managed_allocation_over_" + ZeroAllocTest.MeasuredFrames + "_warm_frames", () =>
        {
            int events;
            long bytes = ZeroAllocTest.Measure(rig.AtlasPath, rig.SkelPath, anim, ZeroAllocTest.WarmFrames, ZeroAllocTest.MeasuredFrames, out events);
            Console.WriteLine("zero-alloc: " + rig.Name + "/" + anim + ": " + bytes + " bytes over " + ZeroAllocTest.MeasuredFrames +
                              " warm frames (" + events + " events polled)");
            Expect(events > 0, "events were polled while measuring");
            ExpectEqual(bytes, 0L, "managed bytes allocated by warm frames");
        });
    }

    static int Main(string[] args)
    {
        if (args.Length < 1 || args.Length > 4)
        {
            Console.Error.WriteLine("usage: mono Tests.exe RIGS.tsv [RIGS42.tsv] [CASES.tsv DUMP]");
            return 2;
        }
        // RIGS42.tsv is there when the count of the other arguments is odd.
        bool with42 = args.Length == 2 || args.Length == 4, withGolden = args.Length >= 3;
        List<Rig> rigs = ReadManifest(args[0]);
        if (rigs.Count < 3)
        {
            Console.Error.WriteLine("need at least 3 rigs in " + args[0] + ", found " + rigs.Count);
            return 2;
        }
        GeneralTests(rigs[0], rigs[1]);
        foreach (Rig rig in rigs) RigTests(rig);
        foreach (Rig rig in rigs) Run(rig.Name + "/geometry", () => GeometryTests.Check(rig));
        foreach (Rig rig in rigs) CrowdBranchTests(rig);
        CrowdRenderTests(PlaybackRig(rigs));
        PlaybackTests(PlaybackRig(rigs));
        ZeroAllocationTests(PlaybackRig(rigs));
        SeparationTests(PlaybackRig(rigs));
        ConventionsTests(PlaybackRig(rigs));
        TextureTests(PlaybackRig(rigs));
        SkinEntryTests(PlaybackRig(rigs));
        GpuTests(PlaybackRig(rigs));
        DataSkinAndCrowdIdTests(PlaybackRig(rigs));
        RuntimeAttachmentTests(PlaybackRig(rigs));
        if (with42) Spine42Tests(args[1]);
        if (withGolden)
            Run("golden_replay_runs_every_case",
                () => ExpectEqual(GoldenReplay.ReplayAll(args[args.Length - 2], args[args.Length - 1]), 0, "cases that threw"));
        Console.WriteLine("csharp: " + passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
