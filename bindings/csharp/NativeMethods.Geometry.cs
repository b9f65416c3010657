// NativeMethods.Geometry.cs: the raw C declarations of the attachment geometry functions
// and clipped skeleton bounds (ABI 1.4), part of the `Native` class.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_attachment_geometry
        {
            public uint size, kind;
            public IntPtr path, region_name;
            public int page, region;
            public spn_color color;
            public float x, y, rotation, scale_x, scale_y, width, height;
            public uint vertex_count, weighted, hull_length;
            public int source, timeline_attachment, end_slot;
            public uint closed, constant_speed, convex, inverse;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_geometry(spn_skeleton_data data, uint id, ref spn_attachment_geometry geometry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_floats(spn_skeleton_data data, uint id, uint array, float[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_indices(spn_skeleton_data data, uint id, uint array, uint[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_world_vertices(spn_skeleton skeleton, uint slot, float[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_skeleton_clipped(spn_bounds bounds, spn_skeleton skeleton, out spn_rect rect, out uint found);
    }
}
