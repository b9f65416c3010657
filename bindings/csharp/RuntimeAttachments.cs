// RuntimeAttachments.cs: runtime attachments (ABI 1.6): region attachments made from an atlas
// region or a page's texture rectangle, and region or mesh attachments cloned with another
// region, stored in a runtime skin (equipment, re-skinning). Not for the per-frame path.
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

    public sealed partial class Skin
    {
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
    }
}
