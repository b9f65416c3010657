/* abi_test: the skeleton: bones (local and world values, the space conversions, setters),
 * slots (attachments, colors, sequence index), the skeleton's own values (position, scale,
 * color, time, wind, gravity, y-down), constraints (a valid and a foreign property of each
 * type), skins and attachments. */
#include "abi_test.h"

void test_bones(spn_skeleton skeleton, spn_skeleton_data data) {
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

void test_slots(spn_skeleton skeleton, spn_skeleton_data data) {
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

void test_skeleton_values(spn_skeleton skeleton) {
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

void test_constraints(spn_skeleton skeleton, spn_skeleton_data data) {
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

void test_skins_and_attachments(spn_skeleton skeleton, spn_skeleton_data data) {
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
