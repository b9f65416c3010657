/* abi_test: per-constraint physics control (translate, rotate, reset, the host movement
 * helper): what one constraint's control moves descends from that constraint's bone. */
#include "abi_test.h"

/* Sets every mix of every constraint that is not physics to 0, so that what moves a
 * physics constraint's bone moves only that bone and its descendants. */
static void mute_other_constraints(spn_skeleton skeleton, spn_skeleton_data data) {
    static const uint32_t mixes[5][6] = {
        {SPN_CONSTRAINT_MIX, 99, 99, 99, 99, 99},
        {SPN_CONSTRAINT_MIX_ROTATE, SPN_CONSTRAINT_MIX_X, SPN_CONSTRAINT_MIX_Y, SPN_CONSTRAINT_MIX_SCALE_X,
         SPN_CONSTRAINT_MIX_SCALE_Y, SPN_CONSTRAINT_MIX_SHEAR_Y},
        {SPN_CONSTRAINT_MIX_ROTATE, SPN_CONSTRAINT_MIX_X, SPN_CONSTRAINT_MIX_Y, 99, 99, 99},
        {99, 99, 99, 99, 99, 99},
        {SPN_CONSTRAINT_MIX, 99, 99, 99, 99, 99}};
    uint32_t n = item_count(data, SPN_ITEM_CONSTRAINT), c, m, pose;
    for (c = 0; c < n; c++) {
        spn_constraint_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        OK(spn_skeleton_data_constraint(data, c, &info));
        if (info.kind >= 5) continue;
        for (m = 0; m < 6; m++)
            for (pose = 0; pose < 2 && mixes[info.kind][m] != 99; pose++)
                OK(spn_skeleton_constraint_set(skeleton, c, pose, mixes[info.kind][m], 0.0f));
    }
}

/* Per-constraint physics control. A run: setup pose, then PHYSICS_FRAMES frames of
 * update + world transform; at frame 3 `op` happens: 0 nothing, 1 every physics
 * constraint translated at once, 2 constraint `c` alone translated, 3 every physics
 * constraint translated then `c` alone reset, 4 each physics constraint translated one
 * by one, 5 every physics constraint rotated at once, 6 each rotated one by one, 7 the
 * host movement helper with factors, 8 its translate + rotate by hand, 9 the helper with
 * factors 0. The skeleton sits at (10, 20). The other
 * constraints are muted (see above). The world transforms of every bone after the last
 * frame go to `out`. `physics[i]` says whether constraint i is physics. */
#define PHYSICS_FRAMES 8

static void physics_run(spn_skeleton_data data, const uint8_t *physics, uint32_t c, int op, spn_bone_world *out,
                        uint32_t bones) {
    spn_skeleton skeleton = {0};
    uint32_t frame, b, i, n = item_count(data, SPN_ITEM_CONSTRAINT);
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_setup_pose(skeleton));
    mute_other_constraints(skeleton, data);
    OK(spn_skeleton_set_position(skeleton, 10.0f, 20.0f));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_RESET));
    for (frame = 0; frame < PHYSICS_FRAMES; frame++) {
        if (frame == 3) {
            if (op == 1 || op == 3) OK(spn_skeleton_physics_translate(skeleton, 40.0f, -25.0f));
            if (op == 2) OK(spn_skeleton_physics_constraint_translate(skeleton, c, 40.0f, -25.0f));
            if (op == 3) OK(spn_skeleton_physics_constraint_reset(skeleton, c));
            if (op == 5) OK(spn_skeleton_physics_rotate(skeleton, 10.0f, 20.0f, 30.0f));
            if (op == 7) OK(spn_skeleton_physics_move(skeleton, 40.0f, -25.0f, 30.0f, 0.5f, 0.25f, 0.75f));
            if (op == 8) {
                OK(spn_skeleton_physics_translate(skeleton, 20.0f, -6.25f));
                OK(spn_skeleton_physics_rotate(skeleton, 10.0f, 20.0f, 22.5f));
            }
            if (op == 9) OK(spn_skeleton_physics_move(skeleton, 40.0f, -25.0f, 30.0f, 0.0f, 0.0f, 0.0f));
            for (i = 0; i < n && (op == 4 || op == 6); i++) {
                if (!physics[i]) continue;
                if (op == 4) OK(spn_skeleton_physics_constraint_translate(skeleton, i, 40.0f, -25.0f));
                if (op == 6) OK(spn_skeleton_physics_constraint_rotate(skeleton, i, 10.0f, 20.0f, 30.0f));
            }
        }
        OK(spn_skeleton_update(skeleton, DT));
        OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    }
    for (b = 0; b < bones; b++) OK(spn_skeleton_bone_world(skeleton, b, &out[b]));
    OK(spn_skeleton_destroy(skeleton));
}

/* Whether bone `bone` is `root` or one of its descendants (parents precede children). */
static int descends_from(const int32_t *parent, uint32_t bone, uint32_t root) {
    int32_t b = (int32_t)bone;
    while (b >= 0 && (uint32_t)b != root) b = parent[b];
    return b >= 0;
}

/* The bones whose world transform differs between `a` and `b` must all descend from the
 * first one that differs (the constraint's bone), and there must be one. */
static uint32_t check_changed_subtree(const spn_bone_world *a, const spn_bone_world *b, const int32_t *parent,
                                      uint32_t bones) {
    uint32_t i, changed = 0, root = 0;
    for (i = 0; i < bones; i++) {
        if (memcmp(&a[i], &b[i], sizeof a[i]) == 0) continue;
        if (changed++ == 0) root = i;
        CHECK(descends_from(parent, i, root));
    }
    return changed;
}

void test_physics_constraints(spn_skeleton_data data) {
    uint32_t n = item_count(data, SPN_ITEM_CONSTRAINT), bones = item_count(data, SPN_ITEM_BONE), c, b;
    uint32_t physics = 0, changed = 0;
    size_t pose_bytes = bones * sizeof(spn_bone_world);
    spn_bone_world *still = (spn_bone_world *)calloc(bones + 1, sizeof *still);
    spn_bone_world *moved = (spn_bone_world *)calloc(bones + 1, sizeof *moved);
    spn_bone_world *run = (spn_bone_world *)calloc(bones + 1, sizeof *run);
    int32_t *parent = (int32_t *)calloc(bones + 1, sizeof *parent);
    uint8_t *is_physics = (uint8_t *)calloc(n + 1, 1);
    spn_skeleton skeleton = {0};
    for (b = 0; b < bones; b++) {
        spn_bone_data bone;
        memset(&bone, 0, sizeof bone);
        bone.size = sizeof bone;
        OK(spn_skeleton_data_bone(data, b, &bone));
        parent[b] = bone.parent;
    }
    OK(spn_skeleton_create(data, &skeleton));
    for (c = 0; c < n; c++) {
        spn_constraint_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        OK(spn_skeleton_data_constraint(data, c, &info));
        is_physics[c] = info.kind == SPN_CONSTRAINT_PHYSICS;
        physics += is_physics[c];
        if (!is_physics[c]) {
            CHECK(spn_skeleton_physics_constraint_reset(skeleton, c) == SPN_ERROR_INVALID_ARGUMENT);
            CHECK(spn_skeleton_physics_constraint_translate(skeleton, c, 1.0f, 0.0f) == SPN_ERROR_INVALID_ARGUMENT);
            CHECK(spn_skeleton_physics_constraint_rotate(skeleton, c, 0.0f, 0.0f, 5.0f) == SPN_ERROR_INVALID_ARGUMENT);
        }
    }
    physics_run(data, is_physics, 0, 0, still, bones);
    physics_run(data, is_physics, 0, 1, moved, bones);
    /* Translating or rotating each physics constraint by itself is the whole-skeleton
     * call, bit for bit. */
    physics_run(data, is_physics, 0, 4, run, bones);
    CHECK(memcmp(run, moved, pose_bytes) == 0);
    physics_run(data, is_physics, 0, 5, moved, bones);
    physics_run(data, is_physics, 0, 6, run, bones);
    CHECK(memcmp(run, moved, pose_bytes) == 0);
    /* The host movement helper is translate + rotate around the skeleton position with
     * the inheritance factors applied; factors of 0 ignore the movement. */
    physics_run(data, is_physics, 0, 7, moved, bones);
    physics_run(data, is_physics, 0, 8, run, bones);
    CHECK(memcmp(run, moved, pose_bytes) == 0);
    physics_run(data, is_physics, 0, 9, run, bones);
    CHECK(memcmp(run, still, pose_bytes) == 0);
    CHECK(physics == 0 || memcmp(moved, still, pose_bytes) != 0);
    physics_run(data, is_physics, 0, 1, moved, bones);
    for (c = 0; c < n; c++) {
        if (!is_physics[c]) continue;
        /* Translating only c moves only c's bone and what hangs from it. */
        physics_run(data, is_physics, c, 2, run, bones);
        changed += check_changed_subtree(still, run, parent, bones) > 0;
        /* Resetting only c after a global translate undoes it for c's bones alone. */
        physics_run(data, is_physics, c, 3, run, bones);
        check_changed_subtree(moved, run, parent, bones);
    }
    /* A rig with physics: some constraint's own translate shows in the pose. */
    CHECK(physics == 0 || changed > 0);
    CHECK(spn_skeleton_physics_constraint_reset(skeleton, n) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skeleton_physics_constraint_translate(skeleton, n, 1.0f, 0.0f) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skeleton_physics_constraint_rotate(skeleton, n, 0.0f, 0.0f, 5.0f) == SPN_ERROR_OUT_OF_RANGE);
    OK(spn_skeleton_destroy(skeleton));
    free(still);
    free(moved);
    free(run);
    free(parent);
    free(is_physics);
}
