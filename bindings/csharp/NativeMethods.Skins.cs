// NativeMethods.Skins.cs: P/Invoke declarations of runtime skin entries (ABI 1.4).
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        /// <summary>One entry of a runtime skin (spn_skin_entry, ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skin_entry
        {
            public uint slot, attachment;
            public IntPtr name;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_entries(spn_skin skin, uint recordSize, [Out] spn_skin_entry[] entries, uint capacity, out uint count);
        /// <summary>A new handle to the atlas the data was loaded with (ABI 1.8).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_atlas(spn_skeleton_data data, out spn_atlas atlas);
        /// <summary>The entries of a data skin (ABI 1.8).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_skin_entries(spn_skeleton_data data, uint skin, uint recordSize, [Out] spn_skin_entry[] entries, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_remove_attachment(spn_skin skin, uint slot, byte[] name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_clear(spn_skin skin);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_copy(spn_skin skin, out spn_skin copy);
    }
}
