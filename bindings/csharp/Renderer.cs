// Renderer.cs: the renderer object (spn_renderer_*): Renderer (render, render one span of
// the draw order, separator slots that end draw ranges, options, GPU-mode frames) and
// RenderOutput (a struct of views over the renderer's buffers, with copy-into-caller-array
// helpers, the ranges' draw-order spans and the per-vertex slot stream); their records
// RenderOptions, VertexLayout, ColorOrder, DrawRange, DrawRangeInfo, Vertex, VertexZ,
// CpuReason, GpuDraw, GpuCoverage and GpuOutput (a GPU-mode frame read in place). Nothing
// here allocates managed memory per frame: Render and RenderGpu return structs, the Copy* methods fill
// arrays the caller reuses (e.g. for Unity Mesh.SetVertices / Godot ArrayMesh), and the
// unsafe pointer properties give direct access for NativeArray-style uploads.

using System;
using System.Runtime.InteropServices;
using System.Threading;

namespace SpineNative
{
    /// <summary>spn_vertex_layout.</summary>
    public enum VertexLayout : uint { Separate = 0, Interleaved = 1 }

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

    /// <summary>One draw call of a render (spn_draw_range): IndexCount indices from FirstIndex,
    /// relative to vertex FirstVertex (a base vertex), with atlas page Page and blend mode Blend.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct DrawRange
    {
        public uint FirstIndex, IndexCount, FirstVertex, VertexCount, Page, Blend, Color, DarkColor;
    }

    /// <summary>The draw-order span a draw range covers (spn_draw_range_info, ABI 1.4):
    /// positions FirstDraw..LastDraw (inclusive) of the applied draw order and the slots there.</summary>
    public struct DrawRangeInfo
    {
        public uint FirstDraw, LastDraw, FirstSlot, LastSlot;
        /// <summary>The caller-set texture id of the range's page (Atlas.SetPageTexture; 0 unset).</summary>
        public ulong TextureId;
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

    /// <summary>Why a GPU-mode draw stays on the CPU (spn_cpu_reason).</summary>
    public enum CpuReason : uint { None = 0, Clipped = 1, Deformed = 2, Ineligible = 3, Runtime = 4 }

    /// <summary>One drawn attachment of a GPU-mode frame (spn_gpu_draw): a static block, or
    /// (Block == GpuDraw.NoBlock) a run of the frame's CPU vertices.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuDraw
    {
        public const uint NoBlock = 0xFFFFFFFFu;
        public uint Block, FirstVertex, VertexCount, FirstIndex, IndexCount, Page, Blend, Color, DarkColor, Draw, Slot;
        public CpuReason CpuReason;
        public ulong TextureId;
    }

    /// <summary>How much of a frame skins on the GPU (spn_gpu_coverage).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct GpuCoverage
    {
        public uint GpuDraws, CpuDraws, GpuVertices, CpuVertices, ClippedDraws, DeformedDraws, IneligibleDraws, RuntimeDraws;
    }

    /// <summary>One GPU-mode frame (spn_gpu_output), read in place: a struct of pointers and
    /// counts into the renderer's memory, valid until its next render (of either mode, or a
    /// Crowd update), option change or disposal; after that IsValid is false and every
    /// accessor throws InvalidOperationException. Palette: BoneCount × 6 floats (a, c, b, d,
    /// x, y per bone); Draws: DrawCount GpuDraw records in draw order; CpuPositions/CpuUvs:
    /// CpuVertexCount × 2 floats; CpuIndices: CpuIndexCount 16-bit indices relative to their
    /// draw's FirstVertex. The IntPtr properties give the addresses for uploads; Get* read one
    /// element; Copy* copy a buffer into a caller-provided array (reuse it across frames) and
    /// return the number of elements. Nothing here allocates.</summary>
    public struct GpuOutput
    {
        private readonly Renderer renderer;
        private readonly long serial;
        private readonly Native.spn_gpu_output raw;

        internal GpuOutput(Renderer renderer, long serial, Native.spn_gpu_output raw)
        {
            this.renderer = renderer;
            this.serial = serial;
            this.raw = raw;
        }

        public Native.spn_gpu_output Raw { get { return raw; } }
        public int BoneCount { get { return (int)raw.bone_count; } }
        public int DrawCount { get { return (int)raw.draw_count; } }
        public int CpuVertexCount { get { return (int)raw.cpu_vertex_count; } }
        public int CpuIndexCount { get { return (int)raw.cpu_index_count; } }
        public GpuCoverage Coverage { get { return raw.coverage; } }
        /// <summary>The renderer's render generation after this render.</summary>
        public ulong Generation { get { return raw.generation; } }

        /// <summary>True until the renderer renders again, changes options or is disposed.</summary>
        public bool IsValid { get { return renderer != null && !renderer.IsDisposed && renderer.Serial == serial; } }

        private void CheckValid()
        {
            if (!IsValid) throw new InvalidOperationException("GPU output is stale: the renderer rendered again, changed options or was disposed");
        }

        public IntPtr Palette { get { CheckValid(); return raw.palette; } }
        public IntPtr Draws { get { CheckValid(); return raw.draws; } }
        public IntPtr CpuPositions { get { CheckValid(); return raw.cpu_positions; } }
        public IntPtr CpuUvs { get { CheckValid(); return raw.cpu_uvs; } }
        public IntPtr CpuIndices { get { CheckValid(); return raw.cpu_indices; } }

        private void CheckIndex(int index, int count, string what)
        {
            CheckValid();
            if (index < 0 || index >= count) throw new ArgumentOutOfRangeException("index", what + " " + index + " of " + count);
        }

        /// <summary>Draw `index` in draw order.</summary>
        public unsafe GpuDraw GetDraw(int index)
        {
            CheckIndex(index, DrawCount, "draw");
            GpuDraw d = ((GpuDraw*)raw.draws)[index];
            GC.KeepAlive(renderer);
            return d;
        }

        /// <summary>Palette float `index` (bone index / 6; a, c, b, d, x, y).</summary>
        public unsafe float GetPalette(int index)
        {
            CheckIndex(index, BoneCount * 6, "palette float");
            float f = ((float*)raw.palette)[index];
            GC.KeepAlive(renderer);
            return f;
        }

        /// <summary>CPU position float `index` (x, y per CPU vertex).</summary>
        public unsafe float GetCpuPosition(int index)
        {
            CheckIndex(index, CpuVertexCount * 2, "CPU position float");
            float f = ((float*)raw.cpu_positions)[index];
            GC.KeepAlive(renderer);
            return f;
        }

        /// <summary>CPU uv float `index` (u, v per CPU vertex).</summary>
        public unsafe float GetCpuUv(int index)
        {
            CheckIndex(index, CpuVertexCount * 2, "CPU uv float");
            float f = ((float*)raw.cpu_uvs)[index];
            GC.KeepAlive(renderer);
            return f;
        }

        /// <summary>CPU index `index` (relative to its draw's FirstVertex).</summary>
        public unsafe ushort GetCpuIndex(int index)
        {
            CheckIndex(index, CpuIndexCount, "CPU index");
            ushort i = ((ushort*)raw.cpu_indices)[index];
            GC.KeepAlive(renderer);
            return i;
        }

        private void CheckCopy(int count, int capacity)
        {
            CheckValid();
            if (capacity < count) throw new ArgumentException("destination holds " + capacity + " elements, need " + count);
        }

        private int CopyFloats(IntPtr source, int count, float[] destination)
        {
            CheckCopy(count, destination.Length);
            if (count > 0) Marshal.Copy(source, destination, 0, count);
            GC.KeepAlive(renderer);
            return count;
        }

        /// <summary>BoneCount × 6 floats.</summary>
        public int CopyPalette(float[] destination) { return CopyFloats(raw.palette, BoneCount * 6, destination); }
        /// <summary>CpuVertexCount × 2 floats.</summary>
        public int CopyCpuPositions(float[] destination) { return CopyFloats(raw.cpu_positions, CpuVertexCount * 2, destination); }
        /// <summary>CpuVertexCount × 2 floats.</summary>
        public int CopyCpuUvs(float[] destination) { return CopyFloats(raw.cpu_uvs, CpuVertexCount * 2, destination); }

        /// <summary>CpuIndexCount indices.</summary>
        public unsafe int CopyCpuIndices(ushort[] destination)
        {
            int count = CpuIndexCount;
            CheckCopy(count, destination.Length);
            ushort* source = (ushort*)raw.cpu_indices;
            for (int i = 0; i < count; i++) destination[i] = source[i];
            GC.KeepAlive(renderer);
            return count;
        }

        /// <summary>DrawCount draws.</summary>
        public unsafe int CopyDraws(GpuDraw[] destination)
        {
            int count = DrawCount;
            CheckCopy(count, destination.Length);
            GpuDraw* source = (GpuDraw*)raw.draws;
            for (int i = 0; i < count; i++) destination[i] = source[i];
            GC.KeepAlive(renderer);
            return count;
        }
    }

    /// <summary>The buffers of one render: a struct of pointers and counts into the renderer's
    /// memory, valid until its next render (its own or a Crowd update), option change or
    /// disposal; after that IsValid is false and every accessor throws InvalidOperationException.
    /// Copy* methods copy one buffer into a caller-provided array (reuse it across frames) and
    /// return the number of elements.</summary>
    public struct RenderOutput
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

        /// <summary>Range info `index` (no allocation).</summary>
        public unsafe DrawRangeInfo GetRangeInfo(int index)
        {
            CheckValid();
            if ((uint)index >= raw.range_count || raw.range_infos == IntPtr.Zero) throw new ArgumentOutOfRangeException("index");
            var info = ((Native.spn_draw_range_info*)raw.range_infos)[index];
            GC.KeepAlive(renderer);
            return new DrawRangeInfo { FirstDraw = info.first_draw, LastDraw = info.last_draw, FirstSlot = info.first_slot, LastSlot = info.last_slot, TextureId = info.texture_id };
        }

        /// <summary>A range that ends at no separator slot (GetRangeSeparator; SPN_NO_SEPARATOR).</summary>
        public const uint NoSeparator = 0xFFFFFFFFu;

        /// <summary>The separator slot range `index` ends at (ABI 1.8): the first separator slot
        /// from its last attachment up to the next range's first; NoSeparator when none (no
        /// allocation).</summary>
        public unsafe uint GetRangeSeparator(int index)
        {
            CheckValid();
            if ((uint)index >= raw.range_count || raw.range_separators == IntPtr.Zero) throw new ArgumentOutOfRangeException("index");
            uint slot = ((uint*)raw.range_separators)[index];
            GC.KeepAlive(renderer);
            return slot;
        }

        /// <summary>True when the indices are relative to the whole vertex buffer (the AbsoluteIndices option, ABI 1.8).</summary>
        public bool AbsoluteIndices { get { CheckValid(); return raw.absolute_indices != 0; } }

        /// <summary>True when the output has a slot stream (the SlotIndices option).</summary>
        public bool HasSlots { get { return raw.slots != IntPtr.Zero; } }

        /// <summary>VertexCount slot indices (the SlotIndices option): the slot each vertex came from.</summary>
        public int CopySlots(uint[] destination) { return CopyInts(raw.slots, VertexCount, (int[])(object)destination); }
    }

    /// <summary>A renderer (owns one spn_renderer handle). Use from one thread at a time.</summary>
    public sealed class Renderer : NativeObject
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

        /// <summary>Separator slots (ABI 1.4): the attachment drawn after one of the first `count`
        /// slots of `slots` starts a new draw range. Count 0 removes them; they stay through
        /// option changes.</summary>
        public void SetSeparatorSlots(uint[] slots, int count)
        {
            if (count < 0 || (slots == null ? count != 0 : count > slots.Length)) throw new ArgumentOutOfRangeException("count");
            Native.Check(Native.spn_renderer_set_separator_slots(Handle, count == 0 ? null : slots, (uint)count));
        }

        /// <summary>Renders only positions first..last (inclusive) of the applied draw order
        /// (ABI 1.4). Earlier outputs become invalid. Allocates nothing.</summary>
        public RenderOutput RenderSlots(Skeleton skeleton, uint first, uint last)
        {
            var output = new Native.spn_render_output { size = (uint)System.Runtime.InteropServices.Marshal.SizeOf(typeof(Native.spn_render_output)) };
            Invalidate();
            Native.Check(Native.spn_renderer_render_slots(Handle, skeleton.Handle, first, last, ref output));
            GC.KeepAlive(skeleton);
            return new RenderOutput(this, Serial, output);
        }

        /// <summary>Renders every enabled member of `crowd` into this renderer's buffers (see
        /// Crowd.RenderBatched). Allocates nothing.</summary>
        internal RenderOutput RenderCrowd(Crowd crowd)
        {
            var output = new Native.spn_render_output { size = OutputSize };
            Invalidate();
            Native.Check(Native.spn_crowd_render_batched(crowd.Handle, Handle, ref output));
            return new RenderOutput(this, Serial, output);
        }

        private static readonly uint GpuOutputSize = (uint)Marshal.SizeOf(typeof(Native.spn_gpu_output));

        /// <summary>Renders the skeleton's applied pose for GPU skinning (ABI 1.9): the bone
        /// palette, the draws in draw order (a static block of SkeletonData.GetGpuStreams, or
        /// Block == GpuDraw.NoBlock: a run of the frame's CPU vertices) and the coverage, read in
        /// place (see GpuOutput). The renderer's color options apply; earlier outputs of this
        /// renderer (of either mode) become invalid. Allocates nothing.</summary>
        public GpuOutput RenderGpu(Skeleton skeleton)
        {
            var raw = new Native.spn_gpu_output { size = GpuOutputSize };
            Invalidate();
            Native.Check(Native.spn_renderer_render_gpu(Handle, skeleton.Handle, ref raw));
            GC.KeepAlive(skeleton);
            return new GpuOutput(this, Serial, raw);
        }
    }
}
