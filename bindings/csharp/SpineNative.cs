// SpineNative.cs: thin C# (P/Invoke) wrapper of the spine_native C ABI (spine_native.h).
//
// - Every failing C call throws SpineException carrying the status, the load error kind and
//   the library's message (read on the calling thread right after the call).
// - Atlas and SkeletonData own one 64-bit handle each. They are IDisposable with a
//   finalizer rather than SafeHandle subclasses: the ABI's handles are 64-bit value
//   structs, not pointers, so a SafeHandle (whose IntPtr is 32 bits in a 32-bit process)
//   could only carry them by punning the struct as a pointer-sized integer. The library's
//   handles are generation-checked, which already gives what SafeHandle's reference
//   counting protects against (a recycled handle value reaching the wrong object): a
//   destroyed or stale handle is reported, never undefined behaviour. Each method keeps
//   its object alive (GC.KeepAlive) until it has copied what it read, so the finalizer
//   cannot destroy the handle while a returned string pointer is still being read.
// - Skeleton, AnimationStateData, AnimationState and Renderer follow the same pattern
//   (NativeObject). TrackEntry is a plain struct: calls on a disposed entry, or after its
//   state is disposed, throw SpineException with Status.StaleHandle. Polled events are
//   copied into Event structs. Render output exposes the renderer's buffers as IntPtr plus
//   counts, and copies each into a caller-provided array with one Marshal.Copy.
// - A disposed object holds the zero handle; calling it throws SpineException with
//   Status.NullArgument (reported by the library, not checked here).
// - Strings are marshaled by hand as UTF-8 (no reliance on Marshal.PtrToStringUTF8 or on
//   the platform's default string marshaling).
//
// The native library is found as "spine_native" (libspine_native.so on Linux): put its
// folder on LD_LIBRARY_PATH, or map it with a <dllmap> in a .config file under Mono.
using System;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace SpineNative
{
    /// <summary>spn_status.</summary>
    public enum Status
    {
        Ok = 0,
        NullArgument = 1,
        StaleHandle = 2,
        WrongType = 3,
        OutOfRange = 4,
        InvalidArgument = 5,
        Load = 6,
        Io = 7,
        Panic = 8,
        NotFound = 9,
        Busy = 10,
    }

    /// <summary>spn_error_kind.</summary>
    public enum ErrorKind
    {
        None = 0,
        Version = 1,
        Truncated = 2,
        OutOfRange = 3,
        InvalidValue = 4,
        MalformedJson = 5,
        MissingRegion = 6,
        TrailingBytes = 7,
        InvalidAtlas = 8,
        Io = 9,
    }

    /// <summary>spn_item: which list of a skeleton data Count/Name/Find read.</summary>
    public enum Item : uint
    {
        Bone = 0,
        Slot = 1,
        Skin = 2,
        Animation = 3,
        Event = 4,
        Constraint = 5,
        Attachment = 6,
    }

    /// <summary>spn_physics: what physics constraints do in Skeleton.UpdateWorldTransform.</summary>
    public enum Physics : uint
    {
        None = 0,
        Reset = 1,
        Update = 2,
        Pose = 3,
    }

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

    /// <summary>A failed spine_native call.</summary>
    public class SpineException : Exception
    {
        public Status Status { get; private set; }
        public ErrorKind Kind { get; private set; }

        public SpineException(Status status, ErrorKind kind, string message) : base(message)
        {
            Status = status;
            Kind = kind;
        }
    }

    /// <summary>One atlas page.</summary>
    public struct AtlasPage
    {
        public string Name;
        public uint Width;
        public uint Height;
        public bool Pma;
    }

    /// <summary>The raw C declarations (cdecl, as the C header declares them: on 32-bit
    /// Windows the P/Invoke default would be stdcall).</summary>
    public static partial class Native
    {
        public const string Library = "spine_native";

        /// <summary>SPN_ABI_VERSION of the header these declarations were written from.</summary>
        public const uint AbiVersion = (1u << 16) | 9u;

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skeleton_data { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_atlas_page_info
        {
            public IntPtr name;
            public uint width;
            public uint height;
            public uint pma;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skeleton { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_skin { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_animation_state_data { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_animation_state { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_renderer { public ulong bits; }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_track_entry
        {
            public ulong state;
            public ulong entry;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_world
        {
            public float a, b, c, d, world_x, world_y;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_bone_world_info
        {
            public uint size;
            public float rotation_x, rotation_y, scale_x, scale_y;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_event
        {
            public uint kind;
            public uint track;
            public spn_track_entry entry;
            public int animation;
            public int @event;
            public float time;
            public int int_value;
            public float float_value;
            public float volume;
            public float balance;
            public IntPtr name;
            public IntPtr string_value;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_draw_range
        {
            public uint first_index, index_count, first_vertex, vertex_count, page, blend, color, dark_color;
        }

        [StructLayout(LayoutKind.Sequential)]
        public struct spn_render_output
        {
            public uint size;
            public uint layout;
            public uint vertex_count;
            public uint index_count;
            public uint range_count;
            public uint position_stride;
            public uint index_size;
            public uint vertex_size;
            public IntPtr positions;
            public IntPtr uvs;
            public IntPtr colors;
            public IntPtr dark_colors;
            public IntPtr vertices;
            public IntPtr indices;
            public IntPtr ranges;
            /// <summary>Render generation of the buffers (ABI 1.2; 0 from older libraries).</summary>
            public ulong generation;
            /// <summary>range_count spn_draw_range_info records (ABI 1.4).</summary>
            public IntPtr range_infos;
            /// <summary>Slot index per vertex with the slot_indices option (ABI 1.4), else null.</summary>
            public IntPtr slots;
            /// <summary>range_count separator slots, one per range (ABI 1.8; SPN_NO_SEPARATOR: none).</summary>
            public IntPtr range_separators;
            /// <summary>Non-zero when the indices are relative to the whole vertex buffer (ABI 1.8).</summary>
            public uint absolute_indices;
            /// <summary>Always 0 (ABI 1.8; keeps the struct free of padding).</summary>
            public uint reserved;
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_create(spn_skeleton_data data, out spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_destroy(spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_skin_by_name(spn_skeleton skeleton, byte[] name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_skin(spn_skeleton skeleton, spn_skin skin);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_skin_name(spn_skeleton skeleton, out IntPtr name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_setup_pose(spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_position(spn_skeleton skeleton, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_position(spn_skeleton skeleton, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_scale(spn_skeleton skeleton, out float x, out float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_set_scale(spn_skeleton skeleton, float x, float y);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_time(spn_skeleton skeleton, out double time);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_update(spn_skeleton skeleton, double delta);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_update_world_transform(spn_skeleton skeleton, uint physics);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_bone_world(spn_skeleton skeleton, uint bone, out spn_bone_world world);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_create(spn_skeleton_data data, out spn_animation_state_data stateData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_destroy(spn_animation_state_data stateData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_default_mix(spn_animation_state_data stateData, out double duration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_default_mix(spn_animation_state_data stateData, double duration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_set_mix_by_name(spn_animation_state_data stateData, byte[] from, byte[] to, double duration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_data_mix(spn_animation_state_data stateData, int from, int to, out double duration);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_create(spn_animation_state_data stateData, out spn_animation_state state);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_destroy(spn_animation_state state);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_update(spn_animation_state state, double delta);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_apply(spn_animation_state state, spn_skeleton skeleton);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_animation_by_name(spn_animation_state state, uint track, byte[] name, uint looped, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_add_animation_by_name(spn_animation_state state, uint track, byte[] name, uint looped, double delay, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_current(spn_animation_state state, uint track, out spn_track_entry entry);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_time_scale(spn_animation_state state, out double scale);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_set_time_scale(spn_animation_state state, double scale);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_clear_tracks(spn_animation_state state);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_animation_state_events(spn_animation_state state, uint recordSize, out IntPtr events, out uint count);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_get(spn_track_entry entry, uint field, out double value);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_set(spn_track_entry entry, uint field, double value);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_animation(spn_track_entry entry, out int animation);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_track_entry_track_index(spn_track_entry entry, out uint track);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_create(IntPtr options, out spn_renderer renderer);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_destroy(spn_renderer renderer);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_render(spn_renderer renderer, spn_skeleton skeleton, ref spn_render_output output);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_renderer_output(spn_renderer renderer, ref spn_render_output output);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern uint spn_abi_version();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_version_string();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_last_error_message();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern ErrorKind spn_last_error_kind();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_status_string(uint status);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_error_kind_string(uint kind);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load(byte[] text, UIntPtr len, out spn_atlas atlas);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_load_file(byte[] path, out spn_atlas atlas);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_destroy(spn_atlas atlas);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page_count(spn_atlas atlas, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_region_count(spn_atlas atlas, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_atlas_page(spn_atlas atlas, uint index, out spn_atlas_page_info page);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_binary(byte[] bytes, UIntPtr len, spn_atlas atlas, float scale, out spn_skeleton_data data);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_json(byte[] text, UIntPtr len, spn_atlas atlas, float scale, out spn_skeleton_data data);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_load_file(byte[] path, spn_atlas atlas, float scale, out spn_skeleton_data data);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_destroy(spn_skeleton_data data);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_count(spn_skeleton_data data, uint item, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_name(spn_skeleton_data data, uint item, uint index, out IntPtr name);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_find(spn_skeleton_data data, uint item, byte[] name, out uint index);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_duration(spn_skeleton_data data, uint index, out float duration);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_keyed(spn_skeleton_data data, uint animation, uint item, [Out] uint[] list, uint capacity, out uint count);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern Status spn_skeleton_data_animation_event_keys(spn_skeleton_data data, uint animation, uint recordSize, [Out] spn_event_key[] keys, uint capacity, out uint count);

        /// <summary>Throws SpineException for a failed status.</summary>
        public static void Check(Status status)
        {
            if (status != Status.Ok)
                throw new SpineException(status, spn_last_error_kind(), FromUtf8(spn_last_error_message()));
        }

        /// <summary>A NUL-terminated UTF-8 copy of `text` (for `const char*` parameters).</summary>
        public static byte[] ToUtf8(string text)
        {
            if (text == null) return null;
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The string at a NUL-terminated UTF-8 pointer (null for a null pointer).</summary>
        public static string FromUtf8(IntPtr text)
        {
            if (text == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }

    /// <summary>Library version and per-thread last error.</summary>
    public static class SpineLibrary
    {
        /// <summary>ABI version of the loaded library (major &lt;&lt; 16 | minor).</summary>
        public static uint AbiVersion { get { return Native.spn_abi_version(); } }

        /// <summary>True when the loaded library's ABI major matches these declarations.</summary>
        public static bool AbiCompatible { get { return (Native.spn_abi_version() >> 16) == (Native.AbiVersion >> 16); } }

        /// <summary>Library version such as "1.9.0" (major.minor: the ABI's).</summary>
        public static string Version { get { return Native.FromUtf8(Native.spn_version_string()); } }

        /// <summary>Message of the last failed call on this thread (empty if none). Only meaningful right after a call failed (a success does not clear it); SpineException carries its own copy.</summary>
        public static string LastErrorMessage { get { return Native.FromUtf8(Native.spn_last_error_message()); } }

        /// <summary>Kind of the last failure on this thread (meaningful right after a failure).</summary>
        public static ErrorKind LastErrorKind { get { return Native.spn_last_error_kind(); } }

        /// <summary>Name of a status, e.g. "SPN_ERROR_STALE_HANDLE" ("SPN_STATUS_UNKNOWN" for other values) (ABI 1.7).</summary>
        public static string StatusString(Status status) { return Native.FromUtf8(Native.spn_status_string((uint)status)); }

        /// <summary>Name of an error kind, e.g. "SPN_ERROR_KIND_TRUNCATED" ("SPN_ERROR_KIND_UNKNOWN" for other values) (ABI 1.7).</summary>
        public static string ErrorKindString(ErrorKind kind) { return Native.FromUtf8(Native.spn_error_kind_string((uint)kind)); }
    }

    /// <summary>A loaded texture atlas (owns one spn_atlas handle).</summary>
    public sealed partial class Atlas : IDisposable
    {
        private long bits;

        private Atlas(Native.spn_atlas handle) { bits = (long)handle.bits; }
        /// <summary>Takes ownership of a new atlas handle (ABI 1.8: SkeletonData.GetAtlas).</summary>
        internal static Atlas FromHandle(Native.spn_atlas handle) { return new Atlas(handle); }

        /// <summary>The raw handle (zero once disposed); still owned by this object.</summary>
        public Native.spn_atlas Handle { get { return new Native.spn_atlas { bits = (ulong)Interlocked.Read(ref bits) }; } }

        /// <summary>Parses atlas text.</summary>
        public static Atlas Load(string text)
        {
            return Load(Encoding.UTF8.GetBytes(text));
        }

        /// <summary>Parses atlas text given as UTF-8 bytes. The bytes are not retained.</summary>
        public static Atlas Load(byte[] utf8)
        {
            Native.spn_atlas handle;
            Native.Check(Native.spn_atlas_load(utf8, (UIntPtr)utf8.Length, out handle));
            return new Atlas(handle);
        }

        /// <summary>Reads and parses the atlas file at `path`.</summary>
        public static Atlas LoadFile(string path)
        {
            Native.spn_atlas handle;
            Native.Check(Native.spn_atlas_load_file(Native.ToUtf8(path), out handle));
            return new Atlas(handle);
        }

        public uint PageCount
        {
            get
            {
                uint count;
                Native.Check(Native.spn_atlas_page_count(Handle, out count));
                return count;
            }
        }

        public uint RegionCount
        {
            get
            {
                uint count;
                Native.Check(Native.spn_atlas_region_count(Handle, out count));
                return count;
            }
        }

        public AtlasPage GetPage(uint index)
        {
            Native.spn_atlas_page_info info;
            Native.Check(Native.spn_atlas_page(Handle, index, out info));
            var page = new AtlasPage { Name = Native.FromUtf8(info.name), Width = info.width, Height = info.height, Pma = info.pma != 0 };
            GC.KeepAlive(this);  // the name belongs to the handle: copy it before the finalizer may run
            return page;
        }

        public AtlasPage[] Pages
        {
            get
            {
                var pages = new AtlasPage[PageCount];
                for (uint i = 0; i < pages.Length; i++) pages[i] = GetPage(i);
                return pages;
            }
        }

        /// <summary>Destroys the handle (once; later calls do nothing).</summary>
        public void Dispose()
        {
            Destroy();
            GC.SuppressFinalize(this);
        }

        ~Atlas() { Destroy(); }

        private void Destroy()
        {
            ulong old = (ulong)Interlocked.Exchange(ref bits, 0);
            if (old != 0) Native.spn_atlas_destroy(new Native.spn_atlas { bits = old });
        }
    }

    /// <summary>Loaded skeleton data (owns one spn_skeleton_data handle). Stays valid after the
    /// Atlas it was loaded with is disposed.</summary>
    public sealed partial class SkeletonData : IDisposable
    {
        private long bits;

        private SkeletonData(Native.spn_skeleton_data handle) { bits = (long)handle.bits; }

        /// <summary>The raw handle (zero once disposed); still owned by this object.</summary>
        public Native.spn_skeleton_data Handle { get { return new Native.spn_skeleton_data { bits = (ulong)Interlocked.Read(ref bits) }; } }

        private static Native.spn_atlas AtlasHandle(Atlas atlas)
        {
            return atlas == null ? new Native.spn_atlas() : atlas.Handle;
        }

        /// <summary>Loads a binary .skel export. A null `atlas` loads without textures; `scale`
        /// multiplies positions and lengths. The bytes are not retained.</summary>
        public static SkeletonData LoadBinary(byte[] bytes, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_binary(bytes, (UIntPtr)bytes.Length, AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Loads a JSON export. See LoadBinary.</summary>
        public static SkeletonData LoadJson(string text, Atlas atlas = null, float scale = 1f)
        {
            return LoadJson(Encoding.UTF8.GetBytes(text), atlas, scale);
        }

        /// <summary>Loads a JSON export given as UTF-8 bytes. See LoadBinary.</summary>
        public static SkeletonData LoadJson(byte[] utf8, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_json(utf8, (UIntPtr)utf8.Length, AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Loads a .skel or .json file (chosen by content). See LoadBinary.</summary>
        public static SkeletonData LoadFile(string path, Atlas atlas = null, float scale = 1f)
        {
            Native.spn_skeleton_data handle;
            Native.Check(Native.spn_skeleton_data_load_file(Native.ToUtf8(path), AtlasHandle(atlas), scale, out handle));
            GC.KeepAlive(atlas);
            return new SkeletonData(handle);
        }

        /// <summary>Number of entries of list `item`.</summary>
        public uint Count(Item item)
        {
            uint count;
            Native.Check(Native.spn_skeleton_data_count(Handle, (uint)item, out count));
            return count;
        }

        /// <summary>Name of entry `index` of list `item`.</summary>
        public string Name(Item item, uint index)
        {
            IntPtr name;
            Native.Check(Native.spn_skeleton_data_name(Handle, (uint)item, index, out name));
            string result = Native.FromUtf8(name);
            GC.KeepAlive(this);  // the name belongs to the handle: copy it before the finalizer may run
            return result;
        }

        /// <summary>All names of list `item`.</summary>
        public string[] Names(Item item)
        {
            var names = new string[Count(item)];
            for (uint i = 0; i < names.Length; i++) names[i] = Name(item, i);
            return names;
        }

        /// <summary>Index of the entry of list `item` named `name`, or null when there is none
        /// (the library's SPN_ERROR_NOT_FOUND); other failures throw.</summary>
        public uint? Find(Item item, string name)
        {
            uint index;
            Status status = Native.spn_skeleton_data_find(Handle, (uint)item, Native.ToUtf8(name), out index);
            if (status == Status.NotFound) return null;
            Native.Check(status);
            return index;
        }

        /// <summary>Duration in seconds of animation `index`.</summary>
        public float AnimationDuration(uint index)
        {
            float duration;
            Native.Check(Native.spn_skeleton_data_animation_duration(Handle, index, out duration));
            return duration;
        }

        /// <summary>Destroys the handle (once; later calls do nothing).</summary>
        public void Dispose()
        {
            Destroy();
            GC.SuppressFinalize(this);
        }

        ~SkeletonData() { Destroy(); }

        private void Destroy()
        {
            ulong old = (ulong)Interlocked.Exchange(ref bits, 0);
            if (old != 0) Native.spn_skeleton_data_destroy(new Native.spn_skeleton_data { bits = old });
        }
    }

    /// <summary>Base of the instance wrappers below: one owned 64-bit handle, destroyed once by
    /// Dispose or the finalizer (the same pattern as Atlas and SkeletonData).</summary>
    public abstract class NativeObject : IDisposable
    {
        private long bits;

        protected NativeObject(ulong handle) { bits = (long)handle; }

        /// <summary>The raw handle bits (zero once disposed); still owned by this object.</summary>
        public ulong Bits { get { return (ulong)Interlocked.Read(ref bits); } }

        public bool IsDisposed { get { return Bits == 0; } }

        /// <summary>Destroys the handle (once; later calls do nothing).</summary>
        public void Dispose()
        {
            Destroy();
            GC.SuppressFinalize(this);
        }

        ~NativeObject() { Destroy(); }

        private void Destroy()
        {
            ulong old = (ulong)Interlocked.Exchange(ref bits, 0);
            if (old != 0) DestroyHandle(old);
        }

        /// <summary>Calls the matching spn_*_destroy.</summary>
        protected abstract void DestroyHandle(ulong handle);
    }

    /// <summary>A bone's world transform: a bone-local (x, y) is at (A·x + B·y + WorldX, C·x + D·y + WorldY).</summary>
    public struct BoneWorld
    {
        public float A, B, C, D, WorldX, WorldY;
    }

    /// <summary>The texture sequence of a region or mesh attachment (ABI 1.3).</summary>
    public struct SequenceData
    {
        public uint Count;
        public int Start, Digits, SetupIndex;
        public bool PathSuffix;
    }

    /// <summary>One event key of an animation (ABI 1.3).</summary>
    public struct EventKey
    {
        public float Time;
        public uint Event;
        public int IntValue;
        public float FloatValue;
        public string StringValue;
        public float Volume, Balance;
    }

    /// <summary>World rotation (degrees) and scale of a bone's X and Y axes (ABI 1.3).</summary>
    public struct BoneWorldInfo
    {
        public float RotationX, RotationY, ScaleX, ScaleY;
    }

    /// <summary>A skeleton instance (owns one spn_skeleton handle). Use from one thread at a time.</summary>
    public sealed partial class Skeleton : NativeObject
    {
        private Skeleton(Native.spn_skeleton handle) : base(handle.bits) { }

        public Native.spn_skeleton Handle { get { return new Native.spn_skeleton { bits = Bits }; } }

        protected override void DestroyHandle(ulong handle) { Native.spn_skeleton_destroy(new Native.spn_skeleton { bits = handle }); }

        /// <summary>A skeleton of `data` in the setup pose (no skin). It keeps the data alive.</summary>
        public static Skeleton Create(SkeletonData data)
        {
            Native.spn_skeleton handle;
            Native.Check(Native.spn_skeleton_create(data.Handle, out handle));
            GC.KeepAlive(data);
            return new Skeleton(handle);
        }

        /// <summary>Sets the data skin named `name` (SpineException NotFound if there is none);
        /// null clears the skin.</summary>
        public void SetSkin(string name)
        {
            if (name == null) Native.Check(Native.spn_skeleton_set_skin(Handle, new Native.spn_skin()));
            else Native.Check(Native.spn_skeleton_set_skin_by_name(Handle, Native.ToUtf8(name)));
        }

        /// <summary>Name of the current skin, or null when none is set.</summary>
        public string SkinName
        {
            get
            {
                IntPtr name;
                Native.Check(Native.spn_skeleton_skin_name(Handle, out name));
                string result = Native.FromUtf8(name);
                GC.KeepAlive(this);
                return result;
            }
        }

        /// <summary>Bones, constraints, slots and draw order to the setup pose.</summary>
        public void SetupPose() { Native.Check(Native.spn_skeleton_setup_pose(Handle)); }

        public void SetPosition(float x, float y) { Native.Check(Native.spn_skeleton_set_position(Handle, x, y)); }

        public void GetPosition(out float x, out float y) { Native.Check(Native.spn_skeleton_position(Handle, out x, out y)); }

        public void SetScale(float x, float y) { Native.Check(Native.spn_skeleton_set_scale(Handle, x, y)); }

        public void GetScale(out float x, out float y) { Native.Check(Native.spn_skeleton_scale(Handle, out x, out y)); }

        /// <summary>Seconds the skeleton time has advanced (drives physics).</summary>
        public double Time
        {
            get
            {
                double t;
                Native.Check(Native.spn_skeleton_time(Handle, out t));
                return t;
            }
        }

        /// <summary>Advances the skeleton time by `delta` seconds.</summary>
        public void Update(double delta) { Native.Check(Native.spn_skeleton_update(Handle, delta)); }

        /// <summary>Applies constraints and computes the world transforms.</summary>
        public void UpdateWorldTransform(Physics physics = Physics.Update)
        {
            Native.Check(Native.spn_skeleton_update_world_transform(Handle, (uint)physics));
        }

        /// <summary>World transform of bone `index` as of the last UpdateWorldTransform.</summary>
        public BoneWorld GetBoneWorld(uint index)
        {
            Native.spn_bone_world w;
            Native.Check(Native.spn_skeleton_bone_world(Handle, index, out w));
            return new BoneWorld { A = w.a, B = w.b, C = w.c, D = w.d, WorldX = w.world_x, WorldY = w.world_y };
        }
    }

    /// <summary>Mix durations between animations (owns one spn_animation_state_data handle). Any thread.</summary>
    public sealed partial class AnimationStateData : NativeObject
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
    }

    /// <summary>A track entry of an AnimationState: a plain value (not owned). Once the entry is
    /// disposed or its state disposed, every call throws SpineException StaleHandle.</summary>
    public partial struct TrackEntry
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

    /// <summary>An animation state (owns one spn_animation_state handle). Use from one thread at a time.</summary>
    public sealed partial class AnimationState : NativeObject
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
    }
}
