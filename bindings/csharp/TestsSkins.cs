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
}
