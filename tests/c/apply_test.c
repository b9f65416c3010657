/* Direct animation apply (ABI 1.4) on one rig, every animation:
 * - applied at alpha 1 with SPN_MIX_BLEND_SETUP onto the setup pose, it gives the pose
 *   the animation state gives for the same track time (bones' world transforms, slots'
 *   colors, attachments and sequence indices, draw order: bit for bit);
 * - the events it fires between last time and time are the animation's event keys in
 *   that window (computed here from spn_skeleton_data_animation_event_keys), including
 *   across the loop wrap; a fixed capacity gets the first events and the total count;
 * - mixing out restores the setup attachments.
 *
 * usage: apply_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define MAX_EVENTS 256

static uint32_t item_count(spn_skeleton_data data, uint32_t item) {
    uint32_t n = 0;
    OK(spn_skeleton_data_count(data, item, &n));
    return n;
}

/* Bones' world transforms and slots' applied values identical, bit for bit. */
static int same_pose(spn_skeleton a, spn_skeleton b, uint32_t bones, uint32_t slots) {
    uint32_t i, same = 1;
    uint32_t order_a[512], order_b[512], na = 0, nb = 0;
    for (i = 0; i < bones; i++) {
        spn_bone_world wa, wb;
        OK(spn_skeleton_bone_world(a, i, &wa));
        OK(spn_skeleton_bone_world(b, i, &wb));
        if (memcmp(&wa, &wb, sizeof wa) != 0) same = 0;
    }
    for (i = 0; i < slots; i++) {
        spn_color ca, cb;
        int32_t aa = -2, ab = -2, qa = -2, qb = -2;
        OK(spn_skeleton_slot_color(a, i, SPN_POSE_APPLIED, &ca));
        OK(spn_skeleton_slot_color(b, i, SPN_POSE_APPLIED, &cb));
        OK(spn_skeleton_slot_attachment(a, i, SPN_POSE_APPLIED, &aa));
        OK(spn_skeleton_slot_attachment(b, i, SPN_POSE_APPLIED, &ab));
        OK(spn_skeleton_slot_sequence_index(a, i, SPN_POSE_APPLIED, &qa));
        OK(spn_skeleton_slot_sequence_index(b, i, SPN_POSE_APPLIED, &qb));
        if (memcmp(&ca, &cb, sizeof ca) != 0 || aa != ab || qa != qb) same = 0;
    }
    if (slots <= 512) {
        OK(spn_skeleton_draw_order(a, SPN_POSE_APPLIED, order_a, 512, &na));
        OK(spn_skeleton_draw_order(b, SPN_POSE_APPLIED, order_b, 512, &nb));
        if (na != nb || memcmp(order_a, order_b, na * sizeof(uint32_t)) != 0) same = 0;
    }
    return (int)same;
}

/* State-driven vs direct at a few times of every animation. */
static void test_equals_state(spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION);
    uint32_t bones = item_count(data, SPN_ITEM_BONE), slots = item_count(data, SPN_ITEM_SLOT);
    spn_skeleton a = {0}, b = {0};
    spn_animation_state_data sd = {0};
    uint32_t i, k, compared = 0;
    OK(spn_skeleton_create(data, &a));
    OK(spn_skeleton_create(data, &b));
    OK(spn_animation_state_data_create(data, &sd));
    for (i = 0; i < animations; i++) {
        float duration = 0;
        OK(spn_skeleton_data_animation_duration(data, i, &duration));
        for (k = 0; k < 4; k++) {
            static const double fractions[4] = {0.0, 0.37, 1.0, 1.6};
            spn_animation_state state = {0};
            spn_track_entry entry = {0, 0};
            double t = duration * fractions[k] + (k == 0 ? 0.01 : 0.0), track_time = -1;
            OK(spn_skeleton_setup_pose(a));
            OK(spn_skeleton_setup_pose(b));
            OK(spn_animation_state_create(sd, &state));
            OK(spn_animation_state_set_animation(state, 0, i, 1, &entry));
            OK(spn_animation_state_update(state, t));
            OK(spn_animation_state_apply(state, a));
            OK(spn_track_entry_get(entry, SPN_ENTRY_TRACK_TIME, &track_time));
            OK(spn_skeleton_apply_animation(b, i, -1.0, track_time, 1, 1.0f, SPN_MIX_BLEND_SETUP,
                                            SPN_MIX_DIRECTION_IN, sizeof(spn_fired_event), NULL, 0, NULL));
            OK(spn_skeleton_update_world_transform(a, SPN_PHYSICS_POSE));
            OK(spn_skeleton_update_world_transform(b, SPN_PHYSICS_POSE));
            if (!same_pose(a, b, bones, slots)) {
                fprintf(stderr, "animation %u at %g: direct apply differs from the state\n", i, track_time);
                failures++;
            }
            compared++;
            OK(spn_animation_state_destroy(state));
        }
    }
    OK(spn_animation_state_data_destroy(sd));
    OK(spn_skeleton_destroy(a));
    OK(spn_skeleton_destroy(b));
    printf("direct apply = animation state: %u animation times\n", compared);
}

/* The keys fire in (last, time] as the reference does: with last > time (a wrap), the keys
 * after last, then from the start (keys at 0 included) up to time. Writes key indices. */
static uint32_t expected_keys(const spn_event_key *keys, uint32_t n, double last, double time, uint32_t *out) {
    uint32_t i, count = 0;
    if (last > time) {
        for (i = 0; i < n; i++)
            if ((double)keys[i].time > last) out[count++] = i;
        last = -1.0;
    }
    for (i = 0; i < n; i++)
        if ((double)keys[i].time > last && (double)keys[i].time <= time) out[count++] = i;
    return count;
}

static void test_events(spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION);
    spn_skeleton s = {0};
    uint32_t i, w, windows = 0, fired_total = 0;
    static spn_event_key keys[MAX_EVENTS];
    static spn_fired_event fired[MAX_EVENTS + 1];
    static uint32_t expected[2 * MAX_EVENTS];
    OK(spn_skeleton_create(data, &s));
    for (i = 0; i < animations; i++) {
        uint32_t n = 0;
        float duration = 0;
        OK(spn_skeleton_data_animation_duration(data, i, &duration));
        OK(spn_skeleton_data_animation_event_keys(data, i, sizeof(spn_event_key), keys, MAX_EVENTS, &n));
        if (n == 0 || n > MAX_EVENTS || duration <= 0) continue;
        for (w = 0; w < 5; w++) {
            /* (last, time, loop): from before the start, inside, past the end, across the
             * loop wrap, and a window over several loops' worth of time. */
            static const double windows_at[5][3] = {
                {-1.0, 1.0, 0}, {0.25, 0.75, 0}, {0.5, 2.0, 0}, {0.6, 1.3, 1}, {2.2, 3.9, 1}};
            double last = windows_at[w][0] < 0 ? -1.0 : windows_at[w][0] * duration;
            double time = windows_at[w][1] * duration;
            uint32_t looped = (uint32_t)windows_at[w][2], count = 99, want, j;
            double l = last, t = time;
            if (looped) {
                t = fmod(t, (double)duration);
                if (l > 0) l = fmod(l, (double)duration);
            }
            want = expected_keys(keys, n, l, t, expected);
            OK(spn_skeleton_setup_pose(s));
            OK(spn_skeleton_apply_animation(s, i, last, time, looped, 1.0f, SPN_MIX_BLEND_SETUP,
                                            SPN_MIX_DIRECTION_IN, sizeof(spn_fired_event), fired, MAX_EVENTS,
                                            &count));
            CHECK(count == want);
            for (j = 0; j < count && j < want; j++) {
                const spn_event_key *key = &keys[expected[j]];
                CHECK(fired[j].key == expected[j]);
                CHECK(fired[j].time == key->time && fired[j].event == key->event);
                CHECK(fired[j].int_value == key->int_value && fired[j].float_value == key->float_value);
                CHECK(fired[j].volume == key->volume && fired[j].balance == key->balance);
            }
            /* A fixed capacity of 1: the first event and the total count, nothing past. */
            if (want >= 2) {
                memset(fired, 0xab, sizeof fired);
                OK(spn_skeleton_apply_animation(s, i, last, time, looped, 1.0f, SPN_MIX_BLEND_SETUP,
                                                SPN_MIX_DIRECTION_IN, sizeof(spn_fired_event), fired, 1, &count));
                CHECK(count == want && fired[0].key == expected[0]);
                CHECK(fired[1].key == 0xabababab);
            }
            windows++;
            fired_total += want;
        }
    }
    OK(spn_skeleton_destroy(s));
    printf("events: %u windows, %u events fired as the keys say\n", windows, fired_total);
}

/* Mixing out at alpha 1 from the setup pose: instant timelines restore the setup pose, so
 * every slot shows its setup attachment again. */
static void test_mix_out(spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), slots = item_count(data, SPN_ITEM_SLOT);
    spn_skeleton s = {0}, setup = {0};
    uint32_t i, j, changed = 0;
    OK(spn_skeleton_create(data, &s));
    OK(spn_skeleton_create(data, &setup));
    for (i = 0; i < animations; i++) {
        float duration = 0;
        int differs = 0;
        OK(spn_skeleton_data_animation_duration(data, i, &duration));
        OK(spn_skeleton_setup_pose(s));
        OK(spn_skeleton_apply_animation(s, i, -1.0, duration * 0.5, 0, 1.0f, SPN_MIX_BLEND_SETUP,
                                        SPN_MIX_DIRECTION_IN, sizeof(spn_fired_event), NULL, 0, NULL));
        for (j = 0; j < slots; j++) {
            int32_t x = -2, y = -2;
            OK(spn_skeleton_slot_attachment(s, j, SPN_POSE_ANIMATED, &x));
            OK(spn_skeleton_slot_attachment(setup, j, SPN_POSE_ANIMATED, &y));
            if (x != y) differs = 1;
        }
        OK(spn_skeleton_apply_animation(s, i, -1.0, duration * 0.5, 0, 1.0f, SPN_MIX_BLEND_SETUP,
                                        SPN_MIX_DIRECTION_OUT, sizeof(spn_fired_event), NULL, 0, NULL));
        for (j = 0; j < slots; j++) {
            int32_t x = -2, y = -2;
            OK(spn_skeleton_slot_attachment(s, j, SPN_POSE_ANIMATED, &x));
            OK(spn_skeleton_slot_attachment(setup, j, SPN_POSE_ANIMATED, &y));
            CHECK(x == y);
        }
        changed += (uint32_t)differs;
    }
    OK(spn_skeleton_destroy(s));
    OK(spn_skeleton_destroy(setup));
    printf("mixing out: %u animations with attachment keys restored to the setup attachments\n", changed);
}

/* Alpha 0 from the current pose leaves every bone's local transform as it was (up to the
 * sign of scales; instant
 * timelines such as attachments and inherit ignore alpha, as in the reference). */
static void test_alpha(spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), bones = item_count(data, SPN_ITEM_BONE);
    spn_skeleton s = {0};
    uint32_t i, b;
    OK(spn_skeleton_create(data, &s));
    for (i = 0; i < animations; i++) {
        float duration = 0;
        OK(spn_skeleton_data_animation_duration(data, i, &duration));
        OK(spn_skeleton_setup_pose(s));
        OK(spn_skeleton_apply_animation(s, i, -1.0, duration * 0.5, 0, 0.0f, SPN_MIX_BLEND_REPLACE,
                                        SPN_MIX_DIRECTION_IN, sizeof(spn_fired_event), NULL, 0, NULL));
        for (b = 0; b < bones; b++) {
            spn_bone_local now, setup;
            memset(&now, 0, sizeof now);
            memset(&setup, 0, sizeof setup);
            now.size = setup.size = sizeof now;
            OK(spn_skeleton_bone_local(s, b, SPN_POSE_ANIMATED, &now));
            OK(spn_skeleton_data_bone_setup(data, b, &setup));
            CHECK(now.x == setup.x && now.y == setup.y && now.rotation == setup.rotation);
            /* Scale mixing takes the key's sign (as the reference's ScaleTimeline). */
            CHECK(fabsf(now.scale_x) == fabsf(setup.scale_x) && fabsf(now.scale_y) == fabsf(setup.scale_y));
            CHECK(now.shear_x == setup.shear_x && now.shear_y == setup.shear_y);
        }
    }
    OK(spn_skeleton_destroy(s));
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("apply_test");
    test_equals_state(data);
    test_events(data);
    test_mix_out(data);
    test_alpha(data);
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("apply_test");
}
