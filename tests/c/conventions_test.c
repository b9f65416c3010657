/* GPU output conventions (ABI 1.8) on one rig, through animated frames, each against the
 * default render of the same pose: indices relative to the whole buffer
 * (absolute_indices), RGBA byte order (color_order), per-page premultiplied alpha
 * (pma_per_page) against the atlas pages' pma flags, the separator slot each range ends
 * at (range_separators); callers built against ABI 1.7 struct sizes get only the old
 * fields; an unknown color order is refused.
 *
 * usage: conventions_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#include <stddef.h>

static uint32_t index_at(const spn_render_output *out, uint32_t k) {
    return out->index_size == 2 ? ((const uint16_t *)out->indices)[k] : ((const uint32_t *)out->indices)[k];
}

static uint32_t swap_rb(uint32_t c) {
    return (c & 0xFF00FF00u) | ((c >> 16) & 0xFFu) | ((c & 0xFFu) << 16);
}

static spn_renderer make(uint32_t absolute, uint32_t order, uint32_t pma, uint32_t per_page) {
    spn_render_options o;
    spn_renderer r = {0};
    memset(&o, 0, sizeof o);
    o.size = sizeof o;
    o.absolute_indices = absolute;
    o.color_order = order;
    o.premultiplied_alpha = pma;
    o.pma_per_page = per_page;
    OK(spn_renderer_create(&o, &r));
    return r;
}

static void render(spn_renderer r, spn_skeleton skeleton, spn_render_output *out) {
    memset(out, 0, sizeof *out);
    out->size = sizeof *out;
    OK(spn_renderer_render(r, skeleton, out));
}

/* Every check of one pose. */
static void check_frame(spn_skeleton skeleton, spn_renderer plain, spn_renderer absolute, spn_renderer rgba,
                        spn_renderer pma, spn_renderer per_page, int atlas_pma) {
    spn_render_output a, b;
    uint32_t i, r, k;
    render(plain, skeleton, &a);
    CHECK(a.absolute_indices == 0);
    render(absolute, skeleton, &b);
    CHECK(b.absolute_indices == 1);
    CHECK(b.vertex_count == a.vertex_count && b.index_count == a.index_count && b.range_count == a.range_count);
    CHECK(b.index_size == (a.vertex_count > 65536 ? 4u : 2u));
    CHECK(b.vertex_count == 0 || memcmp(a.positions, b.positions, 2 * sizeof(float) * a.vertex_count) == 0);
    for (r = 0; r < a.range_count && b.range_count == a.range_count; r++) {
        spn_draw_range range = a.ranges[r];
        CHECK(memcmp(&a.ranges[r], &b.ranges[r], sizeof range) == 0);
        for (k = range.first_index; k < range.first_index + range.index_count; k++) {
            uint32_t whole = index_at(&b, k);
            CHECK(whole == index_at(&a, k) + range.first_vertex);
            CHECK(whole >= range.first_vertex && whole < range.first_vertex + range.vertex_count);
        }
    }
    render(plain, skeleton, &a);
    render(rgba, skeleton, &b);
    CHECK(b.vertex_count == a.vertex_count && b.range_count == a.range_count);
    for (i = 0; i < a.vertex_count && b.vertex_count == a.vertex_count; i++) {
        const uint8_t *bytes = (const uint8_t *)&b.colors[i];
        uint32_t c = a.colors[i];
        CHECK(b.colors[i] == swap_rb(c));
        CHECK(b.dark_colors[i] == swap_rb(a.dark_colors[i]));
        /* On this (little-endian) machine: R, G, B, A in memory. */
        CHECK(bytes[0] == ((c >> 16) & 0xFF) && bytes[1] == ((c >> 8) & 0xFF) && bytes[2] == (c & 0xFF) &&
              bytes[3] == (c >> 24));
    }
    for (r = 0; r < a.range_count && b.range_count == a.range_count; r++)
        CHECK(b.ranges[r].color == swap_rb(a.ranges[r].color) && b.ranges[r].dark_color == swap_rb(a.ranges[r].dark_color));
    /* Per page: as the premultiplied render with a PMA atlas, as the straight one without. */
    render(atlas_pma ? pma : plain, skeleton, &a);
    render(per_page, skeleton, &b);
    CHECK(b.vertex_count == a.vertex_count);
    CHECK(b.vertex_count != a.vertex_count || a.vertex_count == 0 ||
          (memcmp(a.colors, b.colors, a.vertex_count * 4) == 0 && memcmp(a.dark_colors, b.dark_colors, a.vertex_count * 4) == 0));
}

/* The separator slot each range ends at, against the draw order. */
static void check_separators(spn_skeleton skeleton, uint32_t slot_count) {
    spn_renderer renderer = {0};
    spn_render_output out;
    uint32_t *order = (uint32_t *)malloc((slot_count + 1) * sizeof(uint32_t));
    uint32_t separators[64], n = 0, s, r, p, count = 0;
    for (s = 1; s < slot_count && n < 64; s += 3) separators[n++] = s;
    OK(spn_renderer_create(NULL, &renderer));
    OK(spn_renderer_set_separator_slots(renderer, separators, n));
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_APPLIED, order, slot_count, &count));
    CHECK(count == slot_count);
    render(renderer, skeleton, &out);
    CHECK(out.range_count == 0 || out.range_separators != NULL);
    for (r = 0; r < out.range_count; r++) {
        uint32_t end = r + 1 < out.range_count ? out.range_infos[r + 1].first_draw : slot_count, expected = SPN_NO_SEPARATOR;
        for (p = out.range_infos[r].last_draw; p < end && expected == SPN_NO_SEPARATOR; p++)
            for (s = 0; s < n; s++)
                if (order[p] == separators[s]) expected = order[p];
        CHECK(out.range_separators[r] == expected);
    }
    /* Without separators, none. */
    OK(spn_renderer_set_separator_slots(renderer, NULL, 0));
    render(renderer, skeleton, &out);
    for (r = 0; r < out.range_count; r++) CHECK(out.range_separators[r] == SPN_NO_SEPARATOR);
    OK(spn_renderer_destroy(renderer));
    free(order);
}

/* ABI 1.7 callers: the smaller option and output structs are accepted and only their
 * fields are written; an unknown color order is refused. */
static void check_old_sizes(spn_skeleton skeleton, spn_renderer absolute) {
    spn_render_options o;
    spn_render_output out;
    spn_renderer r = {0};
    memset(&o, 0xAB, sizeof o);
    o.size = (uint32_t)offsetof(spn_render_options, absolute_indices);
    OK(spn_renderer_options(absolute, &o));
    CHECK(o.size == offsetof(spn_render_options, absolute_indices));
    CHECK(o.absolute_indices == 0xABABABABu && o.color_order == 0xABABABABu && o.pma_per_page == 0xABABABABu);
    o.size = sizeof o;
    OK(spn_renderer_options(absolute, &o));
    CHECK(o.absolute_indices == 1 && o.color_order == SPN_COLOR_ARGB && o.pma_per_page == 0);
    /* An ABI 1.7 options struct: the new options are 0 whatever follows it. */
    o.size = (uint32_t)offsetof(spn_render_options, absolute_indices);
    o.absolute_indices = 1;
    o.color_order = 77;
    OK(spn_renderer_create(&o, &r));
    memset(&out, 0xCD, sizeof out);
    out.size = (uint32_t)offsetof(spn_render_output, range_separators);
    OK(spn_renderer_render(r, skeleton, &out));
    CHECK(out.size == offsetof(spn_render_output, range_separators));
    CHECK(out.absolute_indices == 0xCDCDCDCDu);
    o.size = sizeof o;
    OK(spn_renderer_options(r, &o));
    CHECK(o.absolute_indices == 0 && o.color_order == 0);
    o.color_order = 2;
    CHECK(spn_renderer_set_options(r, &o) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_renderer_create(&o, NULL) == SPN_ERROR_NULL_ARGUMENT);
    OK(spn_renderer_destroy(r));
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_track_entry entry;
    spn_renderer plain, absolute, rgba, pma, per_page;
    spn_atlas_page_info page;
    uint32_t slot_count = 0, animations = 0, pages = 0, frame, p;
    int atlas_pma = 1;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("conventions_test");
    OK(spn_atlas_page_count(atlas, &pages));
    for (p = 0; p < pages; p++) {
        memset(&page, 0, sizeof page);
        OK(spn_atlas_page(atlas, p, &page));
        if (!page.pma) atlas_pma = 0;
    }
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slot_count));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    plain = make(0, SPN_COLOR_ARGB, 0, 0);
    absolute = make(1, SPN_COLOR_ARGB, 0, 0);
    rgba = make(0, SPN_COLOR_RGBA_BYTES, 0, 0);
    pma = make(0, SPN_COLOR_ARGB, 1, 0);
    per_page = make(0, SPN_COLOR_ARGB, !atlas_pma, 1);
    for (frame = 0; frame < 6; frame++) {
        if (animations > 0 && frame % 2 == 0)
            OK(spn_animation_state_set_animation(state, 0, (frame / 2) % animations, 1, &entry));
        OK(spn_animation_state_update(state, 0.2));
        OK(spn_animation_state_apply(state, skeleton));
        OK(spn_skeleton_update(skeleton, 0.2));
        OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        check_frame(skeleton, plain, absolute, rgba, pma, per_page, atlas_pma);
        if (slot_count > 0) check_separators(skeleton, slot_count);
    }
    check_old_sizes(skeleton, absolute);
    OK(spn_renderer_destroy(plain));
    OK(spn_renderer_destroy(absolute));
    OK(spn_renderer_destroy(rgba));
    OK(spn_renderer_destroy(pma));
    OK(spn_renderer_destroy(per_page));
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("conventions_test");
}
