// NativeMethods.Renderer.cs: the raw C declarations of the renderer object
// (spn_renderer_*): its handle, options, draw-range and render-output records (CPU and GPU)
// and its functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_renderer { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_render_options
        {
            public uint size, premultiplied_alpha, use_z;
            public float z_spacing;
            public uint indices_u32, merge_colors, layout;
            /// <summary>ABI 1.4: a slot index per vertex in the output's `slots`.</summary>
            public uint slot_indices;
            /// <summary>ABI 1.8: indices relative to the whole vertex buffer; an spn_color_order; per-page PMA.</summary>
            public uint absolute_indices, color_order, pma_per_page;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_draw_range
        {
            public uint first_index, index_count, first_vertex, vertex_count, page, blend, color, dark_color;
        }

        /// <summary>The draw-order span a draw range covers (ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_draw_range_info
        {
            public uint first_draw, last_draw, first_slot, last_slot;
            /// <summary>The page's caller-set texture id (spn_atlas_set_page_texture).</summary>
            public ulong texture_id;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_render_output
        {
            public uint size;
            public uint layout;
            public uint vertex_count;
            public uint index_count;
            public uint range_count;
            public uint position_stride;
            public uint index_size;
            public uint vertex_size;
            public IntPtr positions;
            public IntPtr uvs;
            public IntPtr colors;
            public IntPtr dark_colors;
            public IntPtr vertices;
            public IntPtr indices;
            public IntPtr ranges;
            /// <summary>Render generation of the buffers (ABI 1.2; 0 from older libraries).</summary>
            public ulong generation;
            /// <summary>range_count spn_draw_range_info records (ABI 1.4).</summary>
            public IntPtr range_infos;
            /// <summary>Slot index per vertex with the slot_indices option (ABI 1.4), else null.</summary>
            public IntPtr slots;
            /// <summary>range_count separator slots, one per range (ABI 1.8; SPN_NO_SEPARATOR: none).</summary>
            public IntPtr range_separators;
            /// <summary>Non-zero when the indices are relative to the whole vertex buffer (ABI 1.8).</summary>
            public uint absolute_indices;
            /// <summary>Always 0 (ABI 1.8; keeps the struct free of padding).</summary>
            public uint reserved;
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

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_create(IntPtr options, out spn_renderer renderer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_create(ref spn_render_options options, out spn_renderer renderer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_destroy(spn_renderer renderer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_options(spn_renderer renderer, ref spn_render_options options);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_set_options(spn_renderer renderer, ref spn_render_options options);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render(spn_renderer renderer, spn_skeleton skeleton, ref spn_render_output output);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_output(spn_renderer renderer, ref spn_render_output output);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_set_separator_slots(spn_renderer renderer, uint[] slots, uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render_slots(spn_renderer renderer, spn_skeleton skeleton, uint first, uint last,
                                                              ref spn_render_output output);

        /// <summary>A GPU-skinning render (ABI 1.9).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render_gpu(spn_renderer renderer, spn_skeleton skeleton, ref spn_gpu_output output);
    }
}
