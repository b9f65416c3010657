// TestsTextures.cs: atlas page textures (ABI 1.4) through the C# binding.
using System;
using System.IO;
using SpineNative;

static partial class Tests
{
    static void TextureTests(Rig rig)
    {
        Run(rig.Name + "/texture_ids_show_in_the_draw_ranges", () =>
        {
            string text = File.ReadAllText(rig.AtlasPath);
            uint calls = 0;
            using (var atlas = Atlas.LoadWithTextures(text, (page, details) =>
            {
                Expect(page == calls++ && details.Width > 0 && details.TextureId == 0, "loader arguments");
                return 0x8000000000000000UL + page;
            }))
            {
                ExpectEqual(calls, atlas.PageCount, "loader calls");
                for (uint page = 0; page < atlas.PageCount; page++)
                {
                    PageDetails d = atlas.GetPageDetails(page);
                    AtlasPage info = atlas.GetPage(page);
                    Expect(d.Name == info.Name && d.Width == info.Width && d.Height == info.Height && d.Pma == info.Pma, "details agree");
                    Expect(!string.IsNullOrEmpty(d.Format), "format");
                    ExpectEqual(atlas.GetPageTexture(page), 0x8000000000000000UL + page, "loader id");
                }
                using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
                using (var skeleton = Skeleton.Create(data))
                using (var renderer = Renderer.Create())
                {
                    if (data.Find(Item.Skin, "default").HasValue) skeleton.SetSkin("default");
                    skeleton.SetupPose();
                    skeleton.UpdateWorldTransform(Physics.Update);
                    RenderOutput out1 = renderer.Render(skeleton);
                    for (int r = 0; r < out1.RangeCount; r++)
                        ExpectEqual(out1.GetRangeInfo(r).TextureId, 0x8000000000000000UL + out1.GetRange(r).Page, "range id");
                    for (uint page = 0; page < atlas.PageCount; page++) atlas.SetPageTexture(page, 9 + page);
                    RenderOutput out2 = renderer.Render(skeleton);
                    Expect(out2.RangeCount > 0, "ranges");
                    for (int r = 0; r < out2.RangeCount; r++)
                        ExpectEqual(out2.GetRangeInfo(r).TextureId, 9UL + out2.GetRange(r).Page, "range id after set");
                }
                ExpectError(() => atlas.GetPageTexture(atlas.PageCount), Status.OutOfRange, ErrorKind.None, "page past the pages");
            }
            bool rethrown = false;
            try { Atlas.LoadWithTextures(text, (page, details) => { throw new InvalidDataException("no texture"); }); }
            catch (InvalidDataException) { rethrown = true; }
            Expect(rethrown, "loader exception rethrown");
            // The file loader (ABI 1.8) gets the atlas's folder; its exception reaches the caller.
            string folder = Path.GetDirectoryName(rig.AtlasPath);
            uint fileCalls = 0;
            using (var fromFile = Atlas.LoadFileWithTextures(rig.AtlasPath, (dir, page, details) =>
            {
                Expect(dir == folder && page == fileCalls++ && details.Width > 0, "file loader arguments");
                return 400UL + page;
            }))
            {
                ExpectEqual(fileCalls, fromFile.PageCount, "file loader calls");
                for (uint page = 0; page < fromFile.PageCount; page++) ExpectEqual(fromFile.GetPageTexture(page), 400UL + page, "file loader id");
            }
            rethrown = false;
            try { Atlas.LoadFileWithTextures(rig.AtlasPath, (dir, page, details) => { throw new FileNotFoundException("no image"); }); }
            catch (FileNotFoundException) { rethrown = true; }
            Expect(rethrown, "file loader exception rethrown");
            ExpectError(() => Atlas.LoadFileWithTextures("/no/such.atlas", (dir, page, details) => 1UL), Status.Io, ErrorKind.Io, "missing file");
        });
    }
}
