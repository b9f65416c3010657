// Spine 4.2 exports (SPINE_CORPUS42, listed by `bindings/tools/rig_manifest.py --v42`) load
// through the same calls as 4.3 files and report their editor version.
using System;
using System.Collections.Generic;
using System.IO;
using SpineNative;

class Rig42
{
    public string Name, Version, SkeletonPath, AtlasPath;
}

static partial class Tests
{
    /// <summary>The 4.2 manifest: whether 4.2 rigs are required (SPINE_CORPUS42 is set) and
    /// one record per export.</summary>
    static List<Rig42> ReadManifest42(string path, out bool required)
    {
        var rigs = new List<Rig42>();
        required = false;
        foreach (string line in File.ReadAllLines(path))
        {
            string[] f = line.Split('\t');
            if (f.Length == 2 && f[0] == "required") required = f[1] == "1";
            if (f.Length == 5 && f[0] == "rig42")
                rigs.Add(new Rig42 { Name = f[1], Version = f[2], SkeletonPath = f[3], AtlasPath = f[4] });
        }
        return rigs;
    }

    /// <summary>The first 4.2 rig's JSON and .skel load with SkeletonData.LoadFile (the version
    /// string in the file chooses the reader) and tell their editor version.</summary>
    static void Spine42Tests(string manifestPath)
    {
        bool required;
        List<Rig42> rigs = ReadManifest42(manifestPath, out required);
        if (rigs.Count == 0 && !required)
        {
            Console.WriteLine("csharp: no Spine 4.2 corpus (SPINE_CORPUS42); 4.2 load test skipped");
            return;
        }
        Run("spine42_exports_load_and_tell_their_version", () =>
        {
            Expect(rigs.Count > 0, "SPINE_CORPUS42 is set but its folder holds no 4.2 rigs");
            string rig = rigs[0].Name.Substring(0, rigs[0].Name.IndexOf('@'));
            int loaded = 0;
            foreach (Rig42 e in rigs)
            {
                if (e.Name != rig + "@4.2" && e.Name != rig + "@4.2.skel") continue;
                using (var atlas = Atlas.LoadFile(e.AtlasPath))
                using (var data = SkeletonData.LoadFile(e.SkeletonPath, atlas))
                {
                    string version = data.Info.Version;
                    Expect(version.StartsWith("4.2", StringComparison.Ordinal), e.Name + ": version " + version);
                    ExpectEqual(version, e.Version, e.Name + " version");
                    Expect(data.Count(Item.Bone) > 0 && data.Count(Item.Animation) > 0, e.Name + " has bones and animations");
                }
                loaded++;
            }
            Expect(loaded >= 1, "4.2 exports of " + rig + " loaded");
        });
    }
}
