// Atlas.cs: the atlas object (spn_atlas_*): Atlas (load from text or a file, with or
// without a texture loader; pages, regions, region lookup; page texture settings and the
// caller-set 64-bit texture id per page that draw ranges report, DrawRangeInfo.TextureId)
// and its records AtlasPage, AtlasRegion, PageDetails, TextureFilter and TextureWrap.

using System;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace SpineNative
{
    /// <summary>One atlas page.</summary>
    public struct AtlasPage
    {
        public string Name;
        public uint Width;
        public uint Height;
        public bool Pma;
    }

    public struct AtlasRegion
    {
        public string Name;
        public uint Page;
        public int X, Y, Width, Height, Degrees, Index;
        public float U, V, U2, V2, OffsetX, OffsetY, OriginalWidth, OriginalHeight;
    }

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

    /// <summary>A loaded texture atlas (owns one spn_atlas handle).</summary>
    public sealed class Atlas : IDisposable
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

        /// <summary>Region `index` (file order).</summary>
        public AtlasRegion GetRegion(uint index)
        {
            var r = new Native.spn_atlas_region_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_atlas_region_info)) };
            Native.Check(Native.spn_atlas_region(Handle, index, ref r));
            var result = new AtlasRegion
            {
                Name = Native.FromUtf8(r.name), Page = r.page, X = r.x, Y = r.y, Width = r.width, Height = r.height,
                Degrees = r.degrees, Index = r.index, U = r.u, V = r.v, U2 = r.u2, V2 = r.v2, OffsetX = r.offset_x,
                OffsetY = r.offset_y, OriginalWidth = r.original_width, OriginalHeight = r.original_height,
            };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Index of the first region named `name`, or null.</summary>
        public uint? FindRegion(string name)
        {
            uint index;
            Status status = Native.spn_atlas_find_region(Handle, Native.ToUtf8(name), out index);
            if (status == Status.NotFound) return null;
            Native.Check(status);
            return index;
        }

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
