// TestsRuntimeAttachments.cs: runtime attachments (ABI 1.6) through the C# binding: a region
// made from the atlas region a setup region attachment shows, with its placement, renders
// exactly as the data's attachment; a page rectangle gives that rectangle's UVs; a mesh
// cloned with another region keeps its positions and takes that region's UVs; misuse.
using System;
using System.Collections.Generic;
using SpineNative;

static partial class Tests
{
    // Positions, UVs and slots of a setup-pose render of `skeleton` with `skin`.
    sealed class SlotFrame
    {
        public float[] Xy, Uv;
        public uint[] Slots;

        public float[] Of(uint slot, bool uvs)
        {
            var values = new List<float>();
            for (int v = 0; v < Slots.Length; v++)
                if (Slots[v] == slot) { values.Add((uvs ? Uv : Xy)[v * 2]); values.Add((uvs ? Uv : Xy)[v * 2 + 1]); }
            return values.ToArray();
        }
    }

    static SlotFrame RenderSetup(Renderer renderer, Skeleton skeleton, Skin skin)
    {
        skeleton.SetSkin(skin);
        skeleton.SetupPose();
        skeleton.UpdateWorldTransform(Physics.Update);
        RenderOutput o = renderer.Render(skeleton);
        var frame = new SlotFrame { Xy = new float[o.VertexCount * 2], Uv = new float[o.VertexCount * 2], Slots = new uint[o.VertexCount] };
        o.CopyPositions(frame.Xy);
        o.CopyUvs(frame.Uv);
        o.CopySlots(frame.Slots);
        return frame;
    }

    static bool Near(float[] a, float[] b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++)
            if (Math.Abs(a[i] - b[i]) > 1e-5f) return false;
        return true;
    }

    static void RuntimeAttachmentTests(Rig rig)
    {
        Run(rig.Name + "/runtime_region_attachment_renders_as_the_data_one", () =>
        {
            using (var atlas = Atlas.LoadFile(rig.AtlasPath))
            using (var second = Atlas.LoadFile(rig.AtlasPath))
            using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
            using (var renderer = Renderer.Create(new RenderOptions { SlotIndices = true }))
            using (var baseSkin = Skin.Create(data, "base"))
            using (var skin = Skin.Create(data, "runtime"))
            using (var cloned = Skin.Create(data, "cloned"))
            using (var baseSkeleton = Skeleton.Create(data))
            using (var skeleton = Skeleton.Create(data))
            {
                ExpectEqual(Native.AbiVersion, (1u << 16) | 9u, "header ABI");
                Expect(SpineLibrary.AbiVersion >= Native.AbiVersion, "library ABI");
                uint? defaultSkin = data.DefaultSkin;
                Expect(defaultSkin.HasValue, "default skin");
                baseSkin.AddDataSkin(defaultSkin.Value);
                skin.AddDataSkin(defaultSkin.Value);
                cloned.AddDataSkin(defaultSkin.Value);
                SlotFrame baseFrame = RenderSetup(renderer, baseSkeleton, baseSkin);
                Expect(baseFrame.Xy.Length > 0, "base render");

                // The first slot showing a region attachment, and one showing a mesh.
                int regionSlot = -1, meshSlot = -1;
                for (uint s = 0; s < data.Count(Item.Slot); s++)
                {
                    int shownId = baseSkeleton.GetSlotAttachment(s);
                    if (shownId < 0 || baseFrame.Of(s, false).Length == 0) continue;
                    AttachmentGeometry geometry = data.GetAttachmentGeometry((uint)shownId);
                    if (geometry.Region < 0) continue;
                    if (regionSlot < 0 && geometry.Type == AttachmentType.Region) regionSlot = (int)s;
                    if (meshSlot < 0 && geometry.Type == AttachmentType.Mesh) meshSlot = (int)s;
                }
                Expect(regionSlot >= 0 && meshSlot >= 0, "a region slot and a mesh slot");

                uint slot = (uint)regionSlot;
                string placeholder = data.GetSlot(slot).Attachment;
                uint dataId = (uint)baseSkeleton.GetSlotAttachment(slot);
                AttachmentGeometry g = data.GetAttachmentGeometry(dataId);
                uint? region = atlas.FindRegion(g.RegionName);
                Expect(region.HasValue && region.Value == (uint)g.Region, "region of the texture path");
                var placement = new RegionPlacement
                {
                    X = g.X, Y = g.Y, Rotation = g.Rotation, ScaleX = g.ScaleX, ScaleY = g.ScaleY, Width = g.Width,
                    Height = g.Height, Color = g.Color,
                };
                ExpectEqual(placement.Raw.size, 48u, "placement size (sizeof(spn_region_placement))");
                uint count = skin.AttachmentCount;
                uint id = skin.CreateRegionAttachment(slot, placeholder, atlas, region.Value, placement);
                Expect(RuntimeAttachment.IsRuntime(id) && (id & Native.RuntimeAttachmentBit) != 0, "runtime bit");
                Expect(!RuntimeAttachment.IsRuntime(dataId) && !RuntimeAttachment.IsRuntime(-1), "data ids and none");
                ExpectEqual(skin.AttachmentCount, count, "replaced under the placeholder");
                bool stored = false;
                foreach (SkinEntry e in skin.GetEntries()) stored |= e.Slot == slot && e.Attachment == id && e.Name == placeholder;
                Expect(stored, "stored entry");

                SlotFrame made = RenderSetup(renderer, skeleton, skin);
                int shown = skeleton.GetSlotAttachment(slot);
                Expect(shown < -1 && RuntimeAttachment.IsRuntime(shown), "shown runtime id");
                ExpectEqual(unchecked((uint)shown), id, "slot attachment as uint");
                ExpectEqual(skeleton.FindAttachment(slot, placeholder), (uint?)id, "found by placeholder");
                Expect(made.Of(slot, false).Length == 8, "four corners");
                Expect(Near(made.Of(slot, false), baseFrame.Of(slot, false)), "slot positions equal the data attachment's");
                Expect(Near(made.Of(slot, true), baseFrame.Of(slot, true)), "slot uvs equal the data attachment's");
                Expect(Near(made.Xy, baseFrame.Xy) && Near(made.Uv, baseFrame.Uv), "whole render equal");

                // By id: the skin takes its own runtime id, the skeleton one of its skin's.
                skin.SetAttachment(slot, placeholder, id);
                skeleton.SetSlotAttachment(slot, -1);
                ExpectEqual(skeleton.GetSlotAttachment(slot, Pose.Animated), -1, "cleared");
                skeleton.SetSlotAttachment(slot, unchecked((int)id));
                ExpectEqual(unchecked((uint)skeleton.GetSlotAttachment(slot, Pose.Animated)), id, "set by runtime id");
                uint plain = skin.CreateRegionAttachment(slot, placeholder, atlas, region.Value);
                Expect(RuntimeAttachment.IsRuntime(plain) && plain != id, "no placement");
                Expect(RegionPlacement.Default.ScaleX == 1f && RegionPlacement.Default.Color.A == 1f, "default placement");

                // A page rectangle: the region's own UV box.
                AtlasRegion info = atlas.GetRegion(region.Value);
                uint uvId = skin.CreateRegionAttachmentUv(slot, placeholder, info.Page, info.U, info.V, info.U2, info.V2, placement);
                Expect(RuntimeAttachment.IsRuntime(uvId), "uv id");
                float[] boxed = RenderSetup(renderer, skeleton, skin).Of(slot, true);
                ExpectEqual(unchecked((uint)skeleton.GetSlotAttachment(slot)), uvId, "uv attachment shown");
                ExpectEqual(boxed.Length, 8, "uv corners");
                for (int k = 0; k < boxed.Length; k += 2)
                {
                    Expect(Math.Abs(boxed[k] - info.U) < 1e-6f || Math.Abs(boxed[k] - info.U2) < 1e-6f, "u corner");
                    Expect(Math.Abs(boxed[k + 1] - info.V) < 1e-6f || Math.Abs(boxed[k + 1] - info.V2) < 1e-6f, "v corner");
                }

                // A mesh cloned with another region: same positions, UVs inside the new region.
                uint mslot = (uint)meshSlot;
                string meshPlaceholder = data.GetSlot(mslot).Attachment;
                uint meshId = (uint)baseSkeleton.GetSlotAttachment(mslot);
                AttachmentGeometry mesh = data.GetAttachmentGeometry(meshId);
                uint other = mesh.Region == 0 ? 1u : 0u;
                AtlasRegion target = atlas.GetRegion(other);
                uint clone = cloned.CloneAttachment(mslot, meshPlaceholder, meshId, atlas, other);
                Expect(RuntimeAttachment.IsRuntime(clone), "clone id");
                SlotFrame recolored = RenderSetup(renderer, skeleton, cloned);
                ExpectEqual(unchecked((uint)skeleton.GetSlotAttachment(mslot)), clone, "clone shown");
                Expect(Near(recolored.Of(mslot, false), baseFrame.Of(mslot, false)), "clone positions unchanged");
                float[] meshUvs = recolored.Of(mslot, true);
                Expect(meshUvs.Length > 0 && !Near(meshUvs, baseFrame.Of(mslot, true)), "clone uvs changed");
                float u0 = Math.Min(target.U, target.U2), u1 = Math.Max(target.U, target.U2);
                float v0 = Math.Min(target.V, target.V2), v1 = Math.Max(target.V, target.V2);
                for (int k = 0; k < meshUvs.Length; k += 2)
                    Expect(meshUvs[k] >= u0 - 1e-6f && meshUvs[k] <= u1 + 1e-6f && meshUvs[k + 1] >= v0 - 1e-6f && meshUvs[k + 1] <= v1 + 1e-6f,
                           "clone uv inside the new region");
                uint again = cloned.CloneAttachment(mslot, meshPlaceholder, clone, atlas, (uint)mesh.Region);
                Expect(RuntimeAttachment.IsRuntime(again) && again != clone, "clone of a runtime attachment");
                Expect(Near(RenderSetup(renderer, skeleton, cloned).Of(mslot, true), baseFrame.Of(mslot, true)), "back to the old region");

                // Misuse.
                ExpectError(() => skin.CreateRegionAttachment(slot, placeholder, second, region.Value), Status.InvalidArgument, ErrorKind.None, "another atlas");
                ExpectError(() => skin.CloneAttachment(mslot, meshPlaceholder, meshId, second, other), Status.InvalidArgument, ErrorKind.None, "clone with another atlas");
                ExpectError(() => skin.CreateRegionAttachment(slot, placeholder, atlas, atlas.RegionCount), Status.OutOfRange, ErrorKind.None, "region past the regions");
                ExpectError(() => skin.CreateRegionAttachment(data.Count(Item.Slot), placeholder, atlas, region.Value), Status.OutOfRange, ErrorKind.None, "slot past the slots");
                ExpectError(() => skin.CreateRegionAttachment(slot, "no such placeholder", atlas, region.Value), Status.NotFound, ErrorKind.None, "unknown placeholder");
                RegionPlacement flat = RegionPlacement.Default;
                flat.Height = 10f;
                ExpectError(() => skin.CreateRegionAttachmentUv(slot, placeholder, info.Page, 0, 0, 1, 1, flat), Status.InvalidArgument, ErrorKind.None, "uv width 0");
                ExpectError(() => skin.CreateRegionAttachmentUv(slot, placeholder, atlas.PageCount, 0, 0, 1, 1, placement), Status.OutOfRange, ErrorKind.None, "page past the pages");
                ExpectError(() => skin.CloneAttachment(mslot, meshPlaceholder, data.Count(Item.Attachment), atlas, other), Status.OutOfRange, ErrorKind.None, "unknown attachment");
                for (uint a = 0; a < data.Count(Item.Attachment); a++)
                {
                    AttachmentType type = data.GetAttachment(a).Type;
                    if (type != AttachmentType.BoundingBox && type != AttachmentType.Point && type != AttachmentType.Path && type != AttachmentType.Clipping) continue;
                    ExpectError(() => skin.CloneAttachment(slot, placeholder, a, atlas, region.Value), Status.InvalidArgument, ErrorKind.None, "clone of a " + type);
                    break;
                }
                ExpectError(() => baseSkin.SetAttachment(slot, placeholder, id), Status.OutOfRange, ErrorKind.None, "another skin's runtime id");
            }
        });
    }
}
