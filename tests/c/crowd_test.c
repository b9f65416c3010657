/* Crowd member control and range updates (ABI 1.4) on one rig:
 * - a disabled member is skipped entirely (its pose, state time and render output stay as
 *   they were; even a destroyed member's handles are fine while disabled);
 * - a member's time scale advances it as per-call updates by delta * scale do, bit for bit;
 * - removing a member keeps the others' order;
 * - spn_crowd_update_range over ranges equals spn_crowd_update, bit for bit; two threads
 *   updating disjoint ranges concurrently equal it too; threads updating overlapping
 *   ranges get SPN_OK or SPN_ERROR_BUSY only, and a busy call changes nothing (each
 *   member advanced exactly by the calls that succeeded for it).
 *
 * usage: crowd_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

#include <pthread.h>

#define DT (1.0 / 60.0)
#define MEMBERS 8
#define FRAMES 20

typedef struct {
    spn_skeleton skeleton;
    spn_animation_state state;
    spn_renderer renderer;
} instance;

static spn_animation_state_data mixes;
static uint32_t bones, animations;

static void create(spn_skeleton_data data, instance *i, uint32_t k) {
    spn_track_entry entry = {0, 0};
    OK(spn_skeleton_create(data, &i->skeleton));
    OK(spn_animation_state_create(mixes, &i->state));
    OK(spn_renderer_create(NULL, &i->renderer));
    if (animations > 0) {
        OK(spn_animation_state_set_animation(i->state, 0, k % animations, 1, &entry));
        OK(spn_track_entry_set(entry, SPN_ENTRY_TRACK_TIME, 0.05 * k));
    }
}

static void destroy(instance *i) {
    OK(spn_renderer_destroy(i->renderer));
    OK(spn_animation_state_destroy(i->state));
    OK(spn_skeleton_destroy(i->skeleton));
}

/* One per-call frame, as the crowd runs it. */
static void frame(const instance *i, double delta) {
    OK(spn_animation_state_update(i->state, delta));
    OK(spn_animation_state_apply(i->state, i->skeleton));
    OK(spn_skeleton_update(i->skeleton, delta));
    OK(spn_skeleton_update_world_transform(i->skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_renderer_render(i->renderer, i->skeleton, NULL));
}

/* Same bones (world), skeleton time and render buffers, bit for bit. */
static int same(const instance *a, const instance *b) {
    uint32_t k;
    double ta = -1, tb = -2;
    spn_render_output ra, rb;
    for (k = 0; k < bones; k++) {
        spn_bone_world wa, wb;
        OK(spn_skeleton_bone_world(a->skeleton, k, &wa));
        OK(spn_skeleton_bone_world(b->skeleton, k, &wb));
        if (memcmp(&wa, &wb, sizeof wa) != 0) return 0;
    }
    OK(spn_skeleton_time(a->skeleton, &ta));
    OK(spn_skeleton_time(b->skeleton, &tb));
    if (ta != tb) return 0;
    memset(&ra, 0, sizeof ra);
    memset(&rb, 0, sizeof rb);
    ra.size = rb.size = sizeof ra;
    OK(spn_renderer_output(a->renderer, &ra));
    OK(spn_renderer_output(b->renderer, &rb));
    if (ra.vertex_count != rb.vertex_count || ra.index_count != rb.index_count) return 0;
    if (ra.vertex_count && memcmp(ra.positions, rb.positions, ra.vertex_count * ra.position_stride * sizeof(float)))
        return 0;
    return 1;
}

static void test_enable_time_scale_remove(spn_skeleton_data data) {
    instance members[4], reference[4], gone;
    spn_crowd crowd = {0};
    uint32_t k, f, enabled = 9, count = 0;
    double scale = 0, before = -1, after = -2;
    static const double scales[4] = {1.0, 0.37, 2.5, 1.0};
    spn_render_output frozen, now;
    for (k = 0; k < 4; k++) {
        create(data, &members[k], k);
        create(data, &reference[k], k);
    }
    create(data, &gone, 9);
    OK(spn_crowd_create(2, &crowd));
    for (k = 0; k < 4; k++) OK(spn_crowd_add(crowd, members[k].skeleton, members[k].state, members[k].renderer));
    OK(spn_crowd_add(crowd, gone.skeleton, gone.state, gone.renderer));
    /* Member 4's instances are destroyed: fine while it is disabled. */
    OK(spn_crowd_set_enabled(crowd, 4, 0));
    destroy(&gone);
    for (k = 0; k < 4; k++) OK(spn_crowd_set_time_scale(crowd, k, scales[k]));
    OK(spn_crowd_time_scale(crowd, 1, &scale));
    CHECK(scale == 0.37);
    OK(spn_crowd_enabled(crowd, 0, &enabled));
    CHECK(enabled == 1);
    /* Member 3 runs a few frames, then is disabled. */
    for (f = 0; f < 3; f++) {
        OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
        for (k = 0; k < 4; k++) frame(&reference[k], DT * scales[k]);
    }
    OK(spn_crowd_set_enabled(crowd, 3, 0));
    OK(spn_crowd_enabled(crowd, 3, &enabled));
    CHECK(enabled == 0);
    OK(spn_skeleton_time(members[3].skeleton, &before));
    memset(&frozen, 0, sizeof frozen);
    frozen.size = sizeof frozen;
    OK(spn_renderer_output(members[3].renderer, &frozen));
    for (f = 0; f < FRAMES; f++) {
        OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
        for (k = 0; k < 3; k++) frame(&reference[k], DT * scales[k]);
    }
    for (k = 0; k < 4; k++) CHECK(same(&members[k], &reference[k]));
    OK(spn_skeleton_time(members[3].skeleton, &after));
    CHECK(before == after);
    memset(&now, 0, sizeof now);
    now.size = sizeof now;
    OK(spn_renderer_output(members[3].renderer, &now));
    CHECK(now.generation == frozen.generation);
    /* Enabled with the crowd again, it goes on from where it stopped. */
    OK(spn_crowd_set_enabled(crowd, 3, 1));
    OK(spn_crowd_remove(crowd, 4));
    /* Removing member 1 moves 2 and 3 down, with their time scales. */
    OK(spn_crowd_remove(crowd, 1));
    OK(spn_crowd_count(crowd, &count));
    CHECK(count == 3);
    OK(spn_crowd_time_scale(crowd, 1, &scale));
    CHECK(scale == 2.5);
    OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
    frame(&reference[0], DT);
    frame(&reference[2], DT * 2.5);
    frame(&reference[3], DT);
    CHECK(same(&members[0], &reference[0]) && same(&members[2], &reference[2]) && same(&members[3], &reference[3]));
    OK(spn_crowd_destroy(crowd));
    for (k = 0; k < 4; k++) {
        destroy(&members[k]);
        destroy(&reference[k]);
    }
}

typedef struct {
    spn_crowd crowd;
    uint32_t first, count, frames;
    uint32_t ok, busy, other;
} job;

/* Stable member ids (ABI 1.8): an id names its member through the removal of others (whose
 * indices move), ids are never reused, members added by spn_crowd_add have ids too, and a
 * member found by id updates as its reference does. */
static void test_stable_ids(spn_skeleton_data data) {
    instance members[4], reference[4];
    spn_crowd crowd = {0};
    uint32_t k, ids[4], id = 0, index = 0, count = 0;
    for (k = 0; k < 4; k++) {
        create(data, &members[k], k);
        create(data, &reference[k], k);
    }
    OK(spn_crowd_create(1, &crowd));
    for (k = 0; k < 3; k++)
        OK(spn_crowd_add_member(crowd, members[k].skeleton, members[k].state, members[k].renderer, &ids[k]));
    OK(spn_crowd_add(crowd, members[3].skeleton, members[3].state, members[3].renderer));
    OK(spn_crowd_member_id(crowd, 3, &ids[3]));
    for (k = 0; k < 4; k++) {
        CHECK(ids[k] != 0);
        if (k > 0) CHECK(ids[k] > ids[k - 1]);
        OK(spn_crowd_member_index(crowd, ids[k], &index));
        CHECK(index == k);
    }
    /* Member 1 removed by id: the others keep their ids; the later ones move down. */
    OK(spn_crowd_remove_member(crowd, ids[1]));
    CHECK(spn_crowd_member_index(crowd, ids[1], &index) == SPN_ERROR_NOT_FOUND);
    OK(spn_crowd_member_index(crowd, ids[2], &index));
    CHECK(index == 1);
    OK(spn_crowd_member_index(crowd, ids[3], &index));
    CHECK(index == 2);
    OK(spn_crowd_member_id(crowd, 0, &id));
    CHECK(id == ids[0]);
    /* Member 3, found by its id, runs at half speed. */
    OK(spn_crowd_member_index(crowd, ids[3], &index));
    OK(spn_crowd_set_time_scale(crowd, index, 0.5));
    OK(spn_crowd_update(crowd, DT, SPN_PHYSICS_UPDATE));
    frame(&reference[0], DT);
    frame(&reference[2], DT);
    frame(&reference[3], DT * 0.5);
    CHECK(same(&members[0], &reference[0]) && same(&members[2], &reference[2]) && same(&members[3], &reference[3]));
    /* A new member gets a new id (never a removed one's); clearing forgets every id. */
    OK(spn_crowd_add_member(crowd, members[1].skeleton, members[1].state, members[1].renderer, &id));
    CHECK(id > ids[3]);
    OK(spn_crowd_count(crowd, &count));
    CHECK(count == 4);
    OK(spn_crowd_member_index(crowd, id, &index));
    CHECK(index == 3);
    OK(spn_crowd_clear(crowd));
    CHECK(spn_crowd_member_index(crowd, ids[0], &index) == SPN_ERROR_NOT_FOUND);
    CHECK(spn_crowd_remove_member(crowd, id) == SPN_ERROR_NOT_FOUND);
    OK(spn_crowd_destroy(crowd));
    for (k = 0; k < 4; k++) {
        destroy(&members[k]);
        destroy(&reference[k]);
    }
}

static void *run_job(void *arg) {
    job *j = (job *)arg;
    uint32_t f;
    for (f = 0; f < j->frames; f++) {
        spn_status s = spn_crowd_update_range(j->crowd, j->first, j->count, DT, SPN_PHYSICS_UPDATE);
        if (s == SPN_OK) j->ok++;
        else if (s == SPN_ERROR_BUSY) j->busy++;
        else j->other++;
    }
    return NULL;
}

static void test_ranges(spn_skeleton_data data) {
    instance members[MEMBERS], reference[MEMBERS];
    spn_crowd crowd = {0}, whole = {0};
    uint32_t k, f;
    pthread_t threads[2];
    job jobs[2];
    for (k = 0; k < MEMBERS; k++) {
        create(data, &members[k], k);
        create(data, &reference[k], k);
    }
    OK(spn_crowd_create(1, &crowd));
    OK(spn_crowd_create(2, &whole));
    for (k = 0; k < MEMBERS; k++) {
        OK(spn_crowd_add(crowd, members[k].skeleton, members[k].state, members[k].renderer));
        OK(spn_crowd_add(whole, reference[k].skeleton, reference[k].state, reference[k].renderer));
    }
    OK(spn_crowd_set_time_scale(crowd, 2, 0.5));
    OK(spn_crowd_set_time_scale(whole, 2, 0.5));
    /* Ranges on this thread (an empty one too) equal whole-crowd updates. */
    for (f = 0; f < 5; f++) {
        OK(spn_crowd_update_range(crowd, 0, 3, DT, SPN_PHYSICS_UPDATE));
        OK(spn_crowd_update_range(crowd, 3, 0, DT, SPN_PHYSICS_UPDATE));
        OK(spn_crowd_update_range(crowd, 3, MEMBERS - 3, DT, SPN_PHYSICS_UPDATE));
        OK(spn_crowd_update(whole, DT, SPN_PHYSICS_UPDATE));
    }
    for (k = 0; k < MEMBERS; k++) CHECK(same(&members[k], &reference[k]));
    /* Two threads on disjoint halves at once. */
    for (k = 0; k < 2; k++) {
        memset(&jobs[k], 0, sizeof jobs[k]);
        jobs[k].crowd = crowd;
        jobs[k].first = k * (MEMBERS / 2);
        jobs[k].count = MEMBERS / 2;
        jobs[k].frames = FRAMES;
        CHECK(pthread_create(&threads[k], NULL, run_job, &jobs[k]) == 0);
    }
    for (k = 0; k < 2; k++) CHECK(pthread_join(threads[k], NULL) == 0);
    for (f = 0; f < FRAMES; f++) OK(spn_crowd_update(whole, DT, SPN_PHYSICS_UPDATE));
    for (k = 0; k < 2; k++) CHECK(jobs[k].ok == FRAMES && jobs[k].busy == 0 && jobs[k].other == 0);
    for (k = 0; k < MEMBERS; k++) CHECK(same(&members[k], &reference[k]));
    /* Overlapping ranges: OK or BUSY, never a race; a busy call changes nothing. Members
     * [0, 5) and [3, 8): each member's skeleton time grows by exactly the calls that
     * succeeded for it (member 2's at half speed). */
    {
        double start[MEMBERS], end, want;
        for (k = 0; k < MEMBERS; k++) OK(spn_skeleton_time(members[k].skeleton, &start[k]));
        for (k = 0; k < 2; k++) {
            memset(&jobs[k], 0, sizeof jobs[k]);
            jobs[k].crowd = crowd;
            jobs[k].first = k * 3;
            jobs[k].count = 5;
            jobs[k].frames = FRAMES * 4;
            CHECK(pthread_create(&threads[k], NULL, run_job, &jobs[k]) == 0);
        }
        for (k = 0; k < 2; k++) CHECK(pthread_join(threads[k], NULL) == 0);
        for (k = 0; k < 2; k++) CHECK(jobs[k].other == 0 && jobs[k].ok + jobs[k].busy == FRAMES * 4);
        for (k = 0; k < MEMBERS; k++) {
            uint32_t calls = (k < 5 ? jobs[0].ok : 0) + (k >= 3 ? jobs[1].ok : 0), c;
            double delta = k == 2 ? DT * 0.5 : DT;
            want = start[k];
            for (c = 0; c < calls; c++) want += delta;
            OK(spn_skeleton_time(members[k].skeleton, &end));
            CHECK(end == want);
        }
        printf("overlapping ranges: %u + %u updates, %u + %u busy\n", jobs[0].ok, jobs[1].ok, jobs[0].busy,
               jobs[1].busy);
    }
    OK(spn_crowd_update_range(crowd, 0, MEMBERS, 0.0, SPN_PHYSICS_NONE));
    OK(spn_crowd_destroy(crowd));
    OK(spn_crowd_destroy(whole));
    for (k = 0; k < MEMBERS; k++) {
        destroy(&members[k]);
        destroy(&reference[k]);
    }
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
    OK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &bones));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    if (failures) return finish("crowd_test");
    test_enable_time_scale_remove(data);
    test_stable_ids(data);
    test_ranges(data);
    OK(spn_animation_state_data_destroy(mixes));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("crowd_test");
}
