/* Batched crowd render (ABI 1.5) on one rig:
 * - spn_crowd_render_batched equals the enabled members' own renders concatenated:
 *   every position moved by its member's offset, uvs, colors and indices as they are,
 *   ranges rebased, and a member's first range merged into the previous member's last
 *   one exactly when page, blend and colors are equal and the 16-bit limits allow;
 * - disabled members are skipped; offsets read back; the generation grows per render;
 * - misuse: null, stale and wrong-typed handles, out-of-range members, non-finite offsets,
 *   null out pointers, a too-small output struct, one skeleton in two members (BUSY,
 *   nothing changes).
 *
 * usage: crowd_render_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define DT (1.0 / 60.0)
#define MEMBERS 5
#define FRAMES 12
#define MAX_RANGE_INDICES 0xFFFFu
#define MAX_RANGE_VERTICES 0x10000u

typedef struct {
    spn_skeleton skeleton;
    spn_animation_state state;
    spn_renderer renderer;
} instance;

static spn_animation_state_data mixes;
static uint32_t animations;

static void create(spn_skeleton_data data, instance *i, uint32_t k) {
    spn_track_entry entry = {0, 0};
    OK(spn_skeleton_create(data, &i->skeleton));
    OK(spn_animation_state_create(mixes, &i->state));
    OK(spn_renderer_create(NULL, &i->renderer));
    if (animations > 0) {
        OK(spn_animation_state_set_animation(i->state, 0, k % animations, 1, &entry));
        OK(spn_track_entry_set(entry, SPN_ENTRY_TRACK_TIME, 0.07 * k));
    }
}

static void destroy(instance *i) {
    OK(spn_renderer_destroy(i->renderer));
    OK(spn_animation_state_destroy(i->state));
    OK(spn_skeleton_destroy(i->skeleton));
}

static spn_render_output output_of(spn_renderer renderer) {
    spn_render_output out;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    OK(spn_renderer_output(renderer, &out));
    return out;
}

/* The expected batch, built from the members' own outputs. */
typedef struct {
    float *positions, *uvs;
    uint32_t *colors, *dark_colors;
    uint16_t *indices;
    spn_draw_range *ranges;
    spn_draw_range_info *infos;
    uint32_t vertices, index_count, range_count;
} expected;

static void expect_init(expected *e, uint32_t vertices, uint32_t indices, uint32_t ranges) {
    e->positions = (float *)malloc(sizeof(float) * 2 * (vertices + 1));
    e->uvs = (float *)malloc(sizeof(float) * 2 * (vertices + 1));
    e->colors = (uint32_t *)malloc(sizeof(uint32_t) * (vertices + 1));
    e->dark_colors = (uint32_t *)malloc(sizeof(uint32_t) * (vertices + 1));
    e->indices = (uint16_t *)malloc(sizeof(uint16_t) * (indices + 1));
    e->ranges = (spn_draw_range *)malloc(sizeof(spn_draw_range) * (ranges + 1));
    e->infos = (spn_draw_range_info *)malloc(sizeof(spn_draw_range_info) * (ranges + 1));
    e->vertices = e->index_count = e->range_count = 0;
}

static void expect_free(expected *e) {
    free(e->positions);
    free(e->uvs);
    free(e->colors);
    free(e->dark_colors);
    free(e->indices);
    free(e->ranges);
    free(e->infos);
}

/* Appends one member's output (separate layout, 16-bit indices); returns whether its first
 * range merged into the previous one. */
static int expect_append(expected *e, const spn_render_output *o, float dx, float dy) {
    uint32_t v, i, r, rebase = 0, first_end;
    int merged = 0;
    const uint16_t *indices = (const uint16_t *)o->indices;
    if (o->range_count == 0) return 0;
    if (e->range_count > 0) {
        spn_draw_range *last = &e->ranges[e->range_count - 1];
        const spn_draw_range *first = &o->ranges[0];
        if (last->page == first->page && last->blend == first->blend && last->color == first->color &&
            last->dark_color == first->dark_color && last->index_count + first->index_count < MAX_RANGE_INDICES &&
            last->vertex_count + first->vertex_count <= MAX_RANGE_VERTICES) {
            merged = 1;
            rebase = last->vertex_count;
            last->index_count += first->index_count;
            last->vertex_count += first->vertex_count;
            e->infos[e->range_count - 1].last_draw = o->range_infos[0].last_draw;
            e->infos[e->range_count - 1].last_slot = o->range_infos[0].last_slot;
        }
    }
    for (r = (uint32_t)merged; r < o->range_count; r++) {
        e->ranges[e->range_count] = o->ranges[r];
        e->ranges[e->range_count].first_index += e->index_count;
        e->ranges[e->range_count].first_vertex += e->vertices;
        e->infos[e->range_count] = o->range_infos[r];
        e->range_count++;
    }
    for (v = 0; v < o->vertex_count; v++) {
        e->positions[2 * (e->vertices + v)] = o->positions[2 * v] + dx;
        e->positions[2 * (e->vertices + v) + 1] = o->positions[2 * v + 1] + dy;
        e->uvs[2 * (e->vertices + v)] = o->uvs[2 * v];
        e->uvs[2 * (e->vertices + v) + 1] = o->uvs[2 * v + 1];
        e->colors[e->vertices + v] = o->colors[v];
        e->dark_colors[e->vertices + v] = o->dark_colors[v];
    }
    first_end = o->ranges[0].first_index + o->ranges[0].index_count;
    for (i = 0; i < o->index_count; i++)
        e->indices[e->index_count + i] = (uint16_t)(indices[i] + (i < first_end ? rebase : 0));
    e->vertices += o->vertex_count;
    e->index_count += o->index_count;
    return merged;
}

static int same_batch(const expected *e, const spn_render_output *b) {
    uint32_t r;
    if (b->vertex_count != e->vertices || b->index_count != e->index_count || b->range_count != e->range_count)
        return 0;
    if (b->position_stride != 2 || b->index_size != 2) return 0;
    if (e->vertices &&
        (memcmp(b->positions, e->positions, sizeof(float) * 2 * e->vertices) ||
         memcmp(b->uvs, e->uvs, sizeof(float) * 2 * e->vertices) ||
         memcmp(b->colors, e->colors, sizeof(uint32_t) * e->vertices) ||
         memcmp(b->dark_colors, e->dark_colors, sizeof(uint32_t) * e->vertices)))
        return 0;
    if (e->index_count && memcmp(b->indices, e->indices, sizeof(uint16_t) * e->index_count)) return 0;
    for (r = 0; r < e->range_count; r++) {
        if (memcmp(&b->ranges[r], &e->ranges[r], sizeof(spn_draw_range))) return 0;
        if (memcmp(&b->range_infos[r], &e->infos[r], sizeof(spn_draw_range_info))) return 0;
    }
    return 1;
}

static const float offsets[MEMBERS][2] = {{0, 0}, {250.5f, -10}, {-300, 40.25f}, {1000, 1000}, {-75.125f, 0.5f}};

static void test_batch_equals_concatenation(spn_skeleton_data data) {
    instance members[MEMBERS];
    spn_renderer batched = {0};
    spn_crowd crowd = {0};
    uint32_t k, f, merges = 0, ranges_total = 0;
    float x = -1, y = -1;
    uint64_t generation = 0;
    spn_animation_state no_state = {0};
    spn_renderer no_renderer = {0};
    spn_crowd no_crowd = {0};
    for (k = 0; k < MEMBERS; k++) create(data, &members[k], k);
    OK(spn_renderer_create(NULL, &batched));
    OK(spn_crowd_create(1, &crowd));
    for (k = 0; k < MEMBERS; k++) {
        OK(spn_crowd_add(crowd, members[k].skeleton, members[k].state, members[k].renderer));
        OK(spn_crowd_set_offset(crowd, k, offsets[k][0], offsets[k][1]));
    }
    OK(spn_crowd_offset(crowd, 2, &x, &y));
    CHECK(x == -300 && y == 40.25f);
    /* Member 3 is culled: the batch skips it. */
    OK(spn_crowd_set_enabled(crowd, 3, 0));
    for (f = 0; f < FRAMES; f++) {
        spn_render_output outs[MEMBERS], b, direct;
        uint32_t vertices = 0, indices = 0, ranges = 0;
        expected e;
        OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
        for (k = 0; k < MEMBERS; k++) {
            outs[k] = output_of(members[k].renderer);
            vertices += outs[k].vertex_count;
            indices += outs[k].index_count;
            ranges += outs[k].range_count;
        }
        memset(&direct, 0, sizeof direct);
        direct.size = sizeof direct;
        OK(spn_crowd_render_batched(crowd, batched, &direct));
        b = output_of(batched);
        CHECK(memcmp(&b, &direct, sizeof b) == 0);
        CHECK(f == 0 || b.generation == generation + 1);
        generation = b.generation;
        expect_init(&e, vertices, indices, ranges);
        for (k = 0; k < MEMBERS; k++)
            if (k != 3) merges += (uint32_t)expect_append(&e, &outs[k], offsets[k][0], offsets[k][1]);
        CHECK(same_batch(&e, &b));
        ranges_total += b.range_count;
        expect_free(&e);
    }
    printf("batched %u frames of %u members: %u ranges, %u member merges\n", FRAMES, MEMBERS - 1, ranges_total,
           merges);
    /* One skeleton in two enabled members: BUSY, and the batch output is kept. */
    {
        spn_render_output before = output_of(batched), after;
        OK(spn_crowd_add(crowd, members[0].skeleton, no_state, no_renderer));
        CHECK(spn_crowd_render_batched(crowd, batched, NULL) == SPN_ERROR_BUSY);
        after = output_of(batched);
        CHECK(after.generation == before.generation && after.vertex_count == before.vertex_count);
        /* Disabled, the duplicate is fine again. */
        OK(spn_crowd_set_enabled(crowd, MEMBERS, 0));
        OK(spn_crowd_render_batched(crowd, batched, NULL));
    }
    /* Misuse. */
    {
        spn_render_output small;
        spn_crowd stale = crowd, wrong;
        wrong.bits = batched.bits;
        memset(&small, 0, sizeof small);
        small.size = 4;
        CHECK(spn_crowd_render_batched(crowd, batched, &small) != SPN_OK);
        CHECK(spn_crowd_render_batched(no_crowd, batched, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_crowd_render_batched(crowd, no_renderer, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_crowd_render_batched(wrong, batched, NULL) == SPN_ERROR_WRONG_TYPE);
        CHECK(spn_crowd_set_offset(crowd, MEMBERS + 1, 0, 0) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_crowd_offset(crowd, MEMBERS + 1, &x, &y) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_crowd_set_offset(crowd, 0, NAN, 0) == SPN_ERROR_INVALID_ARGUMENT);
        CHECK(spn_crowd_set_offset(crowd, 0, 0, INFINITY) == SPN_ERROR_INVALID_ARGUMENT);
        CHECK(spn_crowd_offset(crowd, 0, NULL, &y) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_crowd_offset(crowd, 0, &x, NULL) == SPN_ERROR_NULL_ARGUMENT);
        OK(spn_crowd_offset(crowd, 0, &x, &y));
        CHECK(x == 0 && y == 0);
        /* A destroyed crowd. */
        OK(spn_crowd_destroy(crowd));
        CHECK(spn_crowd_render_batched(stale, batched, NULL) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_crowd_set_offset(stale, 0, 1, 1) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_crowd_offset(stale, 0, &x, &y) == SPN_ERROR_STALE_HANDLE);
    }
    OK(spn_renderer_destroy(batched));
    for (k = 0; k < MEMBERS; k++) destroy(&members[k]);
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
    OK(spn_animation_state_data_create(data, &mixes));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    if (failures) return finish("crowd_render_test");
    test_batch_equals_concatenation(data);
    OK(spn_animation_state_data_destroy(mixes));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("crowd_render_test");
}
