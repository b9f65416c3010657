/* Misuse of the attachment geometry and constraint data functions (ABI 1.4): each
 * returns its documented status and writes nothing it should not.
 *
 * usage: geometry_misuse_test ATLAS SKEL */
#include "common.h"

#define FAILS(call, status) CHECK((call) == (status))

/* The first attachment of `kind`, or -1. */
static int32_t first_of_kind(spn_skeleton_data data, uint32_t kind) {
    uint32_t n = 0, i;
    OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &n));
    for (i = 0; i < n; i++) {
        spn_attachment_info info;
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        OK(spn_skeleton_data_attachment(data, i, &info));
        if (info.kind == kind) return (int32_t)i;
    }
    return -1;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0}, as_data;
    spn_skeleton skeleton = {0}, as_skeleton;
    spn_attachment_geometry g;
    uint32_t attachments = 0, slots = 0, n = 99, s, shown = 0;
    int32_t region, id = -1;
    float buffer[8];
    uint32_t indices[4];
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &attachments));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    region = first_of_kind(data, SPN_ATTACHMENT_REGION);
    CHECK(attachments > 0 && slots > 0 && region >= 0);
    if (failures) return finish("geometry_misuse_test");
    memset(&g, 0, sizeof g);
    g.size = sizeof g;

    /* Null out pointers. */
    FAILS(spn_skeleton_data_attachment_geometry(data, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_floats(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_OFFSETS, buffer, 8, NULL),
          SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_indices(data, 0, SPN_ATTACHMENT_ARRAY_BONES, indices, 4, NULL),
          SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_slot_world_vertices(skeleton, 0, buffer, 8, NULL), SPN_ERROR_NULL_ARGUMENT);
    /* A null buffer with room claimed: an error when there is something to write. */
    FAILS(spn_skeleton_data_attachment_floats(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_OFFSETS, NULL, 8, &n),
          SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skeleton_slot_world_vertices(skeleton, 0, NULL, 8, &n), SPN_ERROR_NULL_ARGUMENT);

    /* Wrong handle types. */
    as_data.bits = skeleton.bits;
    as_skeleton.bits = data.bits;
    FAILS(spn_skeleton_data_attachment_geometry(as_data, 0, &g), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_data_attachment_floats(as_data, 0, SPN_ATTACHMENT_ARRAY_VERTICES, NULL, 0, &n),
          SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_data_attachment_indices(as_data, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &n),
          SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skeleton_slot_world_vertices(as_skeleton, 0, NULL, 0, &n), SPN_ERROR_WRONG_TYPE);

    /* Out of range. */
    FAILS(spn_skeleton_data_attachment_geometry(data, attachments, &g), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_data_attachment_floats(data, attachments, SPN_ATTACHMENT_ARRAY_VERTICES, NULL, 0, &n),
          SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_data_attachment_indices(data, attachments, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &n),
          SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skeleton_slot_world_vertices(skeleton, slots, NULL, 0, &n), SPN_ERROR_OUT_OF_RANGE);

    /* Wrong kind or array: a region has no vertices, lengths or triangles; unknown arrays;
     * each call's arrays only. */
    FAILS(spn_skeleton_data_attachment_floats(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_VERTICES, NULL, 0, &n),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_floats(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_LENGTHS, NULL, 0, &n),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_indices(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_TRIANGLES, NULL, 0, &n),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_floats(data, 0, 99, NULL, 0, &n), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_indices(data, 0, 99, NULL, 0, &n), SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_floats(data, 0, SPN_ATTACHMENT_ARRAY_EDGES, NULL, 0, &n),
          SPN_ERROR_INVALID_ARGUMENT);
    FAILS(spn_skeleton_data_attachment_indices(data, 0, SPN_ATTACHMENT_ARRAY_UVS, NULL, 0, &n),
          SPN_ERROR_INVALID_ARGUMENT);
    CHECK(n == 99); /* failed calls leave the count alone */

    /* A record size below this version's struct. */
    g.size = sizeof g - 4;
    FAILS(spn_skeleton_data_attachment_geometry(data, 0, &g), SPN_ERROR_INVALID_ARGUMENT);
    g.size = sizeof g;

    /* Too-small buffers: the first values, the whole count, SPN_OK. */
    buffer[1] = -7.0f;
    OK(spn_skeleton_data_attachment_floats(data, (uint32_t)region, SPN_ATTACHMENT_ARRAY_OFFSETS, buffer, 1, &n));
    CHECK(n == 8 && buffer[1] == -7.0f);
    for (s = 0; s < slots && !shown; s++) {
        OK(spn_skeleton_slot_attachment(skeleton, s, 1, &id));
        if (id < 0) continue;
        shown = 1;
        buffer[0] = buffer[1] = -7.0f;
        /* One float is less than a vertex: nothing is written. */
        OK(spn_skeleton_slot_world_vertices(skeleton, s, buffer, 1, &n));
        CHECK(n >= 2 && buffer[0] == -7.0f);
    }
    CHECK(shown == 1);

    /* Constraint data (ABI 1.4). */
    {
        uint32_t constraints = 0, c, transform = UINT32_MAX, other = UINT32_MAX;
        spn_constraint_data cd;
        spn_transform_mapping mapping;
        memset(&cd, 0, sizeof cd);
        cd.size = sizeof cd;
        OK(spn_skeleton_data_count(data, SPN_ITEM_CONSTRAINT, &constraints));
        FAILS(spn_skeleton_data_constraint_data(data, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_constraint_bones(data, 0, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_constraint_transform_mappings(data, 0, sizeof mapping, NULL, 0, NULL),
              SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_animation_sequence_keys(as_data, 0, sizeof(spn_sequence_key), NULL, 0, &n),
              SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_constraint_data(as_data, 0, &cd), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_constraint_bones(as_data, 0, NULL, 0, &n), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_constraint_transform_mappings(as_data, 0, sizeof mapping, NULL, 0, &n),
              SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_constraint_data(data, constraints, &cd), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skeleton_data_constraint_bones(data, constraints, NULL, 0, &n), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skeleton_data_constraint_transform_mappings(data, constraints, sizeof mapping, NULL, 0, &n),
              SPN_ERROR_OUT_OF_RANGE);
        for (c = 0; c < constraints; c++) {
            OK(spn_skeleton_data_constraint_data(data, c, &cd));
            if (cd.kind == SPN_CONSTRAINT_TRANSFORM && transform == UINT32_MAX) transform = c;
            if (cd.kind != SPN_CONSTRAINT_TRANSFORM && other == UINT32_MAX) other = c;
        }
        if (other != UINT32_MAX) /* mappings of a constraint of another type */
            FAILS(spn_skeleton_data_constraint_transform_mappings(data, other, sizeof mapping, NULL, 0, &n),
                  SPN_ERROR_INVALID_ARGUMENT);
        if (transform != UINT32_MAX) /* a record size below ABI 1.4's */
            FAILS(spn_skeleton_data_constraint_transform_mappings(data, transform, sizeof mapping - 4, NULL, 0, &n),
                  SPN_ERROR_INVALID_ARGUMENT);
        if (constraints > 0) {
            cd.size = sizeof cd - 4;
            FAILS(spn_skeleton_data_constraint_data(data, 0, &cd), SPN_ERROR_INVALID_ARGUMENT);
            cd.size = sizeof cd;
        }
    }

    /* Stale handles. */
    OK(spn_skeleton_destroy(skeleton));
    FAILS(spn_skeleton_slot_world_vertices(skeleton, 0, NULL, 0, &n), SPN_ERROR_STALE_HANDLE);
    OK(spn_skeleton_data_destroy(data));
    FAILS(spn_skeleton_data_attachment_geometry(data, 0, &g), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_data_attachment_floats(data, 0, SPN_ATTACHMENT_ARRAY_VERTICES, NULL, 0, &n),
          SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skeleton_data_attachment_indices(data, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &n),
          SPN_ERROR_STALE_HANDLE);
    {
        spn_constraint_data cd;
        cd.size = sizeof cd;
        FAILS(spn_skeleton_data_constraint_data(data, 0, &cd), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skeleton_data_animation_sequence_keys(data, 0, sizeof(spn_sequence_key), NULL, 0, &n),
              SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skeleton_data_constraint_bones(data, 0, NULL, 0, &n), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skeleton_data_constraint_transform_mappings(data, 0, sizeof(spn_transform_mapping), NULL, 0, &n),
              SPN_ERROR_STALE_HANDLE);
    }
    OK(spn_atlas_destroy(atlas));
    return finish("geometry_misuse_test");
}
