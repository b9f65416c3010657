// NativeMethods.CrowdRender.cs: the raw C declarations of the batched crowd render and the
// member offsets (ABI 1.5); part of the `Native` class.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_set_offset(spn_crowd crowd, uint member, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_offset(spn_crowd crowd, uint member, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_render_batched(spn_crowd crowd, spn_renderer renderer, ref spn_render_output output);
    }
}
