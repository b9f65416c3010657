/* A C ABI call-sequence fuzzer: random calls with valid, stale (destroyed), zero,
 * forged and wrong-typed handles; huge, tiny, negative and non-finite numbers; random
 * names and indices; every render option; crowds. Every returned status is checked
 * against the set the header documents for what was passed: a call whose arguments are
 * all valid must succeed, and no call may return SPN_ERROR_PANIC or an unknown status.
 * Build it with -fsanitize=address,undefined (tests/c_abi.rs does when the compiler
 * can) so that memory errors on the C side (returned pointers, buffers) are caught too.
 *
 * usage: abi_fuzz CALLS SEED ATLAS SKEL [ATLAS SKEL ...] */
#include "common.h"

#include <stdint.h>

#define POOL 8
#define ST(s) (1u << (s))
#define HANDLE_ERRORS (ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_STALE_HANDLE) | ST(SPN_ERROR_WRONG_TYPE))

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static uint32_t below(uint32_t n) { return n ? (uint32_t)(next() % n) : 0; }
static int chance(uint32_t percent) { return below(100) < percent; }

static unsigned long calls = 0, ok_calls = 0, by_status[16];

/* Checks `status` is in `allowed` (a mask of statuses; SPN_OK always is unless
 * `must_succeed`, in which case only SPN_OK is). */
static void expect(spn_status status, uint32_t allowed, int must_succeed, const char *what, int line) {
    calls++;
    if ((uint32_t)status < 16) by_status[status]++;
    if (status == SPN_OK) ok_calls++;
    if ((uint32_t)status > SPN_ERROR_BUSY || status == SPN_ERROR_PANIC ||
        (must_succeed && status != SPN_OK) || (status != SPN_OK && !(allowed & ST(status)))) {
        fprintf(stderr, "abi_fuzz.c:%d: %s returned %d (allowed mask 0x%x, must succeed %d): %s\n", line, what,
                (int)status, allowed, must_succeed, spn_last_error_message());
        failures++;
        if (failures > 20) exit(1);
    }
}

/* A handle picked for a call, and what the call may answer because of it. */
typedef struct {
    uint64_t bits;
    uint32_t allowed; /* statuses this handle can cause */
    int valid;        /* live and of the right type */
    int rig;          /* corpus rig of the skeleton data the object belongs to (-1: none) */
    uint64_t owner;   /* that skeleton data's handle */
} pick;

typedef struct {
    uint64_t bits;
    int live;
    int rig;
    uint64_t owner;
} slot;

enum { T_DATA, T_SKELETON, T_STATE_DATA, T_STATE, T_RENDERER, T_BOUNDS, T_CROWD, T_SKIN, T_ATLAS, T_COUNT };
static slot pools[T_COUNT][POOL];

static pick pick_handle(int type) {
    pick p = {0, 0, 0, -1, 0};
    uint32_t roll = below(100);
    int i = (int)below(POOL);
    if (roll < 75) {
        /* Prefer a live one of the right type. */
        for (int k = 0; k < POOL; k++) {
            slot *s = &pools[type][(i + k) % POOL];
            if (s->live) {
                p.bits = s->bits;
                p.valid = 1;
                p.rig = s->rig;
                p.owner = s->owner;
                return p;
            }
        }
    }
    if (roll < 85) {
        slot *s = &pools[type][i];
        if (s->bits && !s->live) {
            p.bits = s->bits;
            p.allowed = ST(SPN_ERROR_STALE_HANDLE);
            return p;
        }
    }
    if (roll < 93) {
        int other = (type + 1 + (int)below(T_COUNT - 1)) % T_COUNT;
        slot *s = &pools[other][i];
        if (s->live) {
            p.bits = s->bits;
            p.allowed = ST(SPN_ERROR_WRONG_TYPE);
            return p;
        }
    }
    if (roll < 97) {
        p.allowed = ST(SPN_ERROR_NULL_ARGUMENT);
        return p;
    }
    p.bits = next();
    p.allowed = HANDLE_ERRORS;
    return p;
}

/* Stores a new handle in a free (or random) slot of its pool; the replaced live handle
 * is forgotten (a leak the process exit reclaims) so stale handles stay findable. */
static void store(int type, uint64_t bits, int rig, uint64_t owner) {
    int i = (int)below(POOL);
    for (int k = 0; k < POOL; k++) {
        if (!pools[type][(i + k) % POOL].live) {
            i = (i + k) % POOL;
            break;
        }
    }
    pools[type][i].bits = bits;
    pools[type][i].live = 1;
    pools[type][i].rig = rig;
    pools[type][i].owner = type == T_DATA ? bits : owner;
}

static void forget(int type, uint64_t bits) {
    for (int i = 0; i < POOL; i++) {
        if (pools[type][i].bits == bits) pools[type][i].live = 0;
    }
}

/* A number of every kind: small, huge, tiny, negative, zero, non-finite. */
static double number(int *finite) {
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, 1e-300, -1e-300, 5e-324, 1e38, 3.5e38, 1e200, -1e200,
                                      1e300, 1.7976931348623157e308, -1.7976931348623157e308};
    *finite = 1;
    switch (below(8)) {
    case 0: return specials[below(sizeof specials / sizeof specials[0])];
    case 1: *finite = 0; return NAN;
    case 2: *finite = 0; return chance(50) ? INFINITY : -INFINITY;
    case 3: return (double)(int32_t)next();
    default: return ((double)below(2000) - 500.0) / 60.0;
    }
}

/* A float of every kind; a double past the float range becomes infinite. */
static float fnumber(int *finite) {
    double x = number(finite);
    if (x > 3.4028234663852886e38) x = INFINITY;
    if (x < -3.4028234663852886e38) x = -INFINITY;
    *finite = isfinite(x);
    return (float)x;
}

static uint32_t index_arg(uint32_t count, int *in_range) {
    uint32_t v;
    switch (below(6)) {
    case 0: v = (uint32_t)next(); break;
    case 1: v = count; break;
    case 2: v = 0xffffffffu; break;
    default: v = below(count ? count : 1); break;
    }
    *in_range = v < count;
    return v;
}

static const char *name_arg(spn_skeleton_data data, uint32_t item, uint32_t count, int *known) {
    static const char *junk[] = {"", "walk", "default", "root", "\xff\xfe", "a name that is not there", NULL};
    *known = 0;
    if (count && chance(60)) {
        const char *name = NULL;
        if (spn_skeleton_data_name(data, item, below(count), &name) == SPN_OK && name) {
            *known = 1;
            return name;
        }
    }
    return junk[below(sizeof junk / sizeof junk[0])];
}

typedef struct {
    uint8_t *atlas_text, *skel;
    const char *atlas_path;
    size_t atlas_len, skel_len;
    int json;
} rig_file;

static rig_file rigs[32];
static int rig_count = 0;
static uint32_t counts[32][8]; /* per rig: bones, slots, ..., by spn_data_item */

#define CALL(expr, allowed, must) expect((expr), (allowed), (must), #expr, __LINE__)

static void load_rig(int r) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    int scale_finite = 1;
    float scale = chance(90) ? 1.0f : fnumber(&scale_finite);
    (void)scale_finite;
    int scale_ok = isfinite(scale) && scale != 0.0f;
    CALL(spn_atlas_load(rigs[r].atlas_text, rigs[r].atlas_len, &atlas), 0, 1);
    store(T_ATLAS, atlas.bits, -1, 0);
    if (rigs[r].json) {
        CALL(spn_skeleton_data_load_json(rigs[r].skel, rigs[r].skel_len, atlas, scale, &data),
             ST(SPN_ERROR_INVALID_ARGUMENT), scale_ok);
    } else {
        CALL(spn_skeleton_data_load_binary(rigs[r].skel, rigs[r].skel_len, atlas, scale, &data),
             ST(SPN_ERROR_INVALID_ARGUMENT), scale_ok);
    }
    if (data.bits) store(T_DATA, data.bits, r, 0);
    /* A truncated copy fails to load with a located error, never worse. */
    size_t cut = below((uint32_t)rigs[r].skel_len);
    spn_skeleton_data broken = {0};
    spn_status s = rigs[r].json ? spn_skeleton_data_load_json(rigs[r].skel, cut, atlas, 1.0f, &broken)
                                : spn_skeleton_data_load_binary(rigs[r].skel, cut, atlas, 1.0f, &broken);
    expect(s, ST(SPN_ERROR_LOAD), 0, "load truncated", __LINE__);
    if (broken.bits) store(T_DATA, broken.bits, r, 0);
}

static uint32_t fuzz_fail_page;

static uint32_t fuzz_file_loader(void *user_data, const char *folder, uint32_t page, const spn_page_details *details,
                                 uint64_t *out_texture_id) {
    (void)user_data;
    if (strlen(folder) == 0 || details == NULL) return SPN_ERROR_INVALID_ARGUMENT;
    if (page == fuzz_fail_page) return SPN_ERROR_IO;
    *out_texture_id = page + 100u;
    return SPN_OK;
}

static void step(void) {
    int f1, f2, in_range, known;
    uint32_t what = below(54);
    pick d = pick_handle(T_DATA), k = pick_handle(T_SKELETON), sd = pick_handle(T_STATE_DATA),
         st = pick_handle(T_STATE), rd = pick_handle(T_RENDERER), bd = pick_handle(T_BOUNDS),
         cr = pick_handle(T_CROWD), sk = pick_handle(T_SKIN);
    spn_skeleton_data data = {d.bits};
    spn_skeleton skeleton = {k.bits};
    spn_animation_state_data state_data = {sd.bits};
    spn_animation_state state = {st.bits};
    spn_renderer renderer = {rd.bits};
    spn_bounds bounds = {bd.bits};
    spn_crowd crowd = {cr.bits};
    spn_skin skin = {sk.bits};
    uint32_t *c = k.valid ? counts[k.rig] : d.valid ? counts[d.rig] : counts[0];
    switch (what) {
    case 0:
        load_rig((int)below((uint32_t)rig_count));
        break;
    case 1: {
        spn_skeleton out = {0};
        CALL(spn_skeleton_create(data, &out), d.allowed, d.valid);
        if (out.bits) store(T_SKELETON, out.bits, d.rig, d.owner);
        break;
    }
    case 2: {
        spn_animation_state_data out = {0};
        CALL(spn_animation_state_data_create(data, &out), d.allowed, d.valid);
        if (out.bits) store(T_STATE_DATA, out.bits, d.rig, d.owner);
        break;
    }
    case 3: {
        spn_animation_state out = {0};
        CALL(spn_animation_state_create(state_data, &out), sd.allowed, sd.valid);
        if (out.bits) store(T_STATE, out.bits, sd.rig, sd.owner);
        break;
    }
    case 4: {
        spn_render_options options = {sizeof options, below(2), below(2), fnumber(&f1), below(2), below(2),
                                      below(3), below(2), below(2), below(3), below(2)};
        spn_renderer out = {0};
        int options_ok = options.layout < 2 && options.color_order < 2 && f1; /* z_spacing is checked with use_z 0 too */
        if (chance(10)) options.size = below(64);
        if (options.size < sizeof options) options_ok = 0;
        CALL(spn_renderer_create(chance(20) ? NULL : &options, &out),
             ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        (void)options_ok;
        if (out.bits) store(T_RENDERER, out.bits, -1, 0);
        break;
    }
    case 5: {
        spn_bounds out = {0};
        CALL(spn_bounds_create(&out), 0, 1);
        store(T_BOUNDS, out.bits, -1, 0);
        break;
    }
    case 6: {
        spn_crowd out = {0};
        CALL(spn_crowd_create(below(5), &out), 0, 1);
        store(T_CROWD, out.bits, -1, 0);
        break;
    }
    case 7: {
        spn_skin out = {0};
        CALL(spn_skin_create(data, chance(50) ? "fuzz" : "", &out), d.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        if (out.bits) store(T_SKIN, out.bits, d.rig, d.owner);
        break;
    }
    case 8: { /* destroy something */
        int type = (int)below(T_COUNT);
        pick h = pick_handle(type);
        spn_status s;
        switch (type) {
        case T_DATA: s = spn_skeleton_data_destroy((spn_skeleton_data){h.bits}); break;
        case T_SKELETON: s = spn_skeleton_destroy((spn_skeleton){h.bits}); break;
        case T_STATE_DATA: s = spn_animation_state_data_destroy((spn_animation_state_data){h.bits}); break;
        case T_STATE: s = spn_animation_state_destroy((spn_animation_state){h.bits}); break;
        case T_RENDERER: s = spn_renderer_destroy((spn_renderer){h.bits}); break;
        case T_BOUNDS: s = spn_bounds_destroy((spn_bounds){h.bits}); break;
        case T_CROWD: s = spn_crowd_destroy((spn_crowd){h.bits}); break;
        case T_SKIN: s = spn_skin_destroy((spn_skin){h.bits}); break;
        default: s = spn_atlas_destroy((spn_atlas){h.bits}); break;
        }
        expect(s, h.allowed, h.valid, "destroy", __LINE__);
        if (s == SPN_OK) forget(type, h.bits);
        break;
    }
    case 9: {
        double delta = number(&f1);
        CALL(spn_animation_state_update(state, delta), st.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), st.valid && f1);
        break;
    }
    case 10: {
        int same = st.valid && k.valid && st.owner == k.owner;
        CALL(spn_animation_state_apply(state, skeleton), st.allowed | k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             same);
        break;
    }
    case 11: {
        uint32_t track = chance(80) ? below(4) : (uint32_t)next();
        uint32_t animation = index_arg(st.valid ? counts[st.rig][SPN_ITEM_ANIMATION] : 1, &in_range);
        spn_track_entry entry = {0, 0};
        CALL(spn_animation_state_set_animation(state, track, animation, below(2), chance(50) ? &entry : NULL),
             st.allowed | ST(SPN_ERROR_OUT_OF_RANGE), st.valid && in_range && track < SPN_MAX_TRACKS);
        break;
    }
    case 12: {
        uint32_t track = chance(80) ? below(4) : (uint32_t)next();
        uint32_t animation = index_arg(st.valid ? counts[st.rig][SPN_ITEM_ANIMATION] : 1, &in_range);
        double delay = number(&f1);
        CALL(spn_animation_state_add_animation(state, track, animation, below(2), delay, NULL),
             st.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT),
             st.valid && in_range && track < SPN_MAX_TRACKS && f1);
        break;
    }
    case 13: {
        double ts = number(&f1);
        CALL(spn_animation_state_set_time_scale(state, ts), st.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), st.valid && f1);
        break;
    }
    case 14: {
        spn_track_entry entry = {0, 0};
        uint32_t track = below(6);
        spn_status s = spn_animation_state_current(state, track, &entry);
        expect(s, st.allowed | ST(SPN_ERROR_OUT_OF_RANGE), 0, "current", __LINE__);
        if (s == SPN_OK && entry.entry) {
            uint32_t field = below(34);
            double value = number(&f1), out = 0;
            CALL(spn_track_entry_get(entry, field, &out), ST(SPN_ERROR_INVALID_ARGUMENT), field < 30);
            CALL(spn_track_entry_set(entry, field, value), ST(SPN_ERROR_INVALID_ARGUMENT), 0);
            CALL(spn_track_entry_set_mix_duration(entry, number(&f1), number(&f2)), ST(SPN_ERROR_INVALID_ARGUMENT), 0);
            CALL(spn_track_entry_link(entry, below(6), &entry), ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_NULL_ARGUMENT), 0);
        }
        break;
    }
    case 15: {
        double delta = number(&f1);
        CALL(spn_skeleton_update(skeleton, delta), k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), k.valid && f1);
        break;
    }
    case 16: {
        uint32_t physics = below(5);
        CALL(spn_skeleton_update_world_transform(skeleton, physics), k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             k.valid && physics < 4);
        break;
    }
    case 17: {
        double time = number(&f1);
        CALL(spn_skeleton_set_time(skeleton, time), k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), k.valid && f1);
        break;
    }
    case 18: {
        spn_render_output out;
        memset(&out, 0, sizeof out);
        out.size = chance(95) ? (uint32_t)sizeof out : below(16);
        spn_status s = spn_renderer_render(renderer, skeleton, &out);
        expect(s, rd.allowed | k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), rd.valid && k.valid && out.size >= sizeof out,
               "render", __LINE__);
        if (s == SPN_OK) {
            /* Touch every returned buffer: ASan catches a bad pointer or length. */
            volatile float sum = 0;
            for (uint32_t i = 0; i < out.vertex_count; i++) {
                if (out.positions) sum += out.positions[i * out.position_stride] + out.uvs[i * 2 + 1];
                if (out.vertices) sum += ((const uint8_t *)out.vertices)[(size_t)i * out.vertex_size];
            }
            if (out.index_count) sum += ((const uint8_t *)out.indices)[(size_t)out.index_count * out.index_size - 1];
            for (uint32_t i = 0; i < out.range_count; i++) {
                uint32_t end = out.ranges[i].first_index + out.ranges[i].index_count;
                CHECK(end <= out.index_count);
            }
            (void)sum;
        }
        break;
    }
    case 19: {
        spn_render_options options = {sizeof options, below(2), below(2), fnumber(&f1), below(2), below(2),
                                      below(3), below(2), below(2), below(3), below(2)};
        CALL(spn_renderer_set_options(renderer, &options), rd.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             rd.valid && options.layout < 2 && options.color_order < 2 && f1);
        break;
    }
    case 20: {
        CALL(spn_bounds_update(bounds, skeleton, below(2)), bd.allowed | k.allowed, bd.valid && k.valid);
        if (bd.valid) {
            uint32_t n = 0;
            int32_t hit = -2;
            spn_bounding_box box;
            box.size = sizeof box;
            CALL(spn_bounds_count(bounds, &n), 0, 1);
            uint32_t which = index_arg(n, &in_range);
            CALL(spn_bounds_box(bounds, which, &box), ST(SPN_ERROR_OUT_OF_RANGE), in_range);
            float x = fnumber(&f1), y = fnumber(&f2);
            CALL(spn_bounds_contains_point(bounds, x, y, &hit), ST(SPN_ERROR_INVALID_ARGUMENT), f1 && f2);
            x = fnumber(&f1);
            y = fnumber(&f2);
            CALL(spn_bounds_intersects_segment(bounds, x, 0, y, 1, &hit), ST(SPN_ERROR_INVALID_ARGUMENT), f1 && f2);
        }
        break;
    }
    case 21: {
        pick other_state = pick_handle(T_STATE), other_renderer = pick_handle(T_RENDERER);
        spn_animation_state s = chance(70) ? (spn_animation_state){other_state.bits} : (spn_animation_state){0};
        spn_renderer r = chance(50) ? (spn_renderer){other_renderer.bits} : (spn_renderer){0};
        CALL(spn_crowd_add(crowd, skeleton, s, r),
             cr.allowed | k.allowed | other_state.allowed | other_renderer.allowed | ST(SPN_ERROR_INVALID_ARGUMENT) |
                 ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_BUSY),
             0);
        break;
    }
    case 22: {
        double delta = number(&f1);
        uint32_t physics = below(5);
        /* A member destroyed since it was added is STALE_HANDLE, of the other data INVALID. */
        CALL(spn_crowd_update(crowd, delta, physics),
             cr.allowed | HANDLE_ERRORS | ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_BUSY), 0);
        break;
    }
    case 23: {
        uint32_t n = 0;
        CALL(spn_crowd_count(crowd, &n), cr.allowed, cr.valid);
        if (chance(20)) CALL(spn_crowd_clear(crowd), cr.allowed, cr.valid);
        if (chance(20)) CALL(spn_crowd_set_threads(crowd, below(9)), cr.allowed, cr.valid);
        break;
    }
    case 24: {
        uint32_t item = below(8), n = 0;
        CALL(spn_skeleton_data_count(data, item, &n), d.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), d.valid && item < 7);
        if (d.valid && item < 7) {
            const char *name = NULL;
            uint32_t found = 0;
            CALL(spn_skeleton_data_name(data, item, index_arg(n, &in_range), &name), ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
            if (name) (void)strlen(name);
            const char *look = name_arg(data, item, n, &known);
            CALL(spn_skeleton_data_find(data, item, look, &found),
                 ST(SPN_ERROR_NOT_FOUND) | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        }
        break;
    }
    case 25: {
        int known_name;
        const char *name = d.valid ? name_arg(data, SPN_ITEM_SKIN, counts[d.rig][SPN_ITEM_SKIN], &known_name) : "x";
        CALL(spn_skeleton_set_skin_by_name(skeleton, name),
             k.allowed | ST(SPN_ERROR_NOT_FOUND) | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 26: {
        CALL(spn_skeleton_set_skin(skeleton, skin), k.allowed | sk.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             k.valid && sk.valid && k.owner == sk.owner);
        break;
    }
    case 27: {
        uint32_t slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        int known_name;
        const char *name = d.valid ? name_arg(data, SPN_ITEM_ATTACHMENT, counts[d.rig][SPN_ITEM_ATTACHMENT], &known_name) : "x";
        CALL(spn_skeleton_set_attachment(skeleton, slot_index, name),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NOT_FOUND) | ST(SPN_ERROR_NULL_ARGUMENT) |
                 ST(SPN_ERROR_INVALID_ARGUMENT),
             0);
        break;
    }
    case 28: {
        uint32_t bone = index_arg(c[SPN_ITEM_BONE], &in_range);
        spn_bone_local local;
        local.size = sizeof local;
        uint32_t pose = below(3);
        spn_status s = spn_skeleton_bone_local(skeleton, bone, pose, &local);
        expect(s, k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0, "bone_local", __LINE__);
        if (s == SPN_OK) {
            local.x = fnumber(&f1);
            local.rotation = fnumber(&f2);
            CALL(spn_skeleton_set_bone_local(skeleton, bone, pose, &local), ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        }
        break;
    }
    case 29: {
        uint32_t constraint = index_arg(c[SPN_ITEM_CONSTRAINT], &in_range), property = below(12);
        float value = fnumber(&f1), out = 0;
        CALL(spn_skeleton_constraint_get(skeleton, constraint, below(3), property, &out),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_constraint_set(skeleton, constraint, below(3), property, value),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 30: {
        uint32_t slots[64], n = 0;
        spn_status s = spn_skeleton_draw_order(skeleton, 0, slots, 64, &n);
        expect(s, k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0, "draw_order", __LINE__);
        if (s == SPN_OK && n <= 64 && n > 1) {
            uint32_t a = below(n), b = below(n), t = slots[a];
            slots[a] = slots[b];
            slots[b] = chance(20) ? (uint32_t)next() : t;
            CALL(spn_skeleton_set_draw_order(skeleton, below(3), slots, n),
                 ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE), 0);
        }
        break;
    }
    case 31: {
        CALL(spn_skeleton_set_position(skeleton, fnumber(&f1), fnumber(&f2)),
             k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_set_scale(skeleton, fnumber(&f1), fnumber(&f2)),
             k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_set_wind(skeleton, fnumber(&f1), fnumber(&f2)),
             k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_physics_translate(skeleton, fnumber(&f1), fnumber(&f2)),
             k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 32: {
        int known_name;
        const char *name = st.valid ? name_arg((spn_skeleton_data){0}, 0, 0, &known_name) : "walk";
        CALL(spn_animation_state_set_animation_by_name(state, below(3), name, 1, NULL),
             st.allowed | ST(SPN_ERROR_NOT_FOUND) | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_animation_state_set_empty_animation(state, below(3), number(&f1), NULL),
             st.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_animation_state_add_empty_animation(state, below(3), number(&f1), number(&f2), NULL),
             st.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 33: {
        const spn_event *events = NULL;
        uint32_t n = 0;
        spn_status s = spn_animation_state_events(state, sizeof(spn_event), &events, &n);
        expect(s, st.allowed, st.valid, "events", __LINE__);
        for (uint32_t i = 0; s == SPN_OK && i < n; i++) {
            if (events[i].name) (void)strlen(events[i].name);
        }
        CALL(spn_animation_state_clear_events(state), st.allowed, st.valid);
        if (chance(10)) CALL(spn_animation_state_clear_tracks(state), st.allowed, st.valid);
        if (chance(10)) CALL(spn_animation_state_clear_track(state, below(8)), st.allowed | ST(SPN_ERROR_OUT_OF_RANGE), 0);
        break;
    }
    case 34: {
        double mix = number(&f1);
        CALL(spn_animation_state_data_set_default_mix(state_data, mix), sd.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             sd.valid && f1);
        uint32_t n = sd.valid ? counts[sd.rig][SPN_ITEM_ANIMATION] : 1;
        int r2;
        uint32_t from = index_arg(n, &in_range), to = index_arg(n, &r2);
        double duration = number(&f1);
        CALL(spn_animation_state_data_set_mix(state_data, from, to, duration),
             sd.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT),
             sd.valid && in_range && r2 && f1);
        break;
    }
    case 35: {
        spn_rect rect;
        uint32_t found = 0;
        /* Huge finite numbers (a scale of 1e38 on a bone at 1e38) overflow the pose: its
         * bounds are then not finite, SPN_ERROR_INVALID_ARGUMENT. */
        spn_status s = spn_skeleton_bounds(skeleton, &rect, &found);
        expect(s, k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0, "spn_skeleton_bounds", __LINE__);
        if (k.valid && s != SPN_OK &&
            (s != SPN_ERROR_INVALID_ARGUMENT || !strstr(spn_last_error_message(), "not finite")))
            expect(s, 0, 1, "spn_skeleton_bounds of a live skeleton", __LINE__);
        CALL(spn_skeleton_setup_pose(skeleton), k.allowed, k.valid);
        break;
    }
    case 36: {
        uint32_t which = index_arg(sk.valid ? counts[sk.rig][SPN_ITEM_SKIN] : 1, &in_range);
        CALL(spn_skin_add_data_skin(skin, which), sk.allowed | ST(SPN_ERROR_OUT_OF_RANGE), sk.valid && in_range);
        pick other = pick_handle(T_SKIN);
        CALL(spn_skin_add_skin(skin, (spn_skin){other.bits}), sk.allowed | other.allowed | ST(SPN_ERROR_INVALID_ARGUMENT),
             0);
        break;
    }
    case 37: {
        float x = 0, y = 0;
        uint32_t bone = index_arg(c[SPN_ITEM_BONE], &in_range);
        CALL(spn_skeleton_bone_world_to_local(skeleton, bone, fnumber(&f1), fnumber(&f2), &x, &y),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 38: {
        spn_color color = {fnumber(&f1), fnumber(&f2), 0.5f, 1.0f};
        uint32_t slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        CALL(spn_skeleton_set_slot_color(skeleton, slot_index, below(3), &color),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 39: {
        /* Separator slots (ABI 1.4): any indices; NULL only with count 0. */
        uint32_t separators[3] = {below(8), below(40), below(3)};
        int null = chance(10);
        uint32_t count = below(4);
        CALL(spn_renderer_set_separator_slots(renderer, null ? NULL : separators, count),
             rd.allowed | ST(SPN_ERROR_NULL_ARGUMENT), rd.valid && (!null || count == 0));
        break;
    }
    case 40: {
        /* A render of a draw-order span (ABI 1.4). */
        spn_render_output out;
        uint32_t first = below(8), last = index_arg(c[SPN_ITEM_SLOT], &in_range);
        memset(&out, 0, sizeof out);
        out.size = chance(95) ? (uint32_t)sizeof out : below(16);
        CALL(spn_renderer_render_slots(renderer, skeleton, first, last, chance(20) ? NULL : &out),
             rd.allowed | k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE), 0);
        break;
    }
    case 41: {
        /* Runtime region attachments (ABI 1.6): any atlas, region, page, placement. */
        static const char *const names[] = {"head", "gun", "torso", "", "front-fist"};
        pick at = pick_handle(T_ATLAS);
        spn_atlas atlas = {at.bits};
        spn_region_placement p;
        uint32_t id = 0, slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        const char *name = chance(5) ? NULL : names[below(5)];
        memset(&p, 0, sizeof p);
        p.size = chance(95) ? (uint32_t)sizeof p : below(16);
        p.x = fnumber(&f1);
        p.rotation = fnumber(&f2);
        p.scale_x = p.scale_y = 1;
        p.width = chance(50) ? 0 : fnumber(&known);
        p.height = chance(50) ? 10 : fnumber(&known);
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NOT_FOUND) |
                       ST(SPN_ERROR_INVALID_ARGUMENT);
        CALL(spn_skin_create_region_attachment(skin, slot_index, name, atlas, below(64), chance(30) ? NULL : &p,
                                               chance(5) ? NULL : &id),
             sk.allowed | at.allowed | bad, 0);
        CALL(spn_skin_create_region_attachment_uv(skin, slot_index, name, below(3), fnumber(&f1), 0.25f, 0.5f,
                                                  fnumber(&f2), chance(10) ? NULL : &p, &id),
             sk.allowed | bad, 0);
        break;
    }
    case 42: {
        /* Clones (ABI 1.6) of data or runtime ids, shown by id on a skeleton. */
        pick at = pick_handle(T_ATLAS);
        spn_atlas atlas = {at.bits};
        uint32_t id = 0, slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        uint32_t source = chance(30) ? (SPN_RUNTIME_ATTACHMENT_BIT | below(4096)) : index_arg(c[SPN_ITEM_ATTACHMENT], &known);
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NOT_FOUND) |
                       ST(SPN_ERROR_INVALID_ARGUMENT);
        CALL(spn_skin_clone_attachment(skin, slot_index, chance(50) ? "head" : "gun", source, atlas, below(64), &id),
             sk.allowed | at.allowed | bad, 0);
        CALL(spn_skeleton_set_slot_attachment(skeleton, slot_index, below(3), (int32_t)(chance(50) ? id : source)),
             k.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_set_skin(skeleton, skin), k.allowed | sk.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        break;
    }
    case 43: {
        /* Page texture ids and details (ABI 1.4): any page, any 64-bit id, short structs. */
        pick at = pick_handle(T_ATLAS);
        spn_atlas atlas = {at.bits};
        uint32_t page = index_arg(2, &in_range);
        uint64_t id = next(), back = 0;
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT);
        CALL(spn_atlas_set_page_texture(atlas, page, id), at.allowed | ST(SPN_ERROR_OUT_OF_RANGE), 0);
        CALL(spn_atlas_page_texture(atlas, page, chance(10) ? NULL : &back), at.allowed | bad, 0);
        spn_page_details details;
        memset(&details, 0, sizeof details);
        details.size = chance(90) ? (uint32_t)sizeof details : below(16);
        CALL(spn_atlas_page_details(atlas, page, chance(10) ? NULL : &details), at.allowed | bad, 0);
        break;
    }
    case 44: {
        /* Skin entries (ABI 1.4): read with any record size and capacity, removed, set,
         * copied and cleared. */
        spn_skin_entry entries[8];
        uint32_t n = 0, capacity = below(10) > 8 ? 8 : below(9);
        uint32_t record = chance(90) ? (uint32_t)sizeof(spn_skin_entry) : below(32);
        int null_out = chance(10), null_count = chance(5);
        CALL(spn_skin_entries(skin, record, null_out ? NULL : entries, capacity, null_count ? NULL : &n),
             sk.allowed | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT),
             sk.valid && record >= sizeof(spn_skin_entry) && !null_count && (!null_out || capacity == 0));
        uint32_t slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        const char *name = chance(5) ? NULL : chance(50) && n && !null_out && capacity ? entries[0].name : "head";
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NOT_FOUND) |
                       ST(SPN_ERROR_INVALID_ARGUMENT);
        if (chance(50)) {
            CALL(spn_skin_remove_attachment(skin, slot_index, name), sk.allowed | bad, 0);
        } else {
            uint32_t attachment = index_arg(c[SPN_ITEM_ATTACHMENT], &known);
            CALL(spn_skin_set_attachment(skin, slot_index, name, attachment), sk.allowed | bad, 0);
        }
        if (chance(20)) {
            spn_skin copy = {0};
            CALL(spn_skin_copy(skin, chance(5) ? NULL : &copy), sk.allowed | ST(SPN_ERROR_NULL_ARGUMENT), 0);
            if (copy.bits) store(T_SKIN, copy.bits, sk.rig, sk.owner);
        }
        if (chance(10)) CALL(spn_skin_clear(skin), sk.allowed, sk.valid);
        break;
    }
    case 46: {
        /* Stable crowd member ids (ABI 1.8): any id, any index, missing out pointers. */
        uint32_t n = 0, id = 0, index = 0, any = chance(50) ? below(8) : (uint32_t)next();
        if (cr.valid) spn_crowd_count(crowd, &n);
        pick other_state = pick_handle(T_STATE), other_renderer = pick_handle(T_RENDERER);
        spn_animation_state s = chance(70) ? (spn_animation_state){other_state.bits} : (spn_animation_state){0};
        spn_renderer r = chance(50) ? (spn_renderer){other_renderer.bits} : (spn_renderer){0};
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_NOT_FOUND) | ST(SPN_ERROR_OUT_OF_RANGE);
        if (chance(40))
            CALL(spn_crowd_add_member(crowd, skeleton, s, r, chance(5) ? NULL : &id),
                 cr.allowed | k.allowed | other_state.allowed | other_renderer.allowed | bad |
                     ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_BUSY),
                 0);
        CALL(spn_crowd_member_id(crowd, index_arg(n, &in_range), chance(5) ? NULL : &id), cr.allowed | bad, 0);
        CALL(spn_crowd_member_index(crowd, chance(50) ? id : any, chance(5) ? NULL : &index), cr.allowed | bad, 0);
        if (chance(30)) CALL(spn_crowd_remove_member(crowd, chance(70) ? id : any), cr.allowed | bad, 0);
        break;
    }
    case 47: {
        /* Data skin entries (ABI 1.8): any skin index, record size and capacity. */
        spn_skin_entry entries[8];
        uint32_t n = 0, capacity = below(9);
        uint32_t which = index_arg(d.valid ? counts[d.rig][SPN_ITEM_SKIN] : 1, &in_range);
        uint32_t record = chance(90) ? (uint32_t)sizeof(spn_skin_entry) : below(32);
        int null_out = chance(10), null_count = chance(5);
        CALL(spn_skeleton_data_skin_entries(data, which, record, null_out ? NULL : entries, capacity,
                                            null_count ? NULL : &n),
             d.allowed | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE),
             d.valid && in_range && record >= sizeof(spn_skin_entry) && !null_count && (!null_out || capacity == 0));
        if (d.valid && !null_out) {
            uint32_t i;
            for (i = 0; i < n && i < capacity; i++) (void)strlen(entries[i].name);
        }
        break;
    }
    case 48: {
        /* Atlas files with the file texture loader (ABI 1.8): a rig's atlas, a missing file,
         * NULL path or out, a loader failing on some page. */
        spn_atlas out = {0};
        const char *path = chance(10) ? NULL : chance(20) ? "/no/such.atlas" : rigs[below((uint32_t)rig_count)].atlas_path;
        fuzz_fail_page = chance(50) ? below(3) : 0xFFFFFFFFu;
        CALL(spn_atlas_load_file_with_textures(path, chance(20) ? NULL : fuzz_file_loader, NULL, chance(5) ? NULL : &out),
             ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_IO) | ST(SPN_ERROR_LOAD), 0);
        if (out.bits) store(T_ATLAS, out.bits, -1, 0);
        break;
    }
    case 49: {
        /* The data's atlas (ABI 1.8): a new handle, used for a page id, then destroyed or kept. */
        spn_atlas out = {0};
        uint64_t id = 0;
        CALL(spn_skeleton_data_atlas(data, chance(5) ? NULL : &out),
             d.allowed | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_NOT_FOUND), 0);
        if (out.bits) {
            CALL(spn_atlas_page_texture(out, 0, &id), 0, 1);
            if (chance(50)) CALL(spn_atlas_destroy(out), 0, 1);
            else store(T_ATLAS, out.bits, -1, 0);
        }
        break;
    }
    case 45: {
        /* Crowd offsets and the batched render (ABI 1.5): any member, any numbers, short
         * or missing output structs. */
        uint32_t n = 0, member;
        if (cr.valid) spn_crowd_count(crowd, &n);
        member = index_arg(n, &in_range);
        float x = fnumber(&f1), y = fnumber(&f2), ox = 0, oy = 0;
        CALL(spn_crowd_set_offset(crowd, member, x, y),
             cr.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT), cr.valid && in_range && f1 && f2);
        CALL(spn_crowd_offset(crowd, member, chance(5) ? NULL : &ox, &oy),
             cr.allowed | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NULL_ARGUMENT), 0);
        spn_render_output out;
        memset(&out, 0, sizeof out);
        out.size = chance(95) ? (uint32_t)sizeof out : below(16);
        /* A member destroyed since it was added is STALE_HANDLE (as for the update). */
        CALL(spn_crowd_render_batched(crowd, renderer, chance(20) ? NULL : &out),
             cr.allowed | rd.allowed | HANDLE_ERRORS | ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_BUSY), 0);
        break;
    }
    case 50: {
        /* The snapshot bound (ABI 1.8): any flag and counts; then a snapshot with one byte
         * changed (checksum not recomputed) is refused or restores, never anything else. */
        size_t bound = 0, size = 0;
        static unsigned char bytes[1 << 18];
        uint32_t with = below(3), tracks = chance(10) ? 1025 : below(4), entries = below(9), callbacks = below(70);
        CALL(spn_skeleton_snapshot_bound(skeleton, with, tracks, entries, callbacks, chance(5) ? NULL : &bound),
             k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_NULL_ARGUMENT), 0);
        if (k.valid && spn_skeleton_snapshot(skeleton, (spn_animation_state){0}, bytes, sizeof bytes, &size) == SPN_OK &&
            size > 0) {
            bytes[below((uint32_t)size)] ^= (unsigned char)(1 + below(255));
            CALL(spn_skeleton_restore(skeleton, (spn_animation_state){0}, bytes, size),
                 k.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        }
        break;
    }
    case 51: {
        /* Skin attachments inspected and new placeholder names (ABI 1.9): data, runtime and
         * junk ids, any array, capacity and struct size; names added to a data, then stored
         * in a skin, looked up and shown by a skeleton (of any data: NOT_FOUND then). */
        static const char *const sockets[] = {"socket-a", "socket-b", "", "\xff\xfe", NULL};
        const char *socket = sockets[below(5)];
        int good = socket != NULL && socket != sockets[3];
        spn_attachment_info info;
        spn_attachment_geometry g;
        float f[16];
        uint32_t u[16], n = 0, found = 0, capacity = below(17), array = below(9);
        uint32_t id = chance(30) ? (SPN_RUNTIME_ATTACHMENT_BIT | below(4096)) : index_arg(c[SPN_ITEM_ATTACHMENT], &known);
        uint32_t slot_index = index_arg(c[SPN_ITEM_SLOT], &in_range);
        uint32_t bad = ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_OUT_OF_RANGE) | ST(SPN_ERROR_INVALID_ARGUMENT);
        CALL(spn_skeleton_data_add_placeholder(data, socket), d.allowed | bad, d.valid && good);
        memset(&info, 0, sizeof info);
        memset(&g, 0, sizeof g);
        info.size = chance(95) ? (uint32_t)sizeof info : below(16);
        g.size = chance(95) ? (uint32_t)sizeof g : below(16);
        CALL(spn_skin_attachment(skin, id, chance(5) ? NULL : &info), sk.allowed | bad, 0);
        if (sk.valid && info.size == sizeof info && info.name) (void)strlen(info.name);
        CALL(spn_skin_attachment_geometry(skin, id, chance(5) ? NULL : &g), sk.allowed | bad, 0);
        if (sk.valid && g.size == sizeof g && g.path) (void)strlen(g.path);
        CALL(spn_skin_attachment_floats(skin, id, array, chance(10) ? NULL : f, capacity, chance(5) ? NULL : &n),
             sk.allowed | bad, 0);
        CALL(spn_skin_attachment_indices(skin, id, array, chance(10) ? NULL : u, capacity, chance(5) ? NULL : &n),
             sk.allowed | bad, 0);
        CALL(spn_skin_set_attachment(skin, slot_index, socket, index_arg(c[SPN_ITEM_ATTACHMENT], &known)),
             sk.allowed | bad | ST(SPN_ERROR_NOT_FOUND), 0);
        if (chance(30)) CALL(spn_skeleton_set_skin(skeleton, skin), k.allowed | sk.allowed | ST(SPN_ERROR_INVALID_ARGUMENT), 0);
        CALL(spn_skeleton_find_attachment(skeleton, slot_index, socket, chance(5) ? NULL : &found),
             k.allowed | bad | ST(SPN_ERROR_NOT_FOUND), 0);
        CALL(spn_skeleton_set_attachment(skeleton, slot_index, socket), k.allowed | bad | ST(SPN_ERROR_NOT_FOUND), 0);
        /* The skeleton-scoped reports: what a slot shows, or any id. */
        int32_t shown = -1;
        if (k.valid) spn_skeleton_slot_attachment(skeleton, slot_index, below(2), &shown);
        uint32_t asked = chance(60) && shown != -1 ? (uint32_t)shown : id;
        info.size = chance(95) ? (uint32_t)sizeof info : below(16);
        CALL(spn_skeleton_attachment(skeleton, asked, chance(5) ? NULL : &info), k.allowed | bad, 0);
        if (k.valid && info.size == sizeof info && info.name) (void)strlen(info.name);
        CALL(spn_skeleton_attachment_geometry(skeleton, asked, chance(5) ? NULL : &g), k.allowed | bad, 0);
        CALL(spn_skeleton_attachment_floats(skeleton, asked, array, chance(10) ? NULL : f, capacity,
                                            chance(5) ? NULL : &n),
             k.allowed | bad, 0);
        CALL(spn_skeleton_attachment_indices(skeleton, asked, array, chance(10) ? NULL : u, capacity,
                                             chance(5) ? NULL : &n),
             k.allowed | bad, 0);
        break;
    }
    case 52: {
        /* GPU skinning (ABI 1.9): the data's static streams and a GPU render, short or
         * missing output structs; every pointer handed out is read to its count. */
        spn_gpu_streams streams;
        spn_gpu_output out;
        int null_streams = chance(5), short_streams = chance(5), null_out = chance(5), short_out = chance(5);
        uint32_t i;
        memset(&streams, 0, sizeof streams);
        memset(&out, 0, sizeof out);
        streams.size = short_streams ? below((uint32_t)sizeof streams) : (uint32_t)sizeof streams;
        out.size = short_out ? below((uint32_t)sizeof out) : (uint32_t)sizeof out;
        CALL(spn_skeleton_data_gpu_streams(data, null_streams ? NULL : &streams),
             d.allowed | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT),
             d.valid && !null_streams && !short_streams);
        CALL(spn_renderer_render_gpu(renderer, skeleton, null_out ? NULL : &out),
             rd.allowed | k.allowed | ST(SPN_ERROR_NULL_ARGUMENT) | ST(SPN_ERROR_INVALID_ARGUMENT),
             rd.valid && k.valid && !null_out && !short_out);
        if (rd.valid && k.valid && !null_out && !short_out) {
            float sum = 0;
            for (i = 0; i < out.bone_count * 6u; i++) sum += out.palette[i];
            for (i = 0; i < out.draw_count; i++) sum += (float)out.draws[i].vertex_count;
            for (i = 0; i < out.cpu_vertex_count * 2u; i++) sum += out.cpu_positions[i] + out.cpu_uvs[i];
            for (i = 0; i < out.cpu_index_count; i++) sum += (float)out.cpu_indices[i];
            (void)sum;
        }
        break;
    }
    default: { /* a frame on everything that is live and matches */
        spn_status s1 = spn_animation_state_update(state, 1.0 / 60.0);
        expect(s1, st.allowed, st.valid, "frame update", __LINE__);
        if (st.valid && k.valid && st.owner == k.owner) CALL(spn_animation_state_apply(state, skeleton), 0, 1);
        if (k.valid) {
            CALL(spn_skeleton_update(skeleton, 1.0 / 60.0), 0, 1);
            CALL(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE), 0, 1);
        }
        break;
    }
    }
}

int main(int argc, char **argv) {
    if (argc < 5 || (argc - 3) % 2) {
        fprintf(stderr, "usage: abi_fuzz CALLS SEED ATLAS SKEL [ATLAS SKEL ...]\n");
        return 2;
    }
    unsigned long total = strtoul(argv[1], NULL, 10);
    rng_state ^= strtoull(argv[2], NULL, 10) * 0x2545F4914F6CDD1Dull;
    if (!rng_state) rng_state = 1;
    for (int i = 3; i + 1 < argc && rig_count < 32; i += 2) {
        rig_file *r = &rigs[rig_count];
        r->atlas_text = (uint8_t *)read_file(argv[i], &r->atlas_len);
        r->atlas_path = argv[i];
        r->skel = (uint8_t *)read_file(argv[i + 1], &r->skel_len);
        if (!r->atlas_text || !r->skel) {
            fprintf(stderr, "cannot read %s or %s\n", argv[i], argv[i + 1]);
            return 2;
        }
        r->json = r->skel_len && r->skel[0] == '{';
        /* Counts per rig, for indices near the valid range. */
        spn_atlas atlas = {0};
        spn_skeleton_data data = {0};
        OK(spn_atlas_load(r->atlas_text, r->atlas_len, &atlas));
        spn_status s = r->json ? spn_skeleton_data_load_json(r->skel, r->skel_len, atlas, 1.0f, &data)
                               : spn_skeleton_data_load_binary(r->skel, r->skel_len, atlas, 1.0f, &data);
        CHECK(s == SPN_OK);
        for (uint32_t item = 0; item < 7; item++) spn_skeleton_data_count(data, item, &counts[rig_count][item]);
        store(T_DATA, data.bits, rig_count, 0);
        store(T_ATLAS, atlas.bits, -1, 0);
        rig_count++;
    }
    while (calls < total && failures == 0) step();
    printf("abi_fuzz: %lu calls, %lu OK;", calls, ok_calls);
    for (int s = 1; s <= SPN_ERROR_BUSY; s++) printf(" %d:%lu", s, by_status[s]);
    printf("\n");
    return finish("abi_fuzz");
}
