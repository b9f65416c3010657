// NativeMethods.Bounds.cs: the raw C declarations of the bounds object (spn_bounds_*):
// its handle, the bounding-box record and its functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bounds { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bounding_box
        {
            public uint size, slot, attachment, vertex_count;
            public IntPtr vertices;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_create(out spn_bounds bounds);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_destroy(spn_bounds bounds);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_update(spn_bounds bounds, spn_skeleton skeleton, uint updateAabb);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb(spn_bounds bounds, out spn_rect rect);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_count(spn_bounds bounds, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_box(spn_bounds bounds, uint index, ref spn_bounding_box box);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_contains_point(spn_bounds bounds, float x, float y, out uint result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_intersects_segment(spn_bounds bounds, float x1, float y1, float x2, float y2, out uint result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_intersects_bounds(spn_bounds bounds, spn_bounds other, out uint result);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_contains_point(spn_bounds bounds, float x, float y, out int slot);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_intersects_segment(spn_bounds bounds, float x1, float y1, float x2, float y2, out int slot);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_skeleton_clipped(spn_bounds bounds, spn_skeleton skeleton, out spn_rect rect, out uint found);
    }
}
