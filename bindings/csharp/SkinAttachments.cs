// SkinAttachments.cs: skin attachments (ABI 1.9): the attachments a skin can show inspected
// through the skin (the data's, and the runtime ones it holds, which the data does not
// know), and placeholder names added to the data for new sockets. Not for the per-frame path.
using System;
using System.Runtime.InteropServices;

namespace SpineNative
{
    public sealed partial class SkeletonData
    {
        /// <summary>Adds placeholder name <paramref name="name"/> for new sockets (ABI 1.9):
        /// skins then store attachments under it for any slot (SetAttachment,
        /// CreateRegionAttachment, CloneAttachment) and skeletons find them by it. Without it a
        /// name the data does not use is Status.NotFound (a misspelt placeholder is still
        /// reported). The data keeps a copy while it lives; adding again changes nothing. Any
        /// thread.</summary>
        public void AddPlaceholder(string name)
        {
            Native.Check(Native.spn_skeleton_data_add_placeholder(Handle, Native.ToUtf8(name)));
            GC.KeepAlive(this);
        }
    }

    public sealed partial class Skin
    {
        /// <summary>Attachment <paramref name="id"/> as this skin knows it (ABI 1.9): a data id,
        /// or a runtime id the skin holds (Status.OutOfRange otherwise). A runtime attachment's
        /// Skin is 0xFFFFFFFF.</summary>
        public AttachmentInfo GetAttachment(uint id)
        {
            var a = new Native.spn_attachment_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_info)) };
            Native.Check(Native.spn_skin_attachment(Handle, id, ref a));
            var result = new AttachmentInfo { Name = Native.FromUtf8(a.name), Type = (AttachmentType)a.kind, Skin = a.skin };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>The geometry of attachment <paramref name="id"/> as this skin knows it (ABI
        /// 1.9): for a runtime region the placement it was made with, its page and region (-1
        /// for a page rectangle).</summary>
        public AttachmentGeometry GetAttachmentGeometry(uint id)
        {
            var g = new Native.spn_attachment_geometry { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_geometry)) };
            Native.Check(Native.spn_skin_attachment_geometry(Handle, id, ref g));
            AttachmentGeometry result = AttachmentGeometry.From(g);
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Float array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skin knows it (ABI 1.9).</summary>
        public float[] GetAttachmentFloats(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skin_attachment_floats(Handle, id, (uint)array, null, 0, out count));
            var values = new float[count];
            Native.Check(Native.spn_skin_attachment_floats(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        /// <summary>Index array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skin knows it (ABI 1.9).</summary>
        public uint[] GetAttachmentIndices(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skin_attachment_indices(Handle, id, (uint)array, null, 0, out count));
            var values = new uint[count];
            Native.Check(Native.spn_skin_attachment_indices(Handle, id, (uint)array, values, count, out count));
            return values;
        }
    }

    public sealed partial class Skeleton
    {
        /// <summary>Attachment <paramref name="id"/> as this skeleton knows it (ABI 1.9): a data
        /// id, or a runtime id it holds (what its slots show, its skin's), also after the skin
        /// that made it is gone (Status.OutOfRange otherwise).</summary>
        public AttachmentInfo GetAttachment(uint id)
        {
            var a = new Native.spn_attachment_info { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_info)) };
            Native.Check(Native.spn_skeleton_attachment(Handle, id, ref a));
            var result = new AttachmentInfo { Name = Native.FromUtf8(a.name), Type = (AttachmentType)a.kind, Skin = a.skin };
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>The setup geometry of attachment <paramref name="id"/> as this skeleton knows
        /// it (ABI 1.9).</summary>
        public AttachmentGeometry GetAttachmentGeometry(uint id)
        {
            var g = new Native.spn_attachment_geometry { size = (uint)Marshal.SizeOf(typeof(Native.spn_attachment_geometry)) };
            Native.Check(Native.spn_skeleton_attachment_geometry(Handle, id, ref g));
            AttachmentGeometry result = AttachmentGeometry.From(g);
            GC.KeepAlive(this);
            return result;
        }

        /// <summary>Float array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skeleton knows it (ABI 1.9).</summary>
        public float[] GetAttachmentFloats(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_attachment_floats(Handle, id, (uint)array, null, 0, out count));
            var values = new float[count];
            Native.Check(Native.spn_skeleton_attachment_floats(Handle, id, (uint)array, values, count, out count));
            return values;
        }

        /// <summary>Index array <paramref name="array"/> of attachment <paramref name="id"/> as
        /// this skeleton knows it (ABI 1.9).</summary>
        public uint[] GetAttachmentIndices(uint id, AttachmentArray array)
        {
            uint count;
            Native.Check(Native.spn_skeleton_attachment_indices(Handle, id, (uint)array, null, 0, out count));
            var values = new uint[count];
            Native.Check(Native.spn_skeleton_attachment_indices(Handle, id, (uint)array, values, count, out count));
            return values;
        }
    }
}
