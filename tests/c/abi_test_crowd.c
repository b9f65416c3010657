/* abi_test: a crowd (batched members) against the same skeletons updated and rendered
 * by per-call updates. */
#include "abi_test.h"

#define MEMBERS 5

/* A crowd update gives exactly what per-call updates give. */
void test_crowd(spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), i, k, count = 0, round;
    spn_animation_state_data state_data;
    spn_skeleton skeletons[2][MEMBERS];
    spn_animation_state states[2][MEMBERS];
    spn_renderer renderers[2][MEMBERS];
    spn_crowd crowd;
    if (animations == 0) return;
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_data_set_default_mix(state_data, 0.1));
    for (k = 0; k < 2; k++) {
        for (i = 0; i < MEMBERS; i++) {
            spn_track_entry entry;
            OK(spn_skeleton_create(data, &skeletons[k][i]));
            OK(spn_animation_state_create(state_data, &states[k][i]));
            OK(spn_renderer_create(NULL, &renderers[k][i]));
            OK(spn_animation_state_set_animation(states[k][i], 0, i % animations, 1, &entry));
            OK(spn_track_entry_set(entry, SPN_ENTRY_TRACK_TIME, 0.1 * i));
        }
    }
    OK(spn_crowd_create(2, &crowd));
    for (i = 0; i < MEMBERS; i++) {
        spn_renderer none = {0};
        OK(spn_crowd_add(crowd, skeletons[1][i], states[1][i], i == MEMBERS - 1 ? none : renderers[1][i]));
    }
    OK(spn_crowd_count(crowd, &count));
    CHECK(count == MEMBERS);
    for (round = 0; round < 2; round++) {
        for (k = 0; k < 30; k++) {
            for (i = 0; i < MEMBERS; i++) {
                frame(states[0][i], skeletons[0][i]);
                if (i != MEMBERS - 1) OK(spn_renderer_render(renderers[0][i], skeletons[0][i], NULL));
            }
            OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
        }
        for (i = 0; i + 1 < MEMBERS; i++) {
            spn_render_output a, b;
            const spn_event *events;
            uint32_t na, nb;
            memset(&a, 0, sizeof a);
            a.size = sizeof a;
            b = a;
            OK(spn_renderer_output(renderers[0][i], &a));
            OK(spn_renderer_output(renderers[1][i], &b));
            CHECK(a.vertex_count == b.vertex_count && a.index_count == b.index_count);
            if (a.vertex_count == b.vertex_count && a.vertex_count > 0) {
                CHECK(memcmp(a.positions, b.positions, sizeof(float) * 2 * a.vertex_count) == 0);
                CHECK(memcmp(a.colors, b.colors, sizeof(uint32_t) * a.vertex_count) == 0);
            }
            na = poll(states[0][i], &events);
            nb = poll(states[1][i], &events);
            CHECK(na == nb);
        }
        OK(spn_crowd_set_threads(crowd, 1));
    }
    /* An instance in two members is reported, and nothing is updated. */
    OK(spn_crowd_add(crowd, skeletons[1][0], states[0][0], renderers[0][0]));
    CHECK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE) == SPN_ERROR_BUSY);
    CHECK(strstr(spn_last_error_message(), "member") != NULL);
    OK(spn_crowd_clear(crowd));
    OK(spn_crowd_count(crowd, &count));
    CHECK(count == 0);
    OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
    OK(spn_crowd_destroy(crowd));
    for (k = 0; k < 2; k++) {
        for (i = 0; i < MEMBERS; i++) {
            OK(spn_renderer_destroy(renderers[k][i]));
            OK(spn_animation_state_destroy(states[k][i]));
            OK(spn_skeleton_destroy(skeletons[k][i]));
        }
    }
    OK(spn_animation_state_data_destroy(state_data));
}
