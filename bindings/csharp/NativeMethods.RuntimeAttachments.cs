// NativeMethods.RuntimeAttachments.cs: P/Invoke declarations of runtime attachments (ABI 1.6):
// region attachments from an atlas region or a page rectangle, and region/mesh clones
// with another region, stored in a runtime skin.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
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
        public static extern Status spn_skin_create_region_attachment(spn_skin skin, uint slot, byte[] name, spn_atlas atlas, uint region, ref spn_region_placement placement, out uint attachment);
        /// <summary>The same with a null placement (IntPtr.Zero).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create_region_attachment(spn_skin skin, uint slot, byte[] name, spn_atlas atlas, uint region, IntPtr placement, out uint attachment);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_create_region_attachment_uv(spn_skin skin, uint slot, byte[] name, uint page, float u, float v, float u2, float v2, ref spn_region_placement placement, out uint attachment);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_clone_attachment(spn_skin skin, uint slot, byte[] name, uint attachment, spn_atlas atlas, uint region, out uint copy);
    }
}
