// Bounds.cs: the bounds object (spn_bounds_*): Bounds, the world polygons of a skeleton's
// visible bounding-box attachments with box and polygon hit tests and the skeleton's bounds
// with clipping, and BoundingBox.

using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>One collected bounding box: its slot, attachment id and world polygon (x, y pairs
    /// at Vertices), valid until the next Bounds.Update or disposal.</summary>
    public struct BoundingBox
    {
        public uint Slot, Attachment;
        public int VertexCount;
        public IntPtr Vertices;

        /// <summary>Copies 2 × VertexCount floats; returns that count.</summary>
        public int CopyVertices(float[] destination)
        {
            int n = VertexCount * 2;
            if (destination.Length < n) throw new ArgumentException("destination holds " + destination.Length + " floats, need " + n);
            if (n > 0) Marshal.Copy(Vertices, destination, 0, n);
            return n;
        }
    }

    /// <summary>World polygons of a skeleton's visible bounding-box attachments, for hit tests
    /// (owns one spn_bounds handle). Use from one thread at a time.</summary>
    public sealed class Bounds : NativeObject
    {
        private static readonly uint BoxSize = (uint)Marshal.SizeOf(typeof(Native.spn_bounding_box));

        private Bounds(Native.spn_bounds handle) : base(handle.bits) { }

        public Native.spn_bounds Handle { get { return new Native.spn_bounds { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle) { Native.spn_bounds_destroy(new Native.spn_bounds { bits = handle }); }

        public static Bounds Create()
        {
            Native.spn_bounds handle;
            Native.Check(Native.spn_bounds_create(out handle));
            return new Bounds(handle);
        }

        /// <summary>Collects the boxes of `skeleton` (after UpdateWorldTransform); with `updateAabb` the box around them too.</summary>
        public void Update(Skeleton skeleton, bool updateAabb = true)
        {
            Native.Check(Native.spn_bounds_update(Handle, skeleton.Handle, updateAabb ? 1u : 0u));
            GC.KeepAlive(skeleton);
        }

        public Rect Aabb
        {
            get
            {
                Native.spn_rect r;
                Native.Check(Native.spn_bounds_aabb(Handle, out r));
                return new Rect { X = r.x, Y = r.y, Width = r.width, Height = r.height };
            }
        }

        public int Count
        {
            get
            {
                uint n;
                Native.Check(Native.spn_bounds_count(Handle, out n));
                return (int)n;
            }
        }

        public BoundingBox GetBox(int index)
        {
            var b = new Native.spn_bounding_box { size = BoxSize };
            Native.Check(Native.spn_bounds_box(Handle, (uint)index, ref b));
            return new BoundingBox { Slot = b.slot, Attachment = b.attachment, VertexCount = (int)b.vertex_count, Vertices = b.vertices };
        }

        public bool AabbContainsPoint(float x, float y)
        {
            uint r;
            Native.Check(Native.spn_bounds_aabb_contains_point(Handle, x, y, out r));
            return r != 0;
        }

        public bool AabbIntersectsSegment(float x1, float y1, float x2, float y2)
        {
            uint r;
            Native.Check(Native.spn_bounds_aabb_intersects_segment(Handle, x1, y1, x2, y2, out r));
            return r != 0;
        }

        public bool AabbIntersects(Bounds other)
        {
            uint r;
            Native.Check(Native.spn_bounds_aabb_intersects_bounds(Handle, other.Handle, out r));
            GC.KeepAlive(other);
            return r != 0;
        }

        /// <summary>Slot of the first bounding box containing the point, or -1.</summary>
        public int ContainsPoint(float x, float y)
        {
            int slot;
            Native.Check(Native.spn_bounds_contains_point(Handle, x, y, out slot));
            return slot;
        }

        /// <summary>Slot of the first bounding box the segment touches, or -1.</summary>
        public int IntersectsSegment(float x1, float y1, float x2, float y2)
        {
            int slot;
            Native.Check(Native.spn_bounds_intersects_segment(Handle, x1, y1, x2, y2, out slot));
            return slot;
        }

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
