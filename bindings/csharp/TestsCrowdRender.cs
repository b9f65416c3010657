// TestsCrowdRender.cs: tests of the batched crowd render and member offsets (ABI 1.5);
// part of the Tests class.
using System;
using SpineNative;

static partial class Tests
{
    static void CrowdRenderTests(Rig rig)
    {
        Run(rig.Name + "/crowd_render_batched_concatenates_members_with_offsets", () =>
        {
            using (var a = new Player(rig))
            using (var b = new Player(rig))
            using (var batched = Renderer.Create())
            using (var crowd = Crowd.Create(1))
            {
                a.State.SetAnimation(0, a.Data.Name(Item.Animation, 0), true);
                b.State.SetAnimation(0, b.Data.Name(Item.Animation, 0), true);
                crowd.Add(a.Skeleton, a.State, a.Renderer);
                crowd.Add(b.Skeleton, b.State, b.Renderer);
                crowd.SetOffset(1, 100f, -50.5f);
                float x, y;
                crowd.GetOffset(1, out x, out y);
                Expect(x == 100f && y == -50.5f, "offset read back");
                crowd.Update(1.0 / 60.0);
                RenderOutput oa = a.Renderer.GetOutput(), ob = b.Renderer.GetOutput();
                RenderOutput output = crowd.RenderBatched(batched);
                ExpectEqual(output.VertexCount, oa.VertexCount + ob.VertexCount, "vertices");
                ExpectEqual(output.IndexCount, oa.IndexCount + ob.IndexCount, "indices");
                var pa = new float[oa.VertexCount * 2 + 2];
                var pb = new float[ob.VertexCount * 2 + 2];
                var p = new float[output.VertexCount * 2 + 2];
                oa.CopyPositions(pa);
                ob.CopyPositions(pb);
                output.CopyPositions(p);
                if (oa.VertexCount > 0 && ob.VertexCount > 0)
                {
                    Expect(p[0] == pa[0] && p[1] == pa[1], "first member unmoved");
                    int k = oa.VertexCount * 2;
                    Expect(p[k] == pb[0] + 100f && p[k + 1] == pb[1] - 50.5f, "second member moved by its offset");
                }
                ExpectError(() => crowd.SetOffset(2, 0, 0), Status.OutOfRange, ErrorKind.None, "offset past the end");
                ExpectError(() => crowd.SetOffset(0, float.NaN, 0), Status.InvalidArgument, ErrorKind.None, "NaN offset");
            }
        });
    }
}
