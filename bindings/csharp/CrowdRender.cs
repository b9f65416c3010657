// CrowdRender.cs: the batched crowd render and member world offsets (ABI 1.5).
using System;

namespace SpineNative
{
    public sealed partial class Renderer
    {
        /// <summary>Renders every enabled member of `crowd` into this renderer's buffers (see
        /// Crowd.RenderBatched). Allocates nothing.</summary>
        internal RenderOutput RenderCrowd(Crowd crowd)
        {
            var output = new Native.spn_render_output { size = OutputSize };
            Invalidate();
            Native.Check(Native.spn_crowd_render_batched(crowd.Handle, Handle, ref output));
            return new RenderOutput(this, Serial, output);
        }
    }

    public sealed partial class Crowd
    {
        /// <summary>Member `member`'s world offset for RenderBatched (default 0, 0; ABI 1.5).</summary>
        public void SetOffset(uint member, float x, float y) { Native.Check(Native.spn_crowd_set_offset(Handle, member, x, y)); }

        public void GetOffset(uint member, out float x, out float y)
        {
            Native.Check(Native.spn_crowd_offset(Handle, member, out x, out y));
        }

        /// <summary>Renders every enabled member, in member order and moved by its offset, into
        /// one set of `renderer`'s buffers (ABI 1.5): draw ranges merge across members of the
        /// same atlas when page, blend and colors match (one draw call for a crowd of one
        /// character). The output is valid until the renderer's next render. Allocates
        /// nothing.</summary>
        public RenderOutput RenderBatched(Renderer renderer)
        {
            RenderOutput output = renderer.RenderCrowd(this);
            GC.KeepAlive(renderer);
            return output;
        }
    }
}
