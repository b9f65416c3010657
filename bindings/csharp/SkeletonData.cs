// SkeletonData.cs: the skeleton data object (spn_skeleton_data_*): SkeletonData (load
// binary or JSON; info; bone, slot, skin, event, animation, constraint and attachment lists
// and lookups; bone setup poses; animation keys; attachment geometry and arrays; constraint
// setup data by type, constraint bones and transform mappings; sequence timeline keys; data
// skin entries; placeholder names for new sockets; the atlas it was loaded with; the static
// streams of GPU skinning) and its enums and records (Item, Blend, Inherit, ConstraintType,
// AttachmentType, AttachmentArray, Color, BoneLocal, SkeletonInfo, BoneData, SlotData,
// EventData, SequenceData, EventKey, AttachmentInfo, ConstraintInfo, AttachmentGeometry,
// SkinEntry, GpuVertex, GpuBlock, GpuStreams (views of the static streams)).

using System;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace SpineNative
{
    /// <summary>spn_item: which list of a skeleton data Count/Name/Find read.</summary>
    public enum Item : uint
    {
        Bone = 0,
        Slot = 1,
        Skin = 2,
        Animation = 3,
        Event = 4,
        Constraint = 5,
        Attachment = 6,
    }

    /// <summary>spn_blend.</summary>
    public enum Blend : uint { Normal = 0, Additive = 1, Multiply = 2, Screen = 3 }

    /// <summary>spn_inherit.</summary>
    public enum Inherit : uint { Normal = 0, OnlyTranslation = 1, NoRotationOrReflection = 2, NoScale = 3, NoScaleOrReflection = 4 }

    /// <summary>spn_constraint_type.</summary>
    public enum ConstraintType : uint { Ik = 0, Transform = 1, Path = 2, Physics = 3, Slider = 4 }

    /// <summary>spn_attachment_type.</summary>
    public enum AttachmentType : uint { Region = 0, BoundingBox = 1, Mesh = 2, LinkedMesh = 3, Path = 4, Point = 5, Clipping = 6 }

    /// <summary>spn_attachment_array: the arrays of an attachment's setup data (ABI 1.4).
    /// Vertices..Lengths are float arrays, Bones..Edges index arrays.</summary>
    public enum AttachmentArray : uint
    {
        Vertices = 0, Uvs = 1, TextureUvs = 2, Offsets = 3, Lengths = 4, Bones = 5, Triangles = 6, Edges = 7,
    }

    /// <summary>An RGBA color, each channel 0..1.</summary>
    public struct Color
    {
        public float R, G, B, A;
        public Color(float r, float g, float b, float a = 1f) { R = r; G = g; B = b; A = a; }
        internal Native.spn_color Raw { get { return new Native.spn_color { r = R, g = G, b = B, a = A }; } }
        internal static Color From(Native.spn_color c) { return new Color(c.r, c.g, c.b, c.a); }
    }

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

    /// <summary>The texture sequence of a region or mesh attachment (ABI 1.3).</summary>
    public struct SequenceData
    {
        public uint Count;
        public int Start, Digits, SetupIndex;
        public bool PathSuffix;
    }

    /// <summary>One event key of an animation (ABI 1.3).</summary>
    public struct EventKey
    {
        public float Time;
        public uint Event;
        public int IntValue;
        public float FloatValue;
        public string StringValue;
        public float Volume, Balance;
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

    /// <summary>The setup data of one attachment (ABI 1.4); fields its kind lacks are 0, -1 or "".</summary>
    public struct AttachmentGeometry
    {
        public AttachmentType Type;
        /// <summary>Region, mesh: texture path and the setup frame's atlas region name.</summary>
        public string Path, RegionName;
        /// <summary>Atlas page and region of the setup frame; -1 without an atlas.</summary>
        public int Page, Region;
        public Color Color;
        public float X, Y, Rotation, ScaleX, ScaleY, Width, Height;
        /// <summary>World vertices (x, y pairs) GetSlotWorldVertices writes for it.</summary>
        public uint VertexCount;
        public bool Weighted;
        public uint HullLength;
        /// <summary>Linked-mesh source, deform-timeline attachment, clipping end slot; -1 for none.</summary>
        public int Source, TimelineAttachment, EndSlot;
        public bool Closed, ConstantSpeed, Convex, Inverse;

        internal static AttachmentGeometry From(Native.spn_attachment_geometry g)
        {
            return new AttachmentGeometry
            {
                Type = (AttachmentType)g.kind,
                Path = Native.FromUtf8(g.path) ?? "",
                RegionName = Native.FromUtf8(g.region_name) ?? "",
                Page = g.page, Region = g.region, Color = Color.From(g.color),
                X = g.x, Y = g.y, Rotation = g.rotation, ScaleX = g.scale_x, ScaleY = g.scale_y,
                Width = g.width, Height = g.height, VertexCount = g.vertex_count, Weighted = g.weighted != 0,
                HullLength = g.hull_length, Source = g.source, TimelineAttachment = g.timeline_attachment,
                EndSlot = g.end_slot, Closed = g.closed != 0, ConstantSpeed = g.constant_speed != 0,
                Convex = g.convex != 0, Inverse = g.inverse != 0,
            };
        }
    }

    /// <summary>One entry of a runtime skin: Attachment (an Item.Attachment index) shown by
    /// Slot under placeholder Name.</summary>
    public struct SkinEntry
    {
        public uint Slot, Attachment;
        public string Name;
    }

    /// <summary>One vertex of the static streams (spn_gpu_vertex, 64 bytes): up to four
    /// influences (bone = palette entry, weight, bone-local x, y); unused ones are 0. The
    /// vertex shader: for each influence, p = (lx*a + ly*b) + x, q = (lx*c + ly*d) + y with
    /// the palette entry (a, c, b, d, x, y), sum += (p, q) * weight from 0, in order.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct GpuVertex
    {
        public fixed ushort Bones[4];
        public fixed float Weights[4];
        public fixed float Positions[8];
        public float U, V;
    }

    /// <summary>A run of the static streams: one attachment at one sequence frame; its
    /// indices are relative to FirstVertex. RigidBone: the bone of a region or unweighted
    /// mesh, uint.MaxValue when weighted.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuBlock
    {
        public uint FirstVertex, VertexCount, FirstIndex, IndexCount, RigidBone;
    }

    /// <summary>The static streams of a skeleton data (spn_gpu_streams), read in place: views
    /// of the library's memory, not copies. They stay valid until the SkeletonData they were
    /// read from is disposed; after that every accessor throws InvalidOperationException. Upload
    /// them once per data (Vertices/Indices/Blocks are the buffers' addresses, VertexCount ×
    /// 64 bytes, IndexCount × 2 bytes, BlockCount × 20 bytes); GetVertex/GetIndex/GetBlock read
    /// one element. A struct: reading it allocates nothing.</summary>
    public struct GpuStreams
    {
        private readonly SkeletonData data;
        private readonly Native.spn_gpu_streams raw;

        internal GpuStreams(SkeletonData data, Native.spn_gpu_streams raw)
        {
            this.data = data;
            this.raw = raw;
        }

        public Native.spn_gpu_streams Raw { get { return raw; } }
        public int VertexCount { get { return (int)raw.vertex_count; } }
        public int IndexCount { get { return (int)raw.index_count; } }
        public int BlockCount { get { return (int)raw.block_count; } }
        public uint EligibleAttachments { get { return raw.eligible_attachments; } }
        public uint TooManyInfluences { get { return raw.too_many_influences; } }
        public uint NoSingleBone { get { return raw.no_single_bone; } }

        /// <summary>True until the SkeletonData is disposed.</summary>
        public bool IsValid { get { return data != null && data.Handle.bits != 0; } }

        private void CheckValid()
        {
            if (!IsValid) throw new InvalidOperationException("GPU streams read after their SkeletonData was disposed");
        }

        /// <summary>VertexCount spn_gpu_vertex records (GpuVertex).</summary>
        public IntPtr Vertices { get { CheckValid(); return raw.vertices; } }
        /// <summary>IndexCount 16-bit indices, relative to their block's first vertex.</summary>
        public IntPtr Indices { get { CheckValid(); return raw.indices; } }
        /// <summary>BlockCount spn_gpu_block records (GpuBlock).</summary>
        public IntPtr Blocks { get { CheckValid(); return raw.blocks; } }

        private static void CheckIndex(int index, int count, string what)
        {
            if (index < 0 || index >= count) throw new ArgumentOutOfRangeException("index", what + " " + index + " of " + count);
        }

        public unsafe GpuVertex GetVertex(int index)
        {
            CheckValid();
            CheckIndex(index, VertexCount, "vertex");
            GpuVertex v = ((GpuVertex*)raw.vertices)[index];
            GC.KeepAlive(data);
            return v;
        }

        public unsafe ushort GetIndex(int index)
        {
            CheckValid();
            CheckIndex(index, IndexCount, "index");
            ushort i = ((ushort*)raw.indices)[index];
            GC.KeepAlive(data);
            return i;
        }

        public unsafe GpuBlock GetBlock(int index)
        {
            CheckValid();
            CheckIndex(index, BlockCount, "block");
            GpuBlock b = ((GpuBlock*)raw.blocks)[index];
            GC.KeepAlive(data);
            return b;
        }
    }

    /// <summary>Loaded skeleton data (owns one spn_skeleton_data handle). Stays valid after the
    /// Atlas it was loaded with is disposed.</summary>
    public sealed class SkeletonData : IDisposable
    {
        private long bits;

        private SkeletonData(Native.spn_skeleton_data handle) { bits = (long)handle.bits; }

        /// <summary>The raw handle (zero once disposed); still owned by this object.</summary>
        public Native.spn_skeleton_data Handle { get { return new Native.spn_skeleton_data { bits = (ulong)Interlocked.Read(ref bits) }; } }

        private static Native.spn_atlas AtlasHandle(Atlas atlas)
        {
            return atlas == null ? new Native.spn_atlas() : atlas.Handle;
        }

        /// <summary>Loads a binary .skel export. A null `atlas` loads without textures; `scale`
        /// multiplies positions and lengths. The bytes are not retained.</summary>
        public static SkeletonData LoadBinary(byte[] bytes, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_binary(bytes, (UIntPtr)bytes.Length, AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Loads a JSON export. See LoadBinary.</summary>
        public static SkeletonData LoadJson(string text, Atlas atlas = null, float scale = 1f)
        {
            return LoadJson(Encoding.UTF8.GetBytes(text), atlas, scale);
        }

        /// <summary>Loads a JSON export given as UTF-8 bytes. See LoadBinary.</summary>
        public static SkeletonData LoadJson(byte[] utf8, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_json(utf8, (UIntPtr)utf8.Length, AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Loads a .skel or .json file (chosen by content). See LoadBinary.</summary>
        public static SkeletonData LoadFile(string path, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_file(Native.ToUtf8(path), AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Number of entries of list `item`.</summary>
        public uint Count(Item item)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_count(Handle, (uint)item, out count));
            return count;
        }

        /// <summary>Name of entry `index` of list `item`.</summary>
        public string Name(Item item, uint index)
        {
            IntPtr name;
            Native.Check(Native.spn_skeleton_data_name(Handle, (uint)item, index, out name));
            string result = Native.FromUtf8(name);
            GC.KeepAlive(this);  // the name belongs to the handle: copy it before the finalizer may run
            return result;
        }

        /// <summary>All names of list `item`.</summary>
        public string[] Names(Item item)
        {
            var names = new string[Count(item)];
            for (uint i = 0; i < names.Length; i++) names[i] = Name(item, i);
            return names;
        }

        /// <summary>Index of the entry of list `item` named `name`, or null when there is none
        /// (the library's SPN_ERROR_NOT_FOUND); other failures throw.</summary>
        public uint? Find(Item item, string name)
        {
            uint index;
            Status status = Native.spn_skeleton_data_find(Handle, (uint)item, Native.ToUtf8(name), out index);
            if (status == Status.NotFound) return null;
            Native.Check(status);
            return index;
        }

        /// <summary>Duration in seconds of animation `index`.</summary>
        public float AnimationDuration(uint index)
        {
            float duration;
            Native.Check(Native.spn_skeleton_data_animation_duration(Handle, index, out duration));
            return duration;
        }

        /// <summary>Destroys the handle (once; later calls do nothing).</summary>
        public void Dispose()
        {
            Destroy();
            GC.SuppressFinalize(this);
        }

        ~SkeletonData() { Destroy(); }

        private void Destroy()
        {
            ulong old = (ulong)Interlocked.Exchange(ref bits, 0);
            if (old != 0) Native.spn_skeleton_data_destroy(new Native.spn_skeleton_data { bits = old });
        }

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

        private static readonly uint GeometrySize = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_geometry));

        /// <summary>The setup geometry of attachment <paramref name="id"/> (ABI 1.4).</summary>
        public AttachmentGeometry GetAttachmentGeometry(uint id)
        {
            var g = new Native.spn_attachment_geometry { size = GeometrySize };
            Native.Check(Native.spn_skeleton_data_attachment_geometry(Handle, id, ref g));
            AttachmentGeometry result = AttachmentGeometry.From(g);
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Float array <paramref name="array"/> of attachment <paramref name="id"/> (ABI 1.4).</summary>
        public float[] GetAttachmentFloats(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_attachment_floats(Handle, id, (uint)array, null, 0, out count));
            var values = new float[count];
            Native.Check(Native.spn_skeleton_data_attachment_floats(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        /// <summary>Index array <paramref name="array"/> of attachment <paramref name="id"/> (ABI 1.4).</summary>
        public uint[] GetAttachmentIndices(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_attachment_indices(Handle, id, (uint)array, null, 0, out count));
            var values = new uint[count];
            Native.Check(Native.spn_skeleton_data_attachment_indices(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        private static readonly uint ConstraintDataSize = (uint)Marshal.SizeOf(typeof(Native.spn_constraint_data));
        private static readonly uint TransformMappingSize = (uint)Marshal.SizeOf(typeof(Native.spn_transform_mapping));

        /// <summary>The setup values of constraint <paramref name="index"/> by its type (ABI 1.4),
        /// as the C record (fields another type uses are 0, indices -1).</summary>
        public Native.spn_constraint_data GetConstraintData(uint index)
        {
            var c = new Native.spn_constraint_data { size = ConstraintDataSize };
            Native.Check(Native.spn_skeleton_data_constraint_data(Handle, index, ref c));
            return c;
        }

        /// <summary>The bones constraint <paramref name="index"/> poses (ABI 1.4).</summary>
        public uint[] GetConstraintBones(uint index)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_constraint_bones(Handle, index, null, 0, out count));
            var bones = new uint[count];
            Native.Check(Native.spn_skeleton_data_constraint_bones(Handle, index, bones, count, out count));
            return bones;
        }

        /// <summary>The property mappings of transform constraint <paramref name="index"/> (ABI 1.4).</summary>
        public Native.spn_transform_mapping[] GetConstraintTransformMappings(uint index)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_constraint_transform_mappings(Handle, index, TransformMappingSize, null, 0, out count));
            var mappings = new Native.spn_transform_mapping[count];
            Native.Check(Native.spn_skeleton_data_constraint_transform_mappings(Handle, index, TransformMappingSize, mappings, count, out count));
            return mappings;
        }

        /// <summary>The sequence timeline keys of animation <paramref name="animation"/> (ABI 1.4).</summary>
        public Native.spn_sequence_key[] GetAnimationSequenceKeys(uint animation)
        {
            uint count, size = (uint)Marshal.SizeOf(typeof(Native.spn_sequence_key));
            Native.Check(Native.spn_skeleton_data_animation_sequence_keys(Handle, animation, size, null, 0, out count));
            var keys = new Native.spn_sequence_key[count];
            Native.Check(Native.spn_skeleton_data_animation_sequence_keys(Handle, animation, size, keys, count, out count));
            return keys;
        }

        /// <summary>The atlas this data was loaded with (ABI 1.8): a new Atlas over the same atlas
        /// (page texture ids shared), kept alive by the data; NotFound when loaded without one.</summary>
        public Atlas GetAtlas()
        {
            Native.spn_atlas handle;
            Native.Check(Native.spn_skeleton_data_atlas(Handle, out handle));
            GC.KeepAlive(this);
            return Atlas.FromHandle(handle);
        }

        /// <summary>The entries of data skin `skin` (an Item.Skin index) in load order, with no
        /// runtime skin (ABI 1.8; allocates).</summary>
        public SkinEntry[] GetSkinEntries(uint skin)
        {
            uint size = (uint)Marshal.SizeOf(typeof(Native.spn_skin_entry));
            uint count;
            Native.Check(Native.spn_skeleton_data_skin_entries(Handle, skin, size, null, 0, out count));
            var raw = new Native.spn_skin_entry[count];
            if (count > 0) Native.Check(Native.spn_skeleton_data_skin_entries(Handle, skin, size, raw, count, out count));
            var entries = new SkinEntry[Math.Min(count, (uint)raw.Length)];
            for (int i = 0; i < entries.Length; i++)
                entries[i] = new SkinEntry { Slot = raw[i].slot, Attachment = raw[i].attachment, Name = Native.FromUtf8(raw[i].name) };
            GC.KeepAlive(this);
            return entries;
        }

        /// <summary>Adds placeholder name <paramref name="name"/> for new sockets (ABI 1.9):
        /// skins then store attachments under it for any slot (SetAttachment,
        /// CreateRegionAttachment, CloneAttachment) and skeletons find them by it. Without it a
        /// name the data does not use is Status.NotFound (a misspelt placeholder is still
        /// reported). The data keeps a copy while it lives; adding again changes nothing. Any
        /// thread.</summary>
        public void AddPlaceholder(string name)
        {
            Native.Check(Native.spn_skeleton_data_add_placeholder(Handle, Native.ToUtf8(name)));
            GC.KeepAlive(this);
        }

        /// <summary>The static streams of GPU skinning (ABI 1.9), made once per data and shared
        /// by every skeleton: views of the library's memory, valid until this data is disposed
        /// (allocates nothing in the binding; the library makes them on the first call).</summary>
        public GpuStreams GetGpuStreams()
        {
            var raw = new Native.spn_gpu_streams { size = GpuStreamsSize };
            Native.Check(Native.spn_skeleton_data_gpu_streams(Handle, ref raw));
            GC.KeepAlive(this);
            return new GpuStreams(this, raw);
        }

        private static readonly uint GpuStreamsSize = (uint)Marshal.SizeOf(typeof(Native.spn_gpu_streams));
    }
}
