/* Pose snapshots (ABI 1.4) on one rig: 300 frames of an animation state program (two
 * tracks, mixes, queued entries, an additive track) with a runtime skin of several data
 * skins are recorded (bones' world transforms, render buffers); snapshots taken at
 * several frames, restored onto fresh instances and replayed give the same frames bit for
 * bit, and so does restoring onto the instances that ran ahead (rollback). Truncated and
 * changed snapshots, and mismatched states, are refused and change nothing.
 *
 * usage: snapshot_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#define FRAMES 300
#define DT (1.0 / 60.0)
#define SNAPS 4

static const uint32_t snap_at[SNAPS] = {0, 41, 160, 299};
static uint32_t bones, animations, skins;
static const spn_animation_state no_state = {0};

typedef struct {
    spn_skeleton skeleton;
    spn_animation_state state;
    spn_renderer renderer;
} instance;

static void create(spn_skeleton_data data, spn_animation_state_data mixes, instance *i) {
    OK(spn_skeleton_create(data, &i->skeleton));
    OK(spn_animation_state_create(mixes, &i->state));
    OK(spn_renderer_create(NULL, &i->renderer));
}

static void destroy(instance *i) {
    OK(spn_renderer_destroy(i->renderer));
    OK(spn_animation_state_destroy(i->state));
    OK(spn_skeleton_destroy(i->skeleton));
}

/* FNV-1a of one frame's bones and render buffers (bit patterns). */
static uint64_t hash(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t k;
    for (k = 0; k < n; k++) h = (h ^ b[k]) * 0x100000001b3ull;
    return h;
}

static uint64_t frame(const instance *i, uint32_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t b;
    spn_track_entry entry = {0, 0};
    spn_render_output r;
    const spn_event *events = NULL;
    uint32_t count = 0;
    if (animations > 0 && n % 70 == 10) OK(spn_animation_state_set_animation(i->state, 0, n / 70 % animations, 1, &entry));
    if (animations > 0 && n % 90 == 45) {
        OK(spn_animation_state_add_animation(i->state, 0, (n / 90 + 1) % animations, 0, 0.3, &entry));
        OK(spn_animation_state_set_animation(i->state, 1, (n / 90 + 2) % animations, 1, &entry));
        OK(spn_track_entry_set(entry, SPN_ENTRY_ADDITIVE, 1));
        OK(spn_track_entry_set(entry, SPN_ENTRY_ALPHA, 0.5));
    }
    OK(spn_animation_state_update(i->state, DT));
    OK(spn_animation_state_apply(i->state, i->skeleton));
    OK(spn_animation_state_events(i->state, sizeof(spn_event), &events, &count));
    h = hash(h, &count, sizeof count);
    OK(spn_skeleton_update(i->skeleton, DT));
    OK(spn_skeleton_update_world_transform(i->skeleton, SPN_PHYSICS_UPDATE));
    for (b = 0; b < bones; b++) {
        spn_bone_world w;
        OK(spn_skeleton_bone_world(i->skeleton, b, &w));
        h = hash(h, &w, sizeof w);
    }
    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    OK(spn_renderer_render(i->renderer, i->skeleton, &r));
    h = hash(h, &r.vertex_count, sizeof r.vertex_count);
    if (r.vertex_count) {
        h = hash(h, r.positions, r.vertex_count * r.position_stride * sizeof(float));
        h = hash(h, r.uvs, r.vertex_count * 2 * sizeof(float));
        h = hash(h, r.colors, r.vertex_count * sizeof(uint32_t));
        h = hash(h, r.indices, (size_t)r.index_count * r.index_size);
    }
    return h;
}

static unsigned char *take(const instance *i, size_t *size) {
    unsigned char *bytes;
    *size = 0;
    OK(spn_skeleton_snapshot(i->skeleton, i->state, NULL, 0, size));
    bytes = (unsigned char *)malloc(*size);
    CHECK(bytes != NULL);
    if (bytes) OK(spn_skeleton_snapshot(i->skeleton, i->state, bytes, *size, size));
    return bytes;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_animation_state_data mixes = {0};
    spn_skin skin = {0};
    instance run;
    static uint64_t frames[FRAMES];
    unsigned char *snaps[SNAPS];
    size_t sizes[SNAPS];
    uint32_t n, s, k, refused = 0;
    size_t bound = 0, bare = 0, largest = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("snapshot_test");
    OK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &bones));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    OK(spn_animation_state_data_create(data, &mixes));
    OK(spn_animation_state_data_set_default_mix(mixes, 0.2));
    OK(spn_skin_create(data, "outfit", &skin));
    for (k = 0; k < skins; k++)
        if (k % 3 == 1 || skins == 1) OK(spn_skin_add_data_skin(skin, k));
    create(data, mixes, &run);
    OK(spn_skeleton_set_skin(run.skeleton, skin));
    OK(spn_skeleton_setup_pose_slots(run.skeleton));
    /* ABI 1.8: the bound for two tracks, at most 8 entries alive at once and 64 callbacks
     * a frame holds every snapshot of the run (mixes, queued entries, physics). */
    OK(spn_skeleton_snapshot_bound(run.skeleton, 1, 2, 8, 64, &bound));
    OK(spn_skeleton_snapshot_bound(run.skeleton, 0, 0, 0, 0, &bare));
    CHECK(36 < bare && bare < bound);
    for (n = 0, s = 0; n < FRAMES; n++) {
        size_t size = 0;
        if (s < SNAPS && snap_at[s] == n) {
            snaps[s] = take(&run, &sizes[s]);
            s++;
        }
        frames[n] = frame(&run, n);
        OK(spn_skeleton_snapshot(run.skeleton, run.state, NULL, 0, &size));
        CHECK(size <= bound);
        largest = size > largest ? size : largest;
        OK(spn_skeleton_snapshot(run.skeleton, no_state, NULL, 0, &size));
        CHECK(size <= bare);
    }
    for (s = 0; s < SNAPS; s++) {
        instance replay;
        uint32_t differ = 0;
        if (!snaps[s]) continue;
        /* Replay onto fresh instances (no skin: the snapshot brings it). */
        create(data, mixes, &replay);
        OK(spn_skeleton_restore(replay.skeleton, replay.state, snaps[s], sizes[s]));
        for (n = snap_at[s]; n < FRAMES; n++) differ += frame(&replay, n) != frames[n];
        CHECK(differ == 0);
        destroy(&replay);
        /* Rollback: the instances that ran ahead go back. */
        OK(spn_skeleton_restore(run.skeleton, run.state, snaps[s], sizes[s]));
        for (n = snap_at[s], differ = 0; n < FRAMES && n < snap_at[s] + 30; n++) differ += frame(&run, n) != frames[n];
        CHECK(differ == 0);
    }
    /* Malformed snapshots: every truncation and changed byte is refused, nothing changes. */
    if (snaps[1]) {
        size_t size = sizes[1], now_size = 0, cut;
        unsigned char *before = take(&run, &now_size), *after, *changed = (unsigned char *)malloc(size);
        uint64_t rng = 0x9e3779b97f4a7c15ull;
        CHECK(changed != NULL);
        for (cut = 0; cut < size; cut += size / 50 + 1) {
            CHECK(spn_skeleton_restore(run.skeleton, run.state, snaps[1], cut) == SPN_ERROR_INVALID_ARGUMENT);
            refused++;
        }
        for (k = 0; k < 100 && changed; k++) {
            memcpy(changed, snaps[1], size);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            changed[rng % size] ^= (unsigned char)(1 + (rng >> 32) % 255);
            CHECK(spn_skeleton_restore(run.skeleton, run.state, changed, size) == SPN_ERROR_INVALID_ARGUMENT);
            CHECK(strlen(spn_last_error_message()) > 0);
            refused++;
        }
        /* A snapshot with a state restored without one, and the other way round. */
        CHECK(spn_skeleton_restore(run.skeleton, no_state, snaps[1], size) ==
              SPN_ERROR_INVALID_ARGUMENT);
        after = take(&run, &size);
        CHECK(before && after && now_size == size && memcmp(before, after, size) == 0);
        free(before);
        free(after);
        free(changed);
    }
    /* The buffer protocol. */
    {
        size_t size = 0, small = 0;
        unsigned char one = 0;
        OK(spn_skeleton_snapshot(run.skeleton, no_state, NULL, 0, &size));
        CHECK(size > 0);
        CHECK(spn_skeleton_snapshot(run.skeleton, run.state, &one, 1, &small) == SPN_ERROR_INVALID_ARGUMENT);
        CHECK(small == 0);
        CHECK(spn_skeleton_snapshot(run.skeleton, run.state, NULL, 0, NULL) == SPN_ERROR_NULL_ARGUMENT);
    }
    /* A buffer longer than the snapshot it holds says so (ABI 1.8). */
    if (snaps[1]) {
        unsigned char *longer = (unsigned char *)calloc(sizes[1] + 2, 1);
        CHECK(longer != NULL);
        if (longer) {
            memcpy(longer, snaps[1], sizes[1]);
            CHECK(spn_skeleton_restore(run.skeleton, run.state, longer, sizes[1] + 2) == SPN_ERROR_INVALID_ARGUMENT);
            CHECK(strstr(spn_last_error_message(), "2 trailing bytes after the snapshot") != NULL);
            free(longer);
        }
    }
    printf("snapshot: %u snapshots (%lu bytes the first) replayed and rolled back bit for bit; %u malformed refused\n",
           SNAPS, (unsigned long)sizes[0], refused);
    for (s = 0; s < SNAPS; s++) free(snaps[s]);
    destroy(&run);
    OK(spn_skin_destroy(skin));
    OK(spn_animation_state_data_destroy(mixes));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("snapshot_test");
}
