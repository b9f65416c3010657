/* Misuse of the render separation functions (ABI 1.4): null pointers and zero handles,
 * wrong handle types, stale handles, out-of-range and inconsistent spans, too-small
 * struct sizes. Every call returns its documented status and sets a message; none
 * changes the renderer's output.
 *
 * usage: separation_misuse_test ATLAS SKEL */
#include "common.h"

#define FAILS(call, status)                                                   \
    do {                                                                      \
        spn_status got_ = (call);                                             \
        CHECK(got_ == (status));                                              \
        CHECK(strlen(spn_last_error_message()) > 0);                          \
    } while (0)

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0}, no_skeleton = {0}, as_skeleton;
    spn_renderer renderer = {0}, no_renderer = {0}, as_renderer, dead = {0};
    spn_render_output out, before;
    uint32_t slots = 0, separators[2] = {0, 1};
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_renderer_create(NULL, &renderer));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    if (failures || slots == 0) return finish("separation_misuse_test");
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    OK(spn_renderer_render(renderer, skeleton, &out));
    before = out;

    /* Null pointers and zero handles. */
    FAILS(spn_renderer_set_separator_slots(renderer, NULL, 2), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_set_separator_slots(no_renderer, separators, 2), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render_slots(no_renderer, skeleton, 0, 0, &out), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_renderer_render_slots(renderer, no_skeleton, 0, 0, &out), SPN_ERROR_NULL_ARGUMENT);

    /* Wrong handle types (the same bits read as the other kind). */
    as_skeleton.bits = renderer.bits;
    as_renderer.bits = skeleton.bits;
    FAILS(spn_renderer_set_separator_slots(as_renderer, separators, 2), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_renderer_render_slots(as_renderer, skeleton, 0, 0, &out), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_renderer_render_slots(renderer, as_skeleton, 0, 0, &out), SPN_ERROR_WRONG_TYPE);

    /* Spans: last past the slots, first after last. */
    FAILS(spn_renderer_render_slots(renderer, skeleton, 0, slots, &out), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_renderer_render_slots(renderer, skeleton, 0, 0xFFFFFFFFu, &out), SPN_ERROR_OUT_OF_RANGE);
    if (slots > 1) FAILS(spn_renderer_render_slots(renderer, skeleton, 1, 0, &out), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_renderer_render_slots(renderer, skeleton, slots + 1, slots, &out), SPN_ERROR_INVALID_ARGUMENT);

    /* Too-small output size (below the ABI 1.1 struct). */
    out.size = 8;
    FAILS(spn_renderer_render_slots(renderer, skeleton, 0, 0, &out), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(out.size == 8);
    out.size = sizeof out;
    /* Nothing above rendered: the output is the first render's. */
    OK(spn_renderer_output(renderer, &out));
    CHECK(out.generation == before.generation && out.vertex_count == before.vertex_count);

    /* Stale handles. */
    OK(spn_renderer_create(NULL, &dead));
    OK(spn_renderer_destroy(dead));
    FAILS(spn_renderer_set_separator_slots(dead, separators, 2), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_renderer_set_separator_slots(dead, NULL, 0), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_renderer_render_slots(dead, skeleton, 0, 0, NULL), SPN_ERROR_STALE_HANDLE);
    {
        spn_skeleton gone;
        OK(spn_skeleton_create(data, &gone));
        OK(spn_skeleton_destroy(gone));
        FAILS(spn_renderer_render_slots(renderer, gone, 0, 0, NULL), SPN_ERROR_STALE_HANDLE);
    }

    /* Allowed: an empty list with NULL, indices past the slots (never match), NULL out. */
    OK(spn_renderer_set_separator_slots(renderer, NULL, 0));
    separators[0] = 0xFFFFFFFFu;
    OK(spn_renderer_set_separator_slots(renderer, separators, 1));
    OK(spn_renderer_render_slots(renderer, skeleton, 0, slots - 1, NULL));
    OK(spn_renderer_output(renderer, &out));
    CHECK(out.range_count == before.range_count && out.vertex_count == before.vertex_count);

    OK(spn_renderer_destroy(renderer));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("separation_misuse_test");
}
