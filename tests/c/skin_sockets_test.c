/* Skin attachments inspected and new sockets (ABI 1.9) on one rig:
 * - spn_skin_attachment / _geometry / _floats / _indices report a data attachment exactly
 *   as the data's functions do, and a runtime copy of a textured entry (a region made
 *   from its own atlas region and placement, a mesh cloned with its own region) as its
 *   original: kind, placement, texture, arrays; its name is the placeholder, its skin -1;
 *   a region from a page rectangle reports that rectangle and region -1; ids the skin does
 *   not hold (any more) are SPN_ERROR_OUT_OF_RANGE;
 * - spn_skeleton_attachment / _geometry / _floats / _indices report the same for a
 *   skeleton the skin is set on, and keep reporting a runtime attachment a slot shows after
 *   the skin that made it forgot it or was destroyed;
 * - a placeholder name the data does not use is refused until
 *   spn_skeleton_data_add_placeholder adds it; then a runtime region and a data attachment
 *   stored under it are enumerated with its name, found and shown by skeletons, render,
 *   survive a skin copy, a snapshot restored into a fresh skeleton, and removal;
 * - misuse of the new functions.
 *
 * usage: skin_sockets_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

static spn_skeleton_data data;
static spn_atlas atlas;

static spn_attachment_geometry data_geometry(uint32_t id) {
    spn_attachment_geometry g;
    memset(&g, 0, sizeof g);
    g.size = sizeof g;
    OK(spn_skeleton_data_attachment_geometry(data, id, &g));
    return g;
}

static spn_attachment_geometry skin_geometry(spn_skin skin, uint32_t id) {
    spn_attachment_geometry g;
    memset(&g, 0, sizeof g);
    g.size = sizeof g;
    OK(spn_skin_attachment_geometry(skin, id, &g));
    return g;
}

static int same_color(spn_color a, spn_color b) {
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/* Every field but `timeline_attachment` and the string pointers; the strings by text. */
static int same_geometry(const spn_attachment_geometry *a, const spn_attachment_geometry *b) {
    return a->kind == b->kind && strcmp(a->path, b->path) == 0 && strcmp(a->region_name, b->region_name) == 0 &&
           a->page == b->page && a->region == b->region && same_color(a->color, b->color) && a->x == b->x &&
           a->y == b->y && a->rotation == b->rotation && a->scale_x == b->scale_x && a->scale_y == b->scale_y &&
           a->width == b->width && a->height == b->height && a->vertex_count == b->vertex_count &&
           a->weighted == b->weighted && a->hull_length == b->hull_length && a->source == b->source &&
           a->end_slot == b->end_slot && a->closed == b->closed && a->constant_speed == b->constant_speed &&
           a->convex == b->convex && a->inverse == b->inverse;
}

#define MAX_ARRAY 65536
static float fa[MAX_ARRAY], fb[MAX_ARRAY];
static uint32_t ia[MAX_ARRAY], ib[MAX_ARRAY];

/* Whether every array of attachment `a` of the data equals that of `b` as the skin
 * reports it (both absent counts as equal). */
static int same_arrays(uint32_t a, spn_skin skin, uint32_t b) {
    uint32_t array;
    for (array = SPN_ATTACHMENT_ARRAY_VERTICES; array <= SPN_ATTACHMENT_ARRAY_EDGES; array++) {
        uint32_t na = 0, nb = 0;
        spn_status sa, sb;
        if (array < SPN_ATTACHMENT_ARRAY_BONES) {
            sa = spn_skeleton_data_attachment_floats(data, a, array, fa, MAX_ARRAY, &na);
            sb = spn_skin_attachment_floats(skin, b, array, fb, MAX_ARRAY, &nb);
            if (sa != sb || na != nb || (sa == SPN_OK && na <= MAX_ARRAY && memcmp(fa, fb, na * sizeof(float))))
                return 0;
        } else {
            sa = spn_skeleton_data_attachment_indices(data, a, array, ia, MAX_ARRAY, &na);
            sb = spn_skin_attachment_indices(skin, b, array, ib, MAX_ARRAY, &nb);
            if (sa != sb || na != nb || (sa == SPN_OK && na <= MAX_ARRAY && memcmp(ia, ib, na * sizeof(uint32_t))))
                return 0;
        }
    }
    return 1;
}

static spn_attachment_info skin_info(spn_skin skin, uint32_t id) {
    spn_attachment_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    OK(spn_skin_attachment(skin, id, &info));
    return info;
}

static spn_attachment_info skeleton_info(spn_skeleton skeleton, uint32_t id) {
    spn_attachment_info info;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    OK(spn_skeleton_attachment(skeleton, id, &info));
    return info;
}

static spn_attachment_geometry skeleton_geometry(spn_skeleton skeleton, uint32_t id) {
    spn_attachment_geometry g;
    memset(&g, 0, sizeof g);
    g.size = sizeof g;
    OK(spn_skeleton_attachment_geometry(skeleton, id, &g));
    return g;
}

/* The atlas region a single-frame region or mesh shows, else -1. */
static int32_t own_region(uint32_t id) {
    spn_attachment_geometry g = data_geometry(id);
    spn_sequence_data sequence;
    if (g.kind != SPN_ATTACHMENT_REGION && g.kind != SPN_ATTACHMENT_MESH && g.kind != SPN_ATTACHMENT_LINKED_MESH)
        return -1;
    memset(&sequence, 0, sizeof sequence);
    sequence.size = sizeof sequence;
    OK(spn_skeleton_data_attachment_sequence(data, id, &sequence));
    return sequence.count == 1 ? g.region : -1;
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

/* Item 10: every entry as the data reports it, every textured one's runtime copy as its
 * original. Returns the runtime copies checked. */
static uint32_t inspect(spn_skin base) {
    spn_skin_entry *entries;
    uint32_t n = 0, i, checked = 0;
    spn_skin copy = {0};
    spn_skeleton viewer = {0};
    entries = entries_of(base, &n);
    OK(spn_skin_create(data, "copy", &copy));
    OK(spn_skeleton_create(data, &viewer));
    for (i = 0; i < n; i++) {
        uint32_t a = entries[i].attachment, id = 0;
        spn_attachment_info want, got;
        spn_attachment_geometry g = data_geometry(a), h = skin_geometry(base, a);
        int32_t region = own_region(a);
        memset(&want, 0, sizeof want);
        want.size = sizeof want;
        OK(spn_skeleton_data_attachment(data, a, &want));
        got = skin_info(base, a);
        CHECK(got.kind == want.kind && got.name == want.name && got.skin == want.skin);
        CHECK(same_geometry(&g, &h) && g.timeline_attachment == h.timeline_attachment && g.path == h.path);
        CHECK(same_arrays(a, base, a));
        /* A skeleton reports the data's attachments as the data does. */
        got = skeleton_info(viewer, a);
        CHECK(got.kind == want.kind && got.name == want.name && got.skin == want.skin);
        h = skeleton_geometry(viewer, a);
        CHECK(same_geometry(&g, &h) && g.timeline_attachment == h.timeline_attachment && g.path == h.path);
        if (region < 0) continue;
        if (g.kind == SPN_ATTACHMENT_REGION) {
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
            OK(spn_skin_create_region_attachment(copy, entries[i].slot, entries[i].name, atlas, (uint32_t)region, &p,
                                                 &id));
            got = skin_info(copy, id);
            CHECK(strcmp(got.name, entries[i].name) == 0);
        } else {
            OK(spn_skin_clone_attachment(copy, entries[i].slot, entries[i].name, a, atlas, (uint32_t)region, &id));
            got = skin_info(copy, id);
            CHECK(strcmp(got.name, want.name) == 0);
        }
        CHECK(got.kind == want.kind && got.skin == 0xFFFFFFFFu);
        h = skin_geometry(copy, id);
        CHECK(same_geometry(&g, &h));
        CHECK(h.timeline_attachment == (g.kind == SPN_ATTACHMENT_REGION ? -1 : g.timeline_attachment));
        CHECK(same_arrays(a, copy, id));
        /* A skeleton the skin is set on holds it and reports it alike. */
        CHECK(spn_skeleton_attachment_geometry(viewer, id, &h) == SPN_ERROR_OUT_OF_RANGE);
        OK(spn_skeleton_set_skin(viewer, copy));
        h = skeleton_geometry(viewer, id);
        CHECK(same_geometry(&g, &h));
        got = skeleton_info(viewer, id);
        CHECK(got.kind == want.kind && got.skin == 0xFFFFFFFFu);
        {
            uint32_t na = 0, nb = 0;
            OK(spn_skin_attachment_floats(copy, id, SPN_ATTACHMENT_ARRAY_TEXTURE_UVS, fa, MAX_ARRAY, &na));
            OK(spn_skeleton_attachment_floats(viewer, id, SPN_ATTACHMENT_ARRAY_TEXTURE_UVS, fb, MAX_ARRAY, &nb));
            CHECK(na == nb && na <= MAX_ARRAY && memcmp(fa, fb, na * sizeof(float)) == 0);
            if (g.kind != SPN_ATTACHMENT_REGION) {
                OK(spn_skin_attachment_indices(copy, id, SPN_ATTACHMENT_ARRAY_TRIANGLES, ia, MAX_ARRAY, &na));
                OK(spn_skeleton_attachment_indices(viewer, id, SPN_ATTACHMENT_ARRAY_TRIANGLES, ib, MAX_ARRAY, &nb));
                CHECK(na == nb && na > 0 && na <= MAX_ARRAY && memcmp(ia, ib, na * sizeof(uint32_t)) == 0);
            }
        }
        /* The base skin does not hold it; the data does not know it. */
        CHECK(spn_skin_attachment(base, id, &got) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_skeleton_data_attachment_geometry(data, id, &h) == SPN_ERROR_OUT_OF_RANGE);
        /* Replaced: the skin forgets it. */
        OK(spn_skin_set_attachment(copy, entries[i].slot, entries[i].name, a));
        CHECK(spn_skin_attachment_geometry(copy, id, &h) == SPN_ERROR_OUT_OF_RANGE);
        checked++;
    }
    OK(spn_skeleton_destroy(viewer));
    OK(spn_skin_destroy(copy));
    free(entries);
    return checked;
}

#define SOCKET "socket \xc3\xa9 new"

/* Bone-local corners of the region slot `slot` shows (after a world transform). */
static int local_corners(spn_skeleton skeleton, uint32_t slot, float *xy) {
    spn_slot_data slot_data;
    float world[8];
    uint32_t n = 0, k;
    memset(&slot_data, 0, sizeof slot_data);
    slot_data.size = sizeof slot_data;
    OK(spn_skeleton_data_slot(data, slot, &slot_data));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_NONE));
    OK(spn_skeleton_slot_world_vertices(skeleton, slot, world, 8, &n));
    if (n != 8) return 0;
    for (k = 0; k < 4; k++)
        OK(spn_skeleton_bone_world_to_local(skeleton, slot_data.bone, world[k * 2], world[k * 2 + 1], &xy[k * 2],
                                            &xy[k * 2 + 1]));
    return 1;
}

/* Item 12 (and item 10 on a page rectangle): a new socket on slot `slot`. */
static void sockets(spn_skin base, uint32_t slot, uint32_t data_attachment, const char *used) {
    spn_skin skin = {0}, copy = {0};
    spn_skeleton skeleton = {0}, fresh = {0};
    spn_region_placement p;
    spn_attachment_geometry g;
    spn_attachment_info info;
    spn_skin_entry *entries;
    spn_animation_state none = {0};
    uint32_t id = 0, found = 0, n = 0, i, pages = 0, slots = 0, other, listed = 0;
    int32_t shown = 0;
    float xy[8], uvs[8];
    const char *entry_name = NULL;
    static const float want[8] = {-10, -5, -10, 15, 30, 15, 30, -5};
    uint8_t *bytes;
    size_t size = 0, bound = 0;
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    other = (slot + 1) % slots;
    OK(spn_skin_create(data, "sockets", &skin));
    OK(spn_skin_add_skin(skin, base));
    memset(&p, 0, sizeof p);
    p.size = sizeof p;
    p.x = 10;
    p.y = 5;
    p.scale_x = p.scale_y = 1;
    p.width = 40;
    p.height = 20;
    p.color.r = 0.5f;
    p.color.g = p.color.b = p.color.a = 1;
    /* Refused until added: a misspelt placeholder is still reported. */
    CHECK(spn_skin_create_region_attachment(skin, slot, SOCKET, atlas, 0, &p, &id) == SPN_ERROR_NOT_FOUND);
    CHECK(spn_skin_set_attachment(skin, slot, SOCKET, data_attachment) == SPN_ERROR_NOT_FOUND);
    CHECK(id == 0);
    OK(spn_skeleton_data_add_placeholder(data, SOCKET));
    OK(spn_skeleton_data_add_placeholder(data, SOCKET));
    OK(spn_skeleton_data_add_placeholder(data, used));
    OK(spn_skin_create_region_attachment(skin, slot, SOCKET, atlas, 0, &p, &id));
    CHECK((id & SPN_RUNTIME_ATTACHMENT_BIT) != 0);
    info = skin_info(skin, id);
    CHECK(info.kind == SPN_ATTACHMENT_REGION && strcmp(info.name, SOCKET) == 0 && info.skin == 0xFFFFFFFFu);
    g = skin_geometry(skin, id);
    CHECK(g.x == 10 && g.y == 5 && g.width == 40 && g.height == 20 && g.color.r == 0.5f && g.region == 0);
    /* Enumerated under the new name, after the base entries. */
    entries = entries_of(skin, &n);
    for (i = 0; i < n; i++) {
        if (entries[i].slot == slot && strcmp(entries[i].name, SOCKET) == 0) {
            CHECK(entries[i].attachment == id && i == n - 1);
            entry_name = entries[i].name;
            listed++;
        }
    }
    CHECK(listed == 1);
    free(entries);
    /* Skeletons find it by the new name once the skin is set, and show it where placed. */
    OK(spn_skeleton_create(data, &skeleton));
    CHECK(spn_skeleton_find_attachment(skeleton, slot, SOCKET, &found) == SPN_ERROR_NOT_FOUND);
    CHECK(spn_skeleton_set_attachment(skeleton, slot, SOCKET) == SPN_ERROR_NOT_FOUND);
    OK(spn_skeleton_set_skin(skeleton, skin));
    OK(spn_skeleton_setup_pose(skeleton));
    OK(spn_skeleton_find_attachment(skeleton, slot, SOCKET, &found));
    CHECK(found == id);
    CHECK(spn_skeleton_find_attachment(skeleton, other, SOCKET, &found) == SPN_ERROR_NOT_FOUND);
    CHECK(spn_skeleton_set_attachment(skeleton, other, SOCKET) == SPN_ERROR_NOT_FOUND);
    OK(spn_skeleton_set_attachment(skeleton, slot, SOCKET));
    OK(spn_skeleton_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, &shown));
    CHECK((uint32_t)shown == id);
    /* Where the skin says its corners are (atlas region 0 may be trimmed of whitespace). */
    OK(spn_skin_attachment_floats(skin, id, SPN_ATTACHMENT_ARRAY_OFFSETS, uvs, 8, &n));
    CHECK(n == 8);
    CHECK(local_corners(skeleton, slot, xy));
    for (i = 0; i < 8; i++) CHECK(near(xy[i], uvs[i], 1e-3));
    /* A page rectangle under the socket: its corners as texture coordinates, region -1. */
    OK(spn_atlas_page_count(atlas, &pages));
    if (pages > 0) {
        uint32_t rect = 0;
        OK(spn_skin_create_region_attachment_uv(skin, slot, SOCKET, 0, 0.125f, 0.25f, 0.5f, 0.75f, &p, &rect));
        g = skin_geometry(skin, rect);
        CHECK(g.page == 0 && g.region == -1 && g.width == 40 && strcmp(g.path, SOCKET) == 0);
        OK(spn_skin_attachment_floats(skin, rect, SPN_ATTACHMENT_ARRAY_TEXTURE_UVS, uvs, 8, &n));
        CHECK(n == 8 && uvs[0] == 0.125f && uvs[1] == 0.75f && uvs[2] == 0.125f && uvs[3] == 0.25f);
        CHECK(uvs[4] == 0.5f && uvs[5] == 0.25f && uvs[6] == 0.5f && uvs[7] == 0.75f);
        /* A rectangle has no whitespace: the quad is the placement's box. */
        OK(spn_skin_attachment_floats(skin, rect, SPN_ATTACHMENT_ARRAY_OFFSETS, xy, 8, &n));
        CHECK(n == 8);
        for (i = 0; i < 8; i++) CHECK(near(xy[i], want[i], 1e-4));
        CHECK(spn_skin_attachment_indices(skin, rect, SPN_ATTACHMENT_ARRAY_TRIANGLES, NULL, 0, &n) ==
              SPN_ERROR_INVALID_ARGUMENT);
        /* The first one left the skin with its entry; the skeleton still shows it. */
        CHECK(spn_skin_attachment(skin, id, &info) == SPN_ERROR_OUT_OF_RANGE);
        OK(spn_skeleton_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, &shown));
        CHECK((uint32_t)shown == id);
        /* ... and reports it as the skin did: the skeleton holds what its slots show. */
        {
            spn_attachment_geometry h;
            memset(&h, 0, sizeof h);
            h.size = sizeof h;
            g = skeleton_geometry(skeleton, id);
            OK(spn_skin_attachment_geometry(skin, rect, &h));
            CHECK(g.x == 10 && g.y == 5 && g.width == 40 && g.height == 20 && g.region == 0 && g.color.r == 0.5f);
            info = skeleton_info(skeleton, id);
            CHECK(info.kind == SPN_ATTACHMENT_REGION && strcmp(info.name, SOCKET) == 0 && info.skin == 0xFFFFFFFFu);
            OK(spn_skeleton_attachment_floats(skeleton, id, SPN_ATTACHMENT_ARRAY_OFFSETS, xy, 8, &n));
            OK(spn_skin_attachment_floats(skin, rect, SPN_ATTACHMENT_ARRAY_OFFSETS, uvs, 8, &n));
            CHECK(n == 8);
            /* The skeleton does not hold the rectangle (the skin was not set again). */
            CHECK(spn_skeleton_attachment_geometry(skeleton, rect, &h) == SPN_ERROR_OUT_OF_RANGE);
            CHECK(spn_skeleton_attachment_indices(skeleton, id, SPN_ATTACHMENT_ARRAY_TRIANGLES, NULL, 0, &n) ==
                  SPN_ERROR_INVALID_ARGUMENT);
        }
    }
    /* A data attachment under the new name on the other slot: a snapshot of a skeleton
     * showing it restores into a fresh skeleton, which then finds it by the name. */
    OK(spn_skin_set_attachment(skin, other, SOCKET, data_attachment));
    OK(spn_skin_remove_attachment(skin, slot, SOCKET));
    CHECK(spn_skin_remove_attachment(skin, slot, SOCKET) == SPN_ERROR_NOT_FOUND);
    OK(spn_skeleton_set_skin(skeleton, skin));
    OK(spn_skeleton_set_attachment(skeleton, other, SOCKET));
    /* (A fresh skeleton does not hold the runtime region the slot still shows.) */
    OK(spn_skeleton_set_attachment(skeleton, slot, NULL));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_NONE));
    OK(spn_skeleton_snapshot_bound(skeleton, 0, 0, 0, 0, &bound));
    OK(spn_skeleton_snapshot(skeleton, none, NULL, 0, &size));
    CHECK(size > 0 && size <= bound);
    bytes = (uint8_t *)malloc(size);
    OK(spn_skeleton_snapshot(skeleton, none, bytes, size, &size));
    OK(spn_skeleton_create(data, &fresh));
    OK(spn_skeleton_restore(fresh, none, bytes, size));
    OK(spn_skeleton_slot_attachment(fresh, other, SPN_POSE_ANIMATED, &shown));
    CHECK(shown == (int32_t)data_attachment);
    OK(spn_skeleton_find_attachment(fresh, other, SOCKET, &found));
    CHECK(found == data_attachment);
    OK(spn_skeleton_set_attachment(fresh, other, NULL));
    OK(spn_skeleton_set_attachment(fresh, other, SOCKET));
    free(bytes);
    /* A copy carries the entry; the name outlives the skins (the data keeps it). */
    OK(spn_skin_copy(skin, &copy));
    OK(spn_skin_destroy(skin));
    /* The skeleton still shows the first region and reports it with its skin destroyed. */
    OK(spn_skeleton_set_attachment(skeleton, slot, NULL));
    OK(spn_skeleton_set_slot_attachment(skeleton, slot, SPN_POSE_ANIMATED, (int32_t)id));
    info = skeleton_info(skeleton, id);
    CHECK(strcmp(info.name, SOCKET) == 0);
    g = skeleton_geometry(skeleton, id);
    CHECK(g.width == 40 && g.height == 20);
    entries = entries_of(copy, &n);
    listed = 0;
    for (i = 0; i < n; i++) {
        if (strcmp(entries[i].name, SOCKET) == 0) {
            CHECK(entries[i].slot == other && entries[i].attachment == data_attachment);
            CHECK(entries[i].name == entry_name);
            listed++;
        }
    }
    CHECK(listed == 1);
    free(entries);
    OK(spn_skin_destroy(copy));
    CHECK(strcmp(entry_name, SOCKET) == 0);
    OK(spn_skeleton_destroy(fresh));
    OK(spn_skeleton_destroy(skeleton));
}

static void misuse(spn_skin base) {
    spn_skin stale = {0}, wrong;
    spn_skeleton_data wrong_data, stale_data = {0};
    spn_attachment_info info;
    spn_attachment_geometry g;
    uint32_t attachments = 0, n = 7;
    float f[4];
    uint32_t u[4];
    OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &attachments));
    memset(&info, 0, sizeof info);
    memset(&g, 0, sizeof g);
    info.size = sizeof info;
    g.size = sizeof g;
    wrong.bits = atlas.bits;
    wrong_data.bits = atlas.bits;
    CHECK(spn_skeleton_data_add_placeholder(data, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skeleton_data_add_placeholder(data, "\xff\xfe") == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skeleton_data_add_placeholder(stale_data, "x") == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skeleton_data_add_placeholder(wrong_data, "x") == SPN_ERROR_WRONG_TYPE);
    CHECK(spn_skin_attachment(base, 0, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment(stale, 0, &info) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment(wrong, 0, &info) == SPN_ERROR_WRONG_TYPE);
    CHECK(spn_skin_attachment(base, attachments, &info) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_attachment(base, 0xFFFFFFFFu, &info) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_attachment(base, SPN_RUNTIME_ATTACHMENT_BIT, &info) == SPN_ERROR_OUT_OF_RANGE);
    info.size = 4;
    CHECK(spn_skin_attachment(base, 0, &info) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_attachment_geometry(base, 0, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment_geometry(wrong, 0, &g) == SPN_ERROR_WRONG_TYPE);
    CHECK(spn_skin_attachment_geometry(base, attachments, &g) == SPN_ERROR_OUT_OF_RANGE);
    g.size = 8;
    CHECK(spn_skin_attachment_geometry(base, 0, &g) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_attachment_floats(base, 0, 0, f, 4, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment_floats(base, 0, 99, f, 4, &n) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_attachment_floats(base, 0, SPN_ATTACHMENT_ARRAY_BONES, f, 4, &n) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_attachment_floats(base, attachments, 0, f, 4, &n) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_attachment_floats(stale, 0, 0, f, 4, &n) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment_indices(base, 0, 0, u, 4, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skin_attachment_indices(base, 0, SPN_ATTACHMENT_ARRAY_VERTICES, u, 4, &n) ==
          SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skin_attachment_indices(base, attachments, SPN_ATTACHMENT_ARRAY_BONES, u, 4, &n) ==
          SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skin_attachment_indices(wrong, 0, SPN_ATTACHMENT_ARRAY_BONES, u, 4, &n) == SPN_ERROR_WRONG_TYPE);
    CHECK(n == 7);
    {
        spn_skeleton skeleton = {0}, none = {0}, wrong_skeleton;
        wrong_skeleton.bits = atlas.bits;
        info.size = sizeof info;
        g.size = sizeof g;
        OK(spn_skeleton_create(data, &skeleton));
        CHECK(spn_skeleton_attachment(skeleton, 0, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_skeleton_attachment(none, 0, &info) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_skeleton_attachment(wrong_skeleton, 0, &info) == SPN_ERROR_WRONG_TYPE);
        CHECK(spn_skeleton_attachment(skeleton, attachments, &info) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_skeleton_attachment(skeleton, SPN_RUNTIME_ATTACHMENT_BIT | 5u, &info) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_skeleton_attachment_geometry(skeleton, 0, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_skeleton_attachment_geometry(skeleton, 0xFFFFFFFFu, &g) == SPN_ERROR_OUT_OF_RANGE);
        g.size = 8;
        CHECK(spn_skeleton_attachment_geometry(skeleton, 0, &g) == SPN_ERROR_INVALID_ARGUMENT);
        g.size = sizeof g;
        CHECK(spn_skeleton_attachment_floats(skeleton, 0, 0, f, 4, NULL) == SPN_ERROR_NULL_ARGUMENT);
        CHECK(spn_skeleton_attachment_floats(skeleton, 0, 99, f, 4, &n) == SPN_ERROR_INVALID_ARGUMENT);
        CHECK(spn_skeleton_attachment_floats(skeleton, attachments, 0, f, 4, &n) == SPN_ERROR_OUT_OF_RANGE);
        CHECK(spn_skeleton_attachment_indices(skeleton, 0, SPN_ATTACHMENT_ARRAY_UVS, u, 4, &n) ==
              SPN_ERROR_INVALID_ARGUMENT);
        CHECK(spn_skeleton_attachment_indices(wrong_skeleton, 0, SPN_ATTACHMENT_ARRAY_BONES, u, 4, &n) ==
              SPN_ERROR_WRONG_TYPE);
        OK(spn_skeleton_destroy(skeleton));
        CHECK(spn_skeleton_attachment(skeleton, 0, &info) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_attachment_geometry(skeleton, 0, &g) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_attachment_floats(skeleton, 0, 0, f, 4, &n) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_attachment_indices(skeleton, 0, SPN_ATTACHMENT_ARRAY_BONES, u, 4, &n) ==
              SPN_ERROR_STALE_HANDLE);
        CHECK(n == 7);
    }
    OK(spn_skin_copy(base, &stale));
    OK(spn_skin_destroy(stale));
    info.size = sizeof info;
    g.size = sizeof g;
    CHECK(spn_skin_attachment(stale, 0, &info) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_skin_attachment_geometry(stale, 0, &g) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_skin_attachment_floats(stale, 0, 0, f, 4, &n) == SPN_ERROR_STALE_HANDLE);
    CHECK(spn_skin_attachment_indices(stale, 0, SPN_ATTACHMENT_ARRAY_BONES, u, 4, &n) == SPN_ERROR_STALE_HANDLE);
}

int main(int argc, char **argv) {
    spn_skin base = {0};
    spn_skin_entry *entries;
    uint32_t n = 0, copies;
    int socketed = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("skin_sockets_test");
    base = base_skin();
    copies = inspect(base);
    entries = entries_of(base, &n);
    if (n > 0) {
        uint32_t slots = 0;
        OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
        if (slots >= 2) {
            sockets(base, entries[0].slot, entries[0].attachment, entries[0].name);
            socketed = 1;
        }
    }
    free(entries);
    misuse(base);
    printf("%u runtime copies inspected, new socket checked: %d\n", copies, socketed);
    OK(spn_skin_destroy(base));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("skin_sockets_test");
}
