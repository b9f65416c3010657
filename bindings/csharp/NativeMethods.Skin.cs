// NativeMethods.Skin.cs: the raw C declarations of the skin object (spn_skin_*): its
// handle, the runtime-attachment id bit, the region placement record and its functions;
// part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skin { public ulong bits; }

        /// <summary>SPN_RUNTIME_ATTACHMENT_BIT: set in the id of every runtime attachment (ABI 1.6).</summary>
        public const uint RuntimeAttachmentBit = 0x80000000u;

        /// <summary>Where a runtime region attachment sits on its slot's bone (spn_region_placement, ABI 1.6).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_region_placement
        {
            public uint size;
            public float x, y, rotation, scale_x, scale_y, width, height;
            public spn_color color;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create(spn_skeleton_data data, byte[] name, out spn_skin skin);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_destroy(spn_skin skin);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_add_data_skin(spn_skin skin, uint index);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_add_skin(spn_skin skin, spn_skin other);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_set_attachment(spn_skin skin, uint slot, byte[] name, uint attachment);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_count(spn_skin skin, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_name(spn_skin skin, out IntPtr name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_entries(spn_skin skin, uint recordSize, [Out] spn_skin_entry[] entries, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_remove_attachment(spn_skin skin, uint slot, byte[] name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_clear(spn_skin skin);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_copy(spn_skin skin, out spn_skin copy);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create_region_attachment(spn_skin skin, uint slot, byte[] name, spn_atlas atlas, uint region, ref spn_region_placement placement, out uint attachment);

        /// <summary>The same with a null placement (IntPtr.Zero).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create_region_attachment(spn_skin skin, uint slot, byte[] name, spn_atlas atlas, uint region, IntPtr placement, out uint attachment);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create_region_attachment_uv(spn_skin skin, uint slot, byte[] name, uint page, float u, float v, float u2, float v2, ref spn_region_placement placement, out uint attachment);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_clone_attachment(spn_skin skin, uint slot, byte[] name, uint attachment, spn_atlas atlas, uint region, out uint copy);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment(spn_skin skin, uint attachment, ref spn_attachment_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_geometry(spn_skin skin, uint attachment, ref spn_attachment_geometry geometry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_floats(spn_skin skin, uint attachment, uint array, float[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_indices(spn_skin skin, uint attachment, uint array, uint[] values, uint capacity, out uint count);
    }
}
