// Zero managed allocation per warm frame: update, apply, direct apply with events (ABI 1.4),
// world transform, slot world vertices and clipped bounds (ABI 1.4), render, buffer copies
// into reused arrays, draw ranges, polled events (names read, C# event raised), a crowd
// frame, a range update, a pose snapshot (ABI 1.4) and a GPU-skinning frame (ABI 1.9: the
// static streams, palette, draws and CPU vertices read in place), measured with
// GC.GetAllocatedBytesForCurrentThread (Mono implements it; the test first proves the
// counter sees a small allocation).
using System;
using SpineNative;

static class ZeroAllocTest
{
    public const int WarmFrames = 240;
    public const int MeasuredFrames = 1200;

    /// <summary>Bytes allocated on this thread by `frames` frames of the full per-frame path
    /// after `warm` warm-up frames, and the number of events seen while measuring.</summary>
    public static long Measure(string atlasPath, string skelPath, string animation, int warm, int frames, out int eventsSeen)
    {
        using (var atlas = Atlas.LoadFile(atlasPath))
        using (var data = SkeletonData.LoadFile(skelPath, atlas))
        using (var skeleton = Skeleton.Create(data))
        using (var mixes = AnimationStateData.Create(data))
        using (var state = AnimationState.Create(mixes))
        // The GPU conventions (ABI 1.8) on: whole-buffer indices, RGBA bytes, per-page PMA.
        using (var renderer = Renderer.Create(new RenderOptions { AbsoluteIndices = true, ColorOrder = ColorOrder.RgbaBytes, PmaPerPage = true }))
        using (var crowdSkeleton = Skeleton.Create(data))
        using (var crowdState = AnimationState.Create(mixes))
        using (var crowdRenderer = Renderer.Create(new RenderOptions { Layout = VertexLayout.Interleaved, IndicesU32 = true }))
        using (var crowd = Crowd.Create(1))
        using (var batchRenderer = Renderer.Create())
        using (var gpuRenderer = Renderer.Create())
        {
            state.SetAnimation(0, animation, true);
            crowdState.SetAnimation(0, animation, true);
            crowd.Add(crowdSkeleton, crowdState, crowdRenderer);
            // Separator slots (ABI 1.4), set once; a span render per frame allocates nothing.
            renderer.SetSeparatorSlots(new uint[] { 1, 3, 5 }, 3);
            uint half = (uint)(skeleton.DrawOrder().Length - 1) / 2;
            var positions = new float[1 << 16];
            var uvs = new float[1 << 16];
            var colors = new uint[1 << 15];
            var indices = new ushort[1 << 17];
            var ranges = new DrawRange[256];
            var vertices = new Vertex[1 << 15];
            var world = new float[4096];
            var clippedBounds = Bounds.Create();
            uint slots = data.Count(Item.Slot);
            var fired = new FiredEvent[64];
            var snapshotBuffer = new byte[1 << 20];
            var palette = new float[6 * 1024];
            var gpuDraws = new GpuDraw[1024];
            uint animationIndex = data.Find(Item.Animation, animation).Value;
            int seen = 0, names = 0;
            SpineEventHandler handler = (s, record) => { if (record.Name != null) names++; };
            state.EventRaised += handler;
            long before = 0;
            for (int frame = 0; frame < warm + frames; frame++)
            {
                if (frame == warm)
                {
                    seen = 0;
                    before = GC.GetAllocatedBytesForCurrentThread();
                }
                const double dt = 1.0 / 60.0;
                state.Update(dt);
                state.Apply(skeleton);
                Events events = state.Poll();
                foreach (EventRecord e in events)
                {
                    seen++;
                    if (e.Type == EventType.Event && (e.Name == null || e.StringValue == null)) throw new Exception("event without name");
                }
                // Direct apply with event collection (ABI 1.4) on top, at half alpha.
                seen += skeleton.ApplyAnimation(animationIndex, -1.0, 1e6, false, 0.5f, MixBlend.Replace, MixDirection.In, fired);
                skeleton.Update(dt);
                skeleton.UpdateWorldTransform(Physics.Update);
                // The world vertices of what every slot shows (ABI 1.4).
                for (uint s = 0; s < slots; s++) skeleton.GetSlotWorldVertices(s, world);
                Rect clipped;
                clippedBounds.TryGetSkeletonClipped(skeleton, out clipped);
                // A pose snapshot (ABI 1.4) every frame into a reused buffer.
                seen += Snapshot.TakeInto(skeleton, state, snapshotBuffer) > 0 ? 0 : 1;
                renderer.RenderSlots(skeleton, 0, half).CopyPositions(positions);
                RenderOutput output = renderer.Render(skeleton);
                output.CopyPositions(positions);
                output.CopyUvs(uvs);
                output.CopyColors(colors);
                output.CopyIndices(indices);
                int rangeCount = output.CopyRanges(ranges);
                for (int r = 0; r < rangeCount; r++)
                    if (output.GetRange(r).IndexCount != ranges[r].IndexCount) throw new Exception("range differs");
                for (int r = 0; r < rangeCount; r++)
                    if (output.GetRangeSeparator(r) == 0xFFFFFFFEu) throw new Exception("not a slot");
                crowd.Update(dt, Physics.Update);
                // A range update (ABI 1.4) of the same member, by a zero step.
                crowd.UpdateRange(0, 1, 0.0, Physics.Pose);
                seen += crowdState.DispatchEvents();
                crowdRenderer.GetOutput().CopyVertices(vertices);
                // The batched crowd render (ABI 1.5), the member moved.
                crowd.SetOffset(0, 10f, -5f);
                crowd.RenderBatched(batchRenderer).CopyPositions(positions);
                // A GPU-skinning frame (ABI 1.9), read in place and copied into reused arrays.
                GpuStreams streams = data.GetGpuStreams();
                GpuOutput gpu = gpuRenderer.RenderGpu(skeleton);
                gpu.CopyPalette(palette);
                int drawCount = gpu.CopyDraws(gpuDraws);
                gpu.CopyCpuPositions(positions);
                gpu.CopyCpuUvs(uvs);
                gpu.CopyCpuIndices(indices);
                for (int d = 0; d < drawCount; d++)
                {
                    GpuDraw draw = gpu.GetDraw(d);
                    if (draw.Block != GpuDraw.NoBlock && streams.GetBlock((int)draw.Block).VertexCount != draw.VertexCount)
                        throw new Exception("block differs");
                    if (draw.Block == GpuDraw.NoBlock && draw.VertexCount > 0 && gpu.GetCpuPosition(2 * (int)draw.FirstVertex) != positions[2 * draw.FirstVertex])
                        throw new Exception("CPU vertex differs");
                }
                seen += gpu.GetPalette(0) == palette[0] ? 0 : 1;
            }
            long after = GC.GetAllocatedBytesForCurrentThread();
            clippedBounds.Dispose();
            eventsSeen = seen;
            GC.KeepAlive(names);
            return after - before;
        }
    }

    /// <summary>The counter sees an allocation of a few bytes (so a 0 above means something).</summary>
    public static long ControlAllocation()
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        var o = new object[4];
        long after = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(o);
        return after - before;
    }
}
