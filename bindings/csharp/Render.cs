// Render.cs: renderer, render output (a struct of views over the renderer's buffers, with
// copy-into-caller-array helpers), bounds and hit tests, and crowds. Nothing here allocates
// managed memory per frame: Render returns a struct, the Copy* methods fill arrays the caller
// reuses (e.g. for Unity Mesh.SetVertices / Godot ArrayMesh), and the unsafe pointer
// properties give direct access for NativeArray-style uploads.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;

namespace SpineNative
{
    /// <summary>One draw call of a render (spn_draw_range): IndexCount indices from FirstIndex,
    /// relative to vertex FirstVertex (a base vertex), with atlas page Page and blend mode Blend.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DrawRange
    {
        public uint FirstIndex, IndexCount, FirstVertex, VertexCount, Page, Blend, Color, DarkColor;
    }

    /// <summary>An interleaved vertex (spn_vertex): position, uv, packed light and dark colors.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Vertex
    {
        public float X, Y, U, V;
        public uint Color, DarkColor;
    }

    /// <summary>An interleaved vertex with z (spn_vertex_z).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct VertexZ
    {
        public float X, Y, Z, U, V;
        public uint Color, DarkColor;
    }

    /// <summary>Byte order of packed colors (spn_color_order, ABI 1.8).</summary>
    public enum ColorOrder : uint
    {
        /// <summary>A&lt;&lt;24 | R&lt;&lt;16 | G&lt;&lt;8 | B: B, G, R, A bytes in memory (swizzle .bgra in a GL shader).</summary>
        Argb = 0,
        /// <summary>A&lt;&lt;24 | B&lt;&lt;16 | G&lt;&lt;8 | R: R, G, B, A bytes in memory (GLES/WebGL as they are).</summary>
        RgbaBytes = 1,
    }

    /// <summary>Render options (spn_render_options). The defaults reproduce the reference runtime.</summary>
    public struct RenderOptions
    {
        public bool PremultipliedAlpha;
        /// <summary>Positions get z = draw-order index × ZSpacing.</summary>
        public bool UseZ;
        public float ZSpacing;
        /// <summary>32-bit indices (ranges are not split at 64K).</summary>
        public bool IndicesU32;
        /// <summary>Batch only on page and blend mode (colors stay per vertex).</summary>
        public bool MergeColors;
        public VertexLayout Layout;
        /// <summary>ABI 1.4: the output gets the slot index of every vertex (RenderOutput.CopySlots).</summary>
        public bool SlotIndices;
        /// <summary>ABI 1.8: indices relative to the whole vertex buffer (no base-vertex draw
        /// needed): 16-bit while a frame has at most 65,536 vertices and IndicesU32 is off, else
        /// 32-bit (read RenderOutput.IndexSize every frame).</summary>
        public bool AbsoluteIndices;
        /// <summary>ABI 1.8: the byte order of every packed color (RgbaBytes: R, G, B, A in memory).</summary>
        public ColorOrder ColorOrder;
        /// <summary>ABI 1.8: premultiplied alpha per atlas page (its pma flag); PremultipliedAlpha is then ignored.</summary>
        public bool PmaPerPage;

        internal Native.spn_render_options Raw
        {
            get
            {
                return new Native.spn_render_options
                {
                    size = (uint)Marshal.SizeOf(typeof(Native.spn_render_options)), premultiplied_alpha = PremultipliedAlpha ? 1u : 0u,
                    use_z = UseZ ? 1u : 0u, z_spacing = ZSpacing, indices_u32 = IndicesU32 ? 1u : 0u,
                    merge_colors = MergeColors ? 1u : 0u, layout = (uint)Layout, slot_indices = SlotIndices ? 1u : 0u,
                    absolute_indices = AbsoluteIndices ? 1u : 0u, color_order = (uint)ColorOrder, pma_per_page = PmaPerPage ? 1u : 0u,
                };
            }
        }
    }

    /// <summary>The buffers of one render: a struct of pointers and counts into the renderer's
    /// memory, valid until its next render (its own or a Crowd update), option change or
    /// disposal; after that IsValid is false and every accessor throws InvalidOperationException.
    /// Copy* methods copy one buffer into a caller-provided array (reuse it across frames) and
    /// return the number of elements.</summary>
    public partial struct RenderOutput
    {
        private readonly Renderer renderer;
        private readonly long serial;
        private readonly Native.spn_render_output raw;

        internal RenderOutput(Renderer renderer, long serial, Native.spn_render_output raw)
        {
            this.renderer = renderer;
            this.serial = serial;
            this.raw = raw;
        }

        public Native.spn_render_output Raw { get { return raw; } }
        public VertexLayout Layout { get { return (VertexLayout)raw.layout; } }
        public int VertexCount { get { return (int)raw.vertex_count; } }
        public int IndexCount { get { return (int)raw.index_count; } }
        public int RangeCount { get { return (int)raw.range_count; } }
        /// <summary>Floats per vertex in the positions (2, or 3 with z); 0 when interleaved.</summary>
        public int PositionStride { get { return (int)raw.position_stride; } }
        /// <summary>Bytes per index: 2 or 4.</summary>
        public int IndexSize { get { return (int)raw.index_size; } }
        /// <summary>Interleaved layout: bytes per vertex (Vertex or VertexZ); 0 when separate.</summary>
        public int VertexSize { get { return (int)raw.vertex_size; } }
        /// <summary>The library's render generation of these buffers.</summary>
        public ulong Generation { get { return raw.generation; } }
        public IntPtr Positions { get { CheckValid(); return raw.positions; } }
        public IntPtr Uvs { get { CheckValid(); return raw.uvs; } }
        public IntPtr Colors { get { CheckValid(); return raw.colors; } }
        public IntPtr DarkColors { get { CheckValid(); return raw.dark_colors; } }
        public IntPtr Indices { get { CheckValid(); return raw.indices; } }
        public IntPtr Vertices { get { CheckValid(); return raw.vertices; } }
        public IntPtr Ranges { get { CheckValid(); return raw.ranges; } }

        /// <summary>True until the renderer renders again, changes options or is disposed.</summary>
        public bool IsValid { get { return renderer != null && !renderer.IsDisposed && renderer.Serial == serial; } }

        private void CheckValid()
        {
            if (!IsValid) throw new InvalidOperationException("render output is stale: the renderer rendered again or was disposed");
        }

        private void CheckCopy(IntPtr source, int count, int capacity)
        {
            CheckValid();
            if (count > 0 && source == IntPtr.Zero) throw new InvalidOperationException("the layout does not use this buffer");
            if (capacity < count) throw new ArgumentException("destination holds " + capacity + " elements, need " + count);
        }

        private int CopyFloats(IntPtr source, int count, float[] destination)
        {
            CheckCopy(source, count, destination.Length);
            if (count > 0) Marshal.Copy(source, destination, 0, count);
            GC.KeepAlive(renderer);
            return count;
        }

        private int CopyInts(IntPtr source, int count, int[] destination)
        {
            CheckCopy(source, count, destination.Length);
            if (count > 0) Marshal.Copy(source, destination, 0, count);
            GC.KeepAlive(renderer);
            return count;
        }

        /// <summary>VertexCount × PositionStride floats.</summary>
        public int CopyPositions(float[] destination) { return CopyFloats(raw.positions, VertexCount * PositionStride, destination); }

        /// <summary>VertexCount × 2 floats.</summary>
        public int CopyUvs(float[] destination) { return CopyFloats(raw.uvs, VertexCount * 2, destination); }

        // uint[] and int[] (ushort[] and short[]) share a representation, and the runtime
        // allows the cast through object: one bulk Marshal.Copy.
        /// <summary>VertexCount packed colors (A&lt;&lt;24 | R&lt;&lt;16 | G&lt;&lt;8 | B).</summary>
        public int CopyColors(uint[] destination) { return CopyInts(raw.colors, VertexCount, (int[])(object)destination); }

        /// <summary>VertexCount packed dark colors.</summary>
        public int CopyDarkColors(uint[] destination) { return CopyInts(raw.dark_colors, VertexCount, (int[])(object)destination); }

        /// <summary>IndexCount 16-bit indices (IndexSize 2), relative to their range's first vertex.</summary>
        public int CopyIndices(ushort[] destination)
        {
            if (IndexSize != 2) throw new InvalidOperationException("indices are " + IndexSize + " bytes");
            CheckCopy(raw.indices, IndexCount, destination.Length);
            if (IndexCount > 0) Marshal.Copy(raw.indices, (short[])(object)destination, 0, IndexCount);
            GC.KeepAlive(renderer);
            return IndexCount;
        }

        /// <summary>IndexCount 32-bit indices (IndexSize 4).</summary>
        public int CopyIndices(uint[] destination)
        {
            if (IndexSize != 4) throw new InvalidOperationException("indices are " + IndexSize + " bytes");
            return CopyInts(raw.indices, IndexCount, (int[])(object)destination);
        }

        /// <summary>Interleaved layout without z: VertexCount records.</summary>
        public unsafe int CopyVertices(Vertex[] destination)
        {
            if (VertexSize != sizeof(Vertex)) throw new InvalidOperationException("vertices are " + VertexSize + " bytes, not Vertex");
            CheckCopy(raw.vertices, VertexCount, destination.Length);
            var source = (Vertex*)raw.vertices;
            for (int i = 0; i < VertexCount; i++) destination[i] = source[i];
            GC.KeepAlive(renderer);
            return VertexCount;
        }

        /// <summary>Interleaved layout with z: VertexCount records.</summary>
        public unsafe int CopyVertices(VertexZ[] destination)
        {
            if (VertexSize != sizeof(VertexZ)) throw new InvalidOperationException("vertices are " + VertexSize + " bytes, not VertexZ");
            CheckCopy(raw.vertices, VertexCount, destination.Length);
            var source = (VertexZ*)raw.vertices;
            for (int i = 0; i < VertexCount; i++) destination[i] = source[i];
            GC.KeepAlive(renderer);
            return VertexCount;
        }

        /// <summary>Draw range `index` (no allocation).</summary>
        public unsafe DrawRange GetRange(int index)
        {
            CheckValid();
            if ((uint)index >= raw.range_count) throw new ArgumentOutOfRangeException("index");
            DrawRange range = ((DrawRange*)raw.ranges)[index];
            GC.KeepAlive(renderer);
            return range;
        }

        /// <summary>Copies the draw ranges into `destination`; returns RangeCount.</summary>
        public unsafe int CopyRanges(DrawRange[] destination)
        {
            CheckCopy(raw.ranges, RangeCount, destination.Length);
            var source = (DrawRange*)raw.ranges;
            for (int i = 0; i < RangeCount; i++) destination[i] = source[i];
            GC.KeepAlive(renderer);
            return RangeCount;
        }

        /// <summary>The draw ranges as a new array (allocates; use CopyRanges per frame).</summary>
        public DrawRange[] GetRanges()
        {
            var ranges = new DrawRange[RangeCount];
            CopyRanges(ranges);
            return ranges;
        }
    }

    /// <summary>A renderer (owns one spn_renderer handle). Use from one thread at a time.</summary>
    public sealed partial class Renderer : NativeObject
    {
        private static readonly uint OutputSize = (uint)Marshal.SizeOf(typeof(Native.spn_render_output));
        private long serial;

        private Renderer(Native.spn_renderer handle) : base(handle.bits) { }

        public Native.spn_renderer Handle { get { return new Native.spn_renderer { bits = Bits }; } }

        internal long Serial { get { return Interlocked.Read(ref serial); } }

        /// <summary>Earlier outputs become invalid (a render made elsewhere, e.g. by a Crowd).</summary>
        internal void Invalidate() { Interlocked.Increment(ref serial); }

        protected override void DestroyHandle(ulong handle) { Native.spn_renderer_destroy(new Native.spn_renderer { bits = handle }); }

        /// <summary>A renderer with the default options (the reference runtime's output).</summary>
        public static Renderer Create()
        {
            Native.spn_renderer handle;
            Native.Check(Native.spn_renderer_create(IntPtr.Zero, out handle));
            return new Renderer(handle);
        }

        /// <summary>A renderer with `options`.</summary>
        public static Renderer Create(RenderOptions options)
        {
            Native.spn_renderer handle;
            var raw = options.Raw;
            Native.Check(Native.spn_renderer_create(ref raw, out handle));
            return new Renderer(handle);
        }

        /// <summary>The options; setting them invalidates earlier outputs.</summary>
        public RenderOptions Options
        {
            get
            {
                var o = new Native.spn_render_options { size = (uint)Marshal.SizeOf(typeof(Native.spn_render_options)) };
                Native.Check(Native.spn_renderer_options(Handle, ref o));
                return new RenderOptions
                {
                    PremultipliedAlpha = o.premultiplied_alpha != 0, UseZ = o.use_z != 0, ZSpacing = o.z_spacing,
                    IndicesU32 = o.indices_u32 != 0, MergeColors = o.merge_colors != 0, Layout = (VertexLayout)o.layout,
                    SlotIndices = o.slot_indices != 0, AbsoluteIndices = o.absolute_indices != 0,
                    ColorOrder = (ColorOrder)o.color_order, PmaPerPage = o.pma_per_page != 0,
                };
            }
            set
            {
                var raw = value.Raw;
                Invalidate();
                Native.Check(Native.spn_renderer_set_options(Handle, ref raw));
            }
        }

        /// <summary>Renders the skeleton's applied pose (after UpdateWorldTransform). Earlier
        /// outputs of this renderer become invalid. Allocates nothing.</summary>
        public RenderOutput Render(Skeleton skeleton)
        {
            var output = new Native.spn_render_output { size = OutputSize };
            Invalidate();
            Native.Check(Native.spn_renderer_render(Handle, skeleton.Handle, ref output));
            GC.KeepAlive(skeleton);
            return new RenderOutput(this, Serial, output);
        }

        /// <summary>The buffers of the last render (empty before the first).</summary>
        public RenderOutput GetOutput()
        {
            var output = new Native.spn_render_output { size = OutputSize };
            Native.Check(Native.spn_renderer_output(Handle, ref output));
            return new RenderOutput(this, Serial, output);
        }
    }

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
    public sealed partial class Bounds : NativeObject
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
    }

    /// <summary>Many skeletons (each with an optional state and renderer) advanced together
    /// across threads by Update (owns one spn_crowd handle; keeps its members alive).</summary>
    public sealed partial class Crowd : NativeObject
    {
        private readonly List<object> members = new List<object>();
        private readonly List<Renderer> renderers = new List<Renderer>();

        private Crowd(Native.spn_crowd handle) : base(handle.bits) { }

        public Native.spn_crowd Handle { get { return new Native.spn_crowd { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle) { Native.spn_crowd_destroy(new Native.spn_crowd { bits = handle }); }

        /// <summary>`threads` 0: one per available core.</summary>
        public static Crowd Create(uint threads = 0)
        {
            Native.spn_crowd handle;
            Native.Check(Native.spn_crowd_create(threads, out handle));
            return new Crowd(handle);
        }

        /// <summary>Adds a member (state and renderer may be null).</summary>
        public void Add(Skeleton skeleton, AnimationState state = null, Renderer renderer = null)
        {
            Native.Check(Native.spn_crowd_add(Handle, skeleton.Handle, state == null ? new Native.spn_animation_state() : state.Handle,
                                              renderer == null ? new Native.spn_renderer() : renderer.Handle));
            KeepMember(skeleton, state, renderer);
        }

        /// <summary>Keeps a new member's objects alive and its renderer known.</summary>
        private void KeepMember(Skeleton skeleton, AnimationState state, Renderer renderer)
        {
            members.Add(skeleton);
            if (state != null) members.Add(state);
            if (renderer != null) renderers.Add(renderer);
            memberRenderers.Add(renderer);
        }

        public void Clear()
        {
            Native.Check(Native.spn_crowd_clear(Handle));
            members.Clear();
            renderers.Clear();
            memberRenderers.Clear();
        }

        public int Count
        {
            get
            {
                uint n;
                Native.Check(Native.spn_crowd_count(Handle, out n));
                return (int)n;
            }
        }

        public void SetThreads(uint threads) { Native.Check(Native.spn_crowd_set_threads(Handle, threads)); }

        /// <summary>One frame for every member (state update/apply, skeleton update, world
        /// transforms, render); then read each renderer's GetOutput(). Allocates nothing.</summary>
        public void Update(double delta, Physics physics = Physics.Update)
        {
            for (int i = 0; i < renderers.Count; i++) renderers[i].Invalidate();
            Native.Check(Native.spn_crowd_update(Handle, delta, (uint)physics));
        }
    }
}
