/* Runtime attachments (ABI 1.6) on one rig:
 * - a copy of the rig's skin in which every single-frame region is made anew from its
 *   atlas region and placement (spn_skin_create_region_attachment) and every single-frame
 *   mesh is cloned with its own region (spn_skin_clone_attachment) renders bit-identically
 *   to the original skin through every animation (attachment and deform timelines reach
 *   runtime attachments); the ids carry SPN_RUNTIME_ATTACHMENT_BIT and slots report them;
 * - a clone with another region renders that region's texture coordinates (and a mesh
 *   keeps its positions); a region from a page rectangle renders the rectangle's corners;
 * - misuse: null, stale and wrong-typed handles, another atlas, indices out of range, an
 *   unknown placeholder, non-finite values, sizes not positive, a too-small placement
 *   struct, cloning what has no texture, ids a skin or skeleton does not hold.
 *
 * usage: runtime_attachments_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define DT (1.0 / 30.0)
#define FRAMES 10

static spn_skeleton_data data;
static spn_atlas atlas;

static spn_attachment_geometry geometry_of(uint32_t id) {
    spn_attachment_geometry g;
    memset(&g, 0, sizeof g);
    g.size = sizeof g;
    OK(spn_skeleton_data_attachment_geometry(data, id, &g));
    return g;
}

/* The atlas region a single-frame region or mesh shows, else -1. */
static int32_t own_region(uint32_t id) {
    spn_attachment_geometry g = geometry_of(id);
    spn_sequence_data sequence;
    if (g.kind != SPN_ATTACHMENT_REGION && g.kind != SPN_ATTACHMENT_MESH && g.kind != SPN_ATTACHMENT_LINKED_MESH)
        return -1;
    memset(&sequence, 0, sizeof sequence);
    sequence.size = sizeof sequence;
    OK(spn_skeleton_data_attachment_sequence(data, id, &sequence));
    return sequence.count == 1 ? g.region : -1;
}

static spn_region_placement placement_of(uint32_t id) {
    spn_attachment_geometry g = geometry_of(id);
    spn_region_placement p;
    memset(&p, 0, sizeof p);
    p.size = sizeof p;
    p.x = g.x;
    p.y = g.y;
    p.rotation = g.rotation;
    p.scale_x = g.scale_x;
    p.scale_y = g.scale_y;
    p.width = g.width;
    p.height = g.height;
    p.color = g.color;
    return p;
}

static spn_atlas_region_info region_info(uint32_t index) {
    spn_atlas_region_info r;
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    OK(spn_atlas_region(atlas, index, &r));
    return r;
}

/* The default skin plus the first other one. */
static spn_skin base_skin(void) {
    spn_skin skin = {0};
    int32_t fallback = -1;
    uint32_t skins = 0, i;
    OK(spn_skin_create(data, "base", &skin));
    OK(spn_skeleton_data_default_skin(data, &fallback));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    if (fallback >= 0) OK(spn_skin_add_data_skin(skin, (uint32_t)fallback));
    for (i = 0; i < skins; i++) {
        if ((int32_t)i != fallback) {
            OK(spn_skin_add_data_skin(skin, i));
            break;
        }
    }
    return skin;
}

typedef struct {
    spn_skeleton skeleton;
    spn_animation_state state;
    spn_renderer renderer;
} instance;

static void create(instance *i, spn_animation_state_data mixes, spn_skin skin, uint32_t animation) {
    spn_render_options options;
    spn_track_entry entry = {0, 0};
    uint32_t animations = 0;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.slot_indices = 1;
    OK(spn_skeleton_create(data, &i->skeleton));
    OK(spn_skeleton_set_skin(i->skeleton, skin));
    OK(spn_skeleton_setup_pose(i->skeleton));
    OK(spn_animation_state_create(mixes, &i->state));
    OK(spn_renderer_create(&options, &i->renderer));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    if (animation < animations) OK(spn_animation_state_set_animation(i->state, 0, animation, 1, &entry));
}

static void destroy(instance *i) {
    OK(spn_renderer_destroy(i->renderer));
    OK(spn_animation_state_destroy(i->state));
    OK(spn_skeleton_destroy(i->skeleton));
}

static spn_render_output step(instance *i, double dt) {
    spn_render_output out;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    OK(spn_animation_state_update(i->state, dt));
    OK(spn_animation_state_apply(i->state, i->skeleton));
    OK(spn_skeleton_update(i->skeleton, dt));
    OK(spn_skeleton_update_world_transform(i->skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_renderer_render(i->renderer, i->skeleton, &out));
    return out;
}

static int same_render(const spn_render_output *a, const spn_render_output *b) {
    uint32_t n = a->vertex_count;
    if (n != b->vertex_count || a->index_count != b->index_count || a->range_count != b->range_count) return 0;
    if (n == 0) return 1;
    return memcmp(a->positions, b->positions, sizeof(float) * a->position_stride * n) == 0 &&
           memcmp(a->uvs, b->uvs, sizeof(float) * 2 * n) == 0 &&
           memcmp(a->colors, b->colors, sizeof(uint32_t) * n) == 0 &&
           memcmp(a->dark_colors, b->dark_colors, sizeof(uint32_t) * n) == 0 &&
           memcmp(a->slots, b->slots, sizeof(uint32_t) * n) == 0 &&
           memcmp(a->indices, b->indices, a->index_size * a->index_count) == 0 &&
           memcmp(a->ranges, b->ranges, sizeof(spn_draw_range) * a->range_count) == 0;
}

/* Copies of every textured entry of `base` into `copy`; returns how many. */
static uint32_t copy_textured(spn_skin base, spn_skin copy, uint32_t *first_id, uint32_t *last_id) {
    spn_skin_entry *entries;
    uint32_t n = 0, i, made = 0, id = 0, previous = 0;
    entries = entries_of(base, &n);
    for (i = 0; i < n; i++) {
        int32_t region = own_region(entries[i].attachment);
        spn_attachment_geometry g;
        if (region < 0) continue;
        g = geometry_of(entries[i].attachment);
        if (g.kind == SPN_ATTACHMENT_REGION) {
            spn_region_placement p = placement_of(entries[i].attachment);
            OK(spn_skin_create_region_attachment(copy, entries[i].slot, entries[i].name, atlas, (uint32_t)region, &p,
                                                 &id));
        } else {
            OK(spn_skin_clone_attachment(copy, entries[i].slot, entries[i].name, entries[i].attachment, atlas,
                                         (uint32_t)region, &id));
        }
        CHECK((id & SPN_RUNTIME_ATTACHMENT_BIT) != 0);
        CHECK(made == 0 || id > previous);
        if (made == 0) *first_id = id;
        *last_id = previous = id;
        made++;
    }
    free(entries);
    return made;
}

/* The slot's vertices in the last render: (x, y, u, v) each, up to `max`. */
static uint32_t slot_vertices(const spn_render_output *out, uint32_t slot, float *xyuv, uint32_t max) {
    uint32_t i, n = 0;
    for (i = 0; i < out->vertex_count && n < max; i++) {
        if (out->slots[i] != slot) continue;
        xyuv[n * 4] = out->positions[i * out->position_stride];
        xyuv[n * 4 + 1] = out->positions[i * out->position_stride + 1];
        xyuv[n * 4 + 2] = out->uvs[i * 2];
        xyuv[n * 4 + 3] = out->uvs[i * 2 + 1];
        n++;
    }
    return n;
}

/* An unrotated region without whitespace on `page`, other than `except`, or -1. */
static int32_t plain_region(uint32_t page, int32_t except) {
    uint32_t count = 0, i;
    OK(spn_atlas_region_count(atlas, &count));
    for (i = 0; i < count; i++) {
        spn_atlas_region_info r = region_info(i);
        if ((int32_t)i != except && r.page == page && r.degrees == 0 && r.offset_x == 0 && r.offset_y == 0 &&
            r.original_width == (float)r.width && r.original_height == (float)r.height)
            return (int32_t)i;
    }
    return -1;
}

#define MAX_SLOT_VERTICES 4096
static float before[MAX_SLOT_VERTICES * 4], after[MAX_SLOT_VERTICES * 4];

/* A clone with another region, and a region from a page rectangle, on the first slot that
 * visibly shows a textured setup entry. Returns the checks made. */
static int other_regions(spn_animation_state_data mixes, spn_skin base) {
    spn_skin_entry *entries;
    uint32_t n = 0, i, slots = 0, checked = 0;
    entries = entries_of(base, &n);
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    for (i = 0; i < n && checked == 0; i++) {
        int32_t own = own_region(entries[i].attachment), other, shown = -1;
        uint32_t id = 0, nb, na, k;
        spn_skin skin = {0};
        instance a, b;
        spn_render_output ra, rb;
        spn_attachment_geometry g;
        spn_atlas_region_info r;
        if (own < 0) continue;
        other = plain_region(region_info((uint32_t)own).page, own);
        if (other < 0) continue;
        g = geometry_of(entries[i].attachment);
        r = region_info((uint32_t)other);
        OK(spn_skin_create(data, "clone", &skin));
        OK(spn_skin_add_skin(skin, base));
        OK(spn_skin_clone_attachment(skin, entries[i].slot, entries[i].name, entries[i].attachment, atlas,
                                     (uint32_t)other, &id));
        create(&a, mixes, base, ~0u);
        create(&b, mixes, skin, ~0u);
        ra = step(&a, 0);
        rb = step(&b, 0);
        nb = slot_vertices(&ra, entries[i].slot, before, MAX_SLOT_VERTICES);
        na = slot_vertices(&rb, entries[i].slot, after, MAX_SLOT_VERTICES);
        OK(spn_skeleton_slot_attachment(b.skeleton, entries[i].slot, SPN_POSE_APPLIED, &shown));
        if (nb > 0 && (uint32_t)shown == id) {
            CHECK(shown < -1);
            CHECK(na == nb);
            for (k = 0; k < na && k < nb; k++) {
                if (g.kind != SPN_ATTACHMENT_REGION) {
                    CHECK(after[k * 4] == before[k * 4] && after[k * 4 + 1] == before[k * 4 + 1]);
                }
                CHECK(after[k * 4 + 2] >= r.u - 1e-5f && after[k * 4 + 2] <= r.u2 + 1e-5f);
                CHECK(after[k * 4 + 3] >= r.v - 1e-5f && after[k * 4 + 3] <= r.v2 + 1e-5f);
            }
            if (g.kind == SPN_ATTACHMENT_REGION && na == 4) {
                CHECK(after[2] == r.u && after[3] == r.v2 && after[6] == r.u && after[7] == r.v);
                CHECK(after[10] == r.u2 && after[11] == r.v && after[14] == r.u2 && after[15] == r.v2);
            }
            /* A page rectangle: its corners, in a quad of the given size. */
            {
                spn_region_placement p;
                instance c;
                spn_render_output rc;
                float u = 0.125f, v = 0.25f, u2 = 0.5f, v2 = 0.75f;
                memset(&p, 0, sizeof p);
                p.size = sizeof p;
                p.scale_x = p.scale_y = 1;
                p.width = 40;
                p.height = 20;
                p.color.r = p.color.g = p.color.b = p.color.a = 1;
                OK(spn_skin_create_region_attachment_uv(skin, entries[i].slot, entries[i].name, r.page, u, v, u2, v2,
                                                        &p, &id));
                create(&c, mixes, skin, ~0u);
                rc = step(&c, 0);
                na = slot_vertices(&rc, entries[i].slot, after, MAX_SLOT_VERTICES);
                CHECK(na == 4);
                destroy(&c);
                /* The same quad as atlas region `other` placed alike (it has no whitespace). */
                OK(spn_skin_create_region_attachment(skin, entries[i].slot, entries[i].name, atlas, (uint32_t)other,
                                                     &p, &id));
                create(&c, mixes, skin, ~0u);
                rc = step(&c, 0);
                nb = slot_vertices(&rc, entries[i].slot, before, MAX_SLOT_VERTICES);
                CHECK(nb == 4);
                if (na == 4 && nb == 4) {
                    CHECK(after[2] == u && after[3] == v2 && after[6] == u && after[7] == v);
                    CHECK(after[10] == u2 && after[11] == v && after[14] == u2 && after[15] == v2);
                    for (k = 0; k < 4; k++) {
                        CHECK(near(after[k * 4], before[k * 4], 1e-5));
                        CHECK(near(after[k * 4 + 1], before[k * 4 + 1], 1e-5));
                    }
                    CHECK(hypotf(after[8] - after[0], after[9] - after[1]) > 0);
                }
                destroy(&c);
            }
            checked++;
        }
        destroy(&a);
        destroy(&b);
        OK(spn_skin_destroy(skin));
    }
    free(entries);
    return (int)checked;
}

static void misuse(spn_skin base) {
    spn_skin skin = {0}, other = {0}, stale = {0};
    spn_region_placement p;
    uint32_t id = 7, kept, count = 0, regions = 0, slots = 0, i, attachments = 0;
    spn_skin_entry *entries;
    const char *placeholder;
    uint32_t slot;
    spn_skeleton skeleton = {0};
    entries = entries_of(base, &count);
    if (count == 0) {
        free(entries);
        return;
    }
    placeholder = entries[0].name;
    slot = entries[0].slot;
    OK(spn_atlas_region_count(atlas, &regions));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &attachments));
    OK(spn_skin_create(data, "misuse", &skin));
    OK(spn_skin_create(data, "other", &other));
    memset(&p, 0, sizeof p);
    p.size = sizeof p;
    p.scale_x = p.scale_y = 1;
    p.width = p.height = 10;
    p.color.a = 1;
    kept = id;
    CHECK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, 0, NULL, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_create_region_attachment(skin, slot, NULL, atlas, 0, NULL, &id) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_create_region_attachment(stale, slot, placeholder, atlas, 0, NULL, &id) == SPN_ERROR_NULL_ARGUMENT);
    {
        spn_skin wrong;
        wrong.bits = atlas.bits;
        CHECK(spn_skin_create_region_attachment(wrong, slot, placeholder, atlas, 0, NULL, &id) == SPN_ERROR_WRONG_TYPE);
    }
    CHECK(spn_skin_create_region_attachment(skin, slots, placeholder, atlas, 0, NULL, &id) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_create_region_attachment(skin, slot, "no such placeholder \x01", atlas, 0, NULL, &id) ==
          SPN_ERROR_NOT_FOUND);
    CHECK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, regions, NULL, &id) ==
          SPN_ERROR_OUT_OF_RANGE);
    p.rotation = NAN;
    CHECK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, 0, &p, &id) == SPN_ERROR_INVALID_ARGUMENT);
    p.rotation = 0;
    p.width = -1;
    CHECK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, 0, &p, &id) == SPN_ERROR_INVALID_ARGUMENT);
    p.width = 10;
    p.size = 8;
    CHECK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, 0, &p, &id) == SPN_ERROR_INVALID_ARGUMENT);
    p.size = sizeof p;
    CHECK(id == kept);
    /* _uv */
    CHECK(spn_skin_create_region_attachment_uv(skin, slot, placeholder, 0, 0, 0, 1, 1, NULL, &id) ==
          SPN_ERROR_NULL_ARGUMENT);
    p.width = 0;
    CHECK(spn_skin_create_region_attachment_uv(skin, slot, placeholder, 0, 0, 0, 1, 1, &p, &id) ==
          SPN_ERROR_INVALID_ARGUMENT);
    p.width = 10;
    CHECK(spn_skin_create_region_attachment_uv(skin, slot, placeholder, 0, NAN, 0, 1, 1, &p, &id) ==
          SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_create_region_attachment_uv(skin, slot, placeholder, 0xFFFF, 0, 0, 1, 1, &p, &id) ==
          SPN_ERROR_OUT_OF_RANGE);
    CHECK(id == kept);
    /* clone */
    CHECK(spn_skin_clone_attachment(skin, slot, placeholder, attachments, atlas, 0, &id) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_clone_attachment(skin, slot, placeholder, SPN_RUNTIME_ATTACHMENT_BIT | 12345u, atlas, 0, &id) ==
          SPN_ERROR_OUT_OF_RANGE);
    for (i = 0; i < attachments; i++) {
        spn_attachment_geometry g = geometry_of(i);
        if (g.kind != SPN_ATTACHMENT_REGION && g.kind != SPN_ATTACHMENT_MESH && g.kind != SPN_ATTACHMENT_LINKED_MESH) {
            CHECK(spn_skin_clone_attachment(skin, slot, placeholder, i, atlas, 0, &id) == SPN_ERROR_INVALID_ARGUMENT);
            break;
        }
    }
    CHECK(id == kept);
    /* Ids of runtime attachments: stored by the skin that holds them only. */
    OK(spn_skin_create_region_attachment(skin, slot, placeholder, atlas, 0, NULL, &id));
    CHECK(id != kept && (id & SPN_RUNTIME_ATTACHMENT_BIT));
    CHECK(spn_skin_set_attachment(other, slot, placeholder, id) == SPN_ERROR_OUT_OF_RANGE);
    OK(spn_skin_set_attachment(skin, slot, placeholder, id));
    OK(spn_skin_add_skin(other, skin));
    OK(spn_skin_set_attachment(other, slot, placeholder, id));
    /* A skeleton shows runtime ids of skins set on it only. */
    OK(spn_skeleton_create(data, &skeleton));
    CHECK(spn_skeleton_set_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, (int32_t)id) == SPN_ERROR_OUT_OF_RANGE);
    OK(spn_skeleton_set_skin(skeleton, other));
    OK(spn_skeleton_set_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, (int32_t)id));
    {
        int32_t shown = 0;
        OK(spn_skeleton_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, &shown));
        CHECK((uint32_t)shown == id);
        CHECK(spn_skeleton_set_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, (int32_t)(id + 1)) ==
              SPN_ERROR_OUT_OF_RANGE);
        OK(spn_skeleton_set_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, -1));
        OK(spn_skeleton_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, &shown));
        CHECK(shown == -1);
    }
    OK(spn_skeleton_destroy(skeleton));
    stale = skin;
    OK(spn_skin_destroy(skin));
    CHECK(spn_skin_create_region_attachment(stale, slot, placeholder, atlas, 0, NULL, &id) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_skin_clone_attachment(stale, slot, placeholder, 0, atlas, 0, &id) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_skin_create_region_attachment_uv(stale, slot, placeholder, 0, 0, 0, 1, 1, &p, &id) ==
          SPN_ERROR_STALE_HANDLE);
    OK(spn_skin_destroy(other));
    free(entries);
}

int main(int argc, char **argv) {
    spn_animation_state_data mixes = {0};
    spn_skin base = {0}, copy = {0};
    spn_atlas again = {0};
    uint32_t animations = 0, made, a, f, first = 0, last = 0, frames = 0, regions = 0;
    int others;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("runtime_attachments_test");
    OK(spn_animation_state_data_create(data, &mixes));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    base = base_skin();
    OK(spn_skin_create(data, "copy", &copy));
    OK(spn_skin_add_skin(copy, base));
    made = copy_textured(base, copy, &first, &last);
    for (a = 0; a < (animations ? animations : 1); a++) {
        instance x, y;
        create(&x, mixes, base, a);
        create(&y, mixes, copy, a);
        for (f = 0; f < FRAMES; f++) {
            spn_render_output rx = step(&x, DT), ry = step(&y, DT);
            if (!same_render(&rx, &ry)) {
                fprintf(stderr, "animation %u frame %u: the runtime copies render differently\n", a, f);
                failures++;
                break;
            }
            frames++;
        }
        destroy(&x);
        destroy(&y);
    }
    others = other_regions(mixes, base);
    /* Another load of the atlas file: its pages are not the data's. */
    OK(spn_atlas_load_file(argv[1], &again));
    OK(spn_atlas_region_count(again, &regions));
    if (regions > 0) {
        uint32_t id = 0;
        spn_skin_entry *entries;
        uint32_t n = 0;
        entries = entries_of(base, &n);
        if (n > 0) {
            CHECK(spn_skin_create_region_attachment(copy, entries[0].slot, entries[0].name, again, 0, NULL, &id) ==
                  SPN_ERROR_INVALID_ARGUMENT);
            CHECK(spn_skin_clone_attachment(copy, entries[0].slot, entries[0].name, entries[0].attachment, again, 0,
                                            &id) == SPN_ERROR_INVALID_ARGUMENT);
        }
        free(entries);
    }
    OK(spn_atlas_destroy(again));
    misuse(base);
    printf("%u runtime attachments, %u frames identical, %d clones with another region\n", made, frames, others);
    OK(spn_skin_destroy(copy));
    OK(spn_skin_destroy(base));
    OK(spn_animation_state_data_destroy(mixes));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    CHECK(made == 0 || (first & SPN_RUNTIME_ATTACHMENT_BIT && last >= first));
    return finish("runtime_attachments_test");
}
