/* Constraint data by type and sequence timeline keys (ABI 1.4) on one rig: dumps every
 * constraint's setup values, bones and transform mappings and every animation's sequence
 * keys to stdout (tests/c_abi.rs compares the dump with the rig's JSON), and checks the
 * two-call size protocol and the record versioning.
 *
 * Dump lines (tab-separated):
 *   C index kind name target animation mix softness bend compress stretch scale_y_mode
 *     local_source local_target additive clamp offset_rotation offset_x offset_y
 *     offset_scale_x offset_scale_y offset_shear_y mix_rotate mix_x mix_y mix_scale_x
 *     mix_scale_y mix_shear_y mapping_count position_mode spacing_mode rotate_mode
 *     position spacing inherit_x inherit_y inherit_rotate inherit_scale_x inherit_shear_x
 *     limit step inertia strength damping mass_inverse wind gravity global time looped
 *     drive_property drive_from drive_to drive_scale drive_max drive_local
 *   B index count bones...
 *   M index from from_offset to offset max scale   (one line per transform mapping)
 *   S animation time mode index delay slot attachment   (one line per sequence key)
 *
 * usage: constraint_data_test ATLAS SKEL */
#include "common.h"

static void dump(spn_skeleton_data data, uint32_t index) {
    spn_constraint_info info;
    spn_constraint_data c;
    uint32_t count = 0, written = 0, i;
    uint32_t *bones;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    memset(&c, 0, sizeof c);
    c.size = sizeof c;
    OK(spn_skeleton_data_constraint(data, index, &info));
    OK(spn_skeleton_data_constraint_data(data, index, &c));
    CHECK(c.size == sizeof c && c.kind == info.kind);
    printf("C\t%u\t%u\t%s\t%d\t%d\t%.9g\t%.9g\t%d\t%u\t%u\t%u", index, c.kind, info.name, c.target, c.animation, c.mix,
           c.softness, c.bend_direction, c.compress, c.stretch, c.scale_y_mode);
    printf("\t%u\t%u\t%u\t%u\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g", c.local_source, c.local_target, c.additive, c.clamp,
           c.offset_rotation, c.offset_x, c.offset_y, c.offset_scale_x, c.offset_scale_y, c.offset_shear_y);
    printf("\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%u", c.mix_rotate, c.mix_x, c.mix_y, c.mix_scale_x, c.mix_scale_y,
           c.mix_shear_y, c.mapping_count);
    printf("\t%u\t%u\t%u\t%.9g\t%.9g", c.position_mode, c.spacing_mode, c.rotate_mode, c.position, c.spacing);
    printf("\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.17g", c.inherit_x, c.inherit_y, c.inherit_rotate, c.inherit_scale_x,
           c.inherit_shear_x, c.limit, c.step);
    printf("\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%.9g\t%u", c.inertia, c.strength, c.damping, c.mass_inverse, c.wind,
           c.gravity, c.global);
    printf("\t%.9g\t%u\t%u\t%.9g\t%.9g\t%.9g\t%.9g\t%u\n", c.time, c.looped, c.drive_property, c.drive_from, c.drive_to,
           c.drive_scale, c.drive_max, c.drive_local);

    OK(spn_skeleton_data_constraint_bones(data, index, NULL, 0, &count));
    bones = (uint32_t *)malloc((count + 1) * sizeof(uint32_t));
    bones[count] = 777u;
    OK(spn_skeleton_data_constraint_bones(data, index, bones, count, &written));
    CHECK(written == count && bones[count] == 777u);
    printf("B\t%u\t%u", index, count);
    for (i = 0; i < count; i++) printf("\t%u", bones[i]);
    printf("\n");
    free(bones);

    if (c.kind == SPN_CONSTRAINT_TRANSFORM) {
        spn_transform_mapping *mappings;
        OK(spn_skeleton_data_constraint_transform_mappings(data, index, sizeof(spn_transform_mapping), NULL, 0, &count));
        CHECK(count == c.mapping_count);
        mappings = (spn_transform_mapping *)calloc(count + 1, sizeof(spn_transform_mapping));
        mappings[count].from = 777u;
        OK(spn_skeleton_data_constraint_transform_mappings(data, index, sizeof(spn_transform_mapping), mappings, count,
                                                           &written));
        CHECK(written == count && mappings[count].from == 777u);
        for (i = 0; i < count; i++) {
            const spn_transform_mapping *m = &mappings[i];
            printf("M\t%u\t%u\t%.9g\t%u\t%.9g\t%.9g\t%.9g\n", index, m->from, m->from_offset, m->to, m->offset, m->max,
                   m->scale);
        }
        free(mappings);
    } else {
        CHECK(spn_skeleton_data_constraint_transform_mappings(data, index, sizeof(spn_transform_mapping), NULL, 0,
                                                              &count) == SPN_ERROR_INVALID_ARGUMENT);
    }
}

/* The sequence timeline keys of every animation (ABI 1.4). */
static void dump_sequence_keys(spn_skeleton_data data) {
    uint32_t animations = 0, a, count, written, i;
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    for (a = 0; a < animations; a++) {
        spn_sequence_key *keys;
        count = written = 0;
        OK(spn_skeleton_data_animation_sequence_keys(data, a, sizeof(spn_sequence_key), NULL, 0, &count));
        keys = (spn_sequence_key *)calloc(count + 1, sizeof(spn_sequence_key));
        keys[count].slot = 777u;
        OK(spn_skeleton_data_animation_sequence_keys(data, a, sizeof(spn_sequence_key), keys, count, &written));
        CHECK(written == count && keys[count].slot == 777u);
        for (i = 0; i < count; i++)
            printf("S\t%u\t%.9g\t%u\t%d\t%.9g\t%u\t%u\n", a, keys[i].time, keys[i].mode, keys[i].index, keys[i].delay,
                   keys[i].slot, keys[i].attachment);
        free(keys);
    }
    CHECK(spn_skeleton_data_animation_sequence_keys(data, animations, sizeof(spn_sequence_key), NULL, 0, &count) ==
          SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skeleton_data_animation_sequence_keys(data, 0, sizeof(spn_sequence_key) - 4, NULL, 0, &count) ==
              SPN_ERROR_INVALID_ARGUMENT ||
          animations == 0);
    CHECK(spn_skeleton_data_animation_sequence_keys(data, 0, sizeof(spn_sequence_key), NULL, 0, NULL) ==
          SPN_ERROR_NULL_ARGUMENT);
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    uint32_t n = 0, i;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("constraint_data_test");
    OK(spn_skeleton_data_count(data, SPN_ITEM_CONSTRAINT, &n));
    for (i = 0; i < n; i++) dump(data, i);
    dump_sequence_keys(data);
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("constraint_data_test");
}
