/* abi_test: the animation state data (mixes) and the animation state: tracks, entries,
 * the fired events, and what each animation keys. */
#include "abi_test.h"

static int same_entry(spn_track_entry a, spn_track_entry b) { return a.state == b.state && a.entry == b.entry; }

static void test_state_data(spn_animation_state_data state_data, spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION);
    const char *first = item_name(data, SPN_ITEM_ANIMATION, 0), *last = item_name(data, SPN_ITEM_ANIMATION, animations - 1);
    double value = -1.0;
    OK(spn_animation_state_data_set_default_mix(state_data, 0.2));
    OK(spn_animation_state_data_default_mix(state_data, &value));
    CHECK(value == 0.2);
    OK(spn_animation_state_data_set_mix(state_data, 0, animations - 1, 0.3));
    OK(spn_animation_state_data_mix(state_data, 0, (int32_t)animations - 1, &value));
    CHECK(value == 0.3);
    OK(spn_animation_state_data_mix(state_data, -1, 0, &value));
    CHECK(value == 0.2);
    OK(spn_animation_state_data_set_mix_by_name(state_data, first, last, 0.4));
    OK(spn_animation_state_data_mix(state_data, 0, (int32_t)animations - 1, &value));
    CHECK(value == 0.4);
    CHECK(spn_animation_state_data_set_mix_by_name(state_data, first, "no such animation", 0.1) == SPN_ERROR_NOT_FOUND);
    OK(spn_animation_state_data_clear_mixes(state_data));
    OK(spn_animation_state_data_mix(state_data, 0, (int32_t)animations - 1, &value));
    CHECK(value == 0.2);
}

static void test_entries(spn_animation_state state, spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), field, count, i, track = 99, complete = 9;
    const char *first_name = item_name(data, SPN_ITEM_ANIMATION, 0);
    spn_track_entry first, second, third, link, current;
    const spn_event *events = NULL;
    double value = 0.0, time = -1.0;
    int32_t animation = -2;
    int ended = 0, disposed = 0;

    OK(spn_animation_state_set_animation(state, 0, 0, 1, &first));
    count = poll(state, &events);
    CHECK(count == 1 && events[0].kind == SPN_EVENT_START && same_entry(events[0].entry, first));
    CHECK(count == 1 && events[0].animation == 0 && events[0].track == 0 && events[0].event == -1 && events[0].name == NULL);
    for (field = SPN_ENTRY_LOOP; field <= SPN_ENTRY_TOTAL_ALPHA; field++) OK(spn_track_entry_get(first, field, &value));
    OK(spn_track_entry_get(first, SPN_ENTRY_LOOP, &value));
    CHECK(value == 1.0);
    OK(spn_track_entry_track_index(first, &track));
    OK(spn_track_entry_animation(first, &animation));
    CHECK(track == 0 && animation == 0);
    /* Every settable field round trips. */
    for (field = SPN_ENTRY_LOOP; field <= SPN_ENTRY_MIX_DRAW_ORDER_THRESHOLD; field++) {
        double original = 0.0, set = field <= SPN_ENTRY_SHORTEST_ROTATION ? 1.0 : field == SPN_ENTRY_MIX_INTERPOLATION ? 2.0 : 0.125;
        OK(spn_track_entry_get(first, field, &original));
        OK(spn_track_entry_set(first, field, set));
        OK(spn_track_entry_get(first, field, &value));
        CHECK(value == set);
        OK(spn_track_entry_set(first, field, original));
    }
    CHECK(spn_track_entry_set(first, SPN_ENTRY_ANIMATION, 1.0) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_track_entry_set(first, SPN_ENTRY_MIX_INTERPOLATION, 9.0) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_track_entry_get(first, 99, &value) == SPN_ERROR_INVALID_ARGUMENT);
    for (i = 0; i < 10; i++) frame(state, skeleton);
    OK(spn_track_entry_animation_time(first, &time));
    OK(spn_track_entry_get(first, SPN_ENTRY_TRACK_TIME, &value));
    CHECK(time >= 0.0 && near(value, 10 * DT, 1e-9));
    OK(spn_track_entry_is_complete(first, &complete));
    CHECK(complete <= 1);

    /* Queues and links. */
    OK(spn_animation_state_add_animation(state, 0, animations > 1 ? 1 : 0, 0, 0.0, &second));
    OK(spn_animation_state_add_animation_by_name(state, 0, first_name, 1, 0.5, &third));
    OK(spn_track_entry_link(first, SPN_LINK_NEXT, &link));
    CHECK(same_entry(link, second));
    OK(spn_track_entry_link(second, SPN_LINK_PREVIOUS, &link));
    CHECK(same_entry(link, first));
    OK(spn_track_entry_link(second, SPN_LINK_NEXT, &link));
    CHECK(same_entry(link, third));
    OK(spn_track_entry_link(first, SPN_LINK_MIXING_FROM, &link));
    CHECK(link.state == 0);
    OK(spn_track_entry_link(first, SPN_LINK_MIXING_TO, &link));
    CHECK(link.state == 0);
    CHECK(spn_track_entry_link(first, 7, &link) == SPN_ERROR_INVALID_ARGUMENT);
    OK(spn_track_entry_set_mix_duration(second, 0.1, 0.0));
    OK(spn_track_entry_get(second, SPN_ENTRY_MIX_DURATION, &value));
    CHECK(value == 0.1);
    OK(spn_track_entry_reset_rotation_directions(first));

    OK(spn_animation_state_set_empty_animation(state, 1, 0.2, &link));
    OK(spn_animation_state_add_empty_animation(state, 1, 0.1, 0.3, NULL));
    OK(spn_animation_state_set_animation_by_name(state, 2, first_name, 0, NULL));
    CHECK(spn_animation_state_set_animation_by_name(state, 2, "no such animation", 0, NULL) == SPN_ERROR_NOT_FOUND);
    OK(spn_animation_state_track_count(state, &count));
    CHECK(count == 3);
    OK(spn_animation_state_current(state, 1, &current));
    CHECK(same_entry(current, link));
    OK(spn_animation_state_current(state, 7, &current));
    CHECK(current.state == 0);
    OK(spn_animation_state_set_time_scale(state, 2.0));
    OK(spn_animation_state_time_scale(state, &value));
    CHECK(value == 2.0);
    OK(spn_animation_state_set_time_scale(state, 1.0));
    for (i = 0; i < 60; i++) frame(state, skeleton);
    OK(spn_animation_state_set_empty_animations(state, 0.1));
    OK(spn_animation_state_clear_track(state, 2));
    OK(spn_animation_state_clear_tracks(state));
    count = poll(state, &events);
    for (i = 0; i < count; i++) {
        CHECK(events[i].kind <= SPN_EVENT_EVENT);
        if (same_entry(events[i].entry, first)) {
            ended += events[i].kind == SPN_EVENT_END;
            disposed += events[i].kind == SPN_EVENT_DISPOSE;
        }
    }
    CHECK(ended == 1 && disposed == 1);
    /* Disposed: the handle is stale. */
    CHECK(spn_track_entry_get(first, SPN_ENTRY_ALPHA, &value) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_track_entry_animation(third, &animation) == SPN_ERROR_STALE_HANDLE);
    OK(spn_animation_state_set_animation(state, 0, 0, 1, NULL));
    OK(spn_animation_state_clear_events(state));
    CHECK(poll(state, &events) == 0 && events == NULL);
}

/* Plays every animation once and checks the fired event records. */
static void test_events(spn_animation_state state, spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), events_defined = item_count(data, SPN_ITEM_EVENT);
    uint32_t a, i, n, fired = 0, completed = 0, completing = 0;
    const spn_event *events;
    for (a = 0; a < animations; a++) {
        float duration = 0.0f;
        uint32_t frames, key_count = 0, next_key = 0, capped;
        spn_event_key *keys;
        /* The animation's event keys (ABI 1.3): sized, then copied; key times ascend. */
        OK(spn_skeleton_data_animation_event_keys(data, a, sizeof(spn_event_key), NULL, 0, &key_count));
        keys = (spn_event_key *)calloc(key_count + 1, sizeof *keys);
        OK(spn_skeleton_data_animation_event_keys(data, a, sizeof(spn_event_key), keys, key_count, &n));
        CHECK(n == key_count);
        for (i = 0; i < key_count; i++) {
            CHECK(keys[i].event < events_defined && keys[i].string_value != NULL);
            CHECK(i == 0 || keys[i].time >= keys[i - 1].time);
        }
        OK(spn_skeleton_data_animation_duration(data, a, &duration));
        frames = (uint32_t)(duration / DT) + 3;
        capped = frames > 400;
        if (capped) frames = 400; /* long animations: played in part */
        else completing++;
        OK(spn_animation_state_set_animation(state, 0, a, 0, NULL));
        for (i = 0; i < frames; i++) {
            frame(state, skeleton);
            n = poll(state, &events);
            for (; n > 0; n--, events++) {
                if (events->kind == SPN_EVENT_COMPLETE) completed++;
                if (events->kind != SPN_EVENT_EVENT) continue;
                fired++;
                CHECK(events->animation == (int32_t)a && events->event >= 0 && (uint32_t)events->event < events_defined);
                CHECK(events->name != NULL && strcmp(events->name, item_name(data, SPN_ITEM_EVENT, (uint32_t)events->event)) == 0);
                CHECK(events->string_value != NULL && events->time >= 0.0f && events->time <= duration + 1e-4f);
                /* Played once from the start, the state fires exactly the keys, in order. */
                CHECK(next_key < key_count);
                if (next_key < key_count) {
                    const spn_event_key *key = &keys[next_key++];
                    CHECK((int32_t)key->event == events->event && key->time == events->time);
                    CHECK(key->int_value == events->int_value && key->float_value == events->float_value);
                    CHECK(key->volume == events->volume && key->balance == events->balance);
                    CHECK(strcmp(key->string_value, events->string_value) == 0);
                }
            }
        }
        CHECK(capped || next_key == key_count);
        free(keys);
    }
    CHECK(completed >= completing);
    printf("  %u animations played: %u event keys fired, %u completions\n", animations, fired, completed);
    OK(spn_animation_state_clear_tracks(state));
    OK(spn_animation_state_clear_events(state));
}

/* What each animation keys (ABI 1.3): applied alone from the setup pose, an animation
 * leaves every bone and slot it does not key in the setup pose. */
static void test_keyed(spn_animation_state state, spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t animations = item_count(data, SPN_ITEM_ANIMATION), bones = item_count(data, SPN_ITEM_BONE);
    uint32_t slots = item_count(data, SPN_ITEM_SLOT), constraints = item_count(data, SPN_ITEM_CONSTRAINT);
    uint32_t a, i, k, n, untouched = 0, *list = (uint32_t *)calloc(bones + slots + constraints + 1, sizeof(uint32_t));
    uint32_t counts[3];
    const uint32_t items[3] = {SPN_ITEM_BONE, SPN_ITEM_SLOT, SPN_ITEM_CONSTRAINT};
    const spn_event *events;
    for (a = 0; a < animations; a++) {
        for (k = 0; k < 3; k++) {
            uint32_t limit = k == 0 ? bones : k == 1 ? slots : constraints;
            OK(spn_skeleton_data_animation_keyed(data, a, items[k], NULL, 0, &counts[k]));
            CHECK(counts[k] <= limit);
            OK(spn_skeleton_data_animation_keyed(data, a, items[k], list, counts[k], &n));
            CHECK(n == counts[k]);
            for (i = 0; i < n; i++) CHECK(list[i] < limit && (i == 0 || list[i] > list[i - 1]));
        }
        OK(spn_animation_state_clear_tracks(state));
        OK(spn_skeleton_setup_pose(skeleton));
        OK(spn_animation_state_set_animation(state, 0, a, 1, NULL));
        OK(spn_animation_state_update(state, 0.37));
        OK(spn_animation_state_apply(state, skeleton));
        (void)poll(state, &events);
        OK(spn_skeleton_data_animation_keyed(data, a, SPN_ITEM_BONE, list, bones, &n));
        for (i = 0, k = 0; i < bones; i++) {
            spn_bone_local posed, setup;
            if (k < n && list[k] == i) {
                k++;
                continue;
            }
            posed.size = setup.size = sizeof posed;
            OK(spn_skeleton_bone_local(skeleton, i, SPN_POSE_ANIMATED, &posed));
            OK(spn_skeleton_data_bone_setup(data, i, &setup));
            CHECK(memcmp(&posed, &setup, sizeof posed) == 0);
            untouched++;
        }
        OK(spn_skeleton_data_animation_keyed(data, a, SPN_ITEM_SLOT, list, slots, &n));
        for (i = 0, k = 0; i < slots; i++) {
            spn_slot_data slot;
            spn_color color;
            if (k < n && list[k] == i) {
                k++;
                continue;
            }
            slot.size = sizeof slot;
            OK(spn_skeleton_data_slot(data, i, &slot));
            OK(spn_skeleton_slot_color(skeleton, i, SPN_POSE_ANIMATED, &color));
            CHECK(memcmp(&color, &slot.color, sizeof color) == 0);
            untouched++;
        }
    }
    printf("  keyed lists of %u animations: %u unkeyed bones/slots stayed in the setup pose\n", animations, untouched);
    free(list);
    OK(spn_animation_state_clear_tracks(state));
    OK(spn_animation_state_clear_events(state));
    OK(spn_skeleton_setup_pose(skeleton));
}

void test_state(spn_skeleton skeleton, spn_skeleton_data data) {
    spn_animation_state_data state_data;
    spn_animation_state state;
    if (item_count(data, SPN_ITEM_ANIMATION) == 0) return;
    OK(spn_animation_state_data_create(data, &state_data));
    test_state_data(state_data, data);
    OK(spn_animation_state_create(state_data, &state));
    /* The state keeps its mixes when the data handle goes. */
    OK(spn_animation_state_data_destroy(state_data));
    test_entries(state, skeleton, data);
    test_events(state, skeleton, data);
    test_keyed(state, skeleton, data);
    OK(spn_animation_state_destroy(state));
    OK(spn_skeleton_setup_pose(skeleton));
}
