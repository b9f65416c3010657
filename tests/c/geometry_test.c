/* Attachment geometry (ABI 1.4) on one rig.
 *
 * Dumps the setup geometry of every attachment to stdout (tests/c_abi.rs compares the
 * dump with the rig's JSON), then checks the world vertices of what every slot shows on
 * a posed frame: equal to the renderer's positions for regions and meshes (slots in draw
 * order), to the bounds object's polygons for bounding boxes, to the point attachment
 * world position for points; the two-call size protocol and partial writes.
 *
 * Dump lines (tab-separated):
 *   A id kind skin name path region_name page region source timeline end_slot closed
 *     constant_speed convex inverse hull_length weighted vertex_count r g b a x y rotation
 *     scale_x scale_y width height
 *   F id array count values...     (float arrays the attachment has)
 *   I id array count values...     (index arrays the attachment has)
 *
 * usage: geometry_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check to stderr. */
#include "common.h"

static uint32_t item_count(spn_skeleton_data data, uint32_t item) {
    uint32_t n = 0;
    OK(spn_skeleton_data_count(data, item, &n));
    return n;
}

static void dump_attachment(spn_atlas atlas, spn_skeleton_data data, uint32_t id) {
    spn_attachment_info info;
    spn_attachment_geometry g;
    uint32_t array, count = 0, i;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    memset(&g, 0, sizeof g);
    g.size = sizeof g;
    OK(spn_skeleton_data_attachment(data, id, &info));
    OK(spn_skeleton_data_attachment_geometry(data, id, &g));
    CHECK(g.size == sizeof g && g.kind == info.kind && g.path != NULL && g.region_name != NULL);
    if (g.region >= 0) {
        /* The region name is the atlas region's. */
        spn_atlas_region_info region;
        memset(&region, 0, sizeof region);
        region.size = sizeof region;
        OK(spn_atlas_region(atlas, (uint32_t)g.region, &region));
        CHECK(strcmp(region.name, g.region_name) == 0 && (int32_t)region.page == g.page);
    }
    printf("A\t%u\t%u\t%u\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%u\t%u\t%u\t%u\t%u\t%u\t%u", id, g.kind, info.skin,
           info.name, g.path, g.region_name, g.page, g.region, g.source, g.timeline_attachment, g.end_slot, g.closed,
           g.constant_speed, g.convex, g.inverse, g.hull_length, g.weighted, g.vertex_count);
    printf("\t%.9g\t%.9g\t%.9g\t%.9g", g.color.r, g.color.g, g.color.b, g.color.a);
    printf("\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\n", g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width,
           g.height);
    for (array = SPN_ATTACHMENT_ARRAY_VERTICES; array <= SPN_ATTACHMENT_ARRAY_EDGES; array++) {
        int floats = array < SPN_ATTACHMENT_ARRAY_BONES;
        spn_status status = floats ? spn_skeleton_data_attachment_floats(data, id, array, NULL, 0, &count)
                                   : spn_skeleton_data_attachment_indices(data, id, array, NULL, 0, &count);
        if (status == SPN_ERROR_INVALID_ARGUMENT) continue; /* not an array of this kind */
        OK(status);
        printf("%s\t%u\t%u\t%u", floats ? "F" : "I", id, array, count);
        if (floats) {
            float *values = (float *)malloc((count + 1) * sizeof(float));
            uint32_t written = 0;
            values[count] = -7.0f;
            OK(spn_skeleton_data_attachment_floats(data, id, array, values, count, &written));
            CHECK(written == count && values[count] == -7.0f);
            for (i = 0; i < count; i++) printf("\t%.9g", values[i]);
            free(values);
        } else {
            uint32_t *values = (uint32_t *)malloc((count + 1) * sizeof(uint32_t));
            uint32_t written = 0;
            values[count] = 777u;
            OK(spn_skeleton_data_attachment_indices(data, id, array, values, count, &written));
            CHECK(written == count && values[count] == 777u);
            for (i = 0; i < count; i++) printf("\t%u", values[i]);
            free(values);
        }
        printf("\n");
    }
    /* Each array call rejects the other call's arrays. */
    CHECK(spn_skeleton_data_attachment_floats(data, id, SPN_ATTACHMENT_ARRAY_TRIANGLES, NULL, 0, &count) ==
          SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skeleton_data_attachment_indices(data, id, SPN_ATTACHMENT_ARRAY_VERTICES, NULL, 0, &count) ==
          SPN_ERROR_INVALID_ARGUMENT);
}

/* The world vertices of slot `slot` into a new buffer (count floats); NULL when none. */
static float *world_vertices(spn_skeleton skeleton, uint32_t slot, uint32_t *count) {
    float *out;
    uint32_t written = 0;
    *count = 0;
    OK(spn_skeleton_slot_world_vertices(skeleton, slot, NULL, 0, count));
    if (*count == 0) return NULL;
    out = (float *)malloc((*count + 1) * sizeof(float));
    out[*count] = -7.0f;
    OK(spn_skeleton_slot_world_vertices(skeleton, slot, out, *count, &written));
    CHECK(written == *count && out[*count] == -7.0f);
    return out;
}

static int equal_floats(const float *a, const float *b, uint32_t n) {
    uint32_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Checks the world vertices of every slot on the current pose. Returns the number of
 * slots whose world vertices were matched against renderer, bounds or point output. */
static uint32_t check_pose(spn_skeleton_data data, spn_skeleton skeleton, spn_renderer renderer, spn_bounds bounds) {
    uint32_t slots = item_count(data, SPN_ITEM_SLOT), s, k, n = 0, matched = 0, cursor = 0, clipped = 0;
    uint32_t *order = (uint32_t *)malloc((slots + 1) * sizeof(uint32_t));
    spn_render_output output;
    memset(&output, 0, sizeof output);
    output.size = sizeof output;
    OK(spn_renderer_render(renderer, skeleton, &output));
    CHECK(output.position_stride == 2);
    OK(spn_skeleton_draw_order(skeleton, 1, order, slots, &n));
    CHECK(n == slots);
    /* Slots in draw order: each drawn region or mesh is the next run of render vertices
     * (slots the renderer skips, e.g. hidden ones, match nothing and are passed over). */
    for (k = 0; k < n && !clipped; k++) {
        int32_t id = -1;
        uint32_t count = 0, kind;
        float *world;
        spn_attachment_geometry g;
        s = order[k];
        OK(spn_skeleton_slot_attachment(skeleton, s, 1, &id));
        world = world_vertices(skeleton, s, &count);
        if (id < 0) {
            CHECK(count == 0 && world == NULL);
            continue;
        }
        memset(&g, 0, sizeof g);
        g.size = sizeof g;
        OK(spn_skeleton_data_attachment_geometry(data, (uint32_t)id, &g));
        CHECK(count == g.vertex_count * 2);
        kind = g.kind;
        if (kind == SPN_ATTACHMENT_CLIPPING) clipped = 1; /* later output is clipped */
        if ((kind == SPN_ATTACHMENT_REGION || kind == SPN_ATTACHMENT_MESH || kind == SPN_ATTACHMENT_LINKED_MESH) &&
            world && cursor + count / 2 <= output.vertex_count &&
            equal_floats(world, output.positions + cursor * 2, count)) {
            cursor += count / 2;
            matched++;
        }
        if (kind == SPN_ATTACHMENT_POINT && world) {
            spn_point point;
            OK(spn_skeleton_point_attachment_world(skeleton, s, (uint32_t)id, &point));
            CHECK(world[0] == point.x && world[1] == point.y);
            matched++;
        }
        if (world && count >= 4) {
            /* A smaller buffer gets the first whole vertices. */
            float part[3] = {-7.0f, -7.0f, -7.0f};
            uint32_t total = 0;
            OK(spn_skeleton_slot_world_vertices(skeleton, s, part, 3, &total));
            CHECK(total == count && part[0] == world[0] && part[1] == world[1] && part[2] == -7.0f);
        }
        free(world);
    }
    if (!clipped) {
        /* Every render vertex belongs to a slot's world vertices. */
        CHECK(cursor == output.vertex_count);
    }
    /* Bounding boxes: equal to the bounds object's polygons. */
    OK(spn_bounds_update(bounds, skeleton, 1));
    OK(spn_bounds_count(bounds, &n));
    for (k = 0; k < n; k++) {
        spn_bounding_box box;
        uint32_t count = 0;
        float *world;
        memset(&box, 0, sizeof box);
        box.size = sizeof box;
        OK(spn_bounds_box(bounds, k, &box));
        world = world_vertices(skeleton, box.slot, &count);
        CHECK(count == box.vertex_count * 2 && world && equal_floats(world, box.vertices, count));
        matched++;
        free(world);
    }
    free(order);
    return matched;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_renderer renderer = {0};
    spn_bounds bounds = {0};
    uint32_t id, attachments, animations, skins, a, matched = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("geometry_test");
    attachments = item_count(data, SPN_ITEM_ATTACHMENT);
    for (id = 0; id < attachments; id++) dump_attachment(atlas, data, id);

    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    OK(spn_renderer_create(NULL, &renderer));
    OK(spn_bounds_create(&bounds));
    skins = item_count(data, SPN_ITEM_SKIN);
    if (skins > 1) {
        /* A named skin as well, so that skin attachments show. */
        const char *name = NULL;
        OK(spn_skeleton_data_name(data, SPN_ITEM_SKIN, skins - 1, &name));
        OK(spn_skeleton_set_skin_by_name(skeleton, name));
    }
    OK(spn_skeleton_setup_pose_slots(skeleton));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    matched += check_pose(data, skeleton, renderer, bounds);
    /* Posed frames: the middle of each animation (deform keys, sequences). */
    animations = item_count(data, SPN_ITEM_ANIMATION);
    for (a = 0; a < animations && a < 8; a++) {
        float duration = 0.0f;
        OK(spn_skeleton_data_animation_duration(data, a, &duration));
        OK(spn_skeleton_setup_pose(skeleton));
        OK(spn_animation_state_set_animation(state, 0, a, 1, NULL));
        OK(spn_animation_state_update(state, duration * 0.5));
        OK(spn_animation_state_apply(state, skeleton));
        OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        matched += check_pose(data, skeleton, renderer, bounds);
    }
    CHECK(matched > 0);
    fprintf(stderr, "geometry_test: %u attachments dumped, %u slot geometries matched\n", attachments, matched);

    OK(spn_bounds_destroy(bounds));
    OK(spn_renderer_destroy(renderer));
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("geometry_test");
}
