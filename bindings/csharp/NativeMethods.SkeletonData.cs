// NativeMethods.SkeletonData.cs: the raw C declarations of the skeleton data object
// (spn_skeleton_data_*): its handle, its records (info, bones, slots, events, attachments,
// constraints, attachment geometry, constraint data, keys, skin entries, GPU streams) and
// its functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skeleton_data { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skeleton_info
        {
            public uint size, nonessential;
            public IntPtr version, hash;
            public float x, y, width, height, reference_scale, fps;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_data
        {
            public uint size;
            public int parent;
            public IntPtr name;
            public float length;
            public uint skin_required;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_local
        {
            public uint size, inherit;
            public float x, y, rotation, scale_x, scale_y, shear_x, shear_y;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_color { public float r, g, b, a; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_slot_data
        {
            public uint size, bone;
            public IntPtr name, attachment;
            public uint blend, has_dark_color;
            public spn_color color, dark_color;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_event_data
        {
            public uint size;
            public int int_value;
            public IntPtr name, string_value, audio_path;
            public float float_value, volume, balance;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_sequence_data
        {
            public uint size, count;
            public int start, digits, setup_index;
            public uint path_suffix;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_event_key
        {
            public float time;
            public uint @event;
            public int int_value;
            public float float_value;
            public IntPtr string_value;
            public float volume, balance;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_attachment_info
        {
            public uint size, kind;
            public IntPtr name;
            public uint skin;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_constraint_info
        {
            public uint size, kind;
            public IntPtr name;
            public uint skin_required;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_attachment_geometry
        {
            public uint size, kind;
            public IntPtr path, region_name;
            public int page, region;
            public spn_color color;
            public float x, y, rotation, scale_x, scale_y, width, height;
            public uint vertex_count, weighted, hull_length;
            public int source, timeline_attachment, end_slot;
            public uint closed, constant_speed, convex, inverse;
        }

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

        /// <summary>One entry of a runtime skin (spn_skin_entry, ABI 1.4).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skin_entry
        {
            public uint slot, attachment;
            public IntPtr name;
        }

        /// <summary>The static streams of a skeleton data (spn_gpu_streams, ABI 1.9).</summary>
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_gpu_streams
        {
            public uint size, vertex_count, index_count, block_count;
            public IntPtr vertices, indices, blocks;
            public uint eligible_attachments, too_many_influences, no_single_bone, reserved;
        }

        /// <summary>A new handle to the atlas the data was loaded with (ABI 1.8).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_atlas(spn_skeleton_data data, out spn_atlas atlas);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_binary(byte[] bytes, UIntPtr len, spn_atlas atlas, float scale, out spn_skeleton_data data);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_json(byte[] text, UIntPtr len, spn_atlas atlas, float scale, out spn_skeleton_data data);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_file(byte[] path, spn_atlas atlas, float scale, out spn_skeleton_data data);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_destroy(spn_skeleton_data data);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_count(spn_skeleton_data data, uint item, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_name(spn_skeleton_data data, uint item, uint index, out IntPtr name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_find(spn_skeleton_data data, uint item, byte[] name, out uint index);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_duration(spn_skeleton_data data, uint index, out float duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_info(spn_skeleton_data data, ref spn_skeleton_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_bone(spn_skeleton_data data, uint index, ref spn_bone_data bone);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_bone_setup(spn_skeleton_data data, uint index, ref spn_bone_local local);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_slot(spn_skeleton_data data, uint index, ref spn_slot_data slot);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_event(spn_skeleton_data data, uint index, ref spn_event_data ev);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment(spn_skeleton_data data, uint id, ref spn_attachment_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_sequence(spn_skeleton_data data, uint id, ref spn_sequence_data sequence);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint(spn_skeleton_data data, uint index, ref spn_constraint_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_default_skin(spn_skeleton_data data, out int index);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_keyed(spn_skeleton_data data, uint animation, uint item, [Out] uint[] list, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_event_keys(spn_skeleton_data data, uint animation, uint recordSize, [Out] spn_event_key[] keys, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_geometry(spn_skeleton_data data, uint id, ref spn_attachment_geometry geometry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_floats(spn_skeleton_data data, uint id, uint array, float[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_attachment_indices(spn_skeleton_data data, uint id, uint array, uint[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_data(spn_skeleton_data data, uint index, ref spn_constraint_data constraint);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_bones(spn_skeleton_data data, uint index, uint[] bones, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_constraint_transform_mappings(spn_skeleton_data data, uint index, uint recordSize, [Out] spn_transform_mapping[] mappings, uint capacity, out uint count);

        /// <summary>The entries of a data skin (ABI 1.8).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_skin_entries(spn_skeleton_data data, uint skin, uint recordSize, [Out] spn_skin_entry[] entries, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_sequence_keys(spn_skeleton_data data, uint animation, uint recordSize, [Out] spn_sequence_key[] keys, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_add_placeholder(spn_skeleton_data data, byte[] name);

        /// <summary>The data's static streams (ABI 1.9).</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_gpu_streams(spn_skeleton_data data, ref spn_gpu_streams streams);
    }
}
