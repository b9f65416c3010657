// Library.cs: thin C# (P/Invoke) wrapper of the spine_native C ABI (spine_native.h); this
// file holds the library object: status and error kinds, SpineException, SpineLibrary
// (version, last error, status strings) and NativeObject, the base of the owning wrappers.
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
//
// The binding is laid out by C object, in the header's object order: library, atlas,
// skeleton data, skin, skeleton, animation state, renderer, bounds, crowd. Each object has
// its wrapper file (Library.cs, Atlas.cs, SkeletonData.cs, Skin.cs, Skeleton.cs,
// AnimationState.cs, Renderer.cs, Bounds.cs, Crowd.cs) and its part of the raw `Native`
// class (NativeMethods.<Object>.cs: handle, records, callbacks and P/Invoke declarations of
// its spn_* functions, in header order).

using System;
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
}
