// Skeleton.cs: the skeleton object (spn_skeleton_*): Skeleton (create, skin, position,
// scale, time and update; bones in world and local space; slots, attachments, colors,
// sequence indices and draw order; constraints and physics controls; attachments inspected
// through it and the world vertices of the attachment a slot shows; bounds; direct
// animation apply) and Snapshot (pose snapshots); its enums and records Physics, Pose,
// ConstraintProperty, BoneWorld, BoneWorldInfo, PointWorld, Rect, MixBlend, MixDirection and
// FiredEvent. None of the accessors allocate managed memory except DrawOrder() (use the
// array overload per frame).

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>spn_physics: what physics constraints do in Skeleton.UpdateWorldTransform.</summary>
    public enum Physics : uint
    {
        None = 0,
        Reset = 1,
        Update = 2,
        Pose = 3,
    }

    /// <summary>spn_pose: which of an object's two poses a call reads or writes.</summary>
    public enum Pose : uint { Animated = 0, Applied = 1 }

    /// <summary>spn_constraint_property: a property of a constraint's pose.</summary>
    public enum ConstraintProperty : uint
    {
        Mix = 0, Softness = 1, BendDirection = 2, Compress = 3, Stretch = 4, MixRotate = 5, MixX = 6, MixY = 7,
        MixScaleX = 8, MixScaleY = 9, MixShearY = 10, Position = 11, Spacing = 12, Inertia = 13, Strength = 14,
        Damping = 15, MassInverse = 16, Wind = 17, Gravity = 18, Time = 19,
    }

    /// <summary>A bone's world transform: a bone-local (x, y) is at (A·x + B·y + WorldX, C·x + D·y + WorldY).</summary>
    public struct BoneWorld
    {
        public float A, B, C, D, WorldX, WorldY;
    }

    /// <summary>World rotation (degrees) and scale of a bone's X and Y axes (ABI 1.3).</summary>
    public struct BoneWorldInfo
    {
        public float RotationX, RotationY, ScaleX, ScaleY;
    }

    /// <summary>World position and rotation (degrees) of a point attachment.</summary>
    public struct PointWorld { public float X, Y, Rotation; }

    /// <summary>An axis-aligned rectangle.</summary>
    public struct Rect { public float X, Y, Width, Height; }

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

    /// <summary>A skeleton instance (owns one spn_skeleton handle). Use from one thread at a time.</summary>
    public sealed class Skeleton : NativeObject
    {
        private Skeleton(Native.spn_skeleton handle) : base(handle.bits) { }

        public Native.spn_skeleton Handle { get { return new Native.spn_skeleton { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle) { Native.spn_skeleton_destroy(new Native.spn_skeleton { bits = handle }); }

        /// <summary>A skeleton of `data` in the setup pose (no skin). It keeps the data alive.</summary>
        public static Skeleton Create(SkeletonData data)
        {
            Native.spn_skeleton handle;
            Native.Check(Native.spn_skeleton_create(data.Handle, out handle));
            GC.KeepAlive(data);
            return new Skeleton(handle);
        }

        /// <summary>Sets the data skin named `name` (SpineException NotFound if there is none);
        /// null clears the skin.</summary>
        public void SetSkin(string name)
        {
            if (name == null) Native.Check(Native.spn_skeleton_set_skin(Handle, new Native.spn_skin()));
            else Native.Check(Native.spn_skeleton_set_skin_by_name(Handle, Native.ToUtf8(name)));
        }

        /// <summary>Name of the current skin, or null when none is set.</summary>
        public string SkinName
        {
            get
            {
                IntPtr name;
                Native.Check(Native.spn_skeleton_skin_name(Handle, out name));
                string result = Native.FromUtf8(name);
                GC.KeepAlive(this);
                return result;
            }
        }

        /// <summary>Bones, constraints, slots and draw order to the setup pose.</summary>
        public void SetupPose() { Native.Check(Native.spn_skeleton_setup_pose(Handle)); }

        public void SetPosition(float x, float y) { Native.Check(Native.spn_skeleton_set_position(Handle, x, y)); }

        public void GetPosition(out float x, out float y) { Native.Check(Native.spn_skeleton_position(Handle, out x, out y)); }

        public void SetScale(float x, float y) { Native.Check(Native.spn_skeleton_set_scale(Handle, x, y)); }

        public void GetScale(out float x, out float y) { Native.Check(Native.spn_skeleton_scale(Handle, out x, out y)); }

        /// <summary>Seconds the skeleton time has advanced (drives physics).</summary>
        public double Time
        {
            get
            {
                double t;
                Native.Check(Native.spn_skeleton_time(Handle, out t));
                return t;
            }
        }

        /// <summary>Advances the skeleton time by `delta` seconds.</summary>
        public void Update(double delta) { Native.Check(Native.spn_skeleton_update(Handle, delta)); }

        /// <summary>Applies constraints and computes the world transforms.</summary>
        public void UpdateWorldTransform(Physics physics = Physics.Update)
        {
            Native.Check(Native.spn_skeleton_update_world_transform(Handle, (uint)physics));
        }

        /// <summary>World transform of bone `index` as of the last UpdateWorldTransform.</summary>
        public BoneWorld GetBoneWorld(uint index)
        {
            Native.spn_bone_world w;
            Native.Check(Native.spn_skeleton_bone_world(Handle, index, out w));
            return new BoneWorld { A = w.a, B = w.b, C = w.c, D = w.d, WorldX = w.world_x, WorldY = w.world_y };
        }

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

        /// <summary>World vertices (x, y pairs) of the attachment slot <paramref name="slot"/> shows
        /// (ABI 1.4) into <paramref name="values"/> (the whole vertices that fit); returns the float
        /// count of all of them (null or empty sizes the buffer). Allocates nothing.</summary>
        public int GetSlotWorldVertices(uint slot, float[] values)
        {
            uint count;
            Native.Check(Native.spn_skeleton_slot_world_vertices(Handle, slot, values, values == null ? 0u : (uint)values.Length, out count));
            return (int)count;
        }

        /// <summary>The world vertices of slot <paramref name="slot"/> as a new array (ABI 1.4).</summary>
        public float[] SlotWorldVertices(uint slot)
        {
            var values = new float[GetSlotWorldVertices(slot, null)];
            GetSlotWorldVertices(slot, values);
            return values;
        }

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

        /// <summary>Attachment <paramref name="id"/> as this skeleton knows it (ABI 1.9): a data
        /// id, or a runtime id it holds (what its slots show, its skin's), also after the skin
        /// that made it is gone (Status.OutOfRange otherwise).</summary>
        public AttachmentInfo GetAttachment(uint id)
        {
            var a = new Native.spn_attachment_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_info)) };
            Native.Check(Native.spn_skeleton_attachment(Handle, id, ref a));
            var result = new AttachmentInfo { Name = Native.FromUtf8(a.name), Type = (AttachmentType)a.kind, Skin = a.skin };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>The setup geometry of attachment <paramref name="id"/> as this skeleton knows
        /// it (ABI 1.9).</summary>
        public AttachmentGeometry GetAttachmentGeometry(uint id)
        {
            var g = new Native.spn_attachment_geometry { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_geometry)) };
            Native.Check(Native.spn_skeleton_attachment_geometry(Handle, id, ref g));
            AttachmentGeometry result = AttachmentGeometry.From(g);
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Float array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skeleton knows it (ABI 1.9).</summary>
        public float[] GetAttachmentFloats(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_attachment_floats(Handle, id, (uint)array, null, 0, out count));
            var values = new float[count];
            Native.Check(Native.spn_skeleton_attachment_floats(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        /// <summary>Index array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skeleton knows it (ABI 1.9).</summary>
        public uint[] GetAttachmentIndices(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_attachment_indices(Handle, id, (uint)array, null, 0, out count));
            var values = new uint[count];
            Native.Check(Native.spn_skeleton_attachment_indices(Handle, id, (uint)array, values, count, out count));
            return values;
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
