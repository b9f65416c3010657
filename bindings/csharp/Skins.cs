// Skins.cs: runtime skin entries (ABI 1.4): enumeration, removal, clearing, copying.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    /// <summary>One entry of a runtime skin: Attachment (an Item.Attachment index) shown by
    /// Slot under placeholder Name.</summary>
    public struct SkinEntry
    {
        public uint Slot, Attachment;
        public string Name;
    }

    public sealed partial class SkeletonData
    {
        /// <summary>The atlas this data was loaded with (ABI 1.8): a new Atlas over the same atlas
        /// (page texture ids shared), kept alive by the data; NotFound when loaded without one.</summary>
        public Atlas GetAtlas()
        {
            Native.spn_atlas handle;
            Native.Check(Native.spn_skeleton_data_atlas(Handle, out handle));
            GC.KeepAlive(this);
            return Atlas.FromHandle(handle);
        }

        /// <summary>The entries of data skin `skin` (an Item.Skin index) in load order, with no
        /// runtime skin (ABI 1.8; allocates).</summary>
        public SkinEntry[] GetSkinEntries(uint skin)
        {
            uint size = (uint)Marshal.SizeOf(typeof(Native.spn_skin_entry));
            uint count;
            Native.Check(Native.spn_skeleton_data_skin_entries(Handle, skin, size, null, 0, out count));
            var raw = new Native.spn_skin_entry[count];
            if (count > 0) Native.Check(Native.spn_skeleton_data_skin_entries(Handle, skin, size, raw, count, out count));
            var entries = new SkinEntry[Math.Min(count, (uint)raw.Length)];
            for (int i = 0; i < entries.Length; i++)
                entries[i] = new SkinEntry { Slot = raw[i].slot, Attachment = raw[i].attachment, Name = Native.FromUtf8(raw[i].name) };
            GC.KeepAlive(this);
            return entries;
        }
    }

    public sealed partial class Skin
    {
        /// <summary>The entries in insertion order (allocates).</summary>
        public SkinEntry[] GetEntries()
        {
            uint size = (uint)Marshal.SizeOf(typeof(Native.spn_skin_entry));
            uint count;
            Native.Check(Native.spn_skin_entries(Handle, size, null, 0, out count));
            var raw = new Native.spn_skin_entry[count];
            if (count > 0) Native.Check(Native.spn_skin_entries(Handle, size, raw, count, out count));
            var entries = new SkinEntry[Math.Min(count, (uint)raw.Length)];
            for (int i = 0; i < entries.Length; i++)
                entries[i] = new SkinEntry { Slot = raw[i].slot, Attachment = raw[i].attachment, Name = Native.FromUtf8(raw[i].name) };
            GC.KeepAlive(this);
            return entries;
        }

        /// <summary>Removes the entry of `slot` under placeholder `name` (NotFound if absent).</summary>
        public Skin RemoveAttachment(uint slot, string name)
        {
            Native.Check(Native.spn_skin_remove_attachment(Handle, slot, Native.ToUtf8(name)));
            return this;
        }

        /// <summary>Removes every entry, bone and constraint.</summary>
        public Skin Clear()
        {
            Native.Check(Native.spn_skin_clear(Handle));
            return this;
        }

        /// <summary>An independent skin with this one's name and contents.</summary>
        public Skin Copy()
        {
            Native.spn_skin handle;
            Native.Check(Native.spn_skin_copy(Handle, out handle));
            return new Skin(handle);
        }
    }
}
