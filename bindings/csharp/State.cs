// State.cs: the animation state beyond the basic playback calls: entries by index, empty
// animations, track control, entry links, and allocation-free event polling.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public sealed partial class AnimationStateData
    {
        /// <summary>Sets the mix duration from animation index `from` to `to`.</summary>
        public void SetMix(uint from, uint to, double duration)
        {
            Native.Check(Native.spn_animation_state_data_set_mix(Handle, from, to, duration));
        }

        /// <summary>Forgets every pair-specific mix duration.</summary>
        public void ClearMixes() { Native.Check(Native.spn_animation_state_data_clear_mixes(Handle)); }
    }

    public partial struct TrackEntry
    {
        public double AnimationTime
        {
            get
            {
                double t;
                Native.Check(Native.spn_track_entry_animation_time(Raw, out t));
                return t;
            }
        }

        public bool IsComplete
        {
            get
            {
                uint c;
                Native.Check(Native.spn_track_entry_is_complete(Raw, out c));
                return c != 0;
            }
        }

        /// <summary>The reference's setMixDuration(mixDuration, delay): also recomputes the delay.</summary>
        public void SetMixDuration(double mixDuration, double delay)
        {
            Native.Check(Native.spn_track_entry_set_mix_duration(Raw, mixDuration, delay));
        }

        public Interpolation MixInterpolation
        {
            get { return (Interpolation)(uint)Get(EntryField.MixInterpolation); }
            set { Set(EntryField.MixInterpolation, (uint)value); }
        }

        /// <summary>The linked entry (IsNull when there is none).</summary>
        public TrackEntry GetLink(EntryLink link)
        {
            Native.spn_track_entry other;
            Native.Check(Native.spn_track_entry_link(Raw, (uint)link, out other));
            return new TrackEntry(other);
        }

        public TrackEntry Next { get { return GetLink(EntryLink.Next); } }
        public TrackEntry MixingFrom { get { return GetLink(EntryLink.MixingFrom); } }

        public void ResetRotationDirections() { Native.Check(Native.spn_track_entry_reset_rotation_directions(Raw)); }
    }

    /// <summary>One polled callback, read in place from the library's array. Valid until the
    /// state's next poll, update, apply, set/add/clear call or disposal. Reading it allocates
    /// nothing once warm: names and string values are cached per event by the state.</summary>
    public struct EventRecord
    {
        private readonly AnimationState state;
        private readonly Native.spn_event raw;

        internal EventRecord(AnimationState state, Native.spn_event raw)
        {
            this.state = state;
            this.raw = raw;
        }

        public Native.spn_event Raw { get { return raw; } }
        public EventType Type { get { return (EventType)raw.kind; } }
        public uint Track { get { return raw.track; } }
        /// <summary>Stale for Dispose records and after them.</summary>
        public TrackEntry Entry { get { return new TrackEntry(raw.entry); } }
        /// <summary>Animation index, -1 for the empty animation.</summary>
        public int Animation { get { return raw.animation; } }
        /// <summary>EventType.Event: the event data index; else -1.</summary>
        public int EventIndex { get { return raw.@event; } }
        public float Time { get { return raw.time; } }
        public int IntValue { get { return raw.int_value; } }
        public float FloatValue { get { return raw.float_value; } }
        public float Volume { get { return raw.volume; } }
        public float Balance { get { return raw.balance; } }
        /// <summary>EventType.Event: the event's name (cached); else null.</summary>
        public string Name { get { return state.CachedName(raw.@event, raw.name); } }
        /// <summary>EventType.Event: the key's string value (cached while it repeats); else null.</summary>
        public string StringValue { get { return state.CachedString(raw.@event, raw.string_value); } }

        /// <summary>A copy that outlives the poll (allocates the strings).</summary>
        public Event ToEvent()
        {
            return new Event
            {
                Type = Type, Track = Track, Entry = Entry, Animation = Animation, EventIndex = EventIndex, Time = Time,
                IntValue = IntValue, FloatValue = FloatValue, Volume = Volume, Balance = Balance, Name = Name, StringValue = StringValue,
            };
        }
    }

    /// <summary>The callbacks of one poll: a view over the library's array (a struct: polling
    /// allocates nothing). Index it or iterate with foreach.</summary>
    public struct Events
    {
        private readonly AnimationState state;
        private readonly IntPtr records;
        private readonly int count;

        internal Events(AnimationState state, IntPtr records, int count)
        {
            this.state = state;
            this.records = records;
            this.count = count;
        }

        public int Count { get { return count; } }

        public unsafe EventRecord this[int index]
        {
            get
            {
                if ((uint)index >= (uint)count) throw new ArgumentOutOfRangeException("index");
                return new EventRecord(state, ((Native.spn_event*)records)[index]);
            }
        }

        public Enumerator GetEnumerator() { return new Enumerator(this); }

        /// <summary>A struct enumerator (foreach allocates nothing).</summary>
        public struct Enumerator
        {
            private readonly Events events;
            private int index;

            internal Enumerator(Events events)
            {
                this.events = events;
                index = -1;
            }

            public bool MoveNext() { return ++index < events.count; }
            public EventRecord Current { get { return events[index]; } }
        }
    }

    /// <summary>Handler of AnimationState.EventRaised (on the thread that calls DispatchEvents).</summary>
    public delegate void SpineEventHandler(AnimationState state, EventRecord record);

    public sealed partial class AnimationState
    {
        private string[] nameCache = new string[0];
        private string[] stringCache = new string[0];
        private byte[][] stringBytes = new byte[0][];

        /// <summary>Raised by DispatchEvents for each polled record, on the calling thread.</summary>
        public event SpineEventHandler EventRaised;

        /// <summary>By animation index.</summary>
        public TrackEntry SetAnimation(uint track, uint animation, bool loop)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_set_animation(Handle, track, animation, loop ? 1u : 0u, out entry));
            return new TrackEntry(entry);
        }

        public TrackEntry AddAnimation(uint track, uint animation, bool loop, double delay = 0)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_add_animation(Handle, track, animation, loop ? 1u : 0u, delay, out entry));
            return new TrackEntry(entry);
        }

        public TrackEntry SetEmptyAnimation(uint track, double mixDuration)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_set_empty_animation(Handle, track, mixDuration, out entry));
            return new TrackEntry(entry);
        }

        public TrackEntry AddEmptyAnimation(uint track, double mixDuration, double delay = 0)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_add_empty_animation(Handle, track, mixDuration, delay, out entry));
            return new TrackEntry(entry);
        }

        public void SetEmptyAnimations(double mixDuration) { Native.Check(Native.spn_animation_state_set_empty_animations(Handle, mixDuration)); }

        public void ClearTrack(uint track) { Native.Check(Native.spn_animation_state_clear_track(Handle, track)); }

        /// <summary>Number of tracks that ever had entries.</summary>
        public uint TrackCount
        {
            get
            {
                uint n;
                Native.Check(Native.spn_animation_state_track_count(Handle, out n));
                return n;
            }
        }

        /// <summary>Discards the queued callbacks without reading them.</summary>
        public void ClearEvents() { Native.Check(Native.spn_animation_state_clear_events(Handle)); }

        /// <summary>Polls the callbacks queued since the last poll as a view over the library's
        /// array: no managed allocation once the name caches are warm.</summary>
        public Events Poll()
        {
            IntPtr records;
            uint count;
            Native.Check(Native.spn_animation_state_events(Handle, (uint)EventSize, out records, out count));
            return new Events(this, records, (int)count);
        }

        /// <summary>Polls and raises EventRaised for every record, in order, on this thread;
        /// returns the number of records.</summary>
        public int DispatchEvents()
        {
            Events events = Poll();
            SpineEventHandler handler = EventRaised;
            if (handler != null)
                foreach (EventRecord record in events) handler(this, record);
            GC.KeepAlive(this);
            return events.Count;
        }

        internal string CachedName(int index, IntPtr name)
        {
            if (name == IntPtr.Zero) return null;
            if (index < 0) return Native.FromUtf8(name);
            if (index >= nameCache.Length) Grow(index + 1);
            return nameCache[index] ?? (nameCache[index] = Native.FromUtf8(name));
        }

        internal unsafe string CachedString(int index, IntPtr text)
        {
            if (text == IntPtr.Zero) return null;
            if (index < 0) return Native.FromUtf8(text);
            if (index >= stringCache.Length) Grow(index + 1);
            byte* p = (byte*)text;
            int length = 0;
            while (p[length] != 0) length++;
            byte[] cached = stringBytes[index];
            if (cached != null && cached.Length == length)
            {
                int i = 0;
                while (i < length && cached[i] == p[i]) i++;
                if (i == length) return stringCache[index];
            }
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            stringBytes[index] = bytes;
            return stringCache[index] = System.Text.Encoding.UTF8.GetString(bytes);
        }

        private void Grow(int size)
        {
            Array.Resize(ref nameCache, size);
            Array.Resize(ref stringCache, size);
            Array.Resize(ref stringBytes, size);
        }
    }
}
