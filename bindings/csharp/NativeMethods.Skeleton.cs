// NativeMethods.Skeleton.cs: the raw C declarations of the skeleton object
// (spn_skeleton_*): its handle, its records (bone world transforms, points, rectangles) and
// its functions; part of the `Native` class.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public static partial class Native
    {
        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skeleton { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_world
        {
            public float a, b, c, d, world_x, world_y;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_world_info
        {
            public uint size;
            public float rotation_x, rotation_y, scale_x, scale_y;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_point { public float x, y, rotation; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_rect { public float x, y, width, height; }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_slot_world_vertices(spn_skeleton skeleton, uint slot, float[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_get(spn_skeleton skeleton, uint constraint, uint pose, uint property, out float value);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_set(spn_skeleton skeleton, uint constraint, uint pose, uint property, float value);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_constraint_active(spn_skeleton skeleton, uint constraint, out uint active);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_reset(spn_skeleton skeleton, uint constraint);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_translate(spn_skeleton skeleton, uint constraint, float x, float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_constraint_rotate(spn_skeleton skeleton, uint constraint, float x, float y, float degrees);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_create(spn_skeleton_data data, out spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_destroy(spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose(spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_bones(spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_slots(spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose_slot(spn_skeleton skeleton, uint slot);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_update_cache(spn_skeleton skeleton);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_skin(spn_skeleton skeleton, spn_skin skin);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_skin_by_name(spn_skeleton skeleton, byte[] name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_skin_name(spn_skeleton skeleton, out IntPtr name);

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
        public static extern Status spn_skeleton_bone_world(spn_skeleton skeleton, uint bone, out spn_bone_world world);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_bone_world(spn_skeleton skeleton, uint bone, ref spn_bone_world world);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_active(spn_skeleton skeleton, uint bone, out uint active);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_to_local(spn_skeleton skeleton, uint bone, float worldX, float worldY, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_local_to_world(spn_skeleton skeleton, uint bone, float localX, float localY, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_info(spn_skeleton skeleton, uint bone, ref spn_bone_world_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world_to_parent(spn_skeleton skeleton, uint bone, float worldX, float worldY, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_parent_to_world(spn_skeleton skeleton, uint bone, float parentX, float parentY, out float x, out float y);

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
        public static extern Status spn_skeleton_position(spn_skeleton skeleton, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_position(spn_skeleton skeleton, float x, float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_scale(spn_skeleton skeleton, out float x, out float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_scale(spn_skeleton skeleton, float x, float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_color(spn_skeleton skeleton, out spn_color color);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_color(spn_skeleton skeleton, ref spn_color color);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_y_down(spn_skeleton skeleton, out uint yDown);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_y_down(spn_skeleton skeleton, uint yDown);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_time(spn_skeleton skeleton, out double time);

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
        public static extern Status spn_skeleton_update(spn_skeleton skeleton, double delta);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_update_world_transform(spn_skeleton skeleton, uint physics);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_translate(spn_skeleton skeleton, float x, float y);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_rotate(spn_skeleton skeleton, float x, float y, float degrees);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_physics_move(spn_skeleton skeleton, float dx, float dy, float degrees, float inheritX, float inheritY, float inheritRotation);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bounds(spn_skeleton skeleton, out spn_rect rect, out uint found);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment(spn_skeleton skeleton, uint attachment, ref spn_attachment_info info);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_geometry(spn_skeleton skeleton, uint attachment, ref spn_attachment_geometry geometry);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_floats(spn_skeleton skeleton, uint attachment, uint array, float[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_attachment_indices(spn_skeleton skeleton, uint attachment, uint array, uint[] values, uint capacity, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_snapshot(spn_skeleton skeleton, spn_animation_state state, [Out] byte[] bytes, UIntPtr capacity, out UIntPtr size);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_restore(spn_skeleton skeleton, spn_animation_state state, byte[] bytes, UIntPtr len);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_snapshot_bound(spn_skeleton skeleton, uint withState, uint tracks, uint entries, uint callbacks, out UIntPtr size);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_apply_animation(spn_skeleton skeleton, uint animation, double lastTime, double time, uint loop, float alpha, uint blend, uint direction, uint recordSize, [Out] FiredEvent[] events, uint capacity, out uint count);
    }
}
