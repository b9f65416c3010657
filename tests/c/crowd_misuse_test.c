/* Misuse of the functions of ABI 1.4's direct apply, crowd member control and pose
 * snapshots: null pointers and zero handles, stale and wrong-typed handles, out-of-range
 * indices, unknown enum values, too-small records, non-finite numbers. Each returns its
 * documented status with a message and changes nothing.
 *
 * usage: crowd_misuse_test ATLAS SKEL */
#include "common.h"

#define FAILS(call, status)                                                   \
    do {                                                                      \
        spn_status got_ = (call);                                             \
        CHECK(got_ == (status));                                              \
        CHECK(strlen(spn_last_error_message()) > 0);                          \
    } while (0)

static void direct_apply(spn_skeleton_data data, spn_skeleton skeleton, spn_renderer renderer) {
    spn_skeleton none = {0}, stale = {0}, wrong = {0};
    spn_fired_event events[4];
    uint32_t animations = 0, count = 77;
    const size_t size = sizeof(spn_fired_event);
    spn_bone_world before, after;
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_create(data, &stale));
    OK(spn_skeleton_destroy(stale));
    wrong.bits = renderer.bits;
    FAILS(spn_skeleton_apply_animation(none, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, &count), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(stale, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, &count), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_apply_animation(wrong, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, &count), SPN_ERROR_WRONG_TYPE);
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_POSE));
    OK(spn_skeleton_bone_world(skeleton, 0, &before));
    FAILS(spn_skeleton_apply_animation(skeleton, animations, 0, 0.5, 0, 1, 0, 0, size, events, 4, &count),
          SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, NAN, 0, 1, 0, 0, size, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, INFINITY, 0.5, 0, 1, 0, 0, size, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, NAN, 0, 0, size, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 4, 0, size, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 0, 2, size, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 0, 0, size - 1, events, 4, &count),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 0, 0, size, NULL, 4, &count),
          SPN_ERROR_NULL_ARGUMENT);
    CHECK(count == 77);
    /* Nothing was applied by the failed calls. */
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_POSE));
    OK(spn_skeleton_bone_world(skeleton, 0, &after));
    CHECK(memcmp(&before, &after, sizeof before) == 0);
    /* No event buffer: fine with a zero capacity, or without out_count. */
    OK(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 0, 0, size, NULL, 0, &count));
    OK(spn_skeleton_apply_animation(skeleton, 0, 0, 0.5, 0, 1, 0, 0, 0, NULL, 4, NULL));
    FAILS(spn_skeleton_destroy(stale), SPN_ERROR_STALE_HANDLE);
}

/* A crowd handle's bits read as a renderer (a wrong-typed renderer). */
static spn_renderer wrong_renderer(spn_crowd crowd) {
    spn_renderer r;
    r.bits = crowd.bits;
    return r;
}

static void crowd_members(spn_skeleton_data data, spn_skeleton skeleton, spn_renderer renderer) {
    spn_crowd crowd = {0}, none = {0}, stale = {0}, wrong = {0};
    spn_animation_state no_state = {0};
    spn_renderer no_renderer = {0};
    uint32_t flag = 7, count = 0;
    double scale = -3;
    (void)data;
    OK(spn_crowd_create(1, &stale));
    OK(spn_crowd_destroy(stale));
    wrong.bits = renderer.bits;
    OK(spn_crowd_create(1, &crowd));
    OK(spn_crowd_add(crowd, skeleton, no_state, no_renderer));
    /* Null, stale and wrong-typed crowds. */
    FAILS(spn_crowd_remove(none, 0), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_crowd_set_enabled(stale, 0, 1), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_crowd_enabled(wrong, 0, &flag), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_crowd_set_time_scale(stale, 0, 1.0), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_crowd_time_scale(none, 0, &scale), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_crowd_update_range(stale, 0, 1, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_crowd_update_range(wrong, 0, 1, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_WRONG_TYPE);
    /* Null out pointers. */
    FAILS(spn_crowd_enabled(crowd, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_crowd_time_scale(crowd, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    /* Members past the end. */
    FAILS(spn_crowd_remove(crowd, 1), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_set_enabled(crowd, 1, 0), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_enabled(crowd, 1, &flag), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_set_time_scale(crowd, 1, 1.0), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_time_scale(crowd, 1, &scale), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_update_range(crowd, 0, 2, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_update_range(crowd, 2, 0, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_crowd_update_range(crowd, 0xffffffffu, 2, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_OUT_OF_RANGE);
    CHECK(flag == 7 && scale == -3);
    /* Bad values. */
    FAILS(spn_crowd_set_time_scale(crowd, 0, NAN), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_crowd_set_time_scale(crowd, 0, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_crowd_update_range(crowd, 0, 1, NAN, SPN_PHYSICS_UPDATE), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_crowd_update_range(crowd, 0, 1, 0.1, 9), SPN_ERROR_INVALID_ARGUMENT);
    OK(spn_crowd_time_scale(crowd, 0, &scale));
    CHECK(scale == 1.0);
    /* A member whose skeleton is in use elsewhere: BUSY, for ranges as for the whole crowd
     * (the same skeleton in two members). */
    OK(spn_crowd_add(crowd, skeleton, no_state, no_renderer));
    FAILS(spn_crowd_update_range(crowd, 0, 2, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_BUSY);
    FAILS(spn_crowd_update(crowd, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_BUSY);
    OK(spn_crowd_update_range(crowd, 1, 1, 0.1, SPN_PHYSICS_UPDATE));
    /* Disabled, the duplicate is not claimed. */
    OK(spn_crowd_set_enabled(crowd, 1, 0));
    OK(spn_crowd_update(crowd, 0.1, SPN_PHYSICS_UPDATE));
    OK(spn_crowd_update_range(crowd, 0, 2, 0.1, SPN_PHYSICS_UPDATE));
    OK(spn_crowd_remove(crowd, 0));
    OK(spn_crowd_count(crowd, &count));
    CHECK(count == 1);
    OK(spn_crowd_enabled(crowd, 0, &flag));
    CHECK(flag == 0);
    /* Stable member ids (ABI 1.8): null out pointers, unknown ids, indices past the end,
     * null, stale and wrong-typed crowds. */
    {
        uint32_t id = 0, got = 99, index = 99;
        FAILS(spn_crowd_add_member(crowd, skeleton, no_state, no_renderer, NULL), SPN_ERROR_NULL_ARGUMENT);
        OK(spn_crowd_count(crowd, &count));
        CHECK(count == 1); /* nothing added */
        OK(spn_crowd_add_member(crowd, skeleton, no_state, no_renderer, &id));
        CHECK(id != 0);
        FAILS(spn_crowd_member_index(crowd, id, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_crowd_member_id(crowd, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_crowd_member_index(crowd, 0, &index), SPN_ERROR_NOT_FOUND);
        FAILS(spn_crowd_member_index(crowd, id + 1000, &index), SPN_ERROR_NOT_FOUND);
        FAILS(spn_crowd_remove_member(crowd, 0), SPN_ERROR_NOT_FOUND);
        FAILS(spn_crowd_remove_member(crowd, 0xFFFFFFFFu), SPN_ERROR_NOT_FOUND);
        FAILS(spn_crowd_member_id(crowd, 2, &got), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_crowd_member_id(crowd, 0xFFFFFFFFu, &got), SPN_ERROR_OUT_OF_RANGE);
        CHECK(got == 99 && index == 99);
        FAILS(spn_crowd_add_member(none, skeleton, no_state, no_renderer, &got), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_crowd_add_member(stale, skeleton, no_state, no_renderer, &got), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_crowd_add_member(wrong, skeleton, no_state, no_renderer, &got), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_crowd_add_member(crowd, skeleton, no_state, wrong_renderer(crowd), &got), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_crowd_remove_member(stale, id), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_crowd_member_index(wrong, id, &index), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_crowd_member_id(none, 0, &got), SPN_ERROR_NULL_ARGUMENT);
        CHECK(got == 99 && index == 99);
        OK(spn_crowd_remove_member(crowd, id));
        FAILS(spn_crowd_remove_member(crowd, id), SPN_ERROR_NOT_FOUND);
    }
    OK(spn_crowd_destroy(crowd));
    FAILS(spn_crowd_remove(crowd, 0), SPN_ERROR_STALE_HANDLE);
}

static void snapshots(spn_skeleton_data data, spn_skeleton skeleton, spn_renderer renderer) {
    spn_skeleton none = {0}, stale = {0}, wrong = {0};
    spn_animation_state no_state = {0}, stale_state = {0}, state = {0};
    spn_animation_state_data mixes = {0};
    static unsigned char bytes[1 << 20];
    size_t size = 0, unchanged = 12345;
    OK(spn_skeleton_create(data, &stale));
    OK(spn_skeleton_destroy(stale));
    OK(spn_animation_state_data_create(data, &mixes));
    OK(spn_animation_state_create(mixes, &stale_state));
    OK(spn_animation_state_destroy(stale_state));
    OK(spn_animation_state_create(mixes, &state));
    wrong.bits = renderer.bits;
    FAILS(spn_skeleton_snapshot(none, no_state, NULL, 0, &size), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_snapshot(stale, no_state, NULL, 0, &size), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_snapshot(wrong, no_state, NULL, 0, &size), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_snapshot(skeleton, stale_state, NULL, 0, &size), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_snapshot(skeleton, no_state, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_snapshot(skeleton, no_state, NULL, 16, &unchanged), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_snapshot(skeleton, no_state, bytes, 16, &unchanged), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(unchanged == 12345);
    OK(spn_skeleton_snapshot(skeleton, state, bytes, sizeof bytes, &size));
    CHECK(size > 64 && size <= sizeof bytes);
    /* ABI 1.8: the snapshot bound. */
    FAILS(spn_skeleton_snapshot_bound(none, 0, 0, 0, 0, &unchanged), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_snapshot_bound(stale, 0, 0, 0, 0, &unchanged), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_snapshot_bound(wrong, 0, 0, 0, 0, &unchanged), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 0, 0, 0, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 2, 0, 0, 0, &unchanged), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 0, 1, 0, 0, &unchanged), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 1, 1025, 1, 1, &unchanged), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 1, 1, 0xFFFFFFFFu, 1, &unchanged), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_snapshot_bound(skeleton, 1, 1, 1, 0xFFFFFFFFu, &unchanged), SPN_ERROR_OUT_OF_RANGE);
    CHECK(unchanged == 12345);
    {
        size_t bound = 0;
        OK(spn_skeleton_snapshot_bound(skeleton, 1, 1024, 1u << 20, 1u << 24, &bound));
        CHECK(bound >= size);
    }
    FAILS(spn_skeleton_restore(none, state, bytes, size), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_restore(stale, state, bytes, size), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_restore(skeleton, stale_state, bytes, size), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_restore(skeleton, state, NULL, size), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_restore(skeleton, state, bytes, 0), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_restore(skeleton, state, bytes, size - 1), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_restore(skeleton, no_state, bytes, size), SPN_ERROR_INVALID_ARGUMENT);
    bytes[0] ^= 0x20;
    FAILS(spn_skeleton_restore(skeleton, state, bytes, size), SPN_ERROR_INVALID_ARGUMENT);
    bytes[0] ^= 0x20;
    bytes[size - 1] ^= 0x01;
    FAILS(spn_skeleton_restore(skeleton, state, bytes, size), SPN_ERROR_INVALID_ARGUMENT);
    bytes[size - 1] ^= 0x01;
    OK(spn_skeleton_restore(skeleton, state, bytes, size));
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(mixes));
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_renderer renderer = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_renderer_create(NULL, &renderer));
    if (failures) return finish("crowd_misuse_test");
    direct_apply(data, skeleton, renderer);
    crowd_members(data, skeleton, renderer);
    snapshots(data, skeleton, renderer);
    OK(spn_renderer_destroy(renderer));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("crowd_misuse_test");
}
