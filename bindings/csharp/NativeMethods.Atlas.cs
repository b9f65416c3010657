// NativeMethods.Atlas.cs: the raw C declarations of the atlas object (spn_atlas_*): its
// handle, page, region and page-details records, the texture-loader callbacks and its
// functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas_page_info
        {
            public IntPtr name;
            public uint width;
            public uint height;
            public uint pma;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas_region_info
        {
            public uint size, page;
            public IntPtr name;
            public int x, y, width, height;
            public float u, v, u2, v2, offset_x, offset_y, original_width, original_height;
            public int degrees, index;
        }

        /// <summary>Texture settings of an atlas page (spn_page_details, ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_page_details
        {
            public uint size, width, height, min_filter, mag_filter, u_wrap, v_wrap, pma;
            public IntPtr name, format;
            public ulong texture_id;
        }

        /// <summary>spn_texture_loader: the page's texture id for spn_atlas_load_with_textures.</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate ulong spn_texture_loader(IntPtr userData, uint page, ref spn_page_details details);

        /// <summary>spn_texture_file_loader (ABI 1.8): writes the page's texture id, returns an spn_status (0: OK).</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate uint spn_texture_file_loader(IntPtr userData, IntPtr folder, uint page, ref spn_page_details details, out ulong textureId);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load(byte[] text, UIntPtr len, out spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_file(byte[] path, out spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_destroy(spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_count(spn_atlas atlas, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_region_count(spn_atlas atlas, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page(spn_atlas atlas, uint index, out spn_atlas_page_info page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_region(spn_atlas atlas, uint index, ref spn_atlas_region_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_find_region(spn_atlas atlas, byte[] name, out uint index);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_details(spn_atlas atlas, uint index, ref spn_page_details details);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_with_textures(byte[] text, UIntPtr len, spn_texture_loader loader, IntPtr userData,
                                                                 out spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_set_page_texture(spn_atlas atlas, uint page, ulong textureId);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_texture(spn_atlas atlas, uint page, out ulong textureId);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_file_with_textures(byte[] path, spn_texture_file_loader loader, IntPtr userData, out spn_atlas atlas);
    }
}
