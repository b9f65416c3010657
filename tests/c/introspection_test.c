/* Skeleton bounds with clipping applied (ABI 1.4) on one rig with a clipping attachment:
 * on the setup pose and posed frames of every animation, the clipped box lies inside the
 * unclipped one (spn_skeleton_bounds), and equals the box around the renderer's clipped
 * output positions whenever the renderer draws every region and mesh attachment (none
 * hidden by a zero alpha). Prints the frames compared and how many were smaller.
 *
 * usage: introspection_test ATLAS SKEL */
#include "common.h"

typedef struct {
    float min_x, min_y, max_x, max_y;
} box;

static box from_rect(spn_rect r) {
    box b;
    b.min_x = r.x;
    b.min_y = r.y;
    b.max_x = r.x + r.width;
    b.max_y = r.y + r.height;
    return b;
}

/* `inner` inside `outer`, up to f32 rounding of clipped points. */
static int inside(box inner, box outer) {
    float e = 1e-4f * (1.0f + fabsf(outer.max_x - outer.min_x) + fabsf(outer.max_y - outer.min_y));
    return inner.min_x >= outer.min_x - e && inner.min_y >= outer.min_y - e && inner.max_x <= outer.max_x + e &&
           inner.max_y <= outer.max_y + e;
}

/* Whether the renderer draws every region and mesh attachment on an active bone. */
static int all_drawn(spn_skeleton_data data, spn_skeleton skeleton, uint32_t slots) {
    uint32_t s;
    for (s = 0; s < slots; s++) {
        spn_slot_data slot;
        spn_attachment_geometry g;
        spn_color color;
        int32_t id = -1;
        uint32_t active = 0;
        memset(&slot, 0, sizeof slot);
        slot.size = sizeof slot;
        OK(spn_skeleton_data_slot(data, s, &slot));
        OK(spn_skeleton_bone_active(skeleton, slot.bone, &active));
        OK(spn_skeleton_slot_attachment(skeleton, s, SPN_POSE_APPLIED, &id));
        if (!active || id < 0) continue;
        memset(&g, 0, sizeof g);
        g.size = sizeof g;
        OK(spn_skeleton_data_attachment_geometry(data, (uint32_t)id, &g));
        if (g.kind != SPN_ATTACHMENT_REGION && g.kind != SPN_ATTACHMENT_MESH && g.kind != SPN_ATTACHMENT_LINKED_MESH)
            continue;
        OK(spn_skeleton_slot_color(skeleton, s, SPN_POSE_APPLIED, &color));
        if (color.a == 0.0f || g.color.a == 0.0f || g.page < 0) return 0;
    }
    return 1;
}

static uint32_t compared = 0, smaller = 0, equal_to_render = 0;

static void check_frame(spn_skeleton_data data, spn_skeleton skeleton, spn_bounds bounds, spn_renderer renderer,
                        uint32_t slots) {
    spn_rect unclipped, clipped;
    uint32_t found = 0, found_clipped = 0, i;
    spn_render_output output;
    memset(&unclipped, 0, sizeof unclipped);
    memset(&clipped, 0, sizeof clipped);
    OK(spn_skeleton_bounds(skeleton, &unclipped, &found));
    OK(spn_bounds_skeleton_clipped(bounds, skeleton, &clipped, &found_clipped));
    CHECK(found || !found_clipped);
    memset(&output, 0, sizeof output);
    output.size = sizeof output;
    OK(spn_renderer_render(renderer, skeleton, &output));
    if (found_clipped) {
        box c = from_rect(clipped), u = from_rect(unclipped);
        CHECK(inside(c, u));
        compared++;
        if (c.min_x != u.min_x || c.min_y != u.min_y || c.max_x != u.max_x || c.max_y != u.max_y) smaller++;
        if (all_drawn(data, skeleton, slots) && output.vertex_count > 0) {
            box r;
            r.min_x = r.min_y = INFINITY;
            r.max_x = r.max_y = -INFINITY;
            for (i = 0; i < output.vertex_count; i++) {
                float x = output.positions[i * 2], y = output.positions[i * 2 + 1];
                if (x < r.min_x) r.min_x = x;
                if (y < r.min_y) r.min_y = y;
                if (x > r.max_x) r.max_x = x;
                if (y > r.max_y) r.max_y = y;
            }
            /* The same f32 operations: the same rectangle, exactly. */
            CHECK(r.min_x == clipped.x && r.min_y == clipped.y && r.max_x - r.min_x == clipped.width &&
                  r.max_y - r.min_y == clipped.height);
            equal_to_render++;
        }
    } else {
        CHECK(output.vertex_count == 0 || !all_drawn(data, skeleton, slots));
    }
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_renderer renderer = {0};
    spn_bounds bounds = {0};
    uint32_t slots = 0, animations = 0, skins = 0, a, k;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("introspection_test");
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    OK(spn_renderer_create(NULL, &renderer));
    OK(spn_bounds_create(&bounds));
    if (skins > 1) {
        const char *name = NULL;
        OK(spn_skeleton_data_name(data, SPN_ITEM_SKIN, skins - 1, &name));
        OK(spn_skeleton_set_skin_by_name(skeleton, name));
        OK(spn_skeleton_setup_pose_slots(skeleton));
    }
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    check_frame(data, skeleton, bounds, renderer, slots);
    for (a = 0; a < animations; a++) {
        float duration = 0.0f;
        OK(spn_skeleton_data_animation_duration(data, a, &duration));
        OK(spn_skeleton_setup_pose(skeleton));
        OK(spn_animation_state_set_animation(state, 0, a, 1, NULL));
        for (k = 0; k < 4; k++) {
            OK(spn_animation_state_update(state, k == 0 ? 0.0 : duration / 4.0));
            OK(spn_animation_state_apply(state, skeleton));
            OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
            check_frame(data, skeleton, bounds, renderer, slots);
        }
    }
    /* The wrong handle types and null out pointers. */
    {
        spn_rect r;
        uint32_t found = 0;
        spn_bounds as_bounds;
        spn_skeleton as_skeleton;
        as_bounds.bits = skeleton.bits;
        as_skeleton.bits = bounds.bits;
        CHECK(spn_bounds_skeleton_clipped(bounds, skeleton, NULL, &found) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_bounds_skeleton_clipped(bounds, skeleton, &r, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_bounds_skeleton_clipped(as_bounds, skeleton, &r, &found) == SPN_ERROR_WRONG_TYPE);
        CHECK(spn_bounds_skeleton_clipped(bounds, as_skeleton, &r, &found) == SPN_ERROR_WRONG_TYPE);
    }
    CHECK(compared > 0);
    printf("introspection_test: %u frames, %u with a smaller clipped box, %u equal to the render box\n", compared,
           smaller, equal_to_render);
    OK(spn_bounds_destroy(bounds));
    {
        spn_rect r;
        uint32_t found = 0;
        CHECK(spn_bounds_skeleton_clipped(bounds, skeleton, &r, &found) == SPN_ERROR_STALE_HANDLE);
    }
    OK(spn_renderer_destroy(renderer));
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("introspection_test");
}
