// TestsGpu.cs: GPU skinning (ABI 1.9) through the C# binding: the shader applied here to
// the GPU frame gives the CPU render.
using System;
using SpineNative;

static partial class Tests
{
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
                Expect(streams.EligibleAttachments > 0 && streams.Vertices.Length > 0, "static streams");
                uint onGpu = 0;
                for (int frame = 0; frame < 30; frame++)
                {
                    state.Update(1.0 / 30.0);
                    state.Apply(skeleton);
                    skeleton.Update(1.0 / 30.0);
                    skeleton.UpdateWorldTransform();
                    RenderOutput cpu = renderer.Render(skeleton);
                    var positions = new float[cpu.VertexCount * 2];
                    var colors = new uint[cpu.VertexCount];
                    cpu.CopyPositions(positions);
                    cpu.CopyColors(colors);
                    GpuFrame gpu = renderer.RenderGpu(skeleton);
                    int vertex = 0;
                    foreach (GpuDraw d in gpu.Draws)
                    {
                        Expect((d.Block == GpuDraw.NoBlock) == (d.CpuReason != CpuReason.None), "cpu reason");
                        for (uint k = 0; k < d.VertexCount; k++, vertex++)
                        {
                            float x = 0, y = 0;
                            if (d.Block == GpuDraw.NoBlock)
                            {
                                x = gpu.CpuPositions[2 * (d.FirstVertex + k)];
                                y = gpu.CpuPositions[2 * (d.FirstVertex + k) + 1];
                            }
                            else
                            {
                                GpuVertex v = streams.Vertices[d.FirstVertex + k];
                                for (int i = 0; i < 4; i++)
                                {
                                    int e = 6 * v.Bones[i];
                                    float lx = v.Positions[2 * i], ly = v.Positions[2 * i + 1];
                                    float p = (float)((float)((float)(lx * gpu.Palette[e]) + (float)(ly * gpu.Palette[e + 2])) + gpu.Palette[e + 4]);
                                    float q = (float)((float)((float)(lx * gpu.Palette[e + 1]) + (float)(ly * gpu.Palette[e + 3])) + gpu.Palette[e + 5]);
                                    x = (float)(x + (float)(p * v.Weights[i]));
                                    y = (float)(y + (float)(q * v.Weights[i]));
                                }
                            }
                            Expect(vertex < colors.Length && x == positions[2 * vertex] && y == positions[2 * vertex + 1], "vertex " + vertex);
                            Expect(vertex < colors.Length && d.Color == colors[vertex], "color " + vertex);
                        }
                    }
                    ExpectEqual(vertex, colors.Length, "vertex count");
                    ExpectEqual(gpu.Coverage.GpuVertices + gpu.Coverage.CpuVertices, (uint)vertex, "coverage");
                    onGpu += gpu.Coverage.GpuVertices;
                }
                Expect(onGpu > 0, "vertices on the GPU");
            }
        });
    }
}
