// TestsSkins.cs: runtime skin entries (ABI 1.4) through the C# binding.
using System;
using SpineNative;

static partial class Tests
{
    static void SkinEntryTests(Rig rig)
    {
        Run(rig.Name + "/skin_entries_round_trip", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
            using (var skin = Skin.Create(data, "all"))
            using (var rebuilt = Skin.Create(data, "rebuilt"))
            {
                for (uint i = 0; i < data.Count(Item.Skin); i++) skin.AddDataSkin(i);
                SkinEntry[] entries = skin.GetEntries();
                ExpectEqual((uint)entries.Length, skin.AttachmentCount, "entry count");
                Expect(entries.Length > 0, "entries");
                foreach (SkinEntry e in entries) rebuilt.SetAttachment(e.Slot, e.Name, e.Attachment);
                SkinEntry[] again = rebuilt.GetEntries();
                ExpectEqual(again.Length, entries.Length, "rebuilt count");
                for (int i = 0; i < again.Length; i++)
                    Expect(again[i].Slot == entries[i].Slot && again[i].Name == entries[i].Name && again[i].Attachment == entries[i].Attachment, "same entry");
                using (var copy = skin.Copy())
                {
                    ExpectEqual(copy.Name, "all", "copy name");
                    copy.RemoveAttachment(entries[0].Slot, entries[0].Name);
                    ExpectEqual(copy.GetEntries().Length, entries.Length - 1, "one removed");
                    ExpectEqual(copy.GetEntries()[0].Attachment, entries.Length > 1 ? entries[1].Attachment : 0u, "order kept");
                    ExpectEqual(skin.GetEntries().Length, entries.Length, "original untouched");
                    ExpectError(() => copy.RemoveAttachment(entries[0].Slot, entries[0].Name), Status.NotFound, ErrorKind.None, "removed twice");
                    copy.Clear();
                    ExpectEqual(copy.AttachmentCount, 0u, "cleared");
                }
            }
        });
    }

    // ABI 1.8: a data skin's own entries are those of a runtime skin made from it alone; a
    // crowd member's id names it through the removal of others.
    static void DataSkinAndCrowdIdTests(Rig rig)
    {
        Run(rig.Name + "/data_skin_entries_and_stable_crowd_ids", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
            {
                uint skins = data.Count(Item.Skin);
                int total = 0;
                for (uint s = 0; s < skins; s++)
                {
                    SkinEntry[] own = data.GetSkinEntries(s);
                    using (var skin = Skin.Create(data, "alone"))
                    {
                        skin.AddDataSkin(s);
                        SkinEntry[] via = skin.GetEntries();
                        ExpectEqual(own.Length, via.Length, "entry count");
                        for (int i = 0; i < own.Length && i < via.Length; i++)
                            Expect(own[i].Slot == via[i].Slot && own[i].Attachment == via[i].Attachment && own[i].Name == via[i].Name, "same entry");
                    }
                    total += own.Length;
                }
                Expect(total > 0, "some entries");
                ExpectError(() => data.GetSkinEntries(skins), Status.OutOfRange, ErrorKind.None, "skin past the end");
                // The data's own atlas (ABI 1.8): shared page texture ids.
                using (var own = data.GetAtlas())
                using (var again = data.GetAtlas())
                {
                    Expect(own.PageCount > 0, "pages");
                    own.SetPageTexture(0, 4321);
                    ExpectEqual(again.GetPageTexture(0), 4321UL, "shared id");
                }
                using (var crowd = Crowd.Create(1))
                using (var a = Skeleton.Create(data))
                using (var b = Skeleton.Create(data))
                using (var c = Skeleton.Create(data))
                {
                    uint ia = crowd.AddMember(a), ib = crowd.AddMember(b);
                    crowd.Add(c);
                    uint ic = crowd.MemberId(2);
                    Expect(ia != 0 && ia < ib && ib < ic, "increasing ids");
                    crowd.RemoveMember(ia);
                    ExpectEqual(crowd.Count, 2, "count");
                    ExpectEqual(crowd.IndexOf(ib), 0u, "b moved down");
                    ExpectEqual(crowd.IndexOf(ic), 1u, "c moved down");
                    ExpectEqual(crowd.MemberId(0), ib, "id at 0");
                    ExpectError(() => crowd.IndexOf(ia), Status.NotFound, ErrorKind.None, "removed id");
                    ExpectError(() => crowd.RemoveMember(ia), Status.NotFound, ErrorKind.None, "removed twice");
                    Expect(crowd.AddMember(a) > ic, "ids never reused");
                }
            }
        });
    }
}
