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
        Run(rig.Name + "/crowd_members_and_ranges", () =>
        {
            // Ranges from two threads, a disabled member and a time-scaled one, against frames by hand.
            var p = new Player[6];
            for (int k = 0; k < 6; k++) { p[k] = new Player(rig); p[k].State.SetAnimation(0, p[k].Data.Name(Item.Animation, 0), true); }
            try
            {
                using (var crowd = Crowd.Create(1))
                {
                    for (int k = 0; k < 3; k++) crowd.Add(p[k].Skeleton, p[k].State, p[k].Renderer);
                    crowd.SetTimeScale(1, 0.5);
                    crowd.SetEnabled(2, false);
                    Expect(crowd.IsEnabled(0) && !crowd.IsEnabled(2) && crowd.GetTimeScale(1) == 0.5, "member values");
                    for (int f = 0; f < 10; f++)
                    {
                        var other = new System.Threading.Thread(() => crowd.UpdateRange(1, 2, 1.0 / 60.0));
                        other.Start();
                        crowd.UpdateRange(0, 1, 1.0 / 60.0);
                        other.Join();
                        p[3].Frame(1.0 / 60.0);
                        p[4].Frame(1.0 / 60.0 * 0.5);
                    }
                    uint bones = p[0].Data.Count(Item.Bone);
                    for (int k = 0; k < 3; k++)
                        for (uint b = 0; b < bones; b++)
                        {
                            BoneWorld x = p[k].Skeleton.GetBoneWorld(b), y = p[k + 3].Skeleton.GetBoneWorld(b);
                            Expect(x.A == y.A && x.B == y.B && x.WorldX == y.WorldX && x.WorldY == y.WorldY, "member " + k + " bone " + b);
                        }
                    crowd.Remove(0);
                    ExpectEqual(crowd.Count, 2, "count after remove");
                    Expect(crowd.GetTimeScale(0) == 0.5 && !crowd.IsEnabled(1), "order kept");
                    ExpectError(() => crowd.UpdateRange(1, 2, 0.1), Status.OutOfRange, ErrorKind.None, "range past the end");
                    ExpectError(() => crowd.SetTimeScale(0, double.NaN), Status.InvalidArgument, ErrorKind.None, "NaN time scale");
                    ExpectError(() => crowd.Remove(2), Status.OutOfRange, ErrorKind.None, "remove past the end");
                }
            }
            finally
            {
                for (int k = 0; k < 6; k++) p[k].Dispose();
            }
        });
        Run(rig.Name + "/snapshot_restore_replays_bit_for_bit", () =>
        {
            using (var a = new Player(rig))
            using (var b = new Player(rig))
            {
                a.State.SetAnimation(0, a.Data.Name(Item.Animation, 0), true);
                for (int f = 0; f < 20; f++) a.Frame(1.0 / 60.0);
                byte[] bytes = Snapshot.Take(a.Skeleton, a.State);
                var buffer = new byte[bytes.Length];
                ExpectEqual(Snapshot.TakeInto(a.Skeleton, a.State, buffer), bytes.Length, "snapshot size");
                Snapshot.Restore(b.Skeleton, b.State, bytes);
                for (int f = 0; f < 30; f++) { a.Frame(1.0 / 60.0); b.Frame(1.0 / 60.0); }
                uint bones = a.Data.Count(Item.Bone);
                for (uint k = 0; k < bones; k++)
                {
                    BoneWorld x = a.Skeleton.GetBoneWorld(k), y = b.Skeleton.GetBoneWorld(k);
                    Expect(x.A == y.A && x.B == y.B && x.C == y.C && x.D == y.D && x.WorldX == y.WorldX && x.WorldY == y.WorldY, "bone " + k);
                }
                ExpectError(() => Snapshot.Restore(b.Skeleton, b.State, bytes, bytes.Length - 1), Status.InvalidArgument, ErrorKind.None, "truncated");
                ExpectError(() => Snapshot.Restore(b.Skeleton, null, bytes), Status.InvalidArgument, ErrorKind.None, "state mismatch");
            }
        });
        Run(rig.Name + "/snapshot_bound_holds_across_frames_with_mixes_and_physics", () =>
        {
            using (var a = new Player(rig))
            using (var b = new Player(rig))
            {
                uint animations = a.Data.Count(Item.Animation);
                // Two tracks, at most four entries alive at once, callbacks polled every frame.
                int bound = Snapshot.Bound(a.Skeleton, true, 2, 4, 64);
                int bare = Snapshot.Bound(a.Skeleton, false);
                Expect(36 < bare && bare < bound, "bounds " + bare + " < " + bound);
                a.State.SetAnimation(0, 0u, true);
                int largest = 0;
                for (int f = 0; f < 90; f++)
                {
                    if (f == 30) a.State.SetAnimation(0, 1u % animations, true);
                    if (f == 40) a.State.SetAnimation(1, 2u % animations, false);
                    a.Frame(1.0 / 60.0);
                    a.State.ClearEvents();
                    int size = Snapshot.Take(a.Skeleton, a.State).Length;
                    Expect(size <= bound, "frame " + f + ": " + size + " <= " + bound);
                    Expect(Snapshot.Take(a.Skeleton).Length <= bare, "frame " + f + " without a state");
                    largest = Math.Max(largest, size);
                }
                ExpectError(() => Snapshot.Bound(a.Skeleton, false, 1), Status.InvalidArgument, ErrorKind.None, "counts without a state");
                ExpectError(() => Snapshot.Bound(a.Skeleton, true, 1025), Status.OutOfRange, ErrorKind.None, "tracks");
                // A longer buffer says so.
                byte[] bytes = Snapshot.Take(a.Skeleton, a.State);
                var longer = new byte[bytes.Length + 2];
                Array.Copy(bytes, longer, bytes.Length);
                try
                {
                    Snapshot.Restore(b.Skeleton, b.State, longer);
                    Expect(false, "a longer buffer restored");
                }
                catch (SpineException e)
                {
                    Expect(e.Message.Contains("2 trailing bytes after the snapshot"), e.Message);
                }
            }
        });
    }
}
