/* Render separation and slot information (ABI 1.4) on one rig, through animated frames:
 * separator slots end draw ranges without changing vertices or triangles; the spans between
 * separators rendered alone (spn_renderer_render_slots) and concatenated equal the
 * separated render; a span of the whole draw order equals the full render; the range
 * infos' draw-order spans partition the rendered slots; the per-vertex slot stream names
 * the slot each vertex came from (checked against a render of that slot alone); callers
 * built against older struct sizes get only the old fields.
 *
 * usage: separation_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define DT (1.0 / 60.0)

/* A render copied out of the renderer: vertices (x, y, u, v as floats, colors), absolute
 * indices (range base added), ranges and infos, slot stream. */
typedef struct {
    uint32_t vertex_count, index_count, range_count;
    float *xyuv;
    uint32_t *colors, *dark, *slots, *indices;
    spn_draw_range *ranges;
    spn_draw_range_info *infos;
} flat;

static void flat_free(flat *f) {
    free(f->xyuv);
    free(f->colors);
    free(f->dark);
    free(f->slots);
    free(f->indices);
    free(f->ranges);
    free(f->infos);
    memset(f, 0, sizeof *f);
}

static void *grow(void *p, size_t bytes) {
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q) abort();
    return q;
}

/* Appends a render (separate layout, 2 floats per position, slot stream on). */
static void flat_append(flat *f, const spn_render_output *out) {
    uint32_t v0 = f->vertex_count, i0 = f->index_count, r0 = f->range_count, i, r, k;
    CHECK(out->layout == SPN_LAYOUT_SEPARATE && out->position_stride == 2);
    CHECK(out->vertex_count == 0 || out->slots != NULL);
    CHECK(out->range_count == 0 || out->range_infos != NULL);
    f->vertex_count += out->vertex_count;
    f->index_count += out->index_count;
    f->range_count += out->range_count;
    f->xyuv = (float *)grow(f->xyuv, f->vertex_count * 4 * sizeof(float));
    f->colors = (uint32_t *)grow(f->colors, f->vertex_count * sizeof(uint32_t));
    f->dark = (uint32_t *)grow(f->dark, f->vertex_count * sizeof(uint32_t));
    f->slots = (uint32_t *)grow(f->slots, f->vertex_count * sizeof(uint32_t));
    f->indices = (uint32_t *)grow(f->indices, f->index_count * sizeof(uint32_t));
    f->ranges = (spn_draw_range *)grow(f->ranges, f->range_count * sizeof(spn_draw_range));
    f->infos = (spn_draw_range_info *)grow(f->infos, f->range_count * sizeof(spn_draw_range_info));
    for (i = 0; i < out->vertex_count; i++) {
        f->xyuv[(v0 + i) * 4] = out->positions[i * 2];
        f->xyuv[(v0 + i) * 4 + 1] = out->positions[i * 2 + 1];
        f->xyuv[(v0 + i) * 4 + 2] = out->uvs[i * 2];
        f->xyuv[(v0 + i) * 4 + 3] = out->uvs[i * 2 + 1];
        f->colors[v0 + i] = out->colors[i];
        f->dark[v0 + i] = out->dark_colors[i];
        f->slots[v0 + i] = out->slots[i];
    }
    for (r = 0; r < out->range_count; r++) {
        spn_draw_range range = out->ranges[r];
        for (k = range.first_index; k < range.first_index + range.index_count; k++) {
            uint32_t index = out->index_size == 2 ? ((const uint16_t *)out->indices)[k] : ((const uint32_t *)out->indices)[k];
            f->indices[i0 + k] = v0 + range.first_vertex + index;
        }
        range.first_vertex += v0;
        range.first_index += i0;
        f->ranges[r0 + r] = range;
        f->infos[r0 + r] = out->range_infos[r];
    }
}

static int flat_equal(const flat *a, const flat *b, int compare_ranges) {
    if (a->vertex_count != b->vertex_count || a->index_count != b->index_count) return 0;
    if (memcmp(a->xyuv, b->xyuv, a->vertex_count * 4 * sizeof(float)) != 0) return 0;
    if (memcmp(a->colors, b->colors, a->vertex_count * sizeof(uint32_t)) != 0) return 0;
    if (memcmp(a->dark, b->dark, a->vertex_count * sizeof(uint32_t)) != 0) return 0;
    if (memcmp(a->slots, b->slots, a->vertex_count * sizeof(uint32_t)) != 0) return 0;
    if (memcmp(a->indices, b->indices, a->index_count * sizeof(uint32_t)) != 0) return 0;
    if (!compare_ranges) return 1;
    return a->range_count == b->range_count &&
           memcmp(a->ranges, b->ranges, a->range_count * sizeof(spn_draw_range)) == 0 &&
           memcmp(a->infos, b->infos, a->range_count * sizeof(spn_draw_range_info)) == 0;
}

static spn_render_output empty_output(void) {
    spn_render_output out;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    return out;
}

static int contains(const uint32_t *list, uint32_t n, uint32_t value) {
    uint32_t i;
    for (i = 0; i < n; i++)
        if (list[i] == value) return 1;
    return 0;
}

static uint32_t checked_slots = 0;

static void check_frame(spn_skeleton skeleton, uint32_t slot_count, const uint32_t *separators, uint32_t n_sep) {
    spn_render_options options;
    spn_renderer plain, separated, single;
    spn_render_output out = empty_output();
    flat whole, split, parts, alone;
    uint32_t *order = (uint32_t *)malloc(slot_count * sizeof(uint32_t));
    uint32_t *position = (uint32_t *)malloc(slot_count * sizeof(uint32_t));
    uint32_t count = 0, p, r, start, v;
    memset(&whole, 0, sizeof whole);
    split = parts = alone = whole;
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_APPLIED, order, slot_count, &count));
    CHECK(count == slot_count);
    for (p = 0; p < slot_count; p++) position[order[p]] = p;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.slot_indices = 1;
    OK(spn_renderer_create(&options, &plain));
    OK(spn_renderer_create(&options, &separated));
    OK(spn_renderer_create(&options, &single));
    OK(spn_renderer_set_separator_slots(separated, separators, n_sep));

    OK(spn_renderer_render(plain, skeleton, &out));
    flat_append(&whole, &out);
    OK(spn_renderer_render(separated, skeleton, &out));
    flat_append(&split, &out);
    /* Same vertices and triangles, more ranges at most. */
    CHECK(flat_equal(&whole, &split, 0));
    CHECK(split.range_count >= whole.range_count);
    for (r = 0; r < split.range_count; r++) {
        spn_draw_range_info info = split.infos[r];
        spn_draw_range range = split.ranges[r];
        CHECK(info.first_draw <= info.last_draw && info.last_draw < slot_count);
        CHECK(order[info.first_draw] == info.first_slot && order[info.last_draw] == info.last_slot);
        for (p = info.first_draw; p < info.last_draw; p++) CHECK(!contains(separators, n_sep, order[p]));
        if (r + 1 < split.range_count) CHECK(info.last_draw < split.infos[r + 1].first_draw);
        for (v = range.first_vertex; v < range.first_vertex + range.vertex_count; v++) {
            p = position[split.slots[v]];
            CHECK(p >= info.first_draw && p <= info.last_draw);
        }
        if (range.vertex_count > 0) {
            CHECK(split.slots[range.first_vertex] == info.first_slot);
            CHECK(split.slots[range.first_vertex + range.vertex_count - 1] == info.last_slot);
        }
    }

    /* The spans between separators, alone and concatenated, are the separated render. */
    start = 0;
    for (p = 0; p < slot_count; p++) {
        if (contains(separators, n_sep, order[p]) || p + 1 == slot_count) {
            OK(spn_renderer_render_slots(separated, skeleton, start, p, &out));
            flat_append(&parts, &out);
            start = p + 1;
        }
    }
    CHECK(flat_equal(&parts, &split, 1));
    /* The whole draw order as one span is the full render. */
    flat_free(&parts);
    OK(spn_renderer_render_slots(plain, skeleton, 0, slot_count - 1, &out));
    flat_append(&parts, &out);
    CHECK(flat_equal(&parts, &whole, 1));

    /* Each slot's vertices are those of a render of that slot alone. */
    for (p = 0; p < slot_count; p++) {
        uint32_t slot = order[p], k = 0, mine = 0;
        int same = 1;
        flat_free(&alone);
        OK(spn_renderer_render_slots(single, skeleton, p, p, &out));
        flat_append(&alone, &out);
        for (v = 0; v < alone.vertex_count; v++) CHECK(alone.slots[v] == slot);
        for (v = 0; v < whole.vertex_count; v++) {
            if (whole.slots[v] != slot) continue;
            mine++;
            if (k >= alone.vertex_count || memcmp(&whole.xyuv[v * 4], &alone.xyuv[k * 4], 4 * sizeof(float)) != 0 ||
                whole.colors[v] != alone.colors[k])
                same = 0;
            k++;
        }
        CHECK(same && mine == alone.vertex_count);
        if (mine) checked_slots++;
    }
    flat_free(&whole);
    flat_free(&split);
    flat_free(&parts);
    flat_free(&alone);
    OK(spn_renderer_destroy(plain));
    OK(spn_renderer_destroy(separated));
    OK(spn_renderer_destroy(single));
    free(order);
    free(position);
}

/* Callers built against older sizes: options without `slot_indices`, outputs without the
 * ABI 1.4 fields (the bytes past their size stay untouched). Separators stay through
 * option changes. */
static void test_old_sizes(spn_skeleton skeleton, uint32_t slot_count) {
    unsigned char options_bytes[sizeof(spn_render_options) + 16];
    unsigned char output_bytes[sizeof(spn_render_output) + 16];
    spn_render_options *options = (spn_render_options *)(void *)options_bytes;
    spn_render_output *out = (spn_render_output *)(void *)output_bytes;
    spn_render_output full = empty_output();
    spn_renderer renderer;
    size_t old_options = offsetof(spn_render_options, slot_indices);
    size_t old_output = offsetof(spn_render_output, range_infos);
    size_t i;
    uint32_t separator = 0, with_separator, without;
    memset(options_bytes, 0xFF, sizeof options_bytes);
    memset(options, 0, old_options);
    options->size = (uint32_t)old_options;
    /* The bytes past the old size are 0xFF: a 1.4 reader would see slot_indices on. */
    OK(spn_renderer_create(options, &renderer));
    OK(spn_renderer_render(renderer, skeleton, &full));
    CHECK(full.slots == NULL);
    memset(options_bytes, 0xAB, sizeof options_bytes);
    options->size = (uint32_t)old_options;
    OK(spn_renderer_options(renderer, options));
    CHECK(options->size == old_options && options->layout == 0);
    for (i = old_options; i < sizeof options_bytes; i++) CHECK(options_bytes[i] == 0xAB);

    memset(output_bytes, 0xAB, sizeof output_bytes);
    out->size = (uint32_t)old_output;
    OK(spn_renderer_render(renderer, skeleton, out));
    CHECK(out->size == old_output && out->vertex_count == full.vertex_count && out->range_count == full.range_count);
    for (i = old_output; i < sizeof output_bytes; i++) CHECK(output_bytes[i] == 0xAB);
    memset(output_bytes, 0xAB, sizeof output_bytes);
    out->size = (uint32_t)offsetof(spn_render_output, generation);
    OK(spn_renderer_output(renderer, out));
    CHECK(out->size == offsetof(spn_render_output, generation) && out->vertex_count == full.vertex_count);
    for (i = offsetof(spn_render_output, generation); i < sizeof output_bytes; i++) CHECK(output_bytes[i] == 0xAB);

    /* A separator at every slot: one range per drawing slot, through an option change. */
    OK(spn_renderer_render(renderer, skeleton, &full));
    without = full.range_count;
    for (separator = 0; separator < slot_count; separator++) {
        OK(spn_renderer_set_separator_slots(renderer, &separator, 1));
    }
    {
        uint32_t *all = (uint32_t *)malloc(slot_count * sizeof(uint32_t));
        for (i = 0; i < slot_count; i++) all[i] = (uint32_t)i;
        OK(spn_renderer_set_separator_slots(renderer, all, slot_count));
        free(all);
    }
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
    options->slot_indices = 1;
    OK(spn_renderer_set_options(renderer, options));
    OK(spn_renderer_render(renderer, skeleton, &full));
    with_separator = full.range_count;
    CHECK(with_separator >= without);
    for (i = 0; i < full.range_count; i++) CHECK(full.range_infos[i].first_draw == full.range_infos[i].last_draw);
    /* Removing them restores the batching. */
    OK(spn_renderer_set_separator_slots(renderer, NULL, 0));
    OK(spn_renderer_render(renderer, skeleton, &full));
    CHECK(full.range_count == without);
    OK(spn_renderer_destroy(renderer));
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_track_entry entry;
    uint32_t slot_count = 0, animations = 0, frame, *separators, n_sep, s;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("separation_test");
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slot_count));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    separators = (uint32_t *)malloc((slot_count + 1) * sizeof(uint32_t));
    for (frame = 0; frame < 4 && slot_count > 0; frame++) {
        if (animations > 0 && frame % 2 == 0)
            OK(spn_animation_state_set_animation(state, 0, (frame / 2) % animations, 1, &entry));
        OK(spn_animation_state_update(state, 0.2));
        OK(spn_animation_state_apply(state, skeleton));
        OK(spn_skeleton_update(skeleton, 0.2));
        OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        /* Every third slot from a frame-dependent start, plus one past the slots. */
        n_sep = 0;
        for (s = frame % 3; s < slot_count; s += 3) separators[n_sep++] = s;
        separators[n_sep++] = slot_count + 5;
        check_frame(skeleton, slot_count, separators, n_sep);
    }
    if (slot_count > 0) test_old_sizes(skeleton, slot_count);
    free(separators);
    printf("separation_test: %u slots' vertices checked against their own render\n", checked_slots);
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("separation_test");
}
