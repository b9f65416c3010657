// AnimationState.cs: the animation state objects (spn_animation_state_data_*,
// spn_animation_state_*, spn_track_entry_*): AnimationStateData (mix durations),
// AnimationState (animations by name or index, empty animations, track control, update and
// apply, allocation-free event polling) and TrackEntry (fields, links); their enums and
// records EventType, EntryField, EntryLink, Interpolation, Event, EventRecord and Events.

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace SpineNative
{
    /// <summary>spn_event_type: what a polled event record reports.</summary>
    public enum EventType : uint
    {
        Start = 0,
        Interrupt = 1,
        End = 2,
        Dispose = 3,
        Complete = 4,
        Event = 5,
    }

    /// <summary>spn_entry_field: a field of a track entry (values are doubles).</summary>
    public enum EntryField : uint
    {
        Loop = 0, Additive = 1, Reverse = 2, ShortestRotation = 3, Alpha = 4, TimeScale = 5,
        TrackTime = 6, TrackEnd = 7, Delay = 8, AnimationStart = 9, AnimationEnd = 10,
        AnimationLast = 11, MixTime = 12, MixDuration = 13, MixInterpolation = 14,
        EventThreshold = 15, MixAttachmentThreshold = 16, AlphaAttachmentThreshold = 17,
        MixDrawOrderThreshold = 18, TrackIndex = 19, Animation = 20, AnimationTime = 21,
        IsComplete = 22, TrackComplete = 23, TrackLast = 24, WasApplied = 25,
        IsEmptyAnimation = 26, IsNextReady = 27, Mix = 28, TotalAlpha = 29,
    }

    /// <summary>spn_entry_link.</summary>
    public enum EntryLink : uint { Next = 0, Previous = 1, MixingFrom = 2, MixingTo = 3 }

    /// <summary>spn_interpolation: how a mix percentage is shaped.</summary>
    public enum Interpolation : uint { Linear = 0, Smooth = 1, SlowFast = 2, FastSlow = 3, Circle = 4 }

    /// <summary>Mix durations between animations (owns one spn_animation_state_data handle). Any thread.</summary>
    public sealed class AnimationStateData : NativeObject
    {
        private AnimationStateData(Native.spn_animation_state_data handle) : base(handle.bits) { }

        public Native.spn_animation_state_data Handle { get { return new Native.spn_animation_state_data { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle)
        {
            Native.spn_animation_state_data_destroy(new Native.spn_animation_state_data { bits = handle });
        }

        public static AnimationStateData Create(SkeletonData data)
        {
            Native.spn_animation_state_data handle;
            Native.Check(Native.spn_animation_state_data_create(data.Handle, out handle));
            GC.KeepAlive(data);
            return new AnimationStateData(handle);
        }

        /// <summary>Mix duration (seconds) used when no pair-specific one is set.</summary>
        public double DefaultMix
        {
            get
            {
                double d;
                Native.Check(Native.spn_animation_state_data_default_mix(Handle, out d));
                return d;
            }
            set { Native.Check(Native.spn_animation_state_data_set_default_mix(Handle, value)); }
        }

        /// <summary>Sets the mix duration from animation `from` to `to` (names; SpineException
        /// NotFound if either is unknown).</summary>
        public void SetMix(string from, string to, double duration)
        {
            Native.Check(Native.spn_animation_state_data_set_mix_by_name(Handle, Native.ToUtf8(from), Native.ToUtf8(to), duration));
        }

        /// <summary>Mix duration from animation index `from` to `to` (-1: the empty animation).</summary>
        public double GetMix(int from, int to)
        {
            double d;
            Native.Check(Native.spn_animation_state_data_mix(Handle, from, to, out d));
            return d;
        }

        /// <summary>Sets the mix duration from animation index `from` to `to`.</summary>
        public void SetMix(uint from, uint to, double duration)
        {
            Native.Check(Native.spn_animation_state_data_set_mix(Handle, from, to, duration));
        }

        /// <summary>Forgets every pair-specific mix duration.</summary>
        public void ClearMixes() { Native.Check(Native.spn_animation_state_data_clear_mixes(Handle)); }
    }

    /// <summary>A track entry of an AnimationState: a plain value (not owned). Once the entry is
    /// disposed or its state disposed, every call throws SpineException StaleHandle.</summary>
    public struct TrackEntry
    {
        public Native.spn_track_entry Raw;

        public TrackEntry(Native.spn_track_entry raw) { Raw = raw; }

        /// <summary>True for the null entry (an empty track).</summary>
        public bool IsNull { get { return Raw.state == 0; } }

        public double Get(EntryField field)
        {
            double v;
            Native.Check(Native.spn_track_entry_get(Raw, (uint)field, out v));
            return v;
        }

        public void Set(EntryField field, double value) { Native.Check(Native.spn_track_entry_set(Raw, (uint)field, value)); }

        public double Alpha { get { return Get(EntryField.Alpha); } set { Set(EntryField.Alpha, value); } }
        public double TimeScale { get { return Get(EntryField.TimeScale); } set { Set(EntryField.TimeScale, value); } }
        public double TrackTime { get { return Get(EntryField.TrackTime); } set { Set(EntryField.TrackTime, value); } }

        /// <summary>Animation index, -1 for the empty animation.</summary>
        public int Animation
        {
            get
            {
                int a;
                Native.Check(Native.spn_track_entry_animation(Raw, out a));
                return a;
            }
        }

        public uint TrackIndex
        {
            get
            {
                uint t;
                Native.Check(Native.spn_track_entry_track_index(Raw, out t));
                return t;
            }
        }

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

    /// <summary>One polled callback of an AnimationState (strings copied).</summary>
    public struct Event
    {
        public EventType Type;
        public uint Track;
        /// <summary>Stale for Dispose records and after them.</summary>
        public TrackEntry Entry;
        /// <summary>Animation index, -1 for the empty animation.</summary>
        public int Animation;
        /// <summary>EventType.Event: the event data index; else -1.</summary>
        public int EventIndex;
        /// <summary>EventType.Event: key time and values (else 0).</summary>
        public float Time;
        public int IntValue;
        public float FloatValue;
        public float Volume;
        public float Balance;
        /// <summary>EventType.Event: the event's name; else null.</summary>
        public string Name;
        /// <summary>EventType.Event: the key's string value; else null.</summary>
        public string StringValue;
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

    /// <summary>An animation state (owns one spn_animation_state handle). Use from one thread at a time.</summary>
    public sealed class AnimationState : NativeObject
    {
        private static readonly int EventSize = Marshal.SizeOf(typeof(Native.spn_event));

        private AnimationState(Native.spn_animation_state handle) : base(handle.bits) { }

        public Native.spn_animation_state Handle { get { return new Native.spn_animation_state { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle)
        {
            Native.spn_animation_state_destroy(new Native.spn_animation_state { bits = handle });
        }

        /// <summary>A state following the mixes of `stateData` (it keeps them alive).</summary>
        public static AnimationState Create(AnimationStateData stateData)
        {
            Native.spn_animation_state handle;
            Native.Check(Native.spn_animation_state_create(stateData.Handle, out handle));
            GC.KeepAlive(stateData);
            return new AnimationState(handle);
        }

        /// <summary>Plays animation `name` on `track` now (SpineException NotFound if there is none).</summary>
        public TrackEntry SetAnimation(uint track, string name, bool loop)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_set_animation_by_name(Handle, track, Native.ToUtf8(name), loop ? 1u : 0u, out entry));
            return new TrackEntry(entry);
        }

        /// <summary>Queues animation `name` after the track's last entry (`delay` as
        /// spn_animation_state_add_animation).</summary>
        public TrackEntry AddAnimation(uint track, string name, bool loop, double delay = 0)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_add_animation_by_name(Handle, track, Native.ToUtf8(name), loop ? 1u : 0u, delay, out entry));
            return new TrackEntry(entry);
        }

        /// <summary>The entry playing on `track` (IsNull when the track is empty).</summary>
        public TrackEntry GetCurrent(uint track)
        {
            Native.spn_track_entry entry;
            Native.Check(Native.spn_animation_state_current(Handle, track, out entry));
            return new TrackEntry(entry);
        }

        public void Update(double delta) { Native.Check(Native.spn_animation_state_update(Handle, delta)); }

        public void Apply(Skeleton skeleton)
        {
            Native.Check(Native.spn_animation_state_apply(Handle, skeleton.Handle));
            GC.KeepAlive(skeleton);
        }

        public double TimeScale
        {
            get
            {
                double s;
                Native.Check(Native.spn_animation_state_time_scale(Handle, out s));
                return s;
            }
            set { Native.Check(Native.spn_animation_state_set_time_scale(Handle, value)); }
        }

        public void ClearTracks() { Native.Check(Native.spn_animation_state_clear_tracks(Handle)); }

        /// <summary>Polls (and removes) the callbacks queued since the last poll, in delivery order.</summary>
        public Event[] PollEvents()
        {
            IntPtr records;
            uint count;
            Native.Check(Native.spn_animation_state_events(Handle, (uint)EventSize, out records, out count));
            var events = new Event[count];
            for (int i = 0; i < events.Length; i++)
            {
                var r = (Native.spn_event)Marshal.PtrToStructure(new IntPtr(records.ToInt64() + (long)i * EventSize), typeof(Native.spn_event));
                events[i] = new Event
                {
                    Type = (EventType)r.kind, Track = r.track, Entry = new TrackEntry(r.entry), Animation = r.animation,
                    EventIndex = r.@event, Time = r.time, IntValue = r.int_value, FloatValue = r.float_value,
                    Volume = r.volume, Balance = r.balance,
                    Name = Native.FromUtf8(r.name), StringValue = Native.FromUtf8(r.string_value),
                };
            }
            GC.KeepAlive(this);  // the records belong to the state: copy them before the finalizer may run
            return events;
        }

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
