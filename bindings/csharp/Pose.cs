// Pose.cs: the skeleton's setters and accessors beyond playback: skins, attachments, bone
// and slot poses, draw order, colors, physics controls, constraints and bounds. None of
// these allocate managed memory except DrawOrder() (use the array overload per frame).
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public sealed partial class Skeleton
    {
        private static readonly uint BoneLocalSize = (uint)Marshal.SizeOf(typeof(Native.spn_bone_local));
        private static readonly uint BoneWorldInfoSize = (uint)Marshal.SizeOf(typeof(Native.spn_bone_world_info));

        public void SetupPoseBones() { Native.Check(Native.spn_skeleton_setup_pose_bones(Handle)); }
        public void SetupPoseSlots() { Native.Check(Native.spn_skeleton_setup_pose_slots(Handle)); }
        public void SetupPoseSlot(uint slot) { Native.Check(Native.spn_skeleton_setup_pose_slot(Handle, slot)); }

        /// <summary>Recomputes active bones/constraints and the update order.</summary>
        public void UpdateCache() { Native.Check(Native.spn_skeleton_update_cache(Handle)); }

        /// <summary>Sets a runtime skin (its contents as they are now); null clears the skin.</summary>
        public void SetSkin(Skin skin)
        {
            Native.Check(Native.spn_skeleton_set_skin(Handle, skin == null ? new Native.spn_skin() : skin.Handle));
            GC.KeepAlive(skin);
        }

        /// <summary>Slot attachment by placeholder name (current skin, then default skin); null clears it.</summary>
        public void SetAttachment(uint slot, string name)
        {
            Native.Check(Native.spn_skeleton_set_attachment(Handle, slot, Native.ToUtf8(name)));
        }

        /// <summary>Attachment id stored for `slot` under placeholder `name`, or null.</summary>
        public uint? FindAttachment(uint slot, string name)
        {
            uint id;
            Status status = Native.spn_skeleton_find_attachment(Handle, slot, Native.ToUtf8(name), out id);
            if (status == Status.NotFound) return null;
            Native.Check(status);
            return id;
        }

        /// <summary>Attachment id shown by `slot`, -1 for none.</summary>
        public int GetSlotAttachment(uint slot, Pose pose = Pose.Applied)
        {
            int id;
            Native.Check(Native.spn_skeleton_slot_attachment(Handle, slot, (uint)pose, out id));
            return id;
        }

        public void SetSlotAttachment(uint slot, int attachment, Pose pose = Pose.Animated)
        {
            Native.Check(Native.spn_skeleton_set_slot_attachment(Handle, slot, (uint)pose, attachment));
        }

        public PointWorld GetPointAttachmentWorld(uint slot, uint attachment)
        {
            Native.spn_point p;
            Native.Check(Native.spn_skeleton_point_attachment_world(Handle, slot, attachment, out p));
            return new PointWorld { X = p.x, Y = p.y, Rotation = p.rotation };
        }

        public BoneLocal GetBoneLocal(uint bone, Pose pose = Pose.Animated)
        {
            var l = new Native.spn_bone_local { size = BoneLocalSize };
            Native.Check(Native.spn_skeleton_bone_local(Handle, bone, (uint)pose, ref l));
            return BoneLocal.From(l);
        }

        public void SetBoneLocal(uint bone, BoneLocal local, Pose pose = Pose.Animated)
        {
            var raw = local.Raw;
            Native.Check(Native.spn_skeleton_set_bone_local(Handle, bone, (uint)pose, ref raw));
        }

        public void SetBoneWorld(uint bone, BoneWorld world)
        {
            var w = new Native.spn_bone_world { a = world.A, b = world.B, c = world.C, d = world.D, world_x = world.WorldX, world_y = world.WorldY };
            Native.Check(Native.spn_skeleton_set_bone_world(Handle, bone, ref w));
        }

        public bool IsBoneActive(uint bone)
        {
            uint a;
            Native.Check(Native.spn_skeleton_bone_active(Handle, bone, out a));
            return a != 0;
        }

        /// <summary>World rotation (degrees) and scale of bone <paramref name="bone"/>'s axes (ABI 1.3).</summary>
        public BoneWorldInfo GetBoneWorldInfo(uint bone)
        {
            var info = new Native.spn_bone_world_info { size = BoneWorldInfoSize };
            Native.Check(Native.spn_skeleton_bone_world_info(Handle, bone, ref info));
            return new BoneWorldInfo { RotationX = info.rotation_x, RotationY = info.rotation_y, ScaleX = info.scale_x, ScaleY = info.scale_y };
        }

        /// <summary>A world point in the space of the bone's parent (the root: unchanged; ABI 1.3).</summary>
        public void WorldToParent(uint bone, float worldX, float worldY, out float x, out float y)
        {
            Native.Check(Native.spn_skeleton_bone_world_to_parent(Handle, bone, worldX, worldY, out x, out y));
        }

        /// <summary>A point in the space of the bone's parent in world space (ABI 1.3).</summary>
        public void ParentToWorld(uint bone, float parentX, float parentY, out float x, out float y)
        {
            Native.Check(Native.spn_skeleton_bone_parent_to_world(Handle, bone, parentX, parentY, out x, out y));
        }

        public void WorldToLocal(uint bone, float worldX, float worldY, out float x, out float y)
        {
            Native.Check(Native.spn_skeleton_bone_world_to_local(Handle, bone, worldX, worldY, out x, out y));
        }

        public void LocalToWorld(uint bone, float localX, float localY, out float x, out float y)
        {
            Native.Check(Native.spn_skeleton_bone_local_to_world(Handle, bone, localX, localY, out x, out y));
        }

        public float WorldToLocalRotation(uint bone, float degrees)
        {
            float r;
            Native.Check(Native.spn_skeleton_bone_world_to_local_rotation(Handle, bone, degrees, out r));
            return r;
        }

        public float LocalToWorldRotation(uint bone, float degrees)
        {
            float r;
            Native.Check(Native.spn_skeleton_bone_local_to_world_rotation(Handle, bone, degrees, out r));
            return r;
        }

        public Color GetSlotColor(uint slot, Pose pose = Pose.Applied)
        {
            Native.spn_color c;
            Native.Check(Native.spn_skeleton_slot_color(Handle, slot, (uint)pose, out c));
            return Color.From(c);
        }

        public void SetSlotColor(uint slot, Color color, Pose pose = Pose.Animated)
        {
            var c = color.Raw;
            Native.Check(Native.spn_skeleton_set_slot_color(Handle, slot, (uint)pose, ref c));
        }

        public Color GetSlotDarkColor(uint slot, Pose pose = Pose.Applied)
        {
            Native.spn_color c;
            Native.Check(Native.spn_skeleton_slot_dark_color(Handle, slot, (uint)pose, out c));
            return Color.From(c);
        }

        public void SetSlotDarkColor(uint slot, Color color, Pose pose = Pose.Animated)
        {
            var c = color.Raw;
            Native.Check(Native.spn_skeleton_set_slot_dark_color(Handle, slot, (uint)pose, ref c));
        }

        public int GetSlotSequenceIndex(uint slot, Pose pose = Pose.Applied)
        {
            int i;
            Native.Check(Native.spn_skeleton_slot_sequence_index(Handle, slot, (uint)pose, out i));
            return i;
        }

        public void SetSlotSequenceIndex(uint slot, int index, Pose pose = Pose.Animated)
        {
            Native.Check(Native.spn_skeleton_set_slot_sequence_index(Handle, slot, (uint)pose, index));
        }

        /// <summary>Copies the draw order (slot indices, back to front) into `slots`; returns the
        /// slot count (the array may be shorter: then only that many are written).</summary>
        public int GetDrawOrder(uint[] slots, Pose pose = Pose.Applied)
        {
            uint count;
            Native.Check(Native.spn_skeleton_draw_order(Handle, (uint)pose, slots, slots == null ? 0u : (uint)slots.Length, out count));
            return (int)count;
        }

        /// <summary>The draw order as a new array.</summary>
        public uint[] DrawOrder(Pose pose = Pose.Applied)
        {
            var slots = new uint[GetDrawOrder(null, pose)];
            GetDrawOrder(slots, pose);
            return slots;
        }

        /// <summary>Sets the draw order from a permutation of all slots.</summary>
        public void SetDrawOrder(uint[] slots, Pose pose = Pose.Animated)
        {
            Native.Check(Native.spn_skeleton_set_draw_order(Handle, (uint)pose, slots, (uint)slots.Length));
        }

        public Color Color
        {
            get
            {
                Native.spn_color c;
                Native.Check(Native.spn_skeleton_color(Handle, out c));
                return Color.From(c);
            }
            set
            {
                var c = value.Raw;
                Native.Check(Native.spn_skeleton_set_color(Handle, ref c));
            }
        }

        public bool YDown
        {
            get
            {
                uint y;
                Native.Check(Native.spn_skeleton_y_down(Handle, out y));
                return y != 0;
            }
            set { Native.Check(Native.spn_skeleton_set_y_down(Handle, value ? 1u : 0u)); }
        }

        public void SetTime(double time) { Native.Check(Native.spn_skeleton_set_time(Handle, time)); }

        public void GetWind(out float x, out float y) { Native.Check(Native.spn_skeleton_wind(Handle, out x, out y)); }
        public void SetWind(float x, float y) { Native.Check(Native.spn_skeleton_set_wind(Handle, x, y)); }
        public void GetGravity(out float x, out float y) { Native.Check(Native.spn_skeleton_gravity(Handle, out x, out y)); }
        public void SetGravity(float x, float y) { Native.Check(Native.spn_skeleton_set_gravity(Handle, x, y)); }

        /// <summary>Makes physics feel a movement of (x, y) the bones did not make (not a teleport). To teleport: SetPosition(x + dx, y + dy), then PhysicsTranslate(-dx, -dy); see spn_skeleton_physics_translate.</summary>
        public void PhysicsTranslate(float x, float y) { Native.Check(Native.spn_skeleton_physics_translate(Handle, x, y)); }

        /// <summary>Rotates every physics simulation by `degrees` around world (x, y).</summary>
        public void PhysicsRotate(float x, float y, float degrees) { Native.Check(Native.spn_skeleton_physics_rotate(Handle, x, y, degrees)); }

        /// <summary>Feeds one frame of the host object's movement into physics with inheritance factors (ABI 1.3): translate (dx * inheritX, dy * inheritY), rotate degrees * inheritRotation around the skeleton position.</summary>
        public void PhysicsMove(float dx, float dy, float degrees, float inheritX = 1f, float inheritY = 1f, float inheritRotation = 1f) { Native.Check(Native.spn_skeleton_physics_move(Handle, dx, dy, degrees, inheritX, inheritY, inheritRotation)); }

        /// <summary>Forgets the motion of physics constraint `constraint` only (ABI 1.3).</summary>
        public void PhysicsConstraintReset(uint constraint) { Native.Check(Native.spn_skeleton_physics_constraint_reset(Handle, constraint)); }

        /// <summary>Moves physics constraint `constraint`'s simulation by (x, y) world units (ABI 1.3).</summary>
        public void PhysicsConstraintTranslate(uint constraint, float x, float y) { Native.Check(Native.spn_skeleton_physics_constraint_translate(Handle, constraint, x, y)); }

        /// <summary>Rotates physics constraint `constraint`'s simulation by `degrees` around world (x, y) (ABI 1.3).</summary>
        public void PhysicsConstraintRotate(uint constraint, float x, float y, float degrees) { Native.Check(Native.spn_skeleton_physics_constraint_rotate(Handle, constraint, x, y, degrees)); }

        public float GetConstraint(uint constraint, ConstraintProperty property, Pose pose = Pose.Applied)
        {
            float v;
            Native.Check(Native.spn_skeleton_constraint_get(Handle, constraint, (uint)pose, (uint)property, out v));
            return v;
        }

        public void SetConstraint(uint constraint, ConstraintProperty property, float value, Pose pose = Pose.Animated)
        {
            Native.Check(Native.spn_skeleton_constraint_set(Handle, constraint, (uint)pose, (uint)property, value));
        }

        public bool IsConstraintActive(uint constraint)
        {
            uint a;
            Native.Check(Native.spn_skeleton_constraint_active(Handle, constraint, out a));
            return a != 0;
        }

        /// <summary>Box around the region and mesh attachments of active bones; false when there are none.</summary>
        public bool TryGetBounds(out Rect bounds)
        {
            Native.spn_rect r;
            uint found;
            Native.Check(Native.spn_skeleton_bounds(Handle, out r, out found));
            bounds = new Rect { X = r.x, Y = r.y, Width = r.width, Height = r.height };
            return found != 0;
        }
    }
}
