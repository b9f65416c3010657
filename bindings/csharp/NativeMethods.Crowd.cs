// NativeMethods.Crowd.cs: the raw C declarations of the `crowd` branch's ABI 1.4 functions
// (direct animation apply, crowd member control, pose snapshots); part of the `Native` class.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_snapshot(spn_skeleton skeleton, spn_animation_state state, [Out] byte[] bytes, UIntPtr capacity, out UIntPtr size);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_restore(spn_skeleton skeleton, spn_animation_state state, byte[] bytes, UIntPtr len);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_snapshot_bound(spn_skeleton skeleton, uint withState, uint tracks, uint entries, uint callbacks, out UIntPtr size);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_remove(spn_crowd crowd, uint member);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_add_member(spn_crowd crowd, spn_skeleton skeleton, spn_animation_state state, spn_renderer renderer, out uint id);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_remove_member(spn_crowd crowd, uint id);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_member_index(spn_crowd crowd, uint id, out uint index);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_crowd_member_id(spn_crowd crowd, uint index, out uint id);
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
        public static extern Status spn_skeleton_apply_animation(spn_skeleton skeleton, uint animation, double lastTime, double time, uint loop, float alpha, uint blend, uint direction, uint recordSize, [Out] FiredEvent[] events, uint capacity, out uint count);
    }
}
