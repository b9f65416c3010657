// NativeMethods.Crowd.cs: the raw C declarations of the `crowd` branch's ABI 1.4 functions
// (direct animation apply, crowd member control, pose snapshots); part of the `Native` class.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_apply_animation(spn_skeleton skeleton, uint animation, double lastTime, double time, uint loop, float alpha, uint blend, uint direction, uint recordSize, [Out] FiredEvent[] events, uint capacity, out uint count);
    }
}
