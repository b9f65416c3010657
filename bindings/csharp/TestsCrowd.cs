// TestsCrowd.cs: tests of the `crowd` branch's ABI 1.4 wrappers (direct apply, crowd member
// control, pose snapshots); part of the Tests class.
using System;
using SpineNative;

static partial class Tests
{
    static void CrowdBranchTests(Rig rig)
    {
        Run(rig.Name + "/direct_apply_equals_the_state", () =>
        {
            // Direct apply at the state's track time, from the setup pose, is the state's pose.
            using (var state = new Player(rig))
            using (var direct = new Player(rig))
            {
                uint animations = state.Data.Count(Item.Animation), bones = state.Data.Count(Item.Bone);
                Expect(animations > 0, "animations");
                for (uint a = 0; a < animations; a++)
                {
                    state.Skeleton.SetupPose();
                    direct.Skeleton.SetupPose();
                    using (var fresh = AnimationState.Create(state.StateData))
                    {
                        fresh.SetAnimation(0, state.Data.Name(Item.Animation, a), true);
                        fresh.Update(0.4);
                        fresh.Apply(state.Skeleton);
                    }
                    direct.Skeleton.ApplyAnimation(a, -1.0, 0.4, true);
                    state.Skeleton.UpdateWorldTransform(Physics.Pose);
                    direct.Skeleton.UpdateWorldTransform(Physics.Pose);
                    for (uint b = 0; b < bones; b++)
                    {
                        BoneWorld x = state.Skeleton.GetBoneWorld(b), y = direct.Skeleton.GetBoneWorld(b);
                        Expect(x.A == y.A && x.B == y.B && x.C == y.C && x.D == y.D && x.WorldX == y.WorldX && x.WorldY == y.WorldY, "bone " + b + " equal");
                    }
                    // Over the whole animation every event key fires, in key order.
                    EventKey[] keys = direct.Data.GetAnimationEventKeys(a);
                    var fired = new FiredEvent[keys.Length + 1];
                    int n = direct.Skeleton.ApplyAnimation(a, -1.0, direct.Data.AnimationDuration(a), false, 1f, MixBlend.Setup, MixDirection.In, fired);
                    ExpectEqual(n, keys.Length, "events fired");
                    for (int i = 0; i < n && i < keys.Length; i++)
                        Expect(fired[i].Key == (uint)i && fired[i].Time == keys[i].Time && fired[i].Event == keys[i].Event, "event " + i);
                    if (keys.Length >= 2)
                        ExpectEqual(direct.Skeleton.ApplyAnimation(a, -1.0, 1e9, false, 1f, MixBlend.Replace, MixDirection.Out, new FiredEvent[1]), keys.Length, "count past the capacity");
                }
                ExpectError(() => direct.Skeleton.ApplyAnimation(animations, 0, 1, false), Status.OutOfRange, ErrorKind.None, "animation past the end");
                ExpectError(() => direct.Skeleton.ApplyAnimation(0, 0, double.NaN, false), Status.InvalidArgument, ErrorKind.None, "NaN time");
                ExpectError(() => direct.Skeleton.ApplyAnimation(0, 0, 1, false, 1f, (MixBlend)9), Status.InvalidArgument, ErrorKind.None, "bad blend");
            }
        });
    }
}
