// TestsSeparation.cs: render separation (ABI 1.4) through the C# binding.
using System;
using System.Collections.Generic;
using SpineNative;

static partial class Tests
{
    // Absolute indices, positions and slots of a render appended to the lists.
    static void Flatten(RenderOutput o, List<uint> indices, List<float> xy, List<uint> slots)
    {
        int vertices = xy.Count / 2;
        var positions = new float[o.VertexCount * 2];
        var local = new ushort[o.IndexCount];
        var slot = new uint[o.VertexCount];
        o.CopyPositions(positions);
        o.CopyIndices(local);
        o.CopySlots(slot);
        foreach (DrawRange r in o.GetRanges())
            for (uint k = r.FirstIndex; k < r.FirstIndex + r.IndexCount; k++) indices.Add((uint)vertices + r.FirstVertex + local[k]);
        xy.AddRange(positions);
        slots.AddRange(slot);
    }

    static bool Same<T>(List<T> a, List<T> b)
    {
        if (a.Count != b.Count) return false;
        for (int i = 0; i < a.Count; i++) if (!EqualityComparer<T>.Default.Equals(a[i], b[i])) return false;
        return true;
    }

    static void SeparationTests(Rig rig)
    {
        Run(rig.Name + "/separated_spans_concatenate_to_the_separated_render", () =>
        {
            using (var p = new Player(rig))
            using (var plain = Renderer.Create(new RenderOptions { SlotIndices = true }))
            using (var separated = Renderer.Create(new RenderOptions { SlotIndices = true }))
            {
                p.State.SetAnimation(0, WalkOrFirst(rig), true);
                for (int i = 0; i < 10; i++) p.Frame(0.1);
                Expect(separated.Options.SlotIndices, "options round trip");
                uint[] order = p.Skeleton.DrawOrder();
                var separators = new List<uint>();
                for (int i = 1; i < order.Length; i += 3) separators.Add(order[i]);
                separated.SetSeparatorSlots(separators.ToArray(), separators.Count);
                List<uint> wholeI = new List<uint>(), wholeS = new List<uint>(), splitI = new List<uint>(), splitS = new List<uint>();
                List<float> wholeXy = new List<float>(), splitXy = new List<float>();
                Flatten(plain.Render(p.Skeleton), wholeI, wholeXy, wholeS);
                RenderOutput split = separated.Render(p.Skeleton);
                Expect(split.HasSlots, "slot stream on");
                Flatten(split, splitI, splitXy, splitS);
                Expect(wholeXy.Count > 0 && Same(wholeXy, splitXy) && Same(wholeI, splitI) && Same(wholeS, splitS), "same vertices");
                for (int r = 0; r < split.RangeCount; r++)
                {
                    DrawRangeInfo info = split.GetRangeInfo(r);
                    Expect(order[info.FirstDraw] == info.FirstSlot && order[info.LastDraw] == info.LastSlot, "span ends");
                    for (uint q = info.FirstDraw; q < info.LastDraw; q++) Expect(!separators.Contains(order[q]), "no separator inside");
                }
                List<uint> partsI = new List<uint>(), partsS = new List<uint>();
                List<float> partsXy = new List<float>();
                uint start = 0;
                for (uint q = 0; q < order.Length; q++)
                {
                    if (separators.Contains(order[q]) || q + 1 == order.Length)
                    {
                        Flatten(separated.RenderSlots(p.Skeleton, start, q), partsI, partsXy, partsS);
                        start = q + 1;
                    }
                }
                Expect(Same(partsXy, splitXy) && Same(partsI, splitI) && Same(partsS, splitS), "spans concatenated");
                uint slot = wholeS[0];
                uint at = (uint)Array.IndexOf(order, slot);
                List<uint> aloneI = new List<uint>(), aloneS = new List<uint>();
                List<float> aloneXy = new List<float>(), mine = new List<float>();
                Flatten(plain.RenderSlots(p.Skeleton, at, at), aloneI, aloneXy, aloneS);
                for (int v = 0; v < wholeS.Count; v++)
                    if (wholeS[v] == slot) { mine.Add(wholeXy[v * 2]); mine.Add(wholeXy[v * 2 + 1]); }
                Expect(mine.Count > 0 && Same(mine, aloneXy), "slot alone");
                separated.SetSeparatorSlots(null, 0);
                ExpectEqual(separated.Render(p.Skeleton).RangeCount, plain.Render(p.Skeleton).RangeCount, "separators removed");
                ExpectError(() => plain.RenderSlots(p.Skeleton, 0, (uint)order.Length), Status.OutOfRange, ErrorKind.None, "last past the slots");
                ExpectError(() => plain.RenderSlots(p.Skeleton, 1, 0), Status.InvalidArgument, ErrorKind.None, "first after last");
            }
        });
    }

    static uint SwapRedBlue(uint c) { return (c & 0xFF00FF00u) | ((c >> 16) & 0xFFu) | ((c & 0xFFu) << 16); }

    // ABI 1.8: whole-buffer indices, RGBA byte order, per-page premultiplied alpha and the
    // separator slot each range ends at, against the default render of the same pose.
    static void ConventionsTests(Rig rig)
    {
        Run(rig.Name + "/gpu_output_conventions", () =>
        {
            bool atlasPma = true;
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
                for (uint i = 0; i < atlas.PageCount; i++) atlasPma &= atlas.GetPage(i).Pma;
            using (var p = new Player(rig))
            using (var plain = Renderer.Create())
            using (var whole = Renderer.Create(new RenderOptions { AbsoluteIndices = true }))
            using (var rgba = Renderer.Create(new RenderOptions { ColorOrder = ColorOrder.RgbaBytes }))
            using (var expectedPma = Renderer.Create(new RenderOptions { PremultipliedAlpha = atlasPma }))
            using (var perPage = Renderer.Create(new RenderOptions { PmaPerPage = true, PremultipliedAlpha = !atlasPma }))
            {
                Expect(whole.Options.AbsoluteIndices && rgba.Options.ColorOrder == ColorOrder.RgbaBytes && perPage.Options.PmaPerPage, "options round trip");
                p.State.SetAnimation(0, WalkOrFirst(rig), true);
                for (int i = 0; i < 10; i++) p.Frame(0.1);
                RenderOutput a = plain.Render(p.Skeleton);
                var rel = new ushort[a.IndexCount];
                var colors = new uint[a.VertexCount];
                a.CopyIndices(rel);
                a.CopyColors(colors);
                DrawRange[] ranges = a.GetRanges();
                Expect(!a.AbsoluteIndices, "relative by default");
                RenderOutput b = whole.Render(p.Skeleton);
                Expect(b.AbsoluteIndices && b.IndexSize == 2 && b.IndexCount == rel.Length, "absolute 16-bit indices");
                var abs = new ushort[b.IndexCount];
                b.CopyIndices(abs);
                foreach (DrawRange r in ranges)
                    for (uint k = r.FirstIndex; k < r.FirstIndex + r.IndexCount; k++)
                        ExpectEqual((uint)abs[k], rel[k] + r.FirstVertex, "relative index + first vertex");
                RenderOutput c = rgba.Render(p.Skeleton);
                var swapped = new uint[c.VertexCount];
                c.CopyColors(swapped);
                for (int v = 0; v < colors.Length; v++) ExpectEqual(swapped[v], SwapRedBlue(colors[v]), "R and B swapped");
                for (int r = 0; r < ranges.Length; r++) ExpectEqual(c.GetRange(r).Color, SwapRedBlue(ranges[r].Color), "range color swapped");
                var e = new uint[a.VertexCount];
                var g = new uint[a.VertexCount];
                expectedPma.Render(p.Skeleton).CopyColors(e);
                perPage.Render(p.Skeleton).CopyColors(g);
                for (int v = 0; v < e.Length; v++) ExpectEqual(g[v], e[v], "per-page pma as the atlas says");
                ExpectError(() => Renderer.Create(new RenderOptions { ColorOrder = (ColorOrder)2 }), Status.InvalidArgument, ErrorKind.None, "unknown color order");
                uint[] order = p.Skeleton.DrawOrder();
                var separators = new List<uint>();
                for (int i = 1; i < order.Length; i += 3) separators.Add(order[i]);
                plain.SetSeparatorSlots(separators.ToArray(), separators.Count);
                RenderOutput s = plain.Render(p.Skeleton);
                bool any = false;
                for (int r = 0; r < s.RangeCount; r++)
                {
                    uint end = r + 1 < s.RangeCount ? s.GetRangeInfo(r + 1).FirstDraw : (uint)order.Length;
                    uint expected = RenderOutput.NoSeparator;
                    for (uint q = s.GetRangeInfo(r).LastDraw; q < end && expected == RenderOutput.NoSeparator; q++)
                        if (separators.Contains(order[q])) expected = order[q];
                    ExpectEqual(s.GetRangeSeparator(r), expected, "range separator");
                    any |= expected != RenderOutput.NoSeparator;
                }
                Expect(any, "some range ends at a separator");
            }
        });
    }
}
