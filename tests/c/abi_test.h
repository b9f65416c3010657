/* What the parts of abi_test share: the frame step, the skeleton-data name and count
 * look-ups, polling the event records, one frame of state + skeleton update, and the test
 * of each C object, which main (abi_test.c) calls in order:
 *   abi_test_data.c      the atlas and the skeleton data;
 *   abi_test_skeleton.c  the skeleton: bones, slots, values, constraints, skins and
 *                        attachments;
 *   abi_test_state.c     the animation state data and state: tracks, entries, events,
 *                        what each animation keys;
 *   abi_test_render.c    the renderers in every layout, bounds and hit tests;
 *   abi_test_physics.c   per-constraint physics control;
 *   abi_test_crowd.c     a crowd against per-call updates.
 * Every part counts its failed checks into the one `failures` (defined in abi_test.c). */
#ifndef SPN_ABI_TEST_H
#define SPN_ABI_TEST_H

#define SPN_TEST_SHARED_FAILURES
#include "common.h"

#define DT (1.0 / 60.0)

static inline const char *item_name(spn_skeleton_data data, uint32_t item, uint32_t index) {
    const char *name = NULL;
    OK(spn_skeleton_data_name(data, item, index, &name));
    return name ? name : "";
}

static inline uint32_t item_count(spn_skeleton_data data, uint32_t item) {
    uint32_t n = 0;
    OK(spn_skeleton_data_count(data, item, &n));
    return n;
}

static inline uint32_t poll(spn_animation_state state, const spn_event **events) {
    uint32_t count = 0;
    *events = NULL;
    OK(spn_animation_state_events(state, sizeof(spn_event), events, &count));
    return count;
}

static inline void frame(spn_animation_state state, spn_skeleton skeleton) {
    OK(spn_animation_state_update(state, DT));
    OK(spn_animation_state_apply(state, skeleton));
    OK(spn_skeleton_update(skeleton, DT));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
}

void test_atlas(const char *path, spn_atlas *out);
void test_data(spn_skeleton_data data);
void test_bones(spn_skeleton skeleton, spn_skeleton_data data);
void test_slots(spn_skeleton skeleton, spn_skeleton_data data);
void test_skeleton_values(spn_skeleton skeleton);
void test_constraints(spn_skeleton skeleton, spn_skeleton_data data);
void test_skins_and_attachments(spn_skeleton skeleton, spn_skeleton_data data);
void test_state(spn_skeleton skeleton, spn_skeleton_data data);
void test_renderers(spn_skeleton skeleton);
void test_bounds(spn_skeleton skeleton, spn_skeleton_data data);
void test_physics_constraints(spn_skeleton_data data);
void test_crowd(spn_skeleton_data data);

#endif
