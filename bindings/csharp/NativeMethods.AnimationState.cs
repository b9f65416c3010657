// NativeMethods.AnimationState.cs: the raw C declarations of the animation state objects
// (spn_animation_state_data_*, spn_animation_state_*, spn_track_entry_*): their handles,
// the event record and their functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_animation_state_data { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_animation_state { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_track_entry
        {
            public ulong state;
            public ulong entry;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_event
        {
            public uint kind;
            public uint track;
            public spn_track_entry entry;
            public int animation;
            public int @event;
            public float time;
            public int int_value;
            public float float_value;
            public float volume;
            public float balance;
            public IntPtr name;
            public IntPtr string_value;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_create(spn_skeleton_data data, out spn_animation_state_data stateData);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_destroy(spn_animation_state_data stateData);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_default_mix(spn_animation_state_data stateData, out double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_default_mix(spn_animation_state_data stateData, double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_mix(spn_animation_state_data stateData, uint from, uint to, double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_mix_by_name(spn_animation_state_data stateData, byte[] from, byte[] to, double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_mix(spn_animation_state_data stateData, int from, int to, out double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_clear_mixes(spn_animation_state_data stateData);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_create(spn_animation_state_data stateData, out spn_animation_state state);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_destroy(spn_animation_state state);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_update(spn_animation_state state, double delta);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_apply(spn_animation_state state, spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_animation(spn_animation_state state, uint track, uint animation, uint looped, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_animation_by_name(spn_animation_state state, uint track, byte[] name, uint looped, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_animation(spn_animation_state state, uint track, uint animation, uint looped, double delay, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_animation_by_name(spn_animation_state state, uint track, byte[] name, uint looped, double delay, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_empty_animation(spn_animation_state state, uint track, double mixDuration, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_empty_animation(spn_animation_state state, uint track, double mixDuration, double delay, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_empty_animations(spn_animation_state state, double mixDuration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_track(spn_animation_state state, uint track);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_tracks(spn_animation_state state);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_time_scale(spn_animation_state state, out double scale);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_time_scale(spn_animation_state state, double scale);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_track_count(spn_animation_state state, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_current(spn_animation_state state, uint track, out spn_track_entry entry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_events(spn_animation_state state, uint recordSize, out IntPtr events, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_events(spn_animation_state state);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_get(spn_track_entry entry, uint field, out double value);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_set(spn_track_entry entry, uint field, double value);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_animation(spn_track_entry entry, out int animation);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_track_index(spn_track_entry entry, out uint track);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_animation_time(spn_track_entry entry, out double time);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_is_complete(spn_track_entry entry, out uint complete);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_set_mix_duration(spn_track_entry entry, double mixDuration, double delay);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_link(spn_track_entry entry, uint link, out spn_track_entry other);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_reset_rotation_directions(spn_track_entry entry);
    }
}
