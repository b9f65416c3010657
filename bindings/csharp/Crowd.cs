// Crowd.cs: the crowd object (spn_crowd_*): Crowd, many skeletons advanced together across
// threads (members by index or stable id, enabling, time scales, updates of all or a
// range) and their batched render with per-member world offsets.

using System;
using System.Collections.Generic;

namespace SpineNative
{
    /// <summary>Many skeletons (each with an optional state and renderer) advanced together
    /// across threads by Update (owns one spn_crowd handle; keeps its members alive).</summary>
    public sealed class Crowd : NativeObject
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

        /// <summary>Each member's renderer (null for none), in member order.</summary>
        private readonly System.Collections.Generic.List<Renderer> memberRenderers = new System.Collections.Generic.List<Renderer>();

        /// <summary>Adds a member and returns its stable id (ABI 1.8): it names the member until
        /// it is removed, whatever else is added or removed (IndexOf gives its index).</summary>
        public uint AddMember(Skeleton skeleton, AnimationState state = null, Renderer renderer = null)
        {
            uint id;
            Native.Check(Native.spn_crowd_add_member(Handle, skeleton.Handle, state == null ? new Native.spn_animation_state() : state.Handle,
                                                     renderer == null ? new Native.spn_renderer() : renderer.Handle, out id));
            KeepMember(skeleton, state, renderer);
            return id;
        }

        /// <summary>Removes the member with stable id `id`; the others keep theirs (ABI 1.8).</summary>
        public void RemoveMember(uint id)
        {
            uint index = IndexOf(id);
            Native.Check(Native.spn_crowd_remove_member(Handle, id));
            memberRenderers.RemoveAt((int)index);
        }

        /// <summary>The current index of the member with stable id `id` (ABI 1.8).</summary>
        public uint IndexOf(uint id)
        {
            uint index;
            Native.Check(Native.spn_crowd_member_index(Handle, id, out index));
            return index;
        }

        /// <summary>The stable id of the member at `index` (ABI 1.8).</summary>
        public uint MemberId(uint index)
        {
            uint id;
            Native.Check(Native.spn_crowd_member_id(Handle, index, out id));
            return id;
        }

        /// <summary>Removes member `member`; later members move down (ABI 1.4).</summary>
        public void Remove(uint member)
        {
            Native.Check(Native.spn_crowd_remove(Handle, member));
            memberRenderers.RemoveAt((int)member);
        }

        /// <summary>A disabled member is skipped by updates: not updated or rendered (ABI 1.4).</summary>
        public void SetEnabled(uint member, bool enabled) { Native.Check(Native.spn_crowd_set_enabled(Handle, member, enabled ? 1u : 0u)); }

        public bool IsEnabled(uint member)
        {
            uint e;
            Native.Check(Native.spn_crowd_enabled(Handle, member, out e));
            return e != 0;
        }

        /// <summary>Member `member` advances by delta * timeScale (ABI 1.4).</summary>
        public void SetTimeScale(uint member, double timeScale) { Native.Check(Native.spn_crowd_set_time_scale(Handle, member, timeScale)); }

        public double GetTimeScale(uint member)
        {
            double t;
            Native.Check(Native.spn_crowd_time_scale(Handle, member, out t));
            return t;
        }

        /// <summary>One frame for members [first, first + count) on this thread (ABI 1.4): the
        /// job-system entry point; threads may update disjoint ranges at once (an overlap
        /// throws Busy). Allocates nothing.</summary>
        public void UpdateRange(uint first, uint count, double delta, Physics physics = Physics.Update)
        {
            Native.Check(Native.spn_crowd_update_range(Handle, first, count, delta, (uint)physics));
            for (uint i = first; i < first + count && i < memberRenderers.Count; i++)
                if (memberRenderers[(int)i] != null) memberRenderers[(int)i].Invalidate();
        }

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
