// Separation.cs: render separation (ABI 1.4): separator slots that end draw ranges, renders
// of one span of the draw order, the ranges' draw-order spans and the per-vertex slot
// stream. Nothing here allocates per frame (the Copy* methods fill caller arrays).
using System;

namespace SpineNative
{
    /// <summary>The draw-order span a draw range covers (spn_draw_range_info, ABI 1.4):
    /// positions FirstDraw..LastDraw (inclusive) of the applied draw order and the slots there.</summary>
    public struct DrawRangeInfo
    {
        public uint FirstDraw, LastDraw, FirstSlot, LastSlot;
        /// <summary>The caller-set texture id of the range's page (Atlas.SetPageTexture; 0 unset).</summary>
        public ulong TextureId;
    }

    public partial struct RenderOutput
    {
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

    public sealed partial class Renderer
    {
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
    }
}
