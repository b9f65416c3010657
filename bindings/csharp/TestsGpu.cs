// TestsGpu.cs: GPU skinning (ABI 1.9) through the C# binding, read in place: the shader
// applied here to the GPU frame's views gives the CPU render; the palette is the skeleton's
// bone world transforms; the views go stale with the renderer's next render and the data's
// disposal.
using System;
using SpineNative;

static partial class Tests
{
    static void ExpectInvalid(Action body, string what)
    {
        bool threw = false;
        try { body(); }
        catch (InvalidOperationException) { threw = true; }
        Expect(threw, what + " throws InvalidOperationException");
    }

    static unsafe void GpuTests(Rig rig)
    {
        Run(rig.Name + "/gpu_render_with_the_shader_is_the_cpu_render", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
            using (var skeleton = Skeleton.Create(data))
            using (var stateData = AnimationStateData.Create(data))
            using (var state = AnimationState.Create(stateData))
            using (var renderer = Renderer.Create())
            {
                ExpectEqual(sizeof(GpuVertex), 64, "spn_gpu_vertex size");
                ExpectEqual(sizeof(GpuDraw), 56, "spn_gpu_draw size");
                state.SetAnimation(0, 0, true);
                GpuStreams streams = data.GetGpuStreams();
                Expect(streams.EligibleAttachments > 0 && streams.VertexCount > 0, "static streams");
                // The views are the library's memory: the same addresses on a second call.
                ExpectEqual(data.GetGpuStreams().Vertices, streams.Vertices, "static vertices shared");
                GpuVertex* staticVertices = (GpuVertex*)streams.Vertices;
                uint bones = data.Count(Item.Bone);
                uint onGpu = 0;
                for (int frame = 0; frame < 30; frame++)
                {
                    state.Update(1.0 / 30.0);
                    state.Apply(skeleton);
                    skeleton.Update(1.0 / 30.0);
                    skeleton.UpdateWorldTransform();
                    RenderOutput cpu = renderer.Render(skeleton);
                    var positions = new float[cpu.VertexCount * 2];
                    var uvs = new float[cpu.VertexCount * 2];
                    var colors = new uint[cpu.VertexCount];
                    cpu.CopyPositions(positions);
                    cpu.CopyUvs(uvs);
                    cpu.CopyColors(colors);
                    GpuOutput gpu = renderer.RenderGpu(skeleton);
                    Expect(!cpu.IsValid, "the GPU render invalidates the CPU output");
                    // The palette is each bone's world transform as the skeleton API reads it.
                    ExpectEqual(gpu.BoneCount, (int)bones, "palette entries");
                    float* palette = (float*)gpu.Palette;
                    for (uint b = 0; b < bones; b++)
                    {
                        BoneWorld w = skeleton.GetBoneWorld(b);
                        int e = 6 * (int)b;
                        Expect(palette[e] == w.A && palette[e + 1] == w.C && palette[e + 2] == w.B && palette[e + 3] == w.D &&
                               palette[e + 4] == w.WorldX && palette[e + 5] == w.WorldY, "palette of bone " + b);
                        Expect(gpu.GetPalette(e + 4) == w.WorldX, "GetPalette of bone " + b);
                    }
                    ExpectEqual(gpu.DrawCount, (int)(gpu.Coverage.GpuDraws + gpu.Coverage.CpuDraws), "draws");
                    int vertex = 0, cpuIndices = 0;
                    for (int di = 0; di < gpu.DrawCount; di++)
                    {
                        GpuDraw d = gpu.GetDraw(di);
                        Expect((d.Block == GpuDraw.NoBlock) == (d.CpuReason != CpuReason.None), "cpu reason");
                        if (d.Block == GpuDraw.NoBlock) cpuIndices += (int)d.IndexCount;
                        else Expect(streams.GetBlock((int)d.Block).FirstVertex == d.FirstVertex, "block " + d.Block);
                        for (uint k = 0; k < d.VertexCount; k++, vertex++)
                        {
                            float x = 0, y = 0, u, v;
                            if (d.Block == GpuDraw.NoBlock)
                            {
                                x = gpu.GetCpuPosition((int)(2 * (d.FirstVertex + k)));
                                y = gpu.GetCpuPosition((int)(2 * (d.FirstVertex + k) + 1));
                                u = gpu.GetCpuUv((int)(2 * (d.FirstVertex + k)));
                                v = gpu.GetCpuUv((int)(2 * (d.FirstVertex + k) + 1));
                            }
                            else
                            {
                                GpuVertex* sv = staticVertices + d.FirstVertex + k;
                                for (int i = 0; i < 4; i++)
                                {
                                    int e = 6 * sv->Bones[i];
                                    float lx = sv->Positions[2 * i], ly = sv->Positions[2 * i + 1];
                                    float p = (float)((float)((float)(lx * palette[e]) + (float)(ly * palette[e + 2])) + palette[e + 4]);
                                    float q = (float)((float)((float)(lx * palette[e + 1]) + (float)(ly * palette[e + 3])) + palette[e + 5]);
                                    x = (float)(x + (float)(p * sv->Weights[i]));
                                    y = (float)(y + (float)(q * sv->Weights[i]));
                                }
                                u = sv->U;
                                v = sv->V;
                            }
                            Expect(vertex < colors.Length && x == positions[2 * vertex] && y == positions[2 * vertex + 1], "vertex " + vertex);
                            Expect(vertex < colors.Length && u == uvs[2 * vertex] && v == uvs[2 * vertex + 1], "uv " + vertex);
                            Expect(vertex < colors.Length && d.Color == colors[vertex], "color " + vertex);
                        }
                    }
                    ExpectEqual(vertex, colors.Length, "vertex count");
                    ExpectEqual(cpuIndices, gpu.CpuIndexCount, "CPU indices");
                    ExpectEqual(gpu.Coverage.GpuVertices + gpu.Coverage.CpuVertices, (uint)vertex, "coverage");
                    onGpu += gpu.Coverage.GpuVertices;
                }
                Expect(onGpu > 0, "vertices on the GPU");
            }
        });

        Run(rig.Name + "/gpu_views_go_stale", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var skeletonData = SkeletonData.LoadFile(rig.SkelPath, atlas))
            using (var skeleton = Skeleton.Create(skeletonData))
            using (var renderer = Renderer.Create())
            {
                skeleton.UpdateWorldTransform();
                GpuOutput gpu = renderer.RenderGpu(skeleton);
                Expect(gpu.IsValid && gpu.DrawCount > 0, "fresh output");
                var copies = new GpuDraw[gpu.DrawCount];
                ExpectEqual(gpu.CopyDraws(copies), gpu.DrawCount, "draws copied");
                ExpectEqual(copies[0].Slot, gpu.GetDraw(0).Slot, "copy equals the view");
                renderer.Render(skeleton);
                Expect(!gpu.IsValid, "stale after the next render");
                ExpectInvalid(() => gpu.GetDraw(0), "GetDraw after the next render");
                ExpectInvalid(() => { IntPtr p = gpu.Palette; }, "Palette after the next render");
                gpu = renderer.RenderGpu(skeleton);
                renderer.Options = new RenderOptions();
                ExpectInvalid(() => gpu.GetPalette(0), "GetPalette after an option change");
                gpu = renderer.RenderGpu(skeleton);
                renderer.Dispose();
                ExpectInvalid(() => gpu.CopyDraws(copies), "CopyDraws after disposal");

                var data = SkeletonData.LoadFile(rig.SkelPath, atlas);
                GpuStreams streams = data.GetGpuStreams();
                ExpectEqual(streams.GetBlock(0).FirstVertex, 0u, "first block");
                data.Dispose();
                Expect(!streams.IsValid, "streams stale after the data's disposal");
                ExpectInvalid(() => streams.GetVertex(0), "GetVertex after disposal");
                ExpectInvalid(() => { IntPtr p = streams.Indices; }, "Indices after disposal");
            }
        });
    }
}
