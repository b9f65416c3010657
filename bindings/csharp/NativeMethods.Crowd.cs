// NativeMethods.Crowd.cs: the raw C declarations of the crowd object (spn_crowd_*): its
// handle and its functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_crowd { public ulong bits; }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_create(uint threads, out spn_crowd crowd);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_destroy(spn_crowd crowd);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_add(spn_crowd crowd, spn_skeleton skeleton, spn_animation_state state, spn_renderer renderer);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_clear(spn_crowd crowd);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_count(spn_crowd crowd, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_set_threads(spn_crowd crowd, uint threads);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_update(spn_crowd crowd, double delta, uint physics);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_remove(spn_crowd crowd, uint member);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_set_enabled(spn_crowd crowd, uint member, uint enabled);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_enabled(spn_crowd crowd, uint member, out uint enabled);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_set_time_scale(spn_crowd crowd, uint member, double timeScale);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_time_scale(spn_crowd crowd, uint member, out double timeScale);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_update_range(spn_crowd crowd, uint first, uint count, double delta, uint physics);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_add_member(spn_crowd crowd, spn_skeleton skeleton, spn_animation_state state, spn_renderer renderer, out uint id);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_remove_member(spn_crowd crowd, uint id);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_member_index(spn_crowd crowd, uint id, out uint index);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_member_id(spn_crowd crowd, uint index, out uint id);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_set_offset(spn_crowd crowd, uint member, float x, float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_offset(spn_crowd crowd, uint member, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_render_batched(spn_crowd crowd, spn_renderer renderer, ref spn_render_output output);
    }
}
