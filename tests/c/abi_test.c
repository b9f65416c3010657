/* Drives the whole C ABI on one rig: atlas, skeleton data, skins, skeleton (bones, slots,
 * constraints, bounds), animation state data and state (tracks, entries, events),
 * renderers in every layout, bounds and hit tests, and a crowd checked against
 * per-call updates. Checks values for consistency (round trips, equal outputs).
 *
 * usage: abi_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define DT (1.0 / 60.0)

static const char *item_name(spn_skeleton_data data, uint32_t item, uint32_t index) {
    const char *name = NULL;
    OK(spn_skeleton_data_name(data, item, index, &name));
    return name ? name : "";
}

static uint32_t item_count(spn_skeleton_data data, uint32_t item) {
    uint32_t n = 0;
    OK(spn_skeleton_data_count(data, item, &n));
    return n;
}

/* ---------------------------------------------------------------------------------- */

static void test_atlas(const char *path, spn_atlas *out) {
    size_t len = 0;
    char *text = read_file(path, &len);
    spn_atlas from_text = {0};
    uint32_t pages = 0, regions = 0, found = 99;
    spn_atlas_page_info page;
    spn_atlas_region_info region;
    CHECK(text != NULL);
    if (!text) return;
    OK(spn_atlas_load((const uint8_t *)text, len, &from_text));
    OK(spn_atlas_load_file(path, out));
    OK(spn_atlas_page_count(*out, &pages));
    CHECK(pages >= 1);
    OK(spn_atlas_page(*out, 0, &page));
    CHECK(page.width > 0 && strlen(page.name) > 0);
    OK(spn_atlas_region_count(from_text, &regions));
    CHECK(regions >= 1);
    memset(&region, 0, sizeof region);
    region.size = sizeof region;
    OK(spn_atlas_region(from_text, 0, &region));
    CHECK(region.size == sizeof region && region.page < pages && strlen(region.name) > 0);
    CHECK(region.u2 >= 0.0f && region.u2 <= 1.0f && region.width > 0);
    OK(spn_atlas_find_region(from_text, region.name, &found));
    CHECK(found == 0);
    CHECK(spn_atlas_find_region(from_text, "no such region", &found) == SPN_ERROR_NOT_FOUND);
    OK(spn_atlas_destroy(from_text));
    free(text);
}

static void test_data(spn_skeleton_data data) {
    spn_skeleton_info info;
    uint32_t item, i, n, found;
    int32_t default_skin = -2;
    float duration = -1.0f;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    OK(spn_skeleton_data_info(data, &info));
    CHECK(strncmp(info.version, "4.3", 3) == 0 && info.hash != NULL && info.reference_scale > 0.0f);
    for (item = SPN_ITEM_BONE; item <= SPN_ITEM_ATTACHMENT; item++) {
        n = item_count(data, item);
        for (i = 0; i < n; i += 1 + n / 8) {
            const char *name = item_name(data, item, i);
            found = 12345;
            OK(spn_skeleton_data_find(data, item, name, &found));
            CHECK(found <= i && strcmp(item_name(data, item, found), name) == 0);
        }
    }
    n = item_count(data, SPN_ITEM_BONE);
    for (i = 0; i < n; i++) {
        spn_bone_data bone;
        spn_bone_local setup;
        memset(&bone, 0, sizeof bone);
        bone.size = sizeof bone;
        memset(&setup, 0, sizeof setup);
        setup.size = sizeof setup;
        OK(spn_skeleton_data_bone(data, i, &bone));
        CHECK(bone.parent < (int32_t)i && (i == 0) == (bone.parent == -1));
        CHECK(strcmp(bone.name, item_name(data, SPN_ITEM_BONE, i)) == 0);
        OK(spn_skeleton_data_bone_setup(data, i, &setup));
        CHECK(setup.inherit <= SPN_INHERIT_NO_SCALE_OR_REFLECTION);
    }
    n = item_count(data, SPN_ITEM_SLOT);
    for (i = 0; i < n; i++) {
        spn_slot_data slot;
        memset(&slot, 0, sizeof slot);
        slot.size = sizeof slot;
        OK(spn_skeleton_data_slot(data, i, &slot));
        CHECK(slot.bone < item_count(data, SPN_ITEM_BONE) && slot.blend <= SPN_BLEND_SCREEN);
        CHECK(slot.color.a >= 0.0f && slot.color.a <= 1.0f);
    }
    n = item_count(data, SPN_ITEM_EVENT);
    for (i = 0; i < n; i++) {
        spn_event_data event;
        memset(&event, 0, sizeof event);
        event.size = sizeof event;
        OK(spn_skeleton_data_event(data, i, &event));
        CHECK(strcmp(event.name, item_name(data, SPN_ITEM_EVENT, i)) == 0);
        CHECK(event.string_value != NULL && event.audio_path != NULL);
    }
    n = item_count(data, SPN_ITEM_ATTACHMENT);
    for (i = 0; i < n; i++) {
        spn_attachment_info attachment;
        memset(&attachment, 0, sizeof attachment);
        attachment.size = sizeof attachment;
        OK(spn_skeleton_data_attachment(data, i, &attachment));
        CHECK(attachment.kind <= SPN_ATTACHMENT_CLIPPING && attachment.skin < item_count(data, SPN_ITEM_SKIN));
        /* Texture sequences (ABI 1.3): regions and meshes have one (at least one frame,
         * the setup frame among them); other kinds have none. */
        {
            spn_sequence_data sequence;
            int textured = attachment.kind == SPN_ATTACHMENT_REGION || attachment.kind == SPN_ATTACHMENT_MESH ||
                           attachment.kind == SPN_ATTACHMENT_LINKED_MESH;
            memset(&sequence, 0, sizeof sequence);
            sequence.size = sizeof sequence;
            if (textured) {
                OK(spn_skeleton_data_attachment_sequence(data, i, &sequence));
                CHECK(sequence.size == sizeof sequence && sequence.count >= 1 && sequence.path_suffix <= 1);
                CHECK(sequence.setup_index >= 0 && (uint32_t)sequence.setup_index < sequence.count);
                CHECK(sequence.count == 1 || sequence.path_suffix == 1);
            } else {
                CHECK(spn_skeleton_data_attachment_sequence(data, i, &sequence) == SPN_ERROR_INVALID_ARGUMENT);
            }
        }
    }
    n = item_count(data, SPN_ITEM_CONSTRAINT);
    for (i = 0; i < n; i++) {
        spn_constraint_info constraint;
        memset(&constraint, 0, sizeof constraint);
        constraint.size = sizeof constraint;
        OK(spn_skeleton_data_constraint(data, i, &constraint));
        CHECK(constraint.kind <= SPN_CONSTRAINT_SLIDER && strlen(constraint.name) > 0);
    }
    OK(spn_skeleton_data_default_skin(data, &default_skin));
    CHECK(default_skin >= -1 && default_skin < (int32_t)item_count(data, SPN_ITEM_SKIN));
    if (item_count(data, SPN_ITEM_ANIMATION) > 0) {
        OK(spn_skeleton_data_animation_duration(data, 0, &duration));
        CHECK(duration >= 0.0f);
    }
}

/* ---------------------------------------------------------------------------------- */

static void test_bones(spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t bones = item_count(data, SPN_ITEM_BONE);
    uint32_t b = bones > 1 ? 1 : 0, active = 9;
    spn_bone_local local, changed, back;
    spn_bone_world world, moved, parent;
    spn_bone_world_info info;
    spn_bone_data bone_data;
    float x = 0, y = 0, lx = 0, ly = 0, r = 0, r2 = 0, px = 0, py = 0;
    memset(&bone_data, 0, sizeof bone_data);
    bone_data.size = sizeof bone_data;
    OK(spn_skeleton_data_bone(data, b, &bone_data));
    memset(&local, 0, sizeof local);
    local.size = sizeof local;
    back = local;
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_skeleton_bone_active(skeleton, b, &active));
    CHECK(active <= 1);
    OK(spn_skeleton_bone_local(skeleton, b, SPN_POSE_ANIMATED, &local));
    OK(spn_skeleton_bone_world(skeleton, b, &world));
    /* Point conversion round trips through the bone's world transform. */
    OK(spn_skeleton_bone_local_to_world(skeleton, b, 3.0f, -2.0f, &x, &y));
    CHECK(near(x, world.a * 3.0f + world.b * -2.0f + world.world_x, 1e-4));
    OK(spn_skeleton_bone_world_to_local(skeleton, b, x, y, &lx, &ly));
    CHECK(near(lx, 3.0, 1e-3) && near(ly, -2.0, 1e-3));
    OK(spn_skeleton_bone_local_to_world_rotation(skeleton, b, 30.0f, &r));
    OK(spn_skeleton_bone_world_to_local_rotation(skeleton, b, r, &r2));
    CHECK(near(fmod(r2 - 30.0 + 720.0, 360.0), 0.0, 1e-3) || near(fmod(r2 - 30.0 + 720.0, 360.0), 360.0, 1e-3));
    /* World rotation and scale of the axes come from the world transform (ABI 1.3). */
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    OK(spn_skeleton_bone_world_info(skeleton, b, &info));
    CHECK(info.size == sizeof info);
    CHECK(near(info.rotation_x, atan2(world.c, world.a) * (180.0 / 3.14159265358979323846), 1e-3));
    CHECK(near(info.rotation_y, atan2(world.d, world.b) * (180.0 / 3.14159265358979323846), 1e-3));
    CHECK(near(info.scale_x, sqrt(world.a * world.a + world.c * world.c), 1e-5));
    CHECK(near(info.scale_y, sqrt(world.b * world.b + world.d * world.d), 1e-5));
    /* Parent space: the root's is world space; a child's is its parent's local space. */
    OK(spn_skeleton_bone_world_to_parent(skeleton, 0, 5.0f, 7.0f, &px, &py));
    CHECK(px == 5.0f && py == 7.0f);
    OK(spn_skeleton_bone_parent_to_world(skeleton, 0, 5.0f, 7.0f, &px, &py));
    CHECK(px == 5.0f && py == 7.0f);
    if (bone_data.parent >= 0) {
        OK(spn_skeleton_bone_world(skeleton, (uint32_t)bone_data.parent, &parent));
        OK(spn_skeleton_bone_parent_to_world(skeleton, b, local.x, local.y, &px, &py));
        /* A bone's local position in its parent's space is its world origin. */
        CHECK(near(px, parent.a * local.x + parent.b * local.y + parent.world_x, 1e-3));
        CHECK(near(py, parent.c * local.x + parent.d * local.y + parent.world_y, 1e-3));
        OK(spn_skeleton_bone_world_to_parent(skeleton, b, px, py, &lx, &ly));
        CHECK(near(lx, local.x, 1e-2) && near(ly, local.y, 1e-2));
    }
    /* Overriding the local pose changes the world transform. */
    changed = local;
    changed.rotation += 45.0f;
    changed.x += 10.0f;
    OK(spn_skeleton_set_bone_local(skeleton, b, SPN_POSE_ANIMATED, &changed));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_NONE));
    OK(spn_skeleton_bone_local(skeleton, b, SPN_POSE_ANIMATED, &back));
    CHECK(back.rotation == changed.rotation && back.x == changed.x && back.size == sizeof back);
    OK(spn_skeleton_bone_world(skeleton, b, &moved));
    CHECK(moved.world_x != world.world_x || moved.world_y != world.world_y || moved.a != world.a);
    OK(spn_skeleton_bone_local(skeleton, b, SPN_POSE_APPLIED, &back));
    OK(spn_skeleton_set_bone_local(skeleton, b, SPN_POSE_ANIMATED, &local));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_NONE));
    /* Setting the world transform directly. */
    moved.world_x += 5.0f;
    OK(spn_skeleton_set_bone_world(skeleton, b, &moved));
    OK(spn_skeleton_bone_world(skeleton, b, &world));
    CHECK(world.world_x == moved.world_x);
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_NONE));
}

static void test_slots(spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t slots = item_count(data, SPN_ITEM_SLOT), count = 0, i;
    spn_color color = {0.25f, 0.5f, 0.75f, 1.0f}, read = {0, 0, 0, 0}, original;
    int32_t sequence = 99;
    uint32_t *order, *reversed;
    if (slots == 0) return;
    OK(spn_skeleton_slot_color(skeleton, 0, SPN_POSE_ANIMATED, &original));
    OK(spn_skeleton_set_slot_color(skeleton, 0, SPN_POSE_ANIMATED, &color));
    OK(spn_skeleton_slot_color(skeleton, 0, SPN_POSE_ANIMATED, &read));
    CHECK(read.r == color.r && read.g == color.g && read.b == color.b && read.a == color.a);
    OK(spn_skeleton_set_slot_color(skeleton, 0, SPN_POSE_ANIMATED, &original));
    OK(spn_skeleton_slot_color(skeleton, 0, SPN_POSE_APPLIED, &read));
    OK(spn_skeleton_set_slot_dark_color(skeleton, 0, SPN_POSE_ANIMATED, &color));
    OK(spn_skeleton_slot_dark_color(skeleton, 0, SPN_POSE_ANIMATED, &read));
    CHECK(read.g == color.g);
    OK(spn_skeleton_set_slot_sequence_index(skeleton, 0, SPN_POSE_ANIMATED, 2));
    OK(spn_skeleton_slot_sequence_index(skeleton, 0, SPN_POSE_ANIMATED, &sequence));
    CHECK(sequence == 2);
    OK(spn_skeleton_set_slot_sequence_index(skeleton, 0, SPN_POSE_ANIMATED, -1));
    /* Draw order: size query, copy, reversed, restored. */
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_ANIMATED, NULL, 0, &count));
    CHECK(count == slots);
    order = (uint32_t *)malloc(sizeof(uint32_t) * slots);
    reversed = (uint32_t *)malloc(sizeof(uint32_t) * slots);
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_ANIMATED, order, slots, &count));
    for (i = 0; i < slots; i++) reversed[i] = order[slots - 1 - i];
    OK(spn_skeleton_set_draw_order(skeleton, SPN_POSE_ANIMATED, reversed, slots));
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_ANIMATED, order, slots, &count));
    CHECK(order[0] == reversed[0] && order[slots - 1] == reversed[slots - 1]);
    for (i = 0; i < slots; i++) order[i] = reversed[slots - 1 - i];
    OK(spn_skeleton_set_draw_order(skeleton, SPN_POSE_ANIMATED, order, slots));
    if (slots > 1) {
        reversed[0] = reversed[1]; /* not a permutation */
        CHECK(spn_skeleton_set_draw_order(skeleton, SPN_POSE_ANIMATED, reversed, slots) == SPN_ERROR_INVALID_ARGUMENT);
    }
    free(order);
    free(reversed);
}

static void test_skeleton_values(spn_skeleton skeleton) {
    float x = 0, y = 0;
    spn_color color = {1.0f, 0.5f, 0.25f, 0.8f}, read;
    uint32_t y_down = 9;
    double time = -1.0;
    OK(spn_skeleton_set_position(skeleton, 12.0f, -3.0f));
    OK(spn_skeleton_position(skeleton, &x, &y));
    CHECK(x == 12.0f && y == -3.0f);
    OK(spn_skeleton_set_position(skeleton, 0.0f, 0.0f));
    OK(spn_skeleton_set_scale(skeleton, -1.0f, 2.0f));
    OK(spn_skeleton_scale(skeleton, &x, &y));
    CHECK(x == -1.0f && y == 2.0f);
    OK(spn_skeleton_set_scale(skeleton, 1.0f, 1.0f));
    OK(spn_skeleton_set_color(skeleton, &color));
    OK(spn_skeleton_color(skeleton, &read));
    CHECK(read.g == 0.5f && read.a == 0.8f);
    color.r = color.g = color.b = color.a = 1.0f;
    OK(spn_skeleton_set_color(skeleton, &color));
    OK(spn_skeleton_set_y_down(skeleton, 1));
    OK(spn_skeleton_y_down(skeleton, &y_down));
    CHECK(y_down == 1);
    OK(spn_skeleton_set_y_down(skeleton, 0));
    OK(spn_skeleton_set_time(skeleton, 2.0));
    OK(spn_skeleton_update(skeleton, 0.5));
    OK(spn_skeleton_time(skeleton, &time));
    CHECK(time == 2.5);
    OK(spn_skeleton_set_wind(skeleton, 3.0f, 4.0f));
    OK(spn_skeleton_wind(skeleton, &x, &y));
    CHECK(x == 3.0f && y == 4.0f);
    OK(spn_skeleton_set_wind(skeleton, 1.0f, 0.0f));
    OK(spn_skeleton_set_gravity(skeleton, 0.0f, 2.0f));
    OK(spn_skeleton_gravity(skeleton, &x, &y));
    CHECK(x == 0.0f && y == 2.0f);
    OK(spn_skeleton_set_gravity(skeleton, 0.0f, 1.0f));
    OK(spn_skeleton_physics_translate(skeleton, 10.0f, 0.0f));
    OK(spn_skeleton_physics_rotate(skeleton, 0.0f, 0.0f, 15.0f));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_RESET));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_POSE));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    CHECK(spn_skeleton_update_world_transform(skeleton, 4) == SPN_ERROR_INVALID_ARGUMENT);
}

/* The first property valid for each constraint type (spn_constraint_type order). */
static const uint32_t first_property[5] = {SPN_CONSTRAINT_MIX, SPN_CONSTRAINT_MIX_ROTATE, SPN_CONSTRAINT_POSITION,
                                            SPN_CONSTRAINT_INERTIA, SPN_CONSTRAINT_TIME};
/* A property invalid for each constraint type. */
static const uint32_t foreign_property[5] = {SPN_CONSTRAINT_TIME, SPN_CONSTRAINT_MIX, SPN_CONSTRAINT_MIX_SCALE_X,
                                              SPN_CONSTRAINT_SOFTNESS, SPN_CONSTRAINT_MIX_X};

static void test_constraints(spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t n = item_count(data, SPN_ITEM_CONSTRAINT), c, active;
    for (c = 0; c < n; c++) {
        spn_constraint_info info;
        float value = -1.0f, read = -2.0f;
        uint32_t property;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        OK(spn_skeleton_data_constraint(data, c, &info));
        property = first_property[info.kind];
        OK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_ANIMATED, property, &value));
        OK(spn_skeleton_constraint_set(skeleton, c, SPN_POSE_ANIMATED, property, value * 0.5f));
        OK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_ANIMATED, property, &read));
        CHECK(read == value * 0.5f);
        OK(spn_skeleton_constraint_set(skeleton, c, SPN_POSE_ANIMATED, property, value));
        OK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_APPLIED, property, &read));
        CHECK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_ANIMATED, foreign_property[info.kind], &read) ==
              SPN_ERROR_INVALID_ARGUMENT);
        CHECK(spn_skeleton_constraint_set(skeleton, c, SPN_POSE_ANIMATED, 99, 0.0f) == SPN_ERROR_INVALID_ARGUMENT);
        if (info.kind == SPN_CONSTRAINT_IK) {
            OK(spn_skeleton_constraint_set(skeleton, c, SPN_POSE_ANIMATED, SPN_CONSTRAINT_BEND_DIRECTION, -5.0f));
            OK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_ANIMATED, SPN_CONSTRAINT_BEND_DIRECTION, &read));
            CHECK(read == -1.0f);
            OK(spn_skeleton_constraint_set(skeleton, c, SPN_POSE_ANIMATED, SPN_CONSTRAINT_STRETCH, 1.0f));
            OK(spn_skeleton_constraint_get(skeleton, c, SPN_POSE_ANIMATED, SPN_CONSTRAINT_STRETCH, &read));
            CHECK(read == 1.0f);
        }
        OK(spn_skeleton_constraint_active(skeleton, c, &active));
        CHECK(active <= 1);
    }
    OK(spn_skeleton_setup_pose_bones(skeleton));
}

/* Finds a slot with a setup attachment the skeleton's skins have; returns -1 if none. */
static int32_t slot_with_attachment(spn_skeleton skeleton, spn_skeleton_data data, const char **placeholder) {
    uint32_t n = item_count(data, SPN_ITEM_SLOT), i, id;
    for (i = 0; i < n; i++) {
        spn_slot_data slot;
        memset(&slot, 0, sizeof slot);
        slot.size = sizeof slot;
        OK(spn_skeleton_data_slot(data, i, &slot));
        if (slot.attachment && spn_skeleton_find_attachment(skeleton, i, slot.attachment, &id) == SPN_OK) {
            *placeholder = slot.attachment;
            return (int32_t)i;
        }
    }
    return -1;
}

static void test_skins_and_attachments(spn_skeleton skeleton, spn_skeleton_data data) {
    uint32_t skins = item_count(data, SPN_ITEM_SKIN), i, entries = 0, found = 0;
    const char *name = NULL, *placeholder = NULL;
    spn_skin combined = {0}, copy = {0};
    int32_t shown = -2, slot;
    OK(spn_skin_create(data, "combined", &combined));
    OK(spn_skin_create(data, "copy", &copy));
    for (i = 0; i < skins && i < 3; i++) OK(spn_skin_add_data_skin(combined, i));
    OK(spn_skin_add_skin(copy, combined));
    OK(spn_skin_attachment_count(copy, &entries));
    OK(spn_skin_attachment_count(combined, &found));
    CHECK(entries == found);
    OK(spn_skin_name(copy, &name));
    CHECK(strcmp(name, "copy") == 0);
    OK(spn_skeleton_set_skin(skeleton, combined));
    OK(spn_skeleton_skin_name(skeleton, &name));
    CHECK(name != NULL && strcmp(name, "combined") == 0);
    if (skins > 0) {
        OK(spn_skeleton_set_skin_by_name(skeleton, item_name(data, SPN_ITEM_SKIN, skins - 1)));
        OK(spn_skeleton_skin_name(skeleton, &name));
        CHECK(name != NULL && strcmp(name, item_name(data, SPN_ITEM_SKIN, skins - 1)) == 0);
    }
    CHECK(spn_skeleton_set_skin_by_name(skeleton, "no such skin") == SPN_ERROR_NOT_FOUND);
    OK(spn_skeleton_set_skin(skeleton, copy));
    OK(spn_skeleton_update_cache(skeleton));
    OK(spn_skeleton_setup_pose_slots(skeleton));

    slot = slot_with_attachment(skeleton, data, &placeholder);
    if (slot >= 0) {
        uint32_t id = 0;
        OK(spn_skeleton_set_attachment(skeleton, (uint32_t)slot, NULL));
        OK(spn_skeleton_slot_attachment(skeleton, (uint32_t)slot, SPN_POSE_ANIMATED, &shown));
        CHECK(shown == -1);
        OK(spn_skeleton_set_attachment(skeleton, (uint32_t)slot, placeholder));
        OK(spn_skeleton_slot_attachment(skeleton, (uint32_t)slot, SPN_POSE_ANIMATED, &shown));
        OK(spn_skeleton_find_attachment(skeleton, (uint32_t)slot, placeholder, &id));
        CHECK(shown == (int32_t)id);
        CHECK(spn_skeleton_set_attachment(skeleton, (uint32_t)slot, "no such attachment") == SPN_ERROR_NOT_FOUND);
        CHECK(spn_skeleton_find_attachment(skeleton, (uint32_t)slot, "no such attachment", &id) == SPN_ERROR_NOT_FOUND);
        OK(spn_skeleton_set_slot_attachment(skeleton, (uint32_t)slot, SPN_POSE_ANIMATED, -1));
        OK(spn_skeleton_slot_attachment(skeleton, (uint32_t)slot, SPN_POSE_ANIMATED, &shown));
        CHECK(shown == -1);
        OK(spn_skeleton_set_slot_attachment(skeleton, (uint32_t)slot, SPN_POSE_ANIMATED, (int32_t)id));
        OK(spn_skin_set_attachment(copy, (uint32_t)slot, placeholder, id));
        OK(spn_skeleton_setup_pose_slot(skeleton, (uint32_t)slot));
    }
    /* Point attachments (if the rig has any), shown or not. */
    {
        uint32_t n = item_count(data, SPN_ITEM_ATTACHMENT);
        spn_point point;
        for (i = 0; i < n; i++) {
            spn_attachment_info info;
            memset(&info, 0, sizeof info);
            info.size = sizeof info;
            OK(spn_skeleton_data_attachment(data, i, &info));
            if (info.kind == SPN_ATTACHMENT_POINT) {
                OK(spn_skeleton_point_attachment_world(skeleton, 0, i, &point));
                CHECK(point.x == point.x && point.rotation == point.rotation);
            } else if (i == 0) {
                CHECK(spn_skeleton_point_attachment_world(skeleton, 0, i, &point) == SPN_ERROR_INVALID_ARGUMENT);
            }
        }
    }
    OK(spn_skin_destroy(combined));
    OK(spn_skin_destroy(copy));
    {
        spn_skin none = {0};
        OK(spn_skeleton_set_skin(skeleton, none));
        OK(spn_skeleton_skin_name(skeleton, &name));
        CHECK(name == NULL);
    }
    OK(spn_skeleton_setup_pose(skeleton));
}

/* ---------------------------------------------------------------------------------- */

static uint32_t poll(spn_animation_state state, const spn_event **events) {
    uint32_t count = 0;
    *events = NULL;
    OK(spn_animation_state_events(state, sizeof(spn_event), events, &count));
    return count;
}

static int same_entry(spn_track_entry a, spn_track_entry b) { return a.state == b.state && a.entry == b.entry; }

static void frame(spn_animation_state state, spn_skeleton skeleton) {
    OK(spn_animation_state_update(state, DT));
    OK(spn_animation_state_apply(state, skeleton));
    OK(spn_skeleton_update(skeleton, DT));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
}

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

static void test_state(spn_skeleton skeleton, spn_skeleton_data data) {
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

/* ---------------------------------------------------------------------------------- */

static void check_ranges(const spn_render_output *out) {
    uint32_t r, vertices = 0, indices = 0, k;
    for (r = 0; r < out->range_count; r++) {
        const spn_draw_range *range = &out->ranges[r];
        CHECK(range->first_vertex == vertices && range->first_index == indices && range->blend <= SPN_BLEND_SCREEN);
        for (k = range->first_index; k < range->first_index + range->index_count; k++) {
            uint32_t index = out->index_size == 2 ? ((const uint16_t *)out->indices)[k] : ((const uint32_t *)out->indices)[k];
            CHECK(index < range->vertex_count);
        }
        vertices += range->vertex_count;
        indices += range->index_count;
    }
    CHECK(vertices == out->vertex_count && indices == out->index_count);
}

static void test_renderers(spn_skeleton skeleton) {
    spn_renderer plain, other;
    spn_render_options options, read;
    spn_render_output a, b;
    uint32_t i;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    b = a;
    read = options;
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_renderer_create(NULL, &plain));
    OK(spn_renderer_output(plain, &a));
    CHECK(a.vertex_count == 0 && a.ranges == NULL);
    CHECK(a.generation == 0);
    OK(spn_renderer_render(plain, skeleton, &a));
    CHECK(a.size == sizeof a && a.layout == SPN_LAYOUT_SEPARATE && a.position_stride == 2 && a.index_size == 2);
    CHECK(a.vertices == NULL && a.vertex_size == 0);
    CHECK(a.generation == 1);
    check_ranges(&a);
    /* The render generation grows with every render; an ABI 1.1 caller's smaller struct
     * (without `generation`) is still accepted and filled up to its size. */
    {
        spn_render_output again, old;
        memset(&again, 0, sizeof again);
        again.size = sizeof again;
        OK(spn_renderer_render(plain, skeleton, &again));
        CHECK(again.generation == 2 && again.vertex_count == a.vertex_count);
        memset(&old, 0xAB, sizeof old);
        old.size = (uint32_t)offsetof(spn_render_output, generation);
        OK(spn_renderer_output(plain, &old));
        CHECK(old.size == offsetof(spn_render_output, generation) && old.vertex_count == a.vertex_count);
        CHECK(old.generation == 0xABABABABABABABABull);
        old.size = (uint32_t)offsetof(spn_render_output, generation) - 1;
        CHECK(spn_renderer_output(plain, &old) == SPN_ERROR_INVALID_ARGUMENT);
        OK(spn_renderer_render(plain, skeleton, &a));
        CHECK(a.generation == 3);
    }

    /* Interleaved with 32-bit indices: the same vertices. */
    options.layout = SPN_LAYOUT_INTERLEAVED;
    options.indices_u32 = 1;
    OK(spn_renderer_create(&options, &other));
    OK(spn_renderer_options(other, &read));
    CHECK(read.layout == SPN_LAYOUT_INTERLEAVED && read.indices_u32 == 1 && read.use_z == 0);
    OK(spn_renderer_render(other, skeleton, NULL));
    OK(spn_renderer_output(other, &b));
    CHECK(b.layout == SPN_LAYOUT_INTERLEAVED && b.vertex_size == sizeof(spn_vertex) && b.index_size == 4);
    CHECK(b.positions == NULL && b.vertex_count == a.vertex_count && b.index_count == a.index_count);
    check_ranges(&b);
    for (i = 0; i < a.vertex_count && i < b.vertex_count; i++) {
        const spn_vertex *v = &((const spn_vertex *)b.vertices)[i];
        CHECK(v->x == a.positions[i * 2] && v->y == a.positions[i * 2 + 1]);
        CHECK(v->u == a.uvs[i * 2] && v->v == a.uvs[i * 2 + 1]);
        CHECK(v->color == a.colors[i] && v->dark_color == a.dark_colors[i]);
    }
    /* Separate with z, then interleaved with z; premultiplied alpha, merged colors. */
    options.layout = SPN_LAYOUT_SEPARATE;
    options.use_z = 1;
    options.z_spacing = 0.5f;
    OK(spn_renderer_set_options(other, &options));
    OK(spn_renderer_output(other, &b));
    CHECK(b.vertex_count == 0);
    CHECK(b.generation == 2); /* one render, then the option change */
    OK(spn_renderer_render(other, skeleton, &b));
    CHECK(b.position_stride == 3 && b.vertex_count == a.vertex_count);
    for (i = 0; i < a.vertex_count && i < b.vertex_count; i++) {
        CHECK(b.positions[i * 3] == a.positions[i * 2] && b.positions[i * 3 + 2] >= 0.0f);
    }
    options.layout = SPN_LAYOUT_INTERLEAVED;
    options.premultiplied_alpha = 1;
    options.merge_colors = 1;
    OK(spn_renderer_set_options(other, &options));
    OK(spn_renderer_render(other, skeleton, &b));
    CHECK(b.vertex_size == sizeof(spn_vertex_z) && b.vertex_count == a.vertex_count && b.range_count <= a.range_count);
    check_ranges(&b);
    OK(spn_renderer_destroy(other));
    OK(spn_renderer_destroy(plain));
}

static void test_bounds(spn_skeleton skeleton, spn_skeleton_data data) {
    spn_bounds bounds, other;
    spn_rect rect, aabb;
    uint32_t found = 9, n = 0, i, inside = 9, crosses = 9, attachments = item_count(data, SPN_ITEM_ATTACHMENT);
    int32_t slot = -2;
    /* Show a bounding box (if the rig has one) on slot 0, whatever the skin says. */
    for (i = 0; i < attachments; i++) {
        spn_attachment_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        OK(spn_skeleton_data_attachment(data, i, &info));
        if (info.kind == SPN_ATTACHMENT_BOUNDING_BOX) {
            OK(spn_skeleton_set_slot_attachment(skeleton, 0, SPN_POSE_ANIMATED, (int32_t)i));
            break;
        }
    }
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_skeleton_bounds(skeleton, &rect, &found));
    CHECK(found <= 1 && (found == 0 || (rect.width >= 0.0f && rect.height >= 0.0f)));
    OK(spn_bounds_create(&bounds));
    OK(spn_bounds_create(&other));
    OK(spn_bounds_update(bounds, skeleton, 1));
    OK(spn_bounds_update(other, skeleton, 0));
    OK(spn_bounds_count(bounds, &n));
    OK(spn_bounds_aabb(bounds, &aabb));
    for (i = 0; i < n; i++) {
        spn_bounding_box box;
        float cx = 0.0f, cy = 0.0f;
        uint32_t k;
        memset(&box, 0, sizeof box);
        box.size = sizeof box;
        OK(spn_bounds_box(bounds, i, &box));
        CHECK(box.vertex_count >= 3 && box.vertices != NULL);
        for (k = 0; k < box.vertex_count; k++) {
            cx += box.vertices[k * 2] / (float)box.vertex_count;
            cy += box.vertices[k * 2 + 1] / (float)box.vertex_count;
        }
        OK(spn_bounds_aabb_contains_point(bounds, cx, cy, &inside));
        CHECK(inside == 1);
        OK(spn_bounds_contains_point(bounds, cx, cy, &slot));
        CHECK(slot >= -1);
        OK(spn_bounds_intersects_segment(bounds, aabb.x - 10.0f, cy, aabb.x + aabb.width + 10.0f, cy, &slot));
        CHECK(slot >= 0);
        OK(spn_bounds_aabb_intersects_segment(bounds, aabb.x - 10.0f, cy, aabb.x + aabb.width + 10.0f, cy + 0.5f, &crosses));
        CHECK(crosses == 1);
    }
    OK(spn_bounds_contains_point(bounds, 1e9f, 1e9f, &slot));
    CHECK(slot == -1);
    OK(spn_bounds_aabb_intersects_bounds(bounds, bounds, &crosses));
    CHECK(crosses == (n > 0));
    OK(spn_bounds_aabb_intersects_bounds(bounds, other, &crosses));
    CHECK(crosses == 0); /* `other` has no box around its polygons */
    printf("  %u bounding boxes, skeleton bounds found: %u\n", n, found);
    OK(spn_bounds_destroy(other));
    OK(spn_bounds_destroy(bounds));
    OK(spn_skeleton_setup_pose_slots(skeleton));
}

/* ---------------------------------------------------------------------------------- */

#define MEMBERS 5

/* A crowd update gives exactly what per-call updates give. */
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

static void test_physics_constraints(spn_skeleton_data data) {
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

static void test_crowd(spn_skeleton_data data) {
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

/* ---------------------------------------------------------------------------------- */

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    CHECK(spn_abi_version() == SPN_ABI_VERSION);
    CHECK(strlen(spn_version_string()) > 0);
    test_atlas(argv[1], &atlas);
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("abi_test");
    test_data(data);
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_setup_pose(skeleton));
    test_bones(skeleton, data);
    test_slots(skeleton, data);
    test_skeleton_values(skeleton);
    test_constraints(skeleton, data);
    test_skins_and_attachments(skeleton, data);
    test_state(skeleton, data);
    test_renderers(skeleton);
    test_bounds(skeleton, data);
    test_physics_constraints(data);
    test_crowd(data);
    /* Destroying in any order: the skeleton keeps its data alive. */
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_skeleton_destroy(skeleton));
    return finish("abi_test");
}
