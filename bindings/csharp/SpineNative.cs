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
    public static class Native
    {
        public const string Library = "spine_native";

        /// <summary>SPN_ABI_VERSION of the header these declarations were written from.</summary>
        public const uint AbiVersion = 1u << 16;

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

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern uint spn_abi_version();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_version_string();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr spn_last_error_message();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern ErrorKind spn_last_error_kind();

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

        /// <summary>Library version such as "0.1.0".</summary>
        public static string Version { get { return Native.FromUtf8(Native.spn_version_string()); } }

        /// <summary>Message of the last failed call on this thread (empty if none).</summary>
        public static string LastErrorMessage { get { return Native.FromUtf8(Native.spn_last_error_message()); } }

        /// <summary>Kind of the last failure on this thread.</summary>
        public static ErrorKind LastErrorKind { get { return Native.spn_last_error_kind(); } }
    }

    /// <summary>A loaded texture atlas (owns one spn_atlas handle).</summary>
    public sealed class Atlas : IDisposable
    {
        private long bits;

        private Atlas(Native.spn_atlas handle) { bits = (long)handle.bits; }

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
    public sealed class SkeletonData : IDisposable
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
}
