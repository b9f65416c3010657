// Skin.cs: the skin object (spn_skin_*): Skin, a runtime skin built from data skins, other
// skins and single attachments (entries listed, removed, cleared, copied; region
// attachments made from an atlas region or a page's texture rectangle, and region or mesh
// attachments cloned with another region, for equipment and re-skinning; the attachments it
// can show inspected through it), RegionPlacement and RuntimeAttachment. Not for the
// per-frame path.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>Where a runtime region attachment sits on its slot's bone, its size and tint
    /// (spn_region_placement, ABI 1.6; the wrapper sets its size). Width or Height 0 take the
    /// atlas region's original size. RegionPlacement.Default is what no placement means.</summary>
    public struct RegionPlacement
    {
        /// <summary>Offset from the bone, in the bone's space.</summary>
        public float X, Y;
        /// <summary>Degrees.</summary>
        public float Rotation;
        public float ScaleX, ScaleY;
        /// <summary>Size in skeleton units.</summary>
        public float Width, Height;
        public Color Color;

        /// <summary>At the bone's origin, unscaled, white, the region's original size.</summary>
        public static RegionPlacement Default
        {
            get { return new RegionPlacement { ScaleX = 1f, ScaleY = 1f, Color = new Color(1f, 1f, 1f, 1f) }; }
        }

        internal Native.spn_region_placement Raw
        {
            get
            {
                return new Native.spn_region_placement
                {
                    size = (uint)Marshal.SizeOf(typeof(Native.spn_region_placement)), x = X, y = Y, rotation = Rotation,
                    scale_x = ScaleX, scale_y = ScaleY, width = Width, height = Height, color = Color.Raw,
                };
            }
        }
    }

    public static class RuntimeAttachment
    {
        /// <summary>True for the id of an attachment made at runtime (Native.RuntimeAttachmentBit set).</summary>
        public static bool IsRuntime(uint id) { return (id & Native.RuntimeAttachmentBit) != 0; }

        /// <summary>The same for an id a slot reports (Skeleton.GetSlotAttachment): negative, not -1.</summary>
        public static bool IsRuntime(int id) { return id != -1 && IsRuntime(unchecked((uint)id)); }
    }

    /// <summary>A runtime skin (owns one spn_skin handle): data skins, other skins and single
    /// attachments combined at runtime; skeletons copy its contents when it is set. Any thread.</summary>
    public sealed class Skin : NativeObject
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

        /// <summary>The entries in insertion order (allocates).</summary>
        public SkinEntry[] GetEntries()
        {
            uint size = (uint)Marshal.SizeOf(typeof(Native.spn_skin_entry));
            uint count;
            Native.Check(Native.spn_skin_entries(Handle, size, null, 0, out count));
            var raw = new Native.spn_skin_entry[count];
            if (count > 0) Native.Check(Native.spn_skin_entries(Handle, size, raw, count, out count));
            var entries = new SkinEntry[Math.Min(count, (uint)raw.Length)];
            for (int i = 0; i < entries.Length; i++)
                entries[i] = new SkinEntry { Slot = raw[i].slot, Attachment = raw[i].attachment, Name = Native.FromUtf8(raw[i].name) };
            GC.KeepAlive(this);
            return entries;
        }

        /// <summary>Removes the entry of `slot` under placeholder `name` (NotFound if absent).</summary>
        public Skin RemoveAttachment(uint slot, string name)
        {
            Native.Check(Native.spn_skin_remove_attachment(Handle, slot, Native.ToUtf8(name)));
            return this;
        }

        /// <summary>Removes every entry, bone and constraint.</summary>
        public Skin Clear()
        {
            Native.Check(Native.spn_skin_clear(Handle));
            return this;
        }

        /// <summary>An independent skin with this one's name and contents.</summary>
        public Skin Copy()
        {
            Native.spn_skin handle;
            Native.Check(Native.spn_skin_copy(Handle, out handle));
            return new Skin(handle);
        }

        /// <summary>Makes a region attachment showing region `region` (an index of `atlas`'s
        /// regions; `atlas` must be the one the data was loaded with) at the bone's origin,
        /// unscaled, white, the region's original size, and stores it for `slot` under
        /// placeholder `name` (ABI 1.6). Returns its id (RuntimeAttachment.IsRuntime);
        /// skeletons see it once the skin is set on them.</summary>
        public uint CreateRegionAttachment(uint slot, string name, Atlas atlas, uint region)
        {
            uint id;
            Native.Check(Native.spn_skin_create_region_attachment(Handle, slot, Native.ToUtf8(name), atlas.Handle, region, IntPtr.Zero, out id));
            GC.KeepAlive(atlas);
            return id;
        }

        /// <summary>As CreateRegionAttachment(slot, name, atlas, region), placed by `placement`.</summary>
        public uint CreateRegionAttachment(uint slot, string name, Atlas atlas, uint region, RegionPlacement placement)
        {
            uint id;
            var raw = placement.Raw;
            Native.Check(Native.spn_skin_create_region_attachment(Handle, slot, Native.ToUtf8(name), atlas.Handle, region, ref raw, out id));
            GC.KeepAlive(atlas);
            return id;
        }

        /// <summary>Makes a region attachment showing the rectangle (u, v) top left to (u2, v2)
        /// bottom right of page `page` of the data's atlas, unrotated, placed by `placement`
        /// (Width and Height must be positive), and stores it as CreateRegionAttachment does
        /// (ABI 1.6). Returns its id.</summary>
        public uint CreateRegionAttachmentUv(uint slot, string name, uint page, float u, float v, float u2, float v2, RegionPlacement placement)
        {
            uint id;
            var raw = placement.Raw;
            Native.Check(Native.spn_skin_create_region_attachment_uv(Handle, slot, Native.ToUtf8(name), page, u, v, u2, v2, ref raw, out id));
            return id;
        }

        /// <summary>Copies region or mesh attachment `attachment` (a data id, or a runtime id
        /// this skin holds) with region `region` of `atlas` (the data's atlas) instead of its
        /// texture and stores the copy for `slot` under placeholder `name` (ABI 1.6). Returns
        /// the copy's id.</summary>
        public uint CloneAttachment(uint slot, string name, uint attachment, Atlas atlas, uint region)
        {
            uint id;
            Native.Check(Native.spn_skin_clone_attachment(Handle, slot, Native.ToUtf8(name), attachment, atlas.Handle, region, out id));
            GC.KeepAlive(atlas);
            return id;
        }

        /// <summary>Attachment <paramref name="id"/> as this skin knows it (ABI 1.9): a data id,
        /// or a runtime id the skin holds (Status.OutOfRange otherwise). A runtime attachment's
        /// Skin is 0xFFFFFFFF.</summary>
        public AttachmentInfo GetAttachment(uint id)
        {
            var a = new Native.spn_attachment_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_info)) };
            Native.Check(Native.spn_skin_attachment(Handle, id, ref a));
            var result = new AttachmentInfo { Name = Native.FromUtf8(a.name), Type = (AttachmentType)a.kind, Skin = a.skin };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>The geometry of attachment <paramref name="id"/> as this skin knows it (ABI
        /// 1.9): for a runtime region the placement it was made with, its page and region (-1
        /// for a page rectangle).</summary>
        public AttachmentGeometry GetAttachmentGeometry(uint id)
        {
            var g = new Native.spn_attachment_geometry { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_geometry)) };
            Native.Check(Native.spn_skin_attachment_geometry(Handle, id, ref g));
            AttachmentGeometry result = AttachmentGeometry.From(g);
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Float array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skin knows it (ABI 1.9).</summary>
        public float[] GetAttachmentFloats(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skin_attachment_floats(Handle, id, (uint)array, null, 0, out count));
            var values = new float[count];
            Native.Check(Native.spn_skin_attachment_floats(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        /// <summary>Index array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skin knows it (ABI 1.9).</summary>
        public uint[] GetAttachmentIndices(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skin_attachment_indices(Handle, id, (uint)array, null, 0, out count));
            var values = new uint[count];
            Native.Check(Native.spn_skin_attachment_indices(Handle, id, (uint)array, values, count, out count));
            return values;
        }
    }
}
