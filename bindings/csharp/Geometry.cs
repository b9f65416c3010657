// Geometry.cs: attachment geometry (ABI 1.4): the setup data of every attachment kind and
// the world vertices of the attachment a slot shows now; skeleton bounds with clipping.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>spn_attachment_array: the arrays of an attachment's setup data (ABI 1.4).
    /// Vertices..Lengths are float arrays, Bones..Edges index arrays.</summary>
    public enum AttachmentArray : uint
    {
        Vertices = 0, Uvs = 1, TextureUvs = 2, Offsets = 3, Lengths = 4, Bones = 5, Triangles = 6, Edges = 7,
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

    public sealed partial class SkeletonData
    {
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
    }

    public sealed partial class Skeleton
    {
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
    }

    public sealed partial class Bounds
    {
        /// <summary>The skeleton's box around region and mesh attachments with clipping applied
        /// (ABI 1.4), using this object's scratch memory; false when nothing is left. Allocates
        /// nothing once warm.</summary>
        public bool TryGetSkeletonClipped(Skeleton skeleton, out Rect bounds)
        {
            Native.spn_rect r;
            uint found;
            Native.Check(Native.spn_bounds_skeleton_clipped(Handle, skeleton.Handle, out r, out found));
            bounds = new Rect { X = r.x, Y = r.y, Width = r.width, Height = r.height };
            return found != 0;
        }
    }
}
