// NativeMethods.ConstraintData.cs: the raw C declarations of the constraint data and
// sequence key functions (ABI 1.4), part of the `Native` class.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        /// <summary>spn_constraint_data: the setup values of one constraint by its type (ABI 1.4);
        /// fields another type uses are 0, indices -1. See spine_native.h for each field.</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_constraint_data
        {
            public uint size, kind;
            public int target, animation;
            public float mix, softness;
            public int bend_direction;
            public uint compress, stretch, scale_y_mode, local_source, local_target, additive, clamp;
            public float offset_rotation, offset_x, offset_y, offset_scale_x, offset_scale_y, offset_shear_y;
            public float mix_rotate, mix_x, mix_y, mix_scale_x, mix_scale_y, mix_shear_y;
            public uint mapping_count, position_mode, spacing_mode, rotate_mode;
            public float position, spacing, inherit_x, inherit_y, inherit_rotate, inherit_scale_x, inherit_shear_x, limit;
            public double step;
            public float inertia, strength, damping, mass_inverse, wind, gravity;
            public uint @global;
            public float time;
            public uint looped, drive_property;
            public float drive_from, drive_to, drive_scale, drive_max;
            public uint drive_local;
        }

        /// <summary>spn_transform_mapping: one property mapping of a transform constraint (ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_transform_mapping
        {
            public uint from;
            public float from_offset;
            public uint to;
            public float offset, max, scale;
        }

        /// <summary>spn_sequence_key: one key of a sequence timeline (ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_sequence_key
        {
            public float time;
            public uint mode;
            public int index;
            public float delay;
            public uint slot, attachment;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_sequence_keys(spn_skeleton_data data, uint animation, uint recordSize, [Out] spn_sequence_key[] keys, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_data(spn_skeleton_data data, uint index, ref spn_constraint_data constraint);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_bones(spn_skeleton_data data, uint index, uint[] bones, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_transform_mappings(spn_skeleton_data data, uint index, uint recordSize, [Out] spn_transform_mapping[] mappings, uint capacity, out uint count);
    }
}
