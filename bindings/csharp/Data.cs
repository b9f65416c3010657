// Data.cs: enums and records of the skeleton data and atlas, and runtime skins.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>spn_pose: which of an object's two poses a call reads or writes.</summary>
    public enum Pose : uint { Animated = 0, Applied = 1 }

    /// <summary>spn_blend.</summary>
    public enum Blend : uint { Normal = 0, Additive = 1, Multiply = 2, Screen = 3 }

    /// <summary>spn_inherit.</summary>
    public enum Inherit : uint { Normal = 0, OnlyTranslation = 1, NoRotationOrReflection = 2, NoScale = 3, NoScaleOrReflection = 4 }

    /// <summary>spn_constraint_type.</summary>
    public enum ConstraintType : uint { Ik = 0, Transform = 1, Path = 2, Physics = 3, Slider = 4 }

    /// <summary>spn_attachment_type.</summary>
    public enum AttachmentType : uint { Region = 0, BoundingBox = 1, Mesh = 2, LinkedMesh = 3, Path = 4, Point = 5, Clipping = 6 }

    /// <summary>spn_constraint_property: a property of a constraint's pose.</summary>
    public enum ConstraintProperty : uint
    {
        Mix = 0, Softness = 1, BendDirection = 2, Compress = 3, Stretch = 4, MixRotate = 5, MixX = 6, MixY = 7,
        MixScaleX = 8, MixScaleY = 9, MixShearY = 10, Position = 11, Spacing = 12, Inertia = 13, Strength = 14,
        Damping = 15, MassInverse = 16, Wind = 17, Gravity = 18, Time = 19,
    }

    /// <summary>spn_entry_link.</summary>
    public enum EntryLink : uint { Next = 0, Previous = 1, MixingFrom = 2, MixingTo = 3 }

    /// <summary>spn_interpolation: how a mix percentage is shaped.</summary>
    public enum Interpolation : uint { Linear = 0, Smooth = 1, SlowFast = 2, FastSlow = 3, Circle = 4 }

    /// <summary>spn_vertex_layout.</summary>
    public enum VertexLayout : uint { Separate = 0, Interleaved = 1 }

    /// <summary>An RGBA color, each channel 0..1.</summary>
    public struct Color
    {
        public float R, G, B, A;
        public Color(float r, float g, float b, float a = 1f) { R = r; G = g; B = b; A = a; }
        internal Native.spn_color Raw { get { return new Native.spn_color { r = R, g = G, b = B, a = A }; } }
        internal static Color From(Native.spn_color c) { return new Color(c.r, c.g, c.b, c.a); }
    }

    /// <summary>An axis-aligned rectangle.</summary>
    public struct Rect { public float X, Y, Width, Height; }

    /// <summary>World position and rotation (degrees) of a point attachment.</summary>
    public struct PointWorld { public float X, Y, Rotation; }

    /// <summary>A bone's local transform (degrees for rotation and shear).</summary>
    public struct BoneLocal
    {
        public float X, Y, Rotation, ScaleX, ScaleY, ShearX, ShearY;
        public Inherit Inherit;

        internal Native.spn_bone_local Raw
        {
            get
            {
                return new Native.spn_bone_local
                {
                    size = (uint)Marshal.SizeOf(typeof(Native.spn_bone_local)), inherit = (uint)Inherit, x = X, y = Y,
                    rotation = Rotation, scale_x = ScaleX, scale_y = ScaleY, shear_x = ShearX, shear_y = ShearY,
                };
            }
        }

        internal static BoneLocal From(Native.spn_bone_local l)
        {
            return new BoneLocal
            {
                X = l.x, Y = l.y, Rotation = l.rotation, ScaleX = l.scale_x, ScaleY = l.scale_y, ShearX = l.shear_x,
                ShearY = l.shear_y, Inherit = (Inherit)l.inherit,
            };
        }
    }

    public struct AtlasRegion
    {
        public string Name;
        public uint Page;
        public int X, Y, Width, Height, Degrees, Index;
        public float U, V, U2, V2, OffsetX, OffsetY, OriginalWidth, OriginalHeight;
    }

    public struct SkeletonInfo
    {
        public bool Nonessential;
        public string Version, Hash;
        public float X, Y, Width, Height, ReferenceScale, Fps;
    }

    public struct BoneData
    {
        public string Name;
        /// <summary>-1 for the root.</summary>
        public int Parent;
        public float Length;
        public bool SkinRequired;
    }

    public struct SlotData
    {
        public string Name;
        public uint Bone;
        /// <summary>Setup attachment placeholder, or null.</summary>
        public string Attachment;
        public Blend Blend;
        public bool HasDarkColor;
        public Color Color, DarkColor;
    }

    public struct EventData
    {
        public string Name, StringValue, AudioPath;
        public int IntValue;
        public float FloatValue, Volume, Balance;
    }

    public struct AttachmentInfo
    {
        public string Name;
        public AttachmentType Type;
        /// <summary>Index of the defining skin.</summary>
        public uint Skin;
    }

    public struct ConstraintInfo
    {
        public string Name;
        public ConstraintType Type;
        public bool SkinRequired;
    }

    public sealed partial class Atlas
    {
        /// <summary>Region `index` (file order).</summary>
        public AtlasRegion GetRegion(uint index)
        {
            var r = new Native.spn_atlas_region_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_atlas_region_info)) };
            Native.Check(Native.spn_atlas_region(Handle, index, ref r));
            var result = new AtlasRegion
            {
                Name = Native.FromUtf8(r.name), Page = r.page, X = r.x, Y = r.y, Width = r.width, Height = r.height,
                Degrees = r.degrees, Index = r.index, U = r.u, V = r.v, U2 = r.u2, V2 = r.v2, OffsetX = r.offset_x,
                OffsetY = r.offset_y, OriginalWidth = r.original_width, OriginalHeight = r.original_height,
            };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Index of the first region named `name`, or null.</summary>
        public uint? FindRegion(string name)
        {
            uint index;
            Status status = Native.spn_atlas_find_region(Handle, Native.ToUtf8(name), out index);
            if (status == Status.NotFound) return null;
            Native.Check(status);
            return index;
        }
    }

    public sealed partial class SkeletonData
    {
        public SkeletonInfo Info
        {
            get
            {
                var i = new Native.spn_skeleton_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_skeleton_info)) };
                Native.Check(Native.spn_skeleton_data_info(Handle, ref i));
                var result = new SkeletonInfo
                {
                    Nonessential = i.nonessential != 0, Version = Native.FromUtf8(i.version), Hash = Native.FromUtf8(i.hash),
                    X = i.x, Y = i.y, Width = i.width, Height = i.height, ReferenceScale = i.reference_scale, Fps = i.fps,
                };
                GC.KeepAlive(this);
                return result;
            }
        }

        public BoneData GetBone(uint index)
        {
            var b = new Native.spn_bone_data { size = (uint)Marshal.SizeOf(typeof(Native.spn_bone_data)) };
            Native.Check(Native.spn_skeleton_data_bone(Handle, index, ref b));
            var result = new BoneData { Name = Native.FromUtf8(b.name), Parent = b.parent, Length = b.length, SkinRequired = b.skin_required != 0 };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>The bones, slots or constraints (item: Bone, Slot or Constraint) animation
        /// <paramref name="animation"/> keys, ascending, each once (ABI 1.3).</summary>
        public uint[] GetAnimationKeyed(uint animation, Item item)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_animation_keyed(Handle, animation, (uint)item, null, 0, out count));
            var list = new uint[count];
            Native.Check(Native.spn_skeleton_data_animation_keyed(Handle, animation, (uint)item, list, count, out count));
            return list;
        }

        /// <summary>The event keys of animation <paramref name="animation"/> in key order (ABI 1.3).</summary>
        public EventKey[] GetAnimationEventKeys(uint animation)
        {
            uint count, size = (uint)Marshal.SizeOf(typeof(Native.spn_event_key));
            Native.Check(Native.spn_skeleton_data_animation_event_keys(Handle, animation, size, null, 0, out count));
            var raw = new Native.spn_event_key[count];
            Native.Check(Native.spn_skeleton_data_animation_event_keys(Handle, animation, size, raw, count, out count));
            var keys = new EventKey[count];
            for (int i = 0; i < count; i++)
                keys[i] = new EventKey { Time = raw[i].time, Event = raw[i].@event, IntValue = raw[i].int_value, FloatValue = raw[i].float_value,
                                         StringValue = Native.FromUtf8(raw[i].string_value), Volume = raw[i].volume, Balance = raw[i].balance };
            GC.KeepAlive(this);
            return keys;
        }

        /// <summary>The setup pose of bone `index`.</summary>
        public BoneLocal GetBoneSetup(uint index)
        {
            var l = new Native.spn_bone_local { size = (uint)Marshal.SizeOf(typeof(Native.spn_bone_local)) };
            Native.Check(Native.spn_skeleton_data_bone_setup(Handle, index, ref l));
            return BoneLocal.From(l);
        }

        public SlotData GetSlot(uint index)
        {
            var d = new Native.spn_slot_data { size = (uint)Marshal.SizeOf(typeof(Native.spn_slot_data)) };
            Native.Check(Native.spn_skeleton_data_slot(Handle, index, ref d));
            var result = new SlotData
            {
                Name = Native.FromUtf8(d.name), Bone = d.bone, Attachment = Native.FromUtf8(d.attachment), Blend = (Blend)d.blend,
                HasDarkColor = d.has_dark_color != 0, Color = Color.From(d.color), DarkColor = Color.From(d.dark_color),
            };
            GC.KeepAlive(this);
            return result;
        }

        public EventData GetEvent(uint index)
        {
            var e = new Native.spn_event_data { size = (uint)Marshal.SizeOf(typeof(Native.spn_event_data)) };
            Native.Check(Native.spn_skeleton_data_event(Handle, index, ref e));
            var result = new EventData
            {
                Name = Native.FromUtf8(e.name), StringValue = Native.FromUtf8(e.string_value), AudioPath = Native.FromUtf8(e.audio_path),
                IntValue = e.int_value, FloatValue = e.float_value, Volume = e.volume, Balance = e.balance,
            };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Attachment `id` (an index of the Item.Attachment list).</summary>
        /// <summary>The texture sequence of region or mesh attachment <paramref name="id"/> (ABI 1.3).</summary>
        public SequenceData GetAttachmentSequence(uint id)
        {
            var s = new Native.spn_sequence_data { size = (uint)Marshal.SizeOf(typeof(Native.spn_sequence_data)) };
            Native.Check(Native.spn_skeleton_data_attachment_sequence(Handle, id, ref s));
            return new SequenceData { Count = s.count, Start = s.start, Digits = s.digits, SetupIndex = s.setup_index, PathSuffix = s.path_suffix != 0 };
        }

        public AttachmentInfo GetAttachment(uint id)
        {
            var a = new Native.spn_attachment_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_info)) };
            Native.Check(Native.spn_skeleton_data_attachment(Handle, id, ref a));
            var result = new AttachmentInfo { Name = Native.FromUtf8(a.name), Type = (AttachmentType)a.kind, Skin = a.skin };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Constraint `index` (update order).</summary>
        public ConstraintInfo GetConstraint(uint index)
        {
            var c = new Native.spn_constraint_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_constraint_info)) };
            Native.Check(Native.spn_skeleton_data_constraint(Handle, index, ref c));
            var result = new ConstraintInfo { Name = Native.FromUtf8(c.name), Type = (ConstraintType)c.kind, SkinRequired = c.skin_required != 0 };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Index of the skin named "default", or null.</summary>
        public uint? DefaultSkin
        {
            get
            {
                int index;
                Native.Check(Native.spn_skeleton_data_default_skin(Handle, out index));
                if (index < 0) return null;
                return (uint)index;
            }
        }
    }

    /// <summary>A runtime skin (owns one spn_skin handle): data skins, other skins and single
    /// attachments combined at runtime; skeletons copy its contents when it is set. Any thread.</summary>
    public sealed partial class Skin : NativeObject
    {
        private Skin(Native.spn_skin handle) : base(handle.bits) { }

        public Native.spn_skin Handle { get { return new Native.spn_skin { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle) { Native.spn_skin_destroy(new Native.spn_skin { bits = handle }); }

        /// <summary>An empty skin named `name` for the skeletons of `data`.</summary>
        public static Skin Create(SkeletonData data, string name)
        {
            Native.spn_skin handle;
            Native.Check(Native.spn_skin_create(data.Handle, Native.ToUtf8(name), out handle));
            GC.KeepAlive(data);
            return new Skin(handle);
        }

        /// <summary>Adds data skin `index` (an index of the Item.Skin list).</summary>
        public Skin AddDataSkin(uint index)
        {
            Native.Check(Native.spn_skin_add_data_skin(Handle, index));
            return this;
        }

        /// <summary>Adds the current contents of `other`.</summary>
        public Skin AddSkin(Skin other)
        {
            Native.Check(Native.spn_skin_add_skin(Handle, other.Handle));
            GC.KeepAlive(other);
            return this;
        }

        /// <summary>Stores attachment id `attachment` for `slot` under placeholder `name`.</summary>
        public Skin SetAttachment(uint slot, string name, uint attachment)
        {
            Native.Check(Native.spn_skin_set_attachment(Handle, slot, Native.ToUtf8(name), attachment));
            return this;
        }

        public uint AttachmentCount
        {
            get
            {
                uint n;
                Native.Check(Native.spn_skin_attachment_count(Handle, out n));
                return n;
            }
        }

        public string Name
        {
            get
            {
                IntPtr name;
                Native.Check(Native.spn_skin_name(Handle, out name));
                string result = Native.FromUtf8(name);
                GC.KeepAlive(this);
                return result;
            }
        }
    }
}
