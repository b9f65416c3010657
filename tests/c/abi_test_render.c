/* abi_test: the renderers in every layout (each output's draw ranges checked), bounds and
 * hit tests. */
#include "abi_test.h"

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

void test_renderers(spn_skeleton skeleton) {
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

void test_bounds(spn_skeleton skeleton, spn_skeleton_data data) {
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
