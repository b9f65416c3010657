/* Drives the whole C ABI on one rig: atlas, skeleton data, skins, skeleton (bones, slots,
 * constraints, bounds), animation state data and state (tracks, entries, events),
 * renderers in every layout, bounds and hit tests, and a crowd checked against
 * per-call updates. Checks values for consistency (round trips, equal outputs).
 *
 * This file holds main, which runs the tests in the order of the C objects; the tests
 * are in abi_test_*.c (abi_test.h lists them).
 *
 * usage: abi_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "abi_test.h"

int failures = 0;

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    CHECK(spn_abi_version() == SPN_ABI_VERSION);
    CHECK(strlen(spn_version_string()) > 0);
    test_atlas(argv[1], &atlas);
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("abi_test");
    test_data(data);
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_setup_pose(skeleton));
    test_bones(skeleton, data);
    test_slots(skeleton, data);
    test_skeleton_values(skeleton);
    test_constraints(skeleton, data);
    test_skins_and_attachments(skeleton, data);
    test_state(skeleton, data);
    test_renderers(skeleton);
    test_bounds(skeleton, data);
    test_physics_constraints(data);
    test_crowd(data);
    /* Destroying in any order: the skeleton keeps its data alive. */
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_skeleton_destroy(skeleton));
    return finish("abi_test");
}
