// NativeMethods.Gpu.cs: P/Invoke declarations of GPU skinning (ABI 1.9).
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        /// <summary>The static streams of a skeleton data (spn_gpu_streams, ABI 1.9).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_gpu_streams
        {
            public uint size, vertex_count, index_count, block_count;
            public IntPtr vertices, indices, blocks;
            public uint eligible_attachments, too_many_influences, no_single_bone, reserved;
        }

        /// <summary>One GPU-mode frame (spn_gpu_output, ABI 1.9).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_gpu_output
        {
            public uint size, bone_count, draw_count, cpu_vertex_count, cpu_index_count, reserved;
            public IntPtr palette, draws, cpu_positions, cpu_uvs, cpu_indices;
            public GpuCoverage coverage;
            public ulong generation;
        }

        /// <summary>The data's static streams (ABI 1.9).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_gpu_streams(spn_skeleton_data data, ref spn_gpu_streams streams);
        /// <summary>A GPU-skinning render (ABI 1.9).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render_gpu(spn_renderer renderer, spn_skeleton skeleton, ref spn_gpu_output output);
    }
}
