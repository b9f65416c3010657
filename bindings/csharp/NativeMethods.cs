// NativeMethods.cs: the raw C declarations of spine_native.h not in SpineNative.cs (part of
// the same `Native` class): records, handles and functions of skins, data records, bounds,
// crowds, render options and the skeleton's pose accessors.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bounds { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_crowd { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas_region_info
        {
            public uint size, page;
            public IntPtr name;
            public int x, y, width, height;
            public float u, v, u2, v2, offset_x, offset_y, original_width, original_height;
            public int degrees, index;
        }

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
        public struct spn_rect { public float x, y, width, height; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bounding_box
        {
            public uint size, slot, attachment, vertex_count;
            public IntPtr vertices;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_render_options
        {
            public uint size, premultiplied_alpha, use_z;
            public float z_spacing;
            public uint indices_u32, merge_colors, layout;
            /// <summary>ABI 1.4: a slot index per vertex in the output's `slots`.</summary>
            public uint slot_indices;
            /// <summary>ABI 1.8: indices relative to the whole vertex buffer; an spn_color_order; per-page PMA.</summary>
            public uint absolute_indices, color_order, pma_per_page;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_point { public float x, y, rotation; }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_region(spn_atlas atlas, uint index, ref spn_atlas_region_info info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_find_region(spn_atlas atlas, byte[] name, out uint index);
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
        public static extern Status spn_skin_create(spn_skeleton_data data, byte[] name, out spn_skin skin);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_destroy(spn_skin skin);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_add_data_skin(spn_skin skin, uint index);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_add_skin(spn_skin skin, spn_skin other);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_set_attachment(spn_skin skin, uint slot, byte[] name, uint attachment);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_attachment_count(spn_skin skin, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skin_name(spn_skin skin, out IntPtr name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_create(out spn_bounds bounds);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_destroy(spn_bounds bounds);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_update(spn_bounds bounds, spn_skeleton skeleton, uint updateAabb);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb(spn_bounds bounds, out spn_rect rect);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_count(spn_bounds bounds, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_box(spn_bounds bounds, uint index, ref spn_bounding_box box);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_contains_point(spn_bounds bounds, float x, float y, out uint result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_intersects_segment(spn_bounds bounds, float x1, float y1, float x2, float y2, out uint result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_aabb_intersects_bounds(spn_bounds bounds, spn_bounds other, out uint result);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_contains_point(spn_bounds bounds, float x, float y, out int slot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_bounds_intersects_segment(spn_bounds bounds, float x1, float y1, float x2, float y2, out int slot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_create(ref spn_render_options options, out spn_renderer renderer);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_options(spn_renderer renderer, ref spn_render_options options);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_set_options(spn_renderer renderer, ref spn_render_options options);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_bones(spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_slots(spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_slot(spn_skeleton skeleton, uint slot);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_update_cache(spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_attachment(spn_skeleton skeleton, uint slot, byte[] name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_find_attachment(spn_skeleton skeleton, uint slot, byte[] name, out uint attachment);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_attachment(spn_skeleton skeleton, uint slot, uint pose, out int attachment);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_slot_attachment(spn_skeleton skeleton, uint slot, uint pose, int attachment);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_point_attachment_world(spn_skeleton skeleton, uint slot, uint attachment, out spn_point point);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_local(spn_skeleton skeleton, uint bone, uint pose, ref spn_bone_local local);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_bone_local(spn_skeleton skeleton, uint bone, uint pose, ref spn_bone_local local);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_bone_world(spn_skeleton skeleton, uint bone, ref spn_bone_world world);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_active(spn_skeleton skeleton, uint bone, out uint active);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_to_local(spn_skeleton skeleton, uint bone, float worldX, float worldY, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_info(spn_skeleton skeleton, uint bone, ref spn_bone_world_info info);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_to_parent(spn_skeleton skeleton, uint bone, float worldX, float worldY, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_parent_to_world(spn_skeleton skeleton, uint bone, float parentX, float parentY, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_local_to_world(spn_skeleton skeleton, uint bone, float localX, float localY, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_to_local_rotation(spn_skeleton skeleton, uint bone, float worldRotation, out float rotation);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_local_to_world_rotation(spn_skeleton skeleton, uint bone, float localRotation, out float rotation);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_color(spn_skeleton skeleton, uint slot, uint pose, out spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_slot_color(spn_skeleton skeleton, uint slot, uint pose, ref spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_dark_color(spn_skeleton skeleton, uint slot, uint pose, out spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_slot_dark_color(spn_skeleton skeleton, uint slot, uint pose, ref spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_sequence_index(spn_skeleton skeleton, uint slot, uint pose, out int index);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_slot_sequence_index(spn_skeleton skeleton, uint slot, uint pose, int index);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_draw_order(spn_skeleton skeleton, uint pose, uint[] slots, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_draw_order(spn_skeleton skeleton, uint pose, uint[] slots, uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_color(spn_skeleton skeleton, out spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_color(spn_skeleton skeleton, ref spn_color color);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_y_down(spn_skeleton skeleton, out uint yDown);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_y_down(spn_skeleton skeleton, uint yDown);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_time(spn_skeleton skeleton, double time);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_wind(spn_skeleton skeleton, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_wind(spn_skeleton skeleton, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_gravity(spn_skeleton skeleton, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_gravity(spn_skeleton skeleton, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_translate(spn_skeleton skeleton, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_rotate(spn_skeleton skeleton, float x, float y, float degrees);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_move(spn_skeleton skeleton, float dx, float dy, float degrees, float inheritX, float inheritY, float inheritRotation);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_reset(spn_skeleton skeleton, uint constraint);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_translate(spn_skeleton skeleton, uint constraint, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_rotate(spn_skeleton skeleton, uint constraint, float x, float y, float degrees);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_get(spn_skeleton skeleton, uint constraint, uint pose, uint property, out float value);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_set(spn_skeleton skeleton, uint constraint, uint pose, uint property, float value);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_active(spn_skeleton skeleton, uint constraint, out uint active);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bounds(spn_skeleton skeleton, out spn_rect rect, out uint found);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_mix(spn_animation_state_data stateData, uint from, uint to, double duration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_clear_mixes(spn_animation_state_data stateData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_animation(spn_animation_state state, uint track, uint animation, uint looped, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_animation(spn_animation_state state, uint track, uint animation, uint looped, double delay, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_empty_animation(spn_animation_state state, uint track, double mixDuration, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_empty_animation(spn_animation_state state, uint track, double mixDuration, double delay, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_empty_animations(spn_animation_state state, double mixDuration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_track(spn_animation_state state, uint track);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_track_count(spn_animation_state state, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_events(spn_animation_state state);
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
    }
}
