// Attachment geometry (ABI 1.4) through the C# binding: the record agrees with the
// attachment and its arrays; the world vertices of what each slot shows have the
// geometry's vertex count, through the array and the buffer call alike; constraint data
// (ABI 1.4) agrees with the constraint's type.
using System;
using SpineNative;

static class GeometryTests
{
    static void Expect(bool condition, string what)
    {
        if (!condition) throw new TestFailure(what);
    }

    public static void Check(Rig rig)
    {
        using (var atlas = Atlas.LoadFile(rig.AtlasPath))
        using (var data = SkeletonData.LoadFile(rig.SkelPath, atlas))
        using (var skeleton = Skeleton.Create(data))
        using (var mixes = AnimationStateData.Create(data))
        using (var state = AnimationState.Create(mixes))
        {
            uint attachments = data.Count(Item.Attachment);
            for (uint id = 0; id < attachments; id++)
            {
                AttachmentType type = data.GetAttachment(id).Type;
                AttachmentGeometry g = data.GetAttachmentGeometry(id);
                Expect(g.Type == type, "geometry kind of " + id);
                if (type == AttachmentType.Region)
                {
                    Expect(g.VertexCount == 4 && data.GetAttachmentFloats(id, AttachmentArray.Offsets).Length == 8, "region corners");
                    Expect(g.RegionName.StartsWith(g.Path, StringComparison.Ordinal) && g.Page >= 0, "region texture");
                    bool rejected = false;
                    try { data.GetAttachmentFloats(id, AttachmentArray.Vertices); }
                    catch (SpineException e) { rejected = e.Status == Status.InvalidArgument; }
                    Expect(rejected, "a region has no vertex array");
                }
                else if (type == AttachmentType.Point)
                {
                    Expect(g.VertexCount == 1, "point vertex count");
                }
                else
                {
                    float[] vertices = data.GetAttachmentFloats(id, AttachmentArray.Vertices);
                    uint[] bones = data.GetAttachmentIndices(id, AttachmentArray.Bones);
                    Expect(g.Weighted ? vertices.Length == (bones.Length - g.VertexCount) * 3
                                      : vertices.Length == g.VertexCount * 2 && bones.Length == 0, "vertices of " + id);
                }
                if (type == AttachmentType.Mesh || type == AttachmentType.LinkedMesh)
                {
                    Expect(data.GetAttachmentFloats(id, AttachmentArray.Uvs).Length == g.VertexCount * 2, "mesh uvs");
                    Expect(data.GetAttachmentIndices(id, AttachmentArray.Triangles).Length % 3 == 0, "mesh triangles");
                    Expect((g.Source >= 0) == (type == AttachmentType.LinkedMesh), "linked mesh source");
                }
            }
            state.SetAnimation(0, 0, true);
            state.Update(0.25);
            state.Apply(skeleton);
            skeleton.UpdateWorldTransform(Physics.Update);
            var buffer = new float[4096];
            int shown = 0;
            for (uint s = 0; s < data.Count(Item.Slot); s++)
            {
                int id = skeleton.GetSlotAttachment(s);
                float[] vertices = skeleton.SlotWorldVertices(s);
                if (id < 0)
                {
                    Expect(vertices.Length == 0, "no attachment, no vertices");
                    continue;
                }
                shown++;
                Expect(vertices.Length == data.GetAttachmentGeometry((uint)id).VertexCount * 2, "world vertex count of slot " + s);
                Expect(skeleton.GetSlotWorldVertices(s, buffer) == vertices.Length, "buffer call count");
                for (int k = 0; k < vertices.Length; k++) Expect(buffer[k] == vertices[k], "buffer call values");
            }
            Expect(shown > 0, "some slot shows an attachment");
            using (var bounds = Bounds.Create())
            {
                Rect clipped, unclipped;
                bool hasClipped = bounds.TryGetSkeletonClipped(skeleton, out clipped);
                bool hasUnclipped = skeleton.TryGetBounds(out unclipped);
                Expect(!hasClipped || hasUnclipped, "clipped bounds without unclipped ones");
                if (hasClipped && hasUnclipped)
                {
                    float e = 1e-3f * (1 + unclipped.Width + unclipped.Height);
                    Expect(clipped.X >= unclipped.X - e && clipped.Y >= unclipped.Y - e, "clipped bounds inside (min)");
                    Expect(clipped.X + clipped.Width <= unclipped.X + unclipped.Width + e &&
                           clipped.Y + clipped.Height <= unclipped.Y + unclipped.Height + e, "clipped bounds inside (max)");
                }
            }

            // Sequence timeline keys (ABI 1.4).
            for (uint a = 0; a < data.Count(Item.Animation); a++)
                foreach (Native.spn_sequence_key k in data.GetAnimationSequenceKeys(a))
                    Expect(k.slot < data.Count(Item.Slot) && k.attachment < data.Count(Item.Attachment) && k.mode <= 6, "sequence key");

            // Constraint data by type (ABI 1.4).
            for (uint i = 0; i < data.Count(Item.Constraint); i++)
            {
                ConstraintType type = data.GetConstraint(i).Type;
                Native.spn_constraint_data c = data.GetConstraintData(i);
                Expect(c.kind == (uint)type, "constraint data kind of " + i);
                foreach (uint b in data.GetConstraintBones(i)) Expect(b < data.Count(Item.Bone), "constraint bone");
                if (type == ConstraintType.Transform)
                {
                    Expect(data.GetConstraintTransformMappings(i).Length == c.mapping_count, "transform mappings");
                }
                else
                {
                    bool rejected = false;
                    try { data.GetConstraintTransformMappings(i); }
                    catch (SpineException e) { rejected = e.Status == Status.InvalidArgument; }
                    Expect(rejected, "mappings of a " + type);
                }
                if (type == ConstraintType.Physics) Expect(c.step > 0 && data.GetConstraintBones(i).Length == 1, "physics step and bone");
            }
        }
    }
}
