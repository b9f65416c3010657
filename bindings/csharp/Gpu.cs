// Gpu.cs: GPU skinning (ABI 1.9): the static streams of a skeleton data and a renderer's
// GPU-mode frames, copied into managed arrays.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>One vertex of the static streams (spn_gpu_vertex, 64 bytes): up to four
    /// influences (bone = palette entry, weight, bone-local x, y); unused ones are 0. The
    /// vertex shader: for each influence, p = (lx*a + ly*b) + x, q = (lx*c + ly*d) + y with
    /// the palette entry (a, c, b, d, x, y), sum += (p, q) * weight from 0, in order.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct GpuVertex
    {
        public fixed ushort Bones[4];
        public fixed float Weights[4];
        public fixed float Positions[8];
        public float U, V;
    }

    /// <summary>A run of the static streams: one attachment at one sequence frame; its
    /// indices are relative to FirstVertex. RigidBone: the bone of a region or unweighted
    /// mesh, uint.MaxValue when weighted.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuBlock
    {
        public uint FirstVertex, VertexCount, FirstIndex, IndexCount, RigidBone;
    }

    /// <summary>Why a GPU-mode draw stays on the CPU (spn_cpu_reason).</summary>
    public enum CpuReason : uint { None = 0, Clipped = 1, Deformed = 2, Ineligible = 3, Runtime = 4 }

    /// <summary>One drawn attachment of a GPU-mode frame (spn_gpu_draw): a static block, or
    /// (Block == GpuDraw.NoBlock) a run of the frame's CPU vertices.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuDraw
    {
        public const uint NoBlock = 0xFFFFFFFFu;
        public uint Block, FirstVertex, VertexCount, FirstIndex, IndexCount, Page, Blend, Color, DarkColor, Draw, Slot;
        public CpuReason CpuReason;
        public ulong TextureId;
    }

    /// <summary>How much of a frame skins on the GPU (spn_gpu_coverage).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuCoverage
    {
        public uint GpuDraws, CpuDraws, GpuVertices, CpuVertices, ClippedDraws, DeformedDraws, IneligibleDraws, RuntimeDraws;
    }

    /// <summary>The static streams of a skeleton data (copied).</summary>
    public sealed class GpuStreams
    {
        public GpuVertex[] Vertices;
        public ushort[] Indices;
        public GpuBlock[] Blocks;
        public uint EligibleAttachments, TooManyInfluences, NoSingleBone;
    }

    /// <summary>One GPU-mode frame (copied): Palette holds 6 floats a bone (a, c, b, d, x, y).</summary>
    public sealed class GpuFrame
    {
        public float[] Palette;
        public GpuDraw[] Draws;
        public float[] CpuPositions, CpuUvs;
        public ushort[] CpuIndices;
        public GpuCoverage Coverage;
        public ulong Generation;
    }

    static class GpuCopy
    {
        internal static unsafe GpuVertex[] Vertices(IntPtr source, uint count)
        {
            var result = new GpuVertex[count];
            for (uint i = 0; i < count; i++) result[i] = ((GpuVertex*)source)[i];
            return result;
        }

        internal static unsafe GpuBlock[] Blocks(IntPtr source, uint count)
        {
            var result = new GpuBlock[count];
            for (uint i = 0; i < count; i++) result[i] = ((GpuBlock*)source)[i];
            return result;
        }

        internal static unsafe GpuDraw[] Draws(IntPtr source, uint count)
        {
            var result = new GpuDraw[count];
            for (uint i = 0; i < count; i++) result[i] = ((GpuDraw*)source)[i];
            return result;
        }

        internal static float[] Floats(IntPtr source, uint count)
        {
            var result = new float[count];
            if (count > 0) Marshal.Copy(source, result, 0, (int)count);
            return result;
        }

        internal static ushort[] Ushorts(IntPtr source, uint count)
        {
            var result = new ushort[count];
            if (count > 0) Marshal.Copy(source, (short[])(object)result, 0, (int)count);
            return result;
        }
    }

    public sealed partial class SkeletonData
    {
        /// <summary>The static streams of GPU skinning (ABI 1.9), made once per data and shared
        /// by every skeleton; copied (allocates: call once per data and upload).</summary>
        public GpuStreams GetGpuStreams()
        {
            var raw = new Native.spn_gpu_streams { size = (uint)Marshal.SizeOf(typeof(Native.spn_gpu_streams)) };
            Native.Check(Native.spn_skeleton_data_gpu_streams(Handle, ref raw));
            var streams = new GpuStreams
            {
                Vertices = GpuCopy.Vertices(raw.vertices, raw.vertex_count),
                Indices = GpuCopy.Ushorts(raw.indices, raw.index_count),
                Blocks = GpuCopy.Blocks(raw.blocks, raw.block_count),
                EligibleAttachments = raw.eligible_attachments,
                TooManyInfluences = raw.too_many_influences,
                NoSingleBone = raw.no_single_bone,
            };
            GC.KeepAlive(this);
            return streams;
        }
    }

    public sealed partial class Renderer
    {
        /// <summary>Renders the skeleton's applied pose for GPU skinning (ABI 1.9): palette,
        /// draws and CPU vertices, copied (allocates). The renderer's color options apply;
        /// earlier outputs of this renderer become invalid.</summary>
        public GpuFrame RenderGpu(Skeleton skeleton)
        {
            var raw = new Native.spn_gpu_output { size = (uint)Marshal.SizeOf(typeof(Native.spn_gpu_output)) };
            Invalidate();
            Native.Check(Native.spn_renderer_render_gpu(Handle, skeleton.Handle, ref raw));
            var frame = new GpuFrame
            {
                Palette = GpuCopy.Floats(raw.palette, raw.bone_count * 6),
                Draws = GpuCopy.Draws(raw.draws, raw.draw_count),
                CpuPositions = GpuCopy.Floats(raw.cpu_positions, raw.cpu_vertex_count * 2),
                CpuUvs = GpuCopy.Floats(raw.cpu_uvs, raw.cpu_vertex_count * 2),
                CpuIndices = GpuCopy.Ushorts(raw.cpu_indices, raw.cpu_index_count),
                Coverage = raw.coverage,
                Generation = raw.generation,
            };
            GC.KeepAlive(skeleton);
            GC.KeepAlive(this);
            return frame;
        }
    }
}
