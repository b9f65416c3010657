// NativeMethods.Library.cs: the `Native` class (the raw C declarations, one file per C
// object, functions in header order) and its library part: the library name,
// SPN_ABI_VERSION, the status check, UTF-8 marshaling, and the version, last-error and
// status-string functions.

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace SpineNative
{
    /// <summary>The raw C declarations (cdecl, as the C header declares them: on 32-bit
    /// Windows the P/Invoke default would be stdcall).</summary>
    public static partial class Native
    {
        public const string Library = "spine_native";

        /// <summary>SPN_ABI_VERSION of the header these declarations were written from.</summary>
        public const uint AbiVersion = (1u << 16) | 9u;

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
    }
}
