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

    public sealed partial class Crowd
    {
        /// <summary>Each member's renderer (null for none), in member order.</summary>
        private readonly System.Collections.Generic.List<Renderer> memberRenderers = new System.Collections.Generic.List<Renderer>();

        /// <summary>Adds a member and returns its stable id (ABI 1.8): it names the member until
        /// it is removed, whatever else is added or removed (IndexOf gives its index).</summary>
        public uint AddMember(Skeleton skeleton, AnimationState state = null, Renderer renderer = null)
        {
            uint id;
            Native.Check(Native.spn_crowd_add_member(Handle, skeleton.Handle, state == null ? new Native.spn_animation_state() : state.Handle,
                                                     renderer == null ? new Native.spn_renderer() : renderer.Handle, out id));
            KeepMember(skeleton, state, renderer);
            return id;
        }

        /// <summary>Removes the member with stable id `id`; the others keep theirs (ABI 1.8).</summary>
        public void RemoveMember(uint id)
        {
            uint index = IndexOf(id);
            Native.Check(Native.spn_crowd_remove_member(Handle, id));
            memberRenderers.RemoveAt((int)index);
        }

        /// <summary>The current index of the member with stable id `id` (ABI 1.8).</summary>
        public uint IndexOf(uint id)
        {
            uint index;
            Native.Check(Native.spn_crowd_member_index(Handle, id, out index));
            return index;
        }

        /// <summary>The stable id of the member at `index` (ABI 1.8).</summary>
        public uint MemberId(uint index)
        {
            uint id;
            Native.Check(Native.spn_crowd_member_id(Handle, index, out id));
            return id;
        }

        /// <summary>Removes member `member`; later members move down (ABI 1.4).</summary>
        public void Remove(uint member)
        {
            Native.Check(Native.spn_crowd_remove(Handle, member));
            memberRenderers.RemoveAt((int)member);
        }

        /// <summary>A disabled member is skipped by updates: not updated or rendered (ABI 1.4).</summary>
        public void SetEnabled(uint member, bool enabled) { Native.Check(Native.spn_crowd_set_enabled(Handle, member, enabled ? 1u : 0u)); }

        public bool IsEnabled(uint member)
        {
            uint e;
            Native.Check(Native.spn_crowd_enabled(Handle, member, out e));
            return e != 0;
        }

        /// <summary>Member `member` advances by delta * timeScale (ABI 1.4).</summary>
        public void SetTimeScale(uint member, double timeScale) { Native.Check(Native.spn_crowd_set_time_scale(Handle, member, timeScale)); }

        public double GetTimeScale(uint member)
        {
            double t;
            Native.Check(Native.spn_crowd_time_scale(Handle, member, out t));
            return t;
        }

        /// <summary>One frame for members [first, first + count) on this thread (ABI 1.4): the
        /// job-system entry point; threads may update disjoint ranges at once (an overlap
        /// throws Busy). Allocates nothing.</summary>
        public void UpdateRange(uint first, uint count, double delta, Physics physics = Physics.Update)
        {
            Native.Check(Native.spn_crowd_update_range(Handle, first, count, delta, (uint)physics));
            for (uint i = first; i < first + count && i < memberRenderers.Count; i++)
                if (memberRenderers[(int)i] != null) memberRenderers[(int)i].Invalidate();
        }
    }

    /// <summary>Pose snapshots (ABI 1.4): the skeleton's pose and, when given, the state's
    /// tracks and entries as plain bytes.</summary>
    public static class Snapshot
    {
        /// <summary>A snapshot of `skeleton` (and `state`, may be null) in a new array.</summary>
        public static byte[] Take(Skeleton skeleton, AnimationState state = null)
        {
            UIntPtr size;
            var s = state == null ? new Native.spn_animation_state() : state.Handle;
            Native.Check(Native.spn_skeleton_snapshot(skeleton.Handle, s, null, UIntPtr.Zero, out size));
            var bytes = new byte[(int)size];
            Native.Check(Native.spn_skeleton_snapshot(skeleton.Handle, s, bytes, size, out size));
            return bytes;
        }

        /// <summary>A snapshot into `buffer` (allocation-free); returns its size.</summary>
        public static int TakeInto(Skeleton skeleton, AnimationState state, byte[] buffer)
        {
            UIntPtr size;
            Native.Check(Native.spn_skeleton_snapshot(skeleton.Handle, state == null ? new Native.spn_animation_state() : state.Handle,
                                                      buffer, (UIntPtr)buffer.Length, out size));
            return (int)size;
        }

        /// <summary>The most bytes a snapshot of `skeleton` can take (ABI 1.8), whatever its
        /// pose: without a state (`withState` false, counts 0) or with one of at most `tracks`
        /// tracks, `entries` track entries alive at once and `callbacks` unpolled callbacks.
        /// Sizes a ring buffer once.</summary>
        public static int Bound(Skeleton skeleton, bool withState, uint tracks = 0, uint entries = 0, uint callbacks = 0)
        {
            UIntPtr size;
            Native.Check(Native.spn_skeleton_snapshot_bound(skeleton.Handle, withState ? 1u : 0u, tracks, entries, callbacks, out size));
            return (int)size;
        }

        /// <summary>Restores the first `length` bytes of `bytes` (all when -1); SpineException
        /// InvalidArgument for a snapshot of other data, a changed, truncated or longer one, or
        /// values the data or the state could not hold (the message says what and where).</summary>
        public static void Restore(Skeleton skeleton, AnimationState state, byte[] bytes, int length = -1)
        {
            Native.Check(Native.spn_skeleton_restore(skeleton.Handle, state == null ? new Native.spn_animation_state() : state.Handle,
                                                     bytes, (UIntPtr)(length < 0 ? bytes.Length : length)));
        }
    }
}
