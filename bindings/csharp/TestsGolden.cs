// Golden replays through the C# wrapper: reads the cases written by
// bindings/tools/golden_cases.py and writes the dump that tool compares with the goldens
// (runtime skins, bounds and hit tests, premultiplied alpha, interleaved layout, crowds).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using SpineNative;

static class GoldenReplay
{
    class Case
    {
        public string Name, Mode, Atlas, Skel;
        public double Dt;
        public int Steps, Members;
        public HashSet<int> Record = new HashSet<int>();
        public Dictionary<int, List<string[]>> Ops = new Dictionary<int, List<string[]>>();
    }

    static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    static string Unhex(string text)
    {
        if (text == "-") return null;
        var bytes = new byte[text.Length / 2];
        for (int i = 0; i < bytes.Length; i++) bytes[i] = Convert.ToByte(text.Substring(2 * i, 2), 16);
        return Encoding.UTF8.GetString(bytes);
    }

    static List<Case> ReadCases(string path)
    {
        var cases = new List<Case>();
        Case c = null;
        foreach (string line in File.ReadAllLines(path))
        {
            string[] f = line.Split('\t');
            if (f[0] == "case")
                c = new Case
                {
                    Name = f[1], Mode = f[2], Atlas = f[3], Skel = f[4], Dt = double.Parse(f[5], Inv),
                    Steps = int.Parse(f[6], Inv), Members = int.Parse(f[7], Inv),
                };
            else if (f[0] == "record")
                for (int i = 1; i < f.Length; i++) c.Record.Add(int.Parse(f[i], Inv));
            else if (f[0] == "op")
            {
                int step = int.Parse(f[1], Inv);
                if (!c.Ops.ContainsKey(step)) c.Ops[step] = new List<string[]>();
                var op = new string[f.Length - 2];
                Array.Copy(f, 2, op, 0, op.Length);
                c.Ops[step].Add(op);
            }
            else if (f[0] == "end") cases.Add(c);
        }
        return cases;
    }

    class Member : IDisposable
    {
        public SkeletonData Data;
        public Skeleton Skeleton;
        public AnimationStateData Mixes;
        public AnimationState State;
        public Renderer Renderer;
        public Dictionary<string, TrackEntry> Entries = new Dictionary<string, TrackEntry>();
        public Dictionary<string, Skin> Skins = new Dictionary<string, Skin>();

        public Member(SkeletonData data, RenderOptions? options)
        {
            Data = data;
            Skeleton = Skeleton.Create(data);
            Mixes = AnimationStateData.Create(data);
            State = AnimationState.Create(Mixes);
            Renderer = options.HasValue ? Renderer.Create(options.Value) : Renderer.Create();
        }

        uint Index(Item item, string name)
        {
            uint? i = Data.Find(item, name);
            if (!i.HasValue) throw new InvalidOperationException("no " + item + " named " + name);
            return i.Value;
        }

        public void Op(string[] f)
        {
            Func<int, double> d = i => double.Parse(f[i], Inv);
            Func<int, float> fl = i => (float)double.Parse(f[i], Inv);
            Func<int, uint> u = i => uint.Parse(f[i], Inv);
            Func<int, string> s = i => Unhex(f[i]);
            switch (f[0])
            {
                case "setDefaultMix": Mixes.DefaultMix = d(1); break;
                case "setMix": Mixes.SetMix(s(1), s(2), d(3)); break;
                case "setAnimation": Entries[f[4]] = State.SetAnimation(u(1), s(2), f[3] == "1"); break;
                case "addAnimation": Entries[f[5]] = State.AddAnimation(u(1), s(2), f[3] == "1", d(4)); break;
                case "setEmptyAnimation": Entries[f[3]] = State.SetEmptyAnimation(u(1), d(2)); break;
                case "addEmptyAnimation": Entries[f[4]] = State.AddEmptyAnimation(u(1), d(2), d(3)); break;
                case "setEmptyAnimations": State.SetEmptyAnimations(d(1)); break;
                case "clearTrack": State.ClearTrack(u(1)); break;
                case "clearTracks": State.ClearTracks(); break;
                case "setStateTimeScale": State.TimeScale = d(1); break;
                case "setEntry": Entries[f[1]].Set((EntryField)u(2), d(3)); break;
                case "setEntryMixDuration": Entries[f[1]].SetMixDuration(d(2), d(3)); break;
                case "setEntryMixInterpolation":
                    {
                        TrackEntry e = Entries[f[1]];
                        e.MixInterpolation = (Interpolation)u(2);
                        break;
                    }
                case "newSkin":
                    {
                        Skin skin = Skin.Create(Data, s(1));
                        for (int i = 0; i < (int)u(2); i++)
                            using (Skin part = Skin.Create(Data, "part")) skin.AddSkin(part.AddDataSkin(Index(Item.Skin, s(3 + i))));
                        Skins[s(1)] = skin;
                        break;
                    }
                case "setSkin":
                    {
                        string name = s(1);
                        if (name != null && Skins.ContainsKey(name)) Skeleton.SetSkin(Skins[name]);
                        else Skeleton.SetSkin(name);
                        break;
                    }
                case "setupPose": Skeleton.SetupPose(); break;
                case "setupPoseBones": Skeleton.SetupPoseBones(); break;
                case "setupPoseSlots": Skeleton.SetupPoseSlots(); break;
                case "setAttachment": Skeleton.SetAttachment(Index(Item.Slot, s(1)), s(2)); break;
                case "setScale": Skeleton.SetScale(fl(1), fl(2)); break;
                case "setPosition": Skeleton.SetPosition(fl(1), fl(2)); break;
                case "setColor": Skeleton.Color = new Color(fl(1), fl(2), fl(3), fl(4)); break;
                case "physicsTranslate": Skeleton.PhysicsTranslate(fl(1), fl(2)); break;
                case "physicsRotate": Skeleton.PhysicsRotate(fl(1), fl(2), fl(3)); break;
                case "updateWorldTransform": Skeleton.UpdateWorldTransform((Physics)u(1)); break;
                default: throw new InvalidOperationException("unknown op " + f[0]);
            }
        }

        public void Dispose()
        {
            foreach (Skin skin in Skins.Values) skin.Dispose();
            Renderer.Dispose();
            State.Dispose();
            Mixes.Dispose();
            Skeleton.Dispose();
        }
    }

    static string F(float v) { return v.ToString("R", Inv); }

    static void DumpOutput(RenderOutput o, TextWriter w)
    {
        int n = o.VertexCount;
        var x = new float[n];
        var y = new float[n];
        var uv = new float[2 * n];
        var c = new uint[n];
        var dark = new uint[n];
        if (o.Layout == VertexLayout.Interleaved)
        {
            var v = new Vertex[n];
            o.CopyVertices(v);
            for (int k = 0; k < n; k++)
            {
                x[k] = v[k].X; y[k] = v[k].Y; uv[2 * k] = v[k].U; uv[2 * k + 1] = v[k].V; c[k] = v[k].Color; dark[k] = v[k].DarkColor;
            }
        }
        else
        {
            var p = new float[n * o.PositionStride];
            o.CopyPositions(p);
            o.CopyUvs(uv);
            o.CopyColors(c);
            o.CopyDarkColors(dark);
            for (int k = 0; k < n; k++) { x[k] = p[k * o.PositionStride]; y[k] = p[k * o.PositionStride + 1]; }
        }
        var ranges = new DrawRange[o.RangeCount];
        o.CopyRanges(ranges);
        var indices = new uint[o.IndexCount];
        if (o.IndexSize == 4) o.CopyIndices(indices);
        else
        {
            var i16 = new ushort[o.IndexCount];
            o.CopyIndices(i16);
            for (int i = 0; i < i16.Length; i++) indices[i] = i16[i];
        }
        var page = new uint[n];
        var blend = new uint[n];
        var t = new StringBuilder("t");
        foreach (DrawRange r in ranges)
        {
            for (uint k = r.FirstVertex; k < r.FirstVertex + r.VertexCount; k++) { page[k] = r.Page; blend[k] = r.Blend; }
            for (uint i = r.FirstIndex; i < r.FirstIndex + r.IndexCount; i++) t.Append(' ').Append((r.FirstVertex + indices[i]).ToString(Inv));
        }
        for (int k = 0; k < n; k++)
            w.WriteLine("v " + F(x[k]) + " " + F(y[k]) + " " + F(uv[2 * k]) + " " + F(uv[2 * k + 1]) + " " + c[k] + " " + dark[k] + " " + page[k] + " " + blend[k]);
        w.WriteLine(t.ToString());
    }

    static void DumpBounds(Skeleton skeleton, Bounds bounds, TextWriter w)
    {
        Rect rect;
        bool found = skeleton.TryGetBounds(out rect);
        w.WriteLine(found ? "bounds 1 " + F(rect.X) + " " + F(rect.Y) + " " + F(rect.Width) + " " + F(rect.Height) : "bounds 0");
        bounds.Update(skeleton, true);
        for (int b = 0; b < bounds.Count; b++)
        {
            BoundingBox box = bounds.GetBox(b);
            var v = new float[box.VertexCount * 2];
            box.CopyVertices(v);
            var line = new StringBuilder("bb " + box.Slot);
            foreach (float f in v) line.Append(' ').Append(F(f));
            w.WriteLine(line.ToString());
        }
        if (!found) return;
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++)
            {
                float x = rect.X + rect.Width * (i + 0.5f) / 5f, y = rect.Y + rect.Height * (j + 0.5f) / 5f;
                w.WriteLine("hit " + F(x) + " " + F(y) + " " + bounds.ContainsPoint(x, y));
            }
    }

    static void Replay(Case c, TextWriter w)
    {
        RenderOptions? options = null;
        if (c.Mode == "pma") options = new RenderOptions { PremultipliedAlpha = true };
        if (c.Mode == "interleaved") options = new RenderOptions { IndicesU32 = true, Layout = VertexLayout.Interleaved };
        using (var atlas = Atlas.LoadFile(c.Atlas))
        using (var data = SkeletonData.LoadFile(c.Skel, atlas))
        using (var bounds = Bounds.Create())
        {
            var members = new List<Member>();
            for (int m = 0; m < c.Members; m++) members.Add(new Member(data, options));
            Crowd crowd = null;
            if (c.Mode == "crowd")
            {
                crowd = Crowd.Create(0);
                foreach (Member m in members) crowd.Add(m.Skeleton, m.State, m.Renderer);
            }
            w.WriteLine("case " + c.Name);
            for (int step = 0; step <= c.Steps; step++)
            {
                List<string[]> ops;
                if (c.Ops.TryGetValue(step, out ops))
                    foreach (Member m in members)
                        foreach (string[] op in ops) m.Op(op);
                if (step == 0)
                    foreach (Member m in members)
                    {
                        m.Skeleton.UpdateWorldTransform(Physics.Update);
                        m.Renderer.Render(m.Skeleton);
                    }
                else if (crowd != null) crowd.Update(c.Dt, Physics.Update);
                else
                    foreach (Member m in members)
                    {
                        m.State.Update(c.Dt);
                        m.State.Apply(m.Skeleton);
                        m.Skeleton.Update(c.Dt);
                        m.Skeleton.UpdateWorldTransform(Physics.Update);
                        m.Renderer.Render(m.Skeleton);
                    }
                foreach (Member m in members) m.State.ClearEvents();
                if (!c.Record.Contains(step)) continue;
                for (int m = 0; m < members.Count; m++)
                {
                    w.WriteLine("frame " + m + " " + step);
                    DumpOutput(members[m].Renderer.GetOutput(), w);
                    if (c.Mode == "bounds") DumpBounds(members[m].Skeleton, bounds, w);
                }
            }
            if (crowd != null) crowd.Dispose();
            foreach (Member m in members) m.Dispose();
        }
        w.WriteLine("end");
    }

    /// <summary>Replays every case into `dumpPath`; returns the number of cases that threw.</summary>
    public static int ReplayAll(string casesPath, string dumpPath)
    {
        int errors = 0;
        using (var w = new StreamWriter(dumpPath))
            foreach (Case c in ReadCases(casesPath))
            {
                try { Replay(c, w); }
                catch (Exception e)
                {
                    w.WriteLine("end");
                    Console.WriteLine("golden " + c.Name + ": " + e);
                    errors++;
                }
            }
        return errors;
    }
}
