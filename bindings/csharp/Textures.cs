// Textures.cs: atlas page textures (ABI 1.4): page filters, wraps, format and pma, and a
// caller-set 64-bit texture id per page that draw ranges report (DrawRangeInfo.TextureId).
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace SpineNative
{
    /// <summary>spn_texture_filter.</summary>
    public enum TextureFilter : uint
    {
        Nearest = 0, Linear = 1, MipMap = 2, MipMapNearestNearest = 3, MipMapLinearNearest = 4,
        MipMapNearestLinear = 5, MipMapLinearLinear = 6,
    }

    /// <summary>spn_texture_wrap.</summary>
    public enum TextureWrap : uint { MirroredRepeat = 0, ClampToEdge = 1, Repeat = 2 }

    /// <summary>Texture settings of an atlas page (spn_page_details, ABI 1.4).</summary>
    public struct PageDetails
    {
        public string Name, Format;
        public uint Width, Height;
        public TextureFilter MinFilter, MagFilter;
        public TextureWrap UWrap, VWrap;
        public bool Pma;
        public ulong TextureId;

        internal static PageDetails From(ref Native.spn_page_details d)
        {
            return new PageDetails
            {
                Name = Native.FromUtf8(d.name), Format = Native.FromUtf8(d.format), Width = d.width, Height = d.height,
                MinFilter = (TextureFilter)d.min_filter, MagFilter = (TextureFilter)d.mag_filter,
                UWrap = (TextureWrap)d.u_wrap, VWrap = (TextureWrap)d.v_wrap, Pma = d.pma != 0, TextureId = d.texture_id,
            };
        }
    }

    public sealed partial class Atlas
    {
        /// <summary>Parses atlas text and sets every page's texture id to `loader(page, details)`,
        /// called once per page in order while loading (ABI 1.4). An exception from the loader
        /// is rethrown here (the atlas is then disposed).</summary>
        /// <summary>Reads the atlas file at `path` and sets every page's texture id to
        /// loader(folder, page, details) (ABI 1.8): `folder` is the atlas file's folder (the image
        /// is Path.Combine(folder, details.Name)). An exception from the loader stops the load and
        /// is rethrown here; no atlas is made.</summary>
        public static Atlas LoadFileWithTextures(string path, Func<string, uint, PageDetails, ulong> loader)
        {
            Exception error = null;
            Native.spn_texture_file_loader callback = (IntPtr userData, IntPtr folder, uint page, ref Native.spn_page_details details, out ulong id) =>
            {
                id = 0;
                try
                {
                    id = loader(Native.FromUtf8(folder), page, PageDetails.From(ref details));
                    return 0;
                }
                catch (Exception e) { error = e; return (uint)Status.Io; }
            };
            Native.spn_atlas handle;
            Status status = Native.spn_atlas_load_file_with_textures(Native.ToUtf8(path), callback, IntPtr.Zero, out handle);
            GC.KeepAlive(callback);
            if (error != null) throw error;
            Native.Check(status);
            return new Atlas(handle);
        }

        public static Atlas LoadWithTextures(string text, Func<uint, PageDetails, ulong> loader)
        {
            Exception error = null;
            Native.spn_texture_loader callback = (IntPtr userData, uint page, ref Native.spn_page_details details) =>
            {
                if (error != null) return 0;
                try { return loader(page, PageDetails.From(ref details)); }
                catch (Exception e) { error = e; return 0; }
            };
            byte[] utf8 = Encoding.UTF8.GetBytes(text);
            Native.spn_atlas handle;
            Native.Check(Native.spn_atlas_load_with_textures(utf8, (UIntPtr)utf8.Length, callback, IntPtr.Zero, out handle));
            GC.KeepAlive(callback);
            var atlas = new Atlas(handle);
            if (error != null)
            {
                atlas.Dispose();
                throw error;
            }
            return atlas;
        }

        /// <summary>Texture settings and texture id of page `index` (ABI 1.4).</summary>
        public PageDetails GetPageDetails(uint index)
        {
            var d = new Native.spn_page_details { size = (uint)Marshal.SizeOf(typeof(Native.spn_page_details)) };
            Native.Check(Native.spn_atlas_page_details(Handle, index, ref d));
            var details = PageDetails.From(ref d);
            GC.KeepAlive(this);
            return details;
        }

        /// <summary>The caller-set texture id of page `page` (0 until set; ABI 1.4).</summary>
        public ulong GetPageTexture(uint page)
        {
            ulong id;
            Native.Check(Native.spn_atlas_page_texture(Handle, page, out id));
            return id;
        }

        /// <summary>Sets the texture id every draw range of page `page` reports (ABI 1.4), for
        /// skeleton data loaded before or after.</summary>
        public void SetPageTexture(uint page, ulong textureId)
        {
            Native.Check(Native.spn_atlas_set_page_texture(Handle, page, textureId));
        }
    }
}
