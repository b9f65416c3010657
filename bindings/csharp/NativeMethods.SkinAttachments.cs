// NativeMethods.SkinAttachments.cs: P/Invoke declarations of skin attachments (ABI 1.9): the
// attachments a skin or skeleton can show inspected through it (runtime ones included), and
// placeholder names added to the data for new sockets.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_add_placeholder(spn_skeleton_data data, byte[] name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment(spn_skin skin, uint attachment, ref spn_attachment_info info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_geometry(spn_skin skin, uint attachment, ref spn_attachment_geometry geometry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_floats(spn_skin skin, uint attachment, uint array, float[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_indices(spn_skin skin, uint attachment, uint array, uint[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment(spn_skeleton skeleton, uint attachment, ref spn_attachment_info info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_geometry(spn_skeleton skeleton, uint attachment, ref spn_attachment_geometry geometry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_floats(spn_skeleton skeleton, uint attachment, uint array, float[] values, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_indices(spn_skeleton skeleton, uint attachment, uint array, uint[] values, uint capacity, out uint count);
    }
}
