// NativeMethods.Separation.cs: P/Invoke declarations of render separation (ABI 1.4).
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        /// <summary>The draw-order span a draw range covers (ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_draw_range_info
        {
            public uint first_draw, last_draw, first_slot, last_slot;
            /// <summary>The page's caller-set texture id (spn_atlas_set_page_texture).</summary>
            public ulong texture_id;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_set_separator_slots(spn_renderer renderer, uint[] slots, uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render_slots(spn_renderer renderer, spn_skeleton skeleton, uint first, uint last,
                                                              ref spn_render_output output);
    }
}
