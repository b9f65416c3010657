/* Every kind of misuse of the C ABI returns its documented status and leaves a message:
 * null pointers and zero handles, stale handles (destroyed, disposed track entries),
 * double destroys, handles of another type, forged handles, out-of-range indices,
 * unknown enum values, struct sizes too small, non-finite times, bad UTF-8, objects of
 * different skeleton data and an instance used twice at once. Objects are destroyed in
 * an unusual order on purpose.
 *
 * usage: misuse_test ATLAS SKEL */
#include "common.h"

/* A failing call: the status and a non-empty message. */
#define FAILS(call, status)                                                   \
    do {                                                                      \
        spn_status got_ = (call);                                             \
        CHECK(got_ == (status));                                              \
        CHECK(strlen(spn_last_error_message()) > 0);                          \
    } while (0)

static const spn_crowd zero_crowd = {0};
static const spn_animation_state zero_state = {0};
static const spn_skeleton_data zero_data = {0};
static const char bad_utf8[] = {'a', (char)0xff, (char)0xfe, 0};

static void nulls(spn_atlas atlas, spn_skeleton_data data, spn_skeleton skeleton, spn_animation_state state,
                  spn_renderer renderer) {
    spn_atlas no_atlas = {0};
    spn_skeleton_data no_data = {0};
    spn_skeleton no_skeleton = {0};
    spn_animation_state no_state = {0};
    spn_animation_state_data no_state_data = {0};
    spn_renderer no_renderer = {0};
    spn_bounds no_bounds = {0};
    spn_crowd no_crowd = {0};
    spn_skin no_skin = {0};
    spn_track_entry no_entry = {0, 0};
    uint32_t n = 0;
    double value = 0;
    spn_bone_world world;
    spn_bone_world_info info;
    float f = 0;
    /* Null out pointers. */
    FAILS(spn_atlas_page_count(atlas, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_load_file("x.atlas", NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_count(data, SPN_ITEM_BONE, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_create(data, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_world(skeleton, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_world_info(skeleton, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_BONE, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_sequence(data, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_animation_keyed(no_data, 0, SPN_ITEM_BONE, NULL, 0, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_animation_event_keys(data, 0, sizeof(spn_event_key), NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_animation_event_keys(no_data, 0, sizeof(spn_event_key), NULL, 0, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_world_to_parent(skeleton, 0, 1.0f, 2.0f, NULL, &f), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_world_to_parent(skeleton, 0, 1.0f, 2.0f, &f, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_parent_to_world(skeleton, 0, 1.0f, 2.0f, NULL, &f), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_bone_parent_to_world(no_skeleton, 0, 1.0f, 2.0f, &f, &f), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_physics_constraint_reset(no_skeleton, 0), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_physics_move(no_skeleton, 1.0f, 2.0f, 3.0f, 1.0f, 1.0f, 1.0f), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_physics_constraint_translate(no_skeleton, 0, 1.0f, 2.0f), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_physics_constraint_rotate(no_skeleton, 0, 1.0f, 2.0f, 3.0f), SPN_ERROR_NULL_ARGUMENT);
    info.size = sizeof info;
    FAILS(spn_skeleton_bone_world_info(no_skeleton, 0, &info), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_position(skeleton, &world.a, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_set_bone_local(skeleton, 0, SPN_POSE_ANIMATED, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_set_slot_color(skeleton, 0, SPN_POSE_ANIMATED, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_draw_order(skeleton, SPN_POSE_ANIMATED, NULL, 5, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_set_draw_order(skeleton, SPN_POSE_ANIMATED, NULL, 0), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_animation_state_events(state, sizeof(spn_event), NULL, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_output(renderer, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_set_options(renderer, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_track_entry_get(no_entry, SPN_ENTRY_ALPHA, &value), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_find(data, SPN_ITEM_BONE, NULL, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_animation_state_set_animation_by_name(state, 0, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_create(data, NULL, &no_skin), SPN_ERROR_NULL_ARGUMENT);
    /* Zero handles. */
    FAILS(spn_atlas_page_count(no_atlas, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_count(no_data, SPN_ITEM_BONE, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_update(no_skeleton, 0.1), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_animation_state_update(no_state, 0.1), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_animation_state_create(no_state_data, &no_state), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render(no_renderer, skeleton, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render(renderer, no_skeleton, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_bounds_count(no_bounds, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_crowd_update(no_crowd, 0.1, SPN_PHYSICS_UPDATE), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_destroy(no_skin), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_destroy(no_skeleton), SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_last_error_kind() == SPN_ERROR_KIND_NONE);
}

static void wrong_types(spn_atlas atlas, spn_skeleton_data data, spn_skeleton skeleton, spn_animation_state state,
                        spn_renderer renderer) {
    spn_atlas as_atlas;
    spn_skeleton_data as_data;
    spn_skeleton as_skeleton;
    spn_animation_state as_state;
    spn_animation_state_data as_state_data;
    spn_renderer as_renderer;
    spn_bounds as_bounds;
    spn_crowd as_crowd;
    spn_skin as_skin;
    spn_track_entry entry;
    uint32_t n;
    double value;
    float f = 0;
    as_atlas.bits = data.bits;
    as_data.bits = atlas.bits;
    as_skeleton.bits = state.bits;
    as_state.bits = skeleton.bits;
    as_state_data.bits = state.bits;
    as_renderer.bits = skeleton.bits;
    as_bounds.bits = renderer.bits;
    as_crowd.bits = renderer.bits;
    as_skin.bits = data.bits;
    entry.state = skeleton.bits;
    entry.entry = 0;
    FAILS(spn_atlas_page_count(as_atlas, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_data_count(as_data, SPN_ITEM_BONE, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_update(as_skeleton, 0.1), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_physics_constraint_reset(as_skeleton, 0), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_physics_move(as_skeleton, 1.0f, 2.0f, 3.0f, 1.0f, 1.0f, 1.0f), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_physics_constraint_translate(as_skeleton, 0, 1.0f, 2.0f), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_physics_constraint_rotate(as_skeleton, 0, 1.0f, 2.0f, 3.0f), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_animation_state_update(as_state, 0.1), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_animation_state_data_set_default_mix(as_state_data, 0.1), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_renderer_render(as_renderer, skeleton, NULL), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_bounds_count(as_bounds, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_crowd_count(as_crowd, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skin_add_data_skin(as_skin, 0), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_track_entry_get(entry, SPN_ENTRY_ALPHA, &value), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_animation_state_apply(state, as_skeleton), SPN_ERROR_WRONG_TYPE);
    /* Destroy with a handle of another type destroys nothing. */
    FAILS(spn_skeleton_destroy(as_skeleton), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_bone_world_to_parent(as_skeleton, 0, 0.0f, 0.0f, &f, &f), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_data_animation_keyed(as_data, 0, SPN_ITEM_BONE, NULL, 0, &n), SPN_ERROR_WRONG_TYPE);
    {
        spn_sequence_data sequence;
        sequence.size = sizeof sequence;
        FAILS(spn_skeleton_data_attachment_sequence(as_data, 0, &sequence), SPN_ERROR_WRONG_TYPE);
    }
    FAILS(spn_skeleton_data_animation_event_keys(as_data, 0, sizeof(spn_event_key), NULL, 0, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_atlas_destroy(as_atlas), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_data_destroy(as_data), SPN_ERROR_WRONG_TYPE);
    OK(spn_skeleton_update(skeleton, 0.0));
    /* Forged handles: unknown slot, wrong generation, unknown type byte. */
    as_skeleton.bits = skeleton.bits + 1000000;
    FAILS(spn_skeleton_update(as_skeleton, 0.1), SPN_ERROR_STALE_HANDLE);
    as_skeleton.bits = skeleton.bits ^ ((uint64_t)0x5 << 32);
    FAILS(spn_skeleton_update(as_skeleton, 0.1), SPN_ERROR_STALE_HANDLE);
    as_skeleton.bits = (skeleton.bits & 0x00FFFFFFFFFFFFFFull) | ((uint64_t)0x77 << 56);
    FAILS(spn_skeleton_update(as_skeleton, 0.1), SPN_ERROR_STALE_HANDLE);
    as_skeleton.bits = 0xFFFFFFFFFFFFFFFFull;
    FAILS(spn_skeleton_update(as_skeleton, 0.1), SPN_ERROR_STALE_HANDLE);
}

static void ranges_and_values(spn_atlas atlas, spn_skeleton_data data, spn_skeleton skeleton, spn_animation_state state,
                              spn_renderer renderer) {
    uint32_t bones = 0, slots = 0, animations = 0, constraints = 0, attachments = 0, skins = 0, events = 0, pages = 0;
    uint32_t regions = 0, n = 0;
    const char *name;
    spn_atlas_page_info page;
    spn_atlas_region_info region;
    spn_bone_local local;
    spn_bone_world world;
    spn_color color;
    spn_render_output output;
    spn_render_options options;
    spn_event_data event;
    spn_skin skin;
    spn_track_entry entry;
    spn_bounds bounds;
    spn_bounding_box box;
    const spn_event *records;
    float f;
    double value;
    spn_bone_world_info info;
    OK(spn_atlas_page_count(atlas, &pages));
    OK(spn_atlas_region_count(atlas, &regions));
    OK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &bones));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_data_count(data, SPN_ITEM_CONSTRAINT, &constraints));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &attachments));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    OK(spn_skeleton_data_count(data, SPN_ITEM_EVENT, &events));
    /* Out of range. */
    FAILS(spn_atlas_page(atlas, pages, &page), SPN_ERROR_OUT_OF_RANGE);
    region.size = sizeof region;
    FAILS(spn_atlas_region(atlas, regions, &region), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_data_name(data, SPN_ITEM_SLOT, slots, &name), SPN_ERROR_OUT_OF_RANGE);
    event.size = sizeof event;
    FAILS(spn_skeleton_data_event(data, events, &event), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_data_animation_duration(data, animations, &f), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_bone_world(skeleton, bones, &world), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_bone_world(skeleton, 0xFFFFFFFFu, &world), SPN_ERROR_OUT_OF_RANGE);
    info.size = sizeof info;
    FAILS(spn_skeleton_bone_world_info(skeleton, bones, &info), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_data_animation_keyed(data, animations, SPN_ITEM_BONE, NULL, 0, &n), SPN_ERROR_OUT_OF_RANGE);
    {
        spn_sequence_data sequence;
        memset(&sequence, 0, sizeof sequence);
        sequence.size = sizeof sequence;
        FAILS(spn_skeleton_data_attachment_sequence(data, attachments, &sequence), SPN_ERROR_OUT_OF_RANGE);
        sequence.size = sizeof sequence - 4;
        FAILS(spn_skeleton_data_attachment_sequence(data, 0, &sequence), SPN_ERROR_INVALID_ARGUMENT);
    }
    FAILS(spn_skeleton_data_animation_event_keys(data, animations, sizeof(spn_event_key), NULL, 0, &n),
          SPN_ERROR_OUT_OF_RANGE);
    if (animations > 0) {
        uint32_t keyed = 0, room[1];
        spn_event_key key_room[1];
        FAILS(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_SKIN, room, 1, &n), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_skeleton_data_animation_event_keys(data, 0, sizeof(spn_event_key) - 4, key_room, 1, &n),
              SPN_ERROR_INVALID_ARGUMENT);
        /* A buffer too small gets what fits plus the full count; a missing buffer with room
         * claimed is a null argument when there is something to write. */
        OK(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_BONE, NULL, 0, &keyed));
        if (keyed > 1) {
            OK(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_BONE, room, 1, &n));
            CHECK(n == keyed);
        }
        if (keyed > 0)
            FAILS(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_BONE, NULL, 1, &n), SPN_ERROR_NULL_ARGUMENT);
    }
    FAILS(spn_skeleton_bone_world_to_parent(skeleton, bones, 0.0f, 0.0f, &f, &f), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_bone_parent_to_world(skeleton, 0xFFFFFFFFu, 0.0f, 0.0f, &f, &f), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_slot_color(skeleton, slots, SPN_POSE_ANIMATED, &color), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_constraint_active(skeleton, constraints, &n), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_physics_constraint_reset(skeleton, constraints), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_physics_constraint_translate(skeleton, 0xFFFFFFFFu, 1.0f, 2.0f), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_physics_constraint_rotate(skeleton, constraints, 1.0f, 2.0f, 3.0f), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_physics_move(skeleton, NAN, 2.0f, 3.0f, 1.0f, 1.0f, 1.0f), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_physics_move(skeleton, 1.0f, 2.0f, INFINITY, 1.0f, 1.0f, 1.0f), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_physics_move(skeleton, 1.0f, 2.0f, 3.0f, 1.0f, 1.0f, NAN), SPN_ERROR_INVALID_ARGUMENT);
    /* A constraint that is not physics, and non-finite numbers for one that is. */
    for (n = 0; n < constraints; n++) {
        spn_constraint_info cinfo;
        memset(&cinfo, 0, sizeof cinfo);
        cinfo.size = sizeof cinfo;
        OK(spn_skeleton_data_constraint(data, n, &cinfo));
        if (cinfo.kind != SPN_CONSTRAINT_PHYSICS) {
            FAILS(spn_skeleton_physics_constraint_reset(skeleton, n), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skeleton_physics_constraint_translate(skeleton, n, 1.0f, 2.0f), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skeleton_physics_constraint_rotate(skeleton, n, 1.0f, 2.0f, 3.0f), SPN_ERROR_INVALID_ARGUMENT);
        } else {
            FAILS(spn_skeleton_physics_constraint_translate(skeleton, n, NAN, 2.0f), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skeleton_physics_constraint_translate(skeleton, n, 1.0f, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skeleton_physics_constraint_rotate(skeleton, n, 1.0f, 2.0f, NAN), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skeleton_physics_constraint_rotate(skeleton, n, -INFINITY, 2.0f, 3.0f), SPN_ERROR_INVALID_ARGUMENT);
        }
    }
    FAILS(spn_skeleton_set_slot_attachment(skeleton, 0, SPN_POSE_ANIMATED, (int32_t)attachments), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_set_slot_attachment(skeleton, 0, SPN_POSE_ANIMATED, -2), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_animation_state_set_animation(state, 0, animations, 1, NULL), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_animation_state_add_animation(state, SPN_MAX_TRACKS, 0, 1, 0.0, NULL), SPN_ERROR_OUT_OF_RANGE);
    OK(spn_skin_create(data, "s", &skin));
    FAILS(spn_skin_add_data_skin(skin, skins), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skin_set_attachment(skin, slots, "x", 0), SPN_ERROR_OUT_OF_RANGE);
    OK(spn_bounds_create(&bounds));
    box.size = sizeof box;
    FAILS(spn_bounds_box(bounds, 0, &box), SPN_ERROR_OUT_OF_RANGE);
    /* Unknown enum values. */
    FAILS(spn_skeleton_data_count(data, 99, &n), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_slot_color(skeleton, 0, 2, &color), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_update_world_transform(skeleton, 9), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_constraint_get(skeleton, 0, SPN_POSE_ANIMATED, 99, &f),
          constraints ? SPN_ERROR_INVALID_ARGUMENT : SPN_ERROR_OUT_OF_RANGE);
    memset(&local, 0, sizeof local);
    local.size = sizeof local;
    OK(spn_skeleton_bone_local(skeleton, 0, SPN_POSE_ANIMATED, &local));
    local.inherit = 9;
    FAILS(spn_skeleton_set_bone_local(skeleton, 0, SPN_POSE_ANIMATED, &local), SPN_ERROR_INVALID_ARGUMENT);
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.layout = 5;
    FAILS(spn_renderer_set_options(renderer, &options), SPN_ERROR_INVALID_ARGUMENT);
    options.layout = 0;
    options.color_order = 2; /* ABI 1.8: not an spn_color_order */
    FAILS(spn_renderer_set_options(renderer, &options), SPN_ERROR_INVALID_ARGUMENT);
    options.color_order = 0xFFFFFFFFu;
    FAILS(spn_renderer_create(&options, &renderer), SPN_ERROR_INVALID_ARGUMENT);
    options.color_order = 0;
    /* Struct sizes too small. */
    local.size = 4;
    FAILS(spn_skeleton_bone_local(skeleton, 0, SPN_POSE_ANIMATED, &local), SPN_ERROR_INVALID_ARGUMENT);
    info.size = sizeof info - 4;
    info.scale_x = -7.0f;
    FAILS(spn_skeleton_bone_world_info(skeleton, 0, &info), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(info.scale_x == -7.0f); /* left unchanged */
    output.size = 8;
    FAILS(spn_renderer_render(renderer, skeleton, &output), SPN_ERROR_INVALID_ARGUMENT);
    event.size = 0;
    FAILS(spn_skeleton_data_event(data, 0, &event), events ? SPN_ERROR_INVALID_ARGUMENT : SPN_ERROR_INVALID_ARGUMENT);
    options.size = 3;
    options.layout = 0;
    FAILS(spn_renderer_create(&options, &renderer), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_animation_state_events(state, sizeof(spn_event) - 8, &records, &n), SPN_ERROR_INVALID_ARGUMENT);
    /* Non-finite times. */
    FAILS(spn_animation_state_update(state, NAN), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_update(skeleton, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_crowd_update(zero_crowd, NAN, SPN_PHYSICS_UPDATE), SPN_ERROR_INVALID_ARGUMENT);
    /* Every non-finite float argument is refused and changes nothing (header "Numbers";
     * tests/non_finite_arguments.rs calls every float function of the header). */
    {
        float x = 0.0f, y = 0.0f;
        spn_color tint = {0.5f, 0.5f, 0.5f, 1.0f};
        OK(spn_skeleton_set_position(skeleton, 3.0f, 4.0f));
        FAILS(spn_skeleton_set_position(skeleton, NAN, 1.0f), SPN_ERROR_INVALID_ARGUMENT);
        CHECK(strcmp(spn_last_error_message(), "x NaN is not finite") == 0);
        FAILS(spn_skeleton_set_scale(skeleton, 1.0f, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_skeleton_set_wind(skeleton, -INFINITY, 0.0f), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_skeleton_set_gravity(skeleton, 0.0f, NAN), SPN_ERROR_INVALID_ARGUMENT);
        OK(spn_skeleton_position(skeleton, &x, &y));
        CHECK(x == 3.0f && y == 4.0f);
        tint.g = NAN;
        FAILS(spn_skeleton_set_color(skeleton, &tint), SPN_ERROR_INVALID_ARGUMENT);
        CHECK(strcmp(spn_last_error_message(), "color.g NaN is not finite") == 0);
        if (slots > 0)
            FAILS(spn_skeleton_set_slot_color(skeleton, 0, SPN_POSE_ANIMATED, &tint), SPN_ERROR_INVALID_ARGUMENT);
        if (bones > 0) {
            memset(&local, 0, sizeof local);
            local.size = sizeof local;
            OK(spn_skeleton_bone_local(skeleton, 0, SPN_POSE_ANIMATED, &local));
            local.rotation = INFINITY;
            FAILS(spn_skeleton_set_bone_local(skeleton, 0, SPN_POSE_ANIMATED, &local), SPN_ERROR_INVALID_ARGUMENT);
            CHECK(strcmp(spn_last_error_message(), "local.rotation inf is not finite") == 0);
        }
        FAILS(spn_skeleton_physics_translate(skeleton, NAN, 0.0f), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_skeleton_physics_rotate(skeleton, 0.0f, 0.0f, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
        OK(spn_skeleton_set_position(skeleton, 0.0f, 0.0f));
    }
    /* Bad UTF-8. */
    FAILS(spn_skeleton_data_find(data, SPN_ITEM_BONE, bad_utf8, &n), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_set_skin_by_name(skeleton, bad_utf8), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_animation_state_set_animation_by_name(state, 0, bad_utf8, 1, NULL), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skin_create(data, bad_utf8, &skin), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_atlas_load((const uint8_t *)bad_utf8, 3, &atlas), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_load_json((const uint8_t *)bad_utf8, 3, atlas, 1.0f, &data), SPN_ERROR_INVALID_ARGUMENT);
    /* Track entries: the set functions check their values. */
    if (animations > 0) {
        OK(spn_animation_state_set_animation(state, 0, 0, 1, &entry));
        FAILS(spn_track_entry_set(entry, SPN_ENTRY_ALPHA, NAN), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_track_entry_set(entry, SPN_ENTRY_TRACK_TIME, INFINITY), SPN_ERROR_INVALID_ARGUMENT);
        OK(spn_track_entry_set(entry, SPN_ENTRY_TRACK_END, INFINITY));
        FAILS(spn_track_entry_set(entry, SPN_ENTRY_IS_COMPLETE, 1.0), SPN_ERROR_INVALID_ARGUMENT);
        FAILS(spn_track_entry_get(entry, 30, &value), SPN_ERROR_INVALID_ARGUMENT);
        OK(spn_animation_state_clear_tracks(state));
        OK(spn_animation_state_clear_events(state));
        FAILS(spn_track_entry_get(entry, SPN_ENTRY_ALPHA, &value), SPN_ERROR_STALE_HANDLE);
    }
    OK(spn_bounds_destroy(bounds));
    OK(spn_skin_destroy(skin));
}

/* Objects of two different skeleton data do not mix. */
static void different_data(const char *skel, spn_atlas atlas, spn_skeleton_data data, spn_skeleton skeleton,
                           spn_animation_state state) {
    spn_skeleton_data other_data;
    spn_skeleton other_skeleton;
    spn_skin other_skin, skin;
    spn_crowd crowd;
    spn_renderer none = {0};
    OK(spn_skeleton_data_load_file(skel, atlas, 1.0f, &other_data));
    OK(spn_skeleton_create(other_data, &other_skeleton));
    OK(spn_skin_create(other_data, "other", &other_skin));
    OK(spn_skin_create(data, "mine", &skin));
    FAILS(spn_animation_state_apply(state, other_skeleton), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_set_skin(skeleton, other_skin), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skin_add_skin(skin, other_skin), SPN_ERROR_INVALID_ARGUMENT);
    OK(spn_crowd_create(1, &crowd));
    FAILS(spn_crowd_add(crowd, other_skeleton, state, none), SPN_ERROR_INVALID_ARGUMENT);
    OK(spn_crowd_add(crowd, skeleton, state, none));
    OK(spn_crowd_update(crowd, 0.01, SPN_PHYSICS_UPDATE));
    /* A member destroyed behind the crowd's back is reported by name, nothing updated. */
    OK(spn_crowd_add(crowd, other_skeleton, zero_state, none));
    OK(spn_skeleton_destroy(other_skeleton));
    FAILS(spn_crowd_update(crowd, 0.01, SPN_PHYSICS_UPDATE), SPN_ERROR_STALE_HANDLE);
    CHECK(strstr(spn_last_error_message(), "crowd member 1") != NULL);
    /* The same instance twice in one call. */
    OK(spn_crowd_clear(crowd));
    OK(spn_crowd_add(crowd, skeleton, zero_state, none));
    OK(spn_crowd_add(crowd, skeleton, zero_state, none));
    FAILS(spn_crowd_update(crowd, 0.01, SPN_PHYSICS_UPDATE), SPN_ERROR_BUSY);
    OK(spn_crowd_destroy(crowd));
    OK(spn_skin_destroy(skin));
    OK(spn_skin_destroy(other_skin));
    OK(spn_skeleton_data_destroy(other_data));
}

/* Every handle type: use after destroy and double destroy are stale. */
static void stale(spn_skeleton_data data) {
    spn_atlas atlas;
    spn_skeleton_data copy;
    spn_skin skin;
    spn_skeleton skeleton;
    spn_animation_state_data state_data;
    spn_animation_state state;
    spn_renderer renderer;
    spn_bounds bounds;
    spn_crowd crowd;
    spn_track_entry entry;
    uint32_t n, animations = 0;
    double value;
    spn_bone_world_info info;
    float f = 0;
    const char *name;
    OK(spn_atlas_load((const uint8_t *)"p.png\nsize: 2,2\n", 16, &atlas));
    OK(spn_skin_create(data, "s", &skin));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    OK(spn_renderer_create(NULL, &renderer));
    OK(spn_bounds_create(&bounds));
    OK(spn_crowd_create(0, &crowd));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    entry.state = state.bits;
    entry.entry = 0;
    if (animations) OK(spn_animation_state_set_animation(state, 0, 0, 1, &entry));
    /* The skin lives on in the skeleton; the state data in the state. */
    OK(spn_skeleton_set_skin(skeleton, skin));
    OK(spn_skin_destroy(skin));
    FAILS(spn_skin_destroy(skin), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skin_name(skin, &name), SPN_ERROR_STALE_HANDLE);
    OK(spn_skeleton_skin_name(skeleton, &name));
    CHECK(name != NULL && strcmp(name, "s") == 0);
    OK(spn_animation_state_data_destroy(state_data));
    FAILS(spn_animation_state_data_destroy(state_data), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_animation_state_data_set_default_mix(state_data, 0.1), SPN_ERROR_STALE_HANDLE);
    OK(spn_animation_state_update(state, 0.1));
    OK(spn_animation_state_apply(state, skeleton));
    OK(spn_atlas_destroy(atlas));
    FAILS(spn_atlas_destroy(atlas), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_atlas_page_count(atlas, &n), SPN_ERROR_STALE_HANDLE);
    OK(spn_skeleton_destroy(skeleton));
    FAILS(spn_skeleton_destroy(skeleton), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_update(skeleton, 0.1), SPN_ERROR_STALE_HANDLE);
    info.size = sizeof info;
    FAILS(spn_skeleton_bone_world_info(skeleton, 0, &info), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_physics_constraint_reset(skeleton, 0), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_physics_move(skeleton, 1.0f, 2.0f, 3.0f, 1.0f, 1.0f, 1.0f), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_physics_constraint_translate(skeleton, 0, 1.0f, 2.0f), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_physics_constraint_rotate(skeleton, 0, 1.0f, 2.0f, 3.0f), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_bone_parent_to_world(skeleton, 0, 0.0f, 0.0f, &f, &f), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_animation_state_apply(state, skeleton), SPN_ERROR_STALE_HANDLE);
    OK(spn_animation_state_destroy(state));
    FAILS(spn_animation_state_destroy(state), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_animation_state_update(state, 0.1), SPN_ERROR_STALE_HANDLE);
    /* A track entry of a destroyed state. */
    FAILS(spn_track_entry_get(entry, SPN_ENTRY_ALPHA, &value), SPN_ERROR_STALE_HANDLE);
    OK(spn_renderer_destroy(renderer));
    FAILS(spn_renderer_destroy(renderer), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_renderer_output(renderer, NULL), SPN_ERROR_NULL_ARGUMENT);
    OK(spn_bounds_destroy(bounds));
    FAILS(spn_bounds_destroy(bounds), SPN_ERROR_STALE_HANDLE);
    OK(spn_crowd_destroy(crowd));
    FAILS(spn_crowd_destroy(crowd), SPN_ERROR_STALE_HANDLE);
    /* A new object reusing a slot does not revive old handles. */
    OK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &n));
    copy = data;
    OK(spn_skeleton_create(data, &skeleton));
    CHECK(skeleton.bits != 0);
    OK(spn_skeleton_destroy(skeleton));
    FAILS(spn_skeleton_data_destroy(zero_data), SPN_ERROR_NULL_ARGUMENT);
    OK(spn_skeleton_data_count(copy, SPN_ITEM_BONE, &n));
}

/* GPU skinning (ABI 1.9): null and zero handles, wrong types, stale renderers, struct
 * sizes too small; out values left unchanged. */
static void gpu_misuse(spn_skeleton_data data, spn_skeleton skeleton, spn_renderer renderer) {
    spn_gpu_streams streams;
    spn_gpu_output out;
    spn_renderer dead = {0};
    spn_skeleton_data as_data = {skeleton.bits};
    spn_renderer as_renderer = {skeleton.bits};
    spn_skeleton no_skeleton = {0};
    spn_renderer no_renderer = {0};
    memset(&streams, 0, sizeof streams);
    memset(&out, 0, sizeof out);
    streams.size = sizeof streams;
    out.size = sizeof out;
    streams.vertex_count = 12345;
    out.draw_count = 12345;
    FAILS(spn_skeleton_data_gpu_streams(data, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_gpu_streams(zero_data, &streams), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_gpu_streams(as_data, &streams), SPN_ERROR_WRONG_TYPE);
    streams.size = 4;
    FAILS(spn_skeleton_data_gpu_streams(data, &streams), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(streams.size == 4 && streams.vertex_count == 12345);
    streams.size = sizeof streams;
    OK(spn_skeleton_data_gpu_streams(data, &streams));
    CHECK(streams.size == sizeof streams && streams.vertex_count != 12345);
    FAILS(spn_renderer_render_gpu(renderer, skeleton, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render_gpu(no_renderer, skeleton, &out), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render_gpu(renderer, no_skeleton, &out), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render_gpu(as_renderer, skeleton, &out), SPN_ERROR_WRONG_TYPE);
    out.size = sizeof out - 8;
    FAILS(spn_renderer_render_gpu(renderer, skeleton, &out), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(out.draw_count == 12345);
    out.size = sizeof out;
    OK(spn_renderer_create(NULL, &dead));
    OK(spn_renderer_destroy(dead));
    FAILS(spn_renderer_render_gpu(dead, skeleton, &out), SPN_ERROR_STALE_HANDLE);
    CHECK(out.draw_count == 12345);
    OK(spn_renderer_render_gpu(renderer, skeleton, &out));
    CHECK(out.size == sizeof out && out.draw_count != 12345 && out.palette != NULL);
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_renderer renderer = {0};
    uint32_t n = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    OK(spn_renderer_create(NULL, &renderer));
    if (failures) return finish("misuse_test");
    gpu_misuse(data, skeleton, renderer);
    nulls(atlas, data, skeleton, state, renderer);
    wrong_types(atlas, data, skeleton, state, renderer);
    ranges_and_values(atlas, data, skeleton, state, renderer);
    different_data(argv[2], atlas, data, skeleton, state);
    stale(data);
    /* Data destroyed first: every instance keeps working. */
    OK(spn_skeleton_data_destroy(data));
    FAILS(spn_skeleton_data_destroy(data), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_data_count(data, SPN_ITEM_BONE, &n), SPN_ERROR_STALE_HANDLE);
    {
        spn_gpu_streams streams;
        memset(&streams, 0, sizeof streams);
        streams.size = sizeof streams;
        FAILS(spn_skeleton_data_gpu_streams(data, &streams), SPN_ERROR_STALE_HANDLE);
    }
    FAILS(spn_skeleton_data_animation_keyed(data, 0, SPN_ITEM_BONE, NULL, 0, &n), SPN_ERROR_STALE_HANDLE);
    {
        spn_sequence_data sequence;
        sequence.size = sizeof sequence;
        FAILS(spn_skeleton_data_attachment_sequence(data, 0, &sequence), SPN_ERROR_STALE_HANDLE);
    }
    FAILS(spn_skeleton_data_animation_event_keys(data, 0, sizeof(spn_event_key), NULL, 0, &n), SPN_ERROR_STALE_HANDLE);
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_atlas_destroy(atlas));
    OK(spn_animation_state_update(state, 0.1));
    OK(spn_animation_state_apply(state, skeleton));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_renderer_render(renderer, skeleton, NULL));
    {
        /* The skeleton keeps its data's static streams alive: a GPU render still works. */
        spn_gpu_output out;
        memset(&out, 0, sizeof out);
        out.size = sizeof out;
        OK(spn_renderer_render_gpu(renderer, skeleton, &out));
        CHECK(out.bone_count > 0);
    }
    OK(spn_renderer_destroy(renderer));
    OK(spn_animation_state_destroy(state));
    OK(spn_skeleton_destroy(skeleton));
    return finish("misuse_test");
}
