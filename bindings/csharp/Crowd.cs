// Crowd.cs: the `crowd` branch's ABI 1.4 wrappers: direct animation apply (Skeleton),
// crowd member control and pose snapshots.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>What a direct apply's alpha mixes from (spn_mix_blend; ABI 1.4).</summary>
    public enum MixBlend : uint { Setup = 0, First = 1, Replace = 2, Add = 3 }

    /// <summary>Whether a directly applied animation mixes in or out (spn_mix_direction; ABI 1.4).</summary>
    public enum MixDirection : uint { In = 0, Out = 1 }

    /// <summary>An event key fired by Skeleton.ApplyAnimation (spn_fired_event; ABI 1.4).
    /// `Key` indexes SkeletonData.GetAnimationEventKeys (which has the string value).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct FiredEvent
    {
        public float Time;
        public uint Event, Key;
        public int IntValue;
        public float FloatValue, Volume, Balance;
    }

    public sealed partial class Skeleton
    {
        /// <summary>Applies animation `animation` at `time` without an animation state (ABI 1.4).
        /// Event keys in (lastTime, time] fire; the first `events.Length` are written to
        /// `events` (may be null). Returns how many fired (may exceed the array). Allocates
        /// nothing.</summary>
        public int ApplyAnimation(uint animation, double lastTime, double time, bool loop, float alpha = 1f,
                                  MixBlend blend = MixBlend.Setup, MixDirection direction = MixDirection.In, FiredEvent[] events = null)
        {
            uint count;
            Native.Check(Native.spn_skeleton_apply_animation(Handle, animation, lastTime, time, loop ? 1u : 0u, alpha, (uint)blend, (uint)direction,
                                                             (uint)Marshal.SizeOf(typeof(FiredEvent)), events, events == null ? 0u : (uint)events.Length, out count));
            return (int)count;
        }
    }
}
