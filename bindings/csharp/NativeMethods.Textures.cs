// NativeMethods.Textures.cs: P/Invoke declarations of atlas page textures (ABI 1.4).
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
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

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_details(spn_atlas atlas, uint index, ref spn_page_details details);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_texture(spn_atlas atlas, uint page, out ulong textureId);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_set_page_texture(spn_atlas atlas, uint page, ulong textureId);

        /// <summary>spn_texture_file_loader (ABI 1.8): writes the page's texture id, returns an spn_status (0: OK).</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate uint spn_texture_file_loader(IntPtr userData, IntPtr folder, uint page, ref spn_page_details details, out ulong textureId);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_file_with_textures(byte[] path, spn_texture_file_loader loader, IntPtr userData, out spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_with_textures(byte[] text, UIntPtr len, spn_texture_loader loader, IntPtr userData,
                                                                 out spn_atlas atlas);
    }
}
