/* Misuse of the runtime skin entry functions (ABI 1.4): null pointers and zero handles,
 * wrong handle types, stale handles, out-of-range slots, unknown placeholders and entries,
 * too-small record sizes and buffers. Every call returns its documented status and sets a
 * message, and leaves its out values unchanged.
 *
 * usage: skins_misuse_test ATLAS SKEL */
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
    spn_skin skin = {0}, no_skin = {0}, as_skin, dead = {0}, out = {0};
    spn_skin_entry entry;
    uint32_t slots = 0, n = 77, skins = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    OK(spn_skin_create(data, "s", &skin));
    if (skins > 0) OK(spn_skin_add_data_skin(skin, 0));
    if (failures) return finish("skins_misuse_test");

    /* Null pointers and zero handles. */
    FAILS(spn_skin_entries(skin, sizeof entry, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_entries(no_skin, sizeof entry, NULL, 0, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_remove_attachment(skin, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_remove_attachment(no_skin, 0, "x"), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_clear(no_skin), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_copy(skin, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_copy(no_skin, &out), SPN_ERROR_NULL_ARGUMENT);
    CHECK(n == 77 && out.bits == 0);

    /* Data skin entries (ABI 1.8): null pointers, zero, stale and wrong handles, record
     * size, skin range, buffer. */
    {
        spn_skeleton_data no_data = {0}, as_data, dead_data = {0};
        uint32_t got = 55;
        as_data.bits = skin.bits;
        OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &dead_data));
        OK(spn_skeleton_data_destroy(dead_data));
        FAILS(spn_skeleton_data_skin_entries(data, 0, sizeof entry, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_skin_entries(no_data, 0, sizeof entry, NULL, 0, &got), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_skin_entries(dead_data, 0, sizeof entry, NULL, 0, &got), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skeleton_data_skin_entries(as_data, 0, sizeof entry, NULL, 0, &got), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_skin_entries(data, skins, sizeof entry, NULL, 0, &got), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skeleton_data_skin_entries(data, 0xFFFFFFFFu, sizeof entry, NULL, 0, &got), SPN_ERROR_OUT_OF_RANGE);
        CHECK(got == 55);
        if (skins > 0) {
            FAILS(spn_skeleton_data_skin_entries(data, 0, 4, NULL, 0, &got), SPN_ERROR_INVALID_ARGUMENT);
            OK(spn_skeleton_data_skin_entries(data, 0, sizeof entry, NULL, 0, &got));
            if (got > 0) FAILS(spn_skeleton_data_skin_entries(data, 0, sizeof entry, NULL, 1, &got), SPN_ERROR_NULL_ARGUMENT);
        }
    }

    /* Skin attachments and added placeholders (ABI 1.9): null, zero, stale and wrong
     * handles, short structs, ids the skin does not hold, arrays a kind lacks, bad names;
     * out values unchanged. */
    {
        spn_skeleton_data no_data = {0}, as_data, dead_data = {0};
        spn_skin dead_skin = {0}, as_skin2;
        spn_attachment_info info;
        spn_attachment_geometry g;
        uint32_t attachments = 0, got = 66;
        float f[2] = {5, 5};
        as_data.bits = skin.bits;
        as_skin2.bits = data.bits;
        memset(&info, 0, sizeof info);
        memset(&g, 0, sizeof g);
        info.size = sizeof info;
        g.size = sizeof g;
        OK(spn_skeleton_data_count(data, SPN_ITEM_ATTACHMENT, &attachments));
        OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &dead_data));
        OK(spn_skeleton_data_destroy(dead_data));
        OK(spn_skin_copy(skin, &dead_skin));
        OK(spn_skin_destroy(dead_skin));
        FAILS(spn_skeleton_data_add_placeholder(data, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_add_placeholder(no_data, "x"), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_add_placeholder(dead_data, "x"), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skeleton_data_add_placeholder(as_data, "x"), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skeleton_data_add_placeholder(data, "\xc3"), SPN_ERROR_INVALID_ARGUMENT);
        /* Still refused when not added. */
        FAILS(spn_skin_set_attachment(skin, 0, "never added \xe2\x98\x83", 0), SPN_ERROR_NOT_FOUND);
        FAILS(spn_skin_attachment(skin, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment(no_skin, 0, &info), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment(dead_skin, 0, &info), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skin_attachment(as_skin2, 0, &info), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skin_attachment(skin, attachments, &info), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skin_attachment(skin, SPN_RUNTIME_ATTACHMENT_BIT | 3u, &info), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skin_attachment_geometry(skin, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment_geometry(dead_skin, 0, &g), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skin_attachment_geometry(as_skin2, 0, &g), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skin_attachment_geometry(skin, 0xFFFFFFFFu, &g), SPN_ERROR_OUT_OF_RANGE);
        CHECK(info.name == NULL && g.path == NULL);
        if (attachments > 0) {
            info.size = 4;
            g.size = 4;
            FAILS(spn_skin_attachment(skin, 0, &info), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skin_attachment_geometry(skin, 0, &g), SPN_ERROR_INVALID_ARGUMENT);
            CHECK(info.name == NULL && g.path == NULL);
            FAILS(spn_skin_attachment_floats(skin, 0, 99, f, 2, &got), SPN_ERROR_INVALID_ARGUMENT);
            FAILS(spn_skin_attachment_indices(skin, 0, SPN_ATTACHMENT_ARRAY_UVS, NULL, 0, &got),
                  SPN_ERROR_INVALID_ARGUMENT);
        }
        FAILS(spn_skin_attachment_floats(skin, 0, 0, f, 2, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment_floats(no_skin, 0, 0, f, 2, &got), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment_floats(dead_skin, 0, 0, f, 2, &got), SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skin_attachment_floats(as_skin2, 0, 0, f, 2, &got), SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skin_attachment_floats(skin, attachments, 0, f, 2, &got), SPN_ERROR_OUT_OF_RANGE);
        FAILS(spn_skin_attachment_indices(skin, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skin_attachment_indices(dead_skin, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &got),
              SPN_ERROR_STALE_HANDLE);
        FAILS(spn_skin_attachment_indices(as_skin2, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &got),
              SPN_ERROR_WRONG_TYPE);
        FAILS(spn_skin_attachment_indices(skin, attachments, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &got),
              SPN_ERROR_OUT_OF_RANGE);
        CHECK(got == 66 && f[0] == 5 && f[1] == 5);
        /* The skeleton-scoped ones (ABI 1.9). */
        {
            spn_skeleton skeleton = {0}, no_skeleton = {0}, as_skeleton, dead_skeleton = {0};
            as_skeleton.bits = skin.bits;
            info.size = sizeof info;
            g.size = sizeof g;
            OK(spn_skeleton_create(data, &skeleton));
            OK(spn_skeleton_create(data, &dead_skeleton));
            OK(spn_skeleton_destroy(dead_skeleton));
            FAILS(spn_skeleton_attachment(skeleton, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
            FAILS(spn_skeleton_attachment(no_skeleton, 0, &info), SPN_ERROR_NULL_ARGUMENT);
            FAILS(spn_skeleton_attachment(dead_skeleton, 0, &info), SPN_ERROR_STALE_HANDLE);
            FAILS(spn_skeleton_attachment(as_skeleton, 0, &info), SPN_ERROR_WRONG_TYPE);
            FAILS(spn_skeleton_attachment(skeleton, attachments, &info), SPN_ERROR_OUT_OF_RANGE);
            FAILS(spn_skeleton_attachment(skeleton, SPN_RUNTIME_ATTACHMENT_BIT, &info), SPN_ERROR_OUT_OF_RANGE);
            FAILS(spn_skeleton_attachment_geometry(skeleton, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
            FAILS(spn_skeleton_attachment_geometry(dead_skeleton, 0, &g), SPN_ERROR_STALE_HANDLE);
            FAILS(spn_skeleton_attachment_geometry(as_skeleton, 0, &g), SPN_ERROR_WRONG_TYPE);
            FAILS(spn_skeleton_attachment_geometry(skeleton, attachments, &g), SPN_ERROR_OUT_OF_RANGE);
            FAILS(spn_skeleton_attachment_floats(skeleton, 0, 0, f, 2, NULL), SPN_ERROR_NULL_ARGUMENT);
            FAILS(spn_skeleton_attachment_floats(dead_skeleton, 0, 0, f, 2, &got), SPN_ERROR_STALE_HANDLE);
            FAILS(spn_skeleton_attachment_floats(skeleton, attachments, 0, f, 2, &got), SPN_ERROR_OUT_OF_RANGE);
            FAILS(spn_skeleton_attachment_indices(skeleton, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, NULL),
                  SPN_ERROR_NULL_ARGUMENT);
            FAILS(spn_skeleton_attachment_indices(as_skeleton, 0, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &got),
                  SPN_ERROR_WRONG_TYPE);
            FAILS(spn_skeleton_attachment_indices(skeleton, attachments, SPN_ATTACHMENT_ARRAY_BONES, NULL, 0, &got),
                  SPN_ERROR_OUT_OF_RANGE);
            if (attachments > 0) {
                info.size = 4;
                FAILS(spn_skeleton_attachment(skeleton, 0, &info), SPN_ERROR_INVALID_ARGUMENT);
                FAILS(spn_skeleton_attachment_floats(skeleton, 0, 99, f, 2, &got), SPN_ERROR_INVALID_ARGUMENT);
            }
            CHECK(got == 66 && f[0] == 5 && info.name == NULL);
            OK(spn_skeleton_destroy(skeleton));
        }
    }

    /* Wrong handle type: skeleton data bits read as a skin. */
    as_skin.bits = data.bits;
    FAILS(spn_skin_entries(as_skin, sizeof entry, NULL, 0, &n), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skin_remove_attachment(as_skin, 0, "x"), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skin_clear(as_skin), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_skin_copy(as_skin, &out), SPN_ERROR_WRONG_TYPE);

    /* Record size, buffer, slot range, unknown placeholder, absent entry. */
    FAILS(spn_skin_entries(skin, 4, NULL, 0, &n), SPN_ERROR_INVALID_ARGUMENT);
    OK(spn_skin_entries(skin, sizeof entry, NULL, 0, &n));
    if (n > 0) FAILS(spn_skin_entries(skin, sizeof entry, NULL, 1, &n), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_skin_remove_attachment(skin, slots, "x"), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_skin_remove_attachment(skin, 0, "no such placeholder \xe2\x98\x83"), SPN_ERROR_NOT_FOUND);
    FAILS(spn_skin_remove_attachment(skin, 0, "\xff"), SPN_ERROR_INVALID_ARGUMENT);
    if (n > 0) {
        spn_skin_entry first;
        uint32_t got = 0;
        OK(spn_skin_entries(skin, sizeof first, &first, 1, &got));
        OK(spn_skin_remove_attachment(skin, first.slot, first.name));
        FAILS(spn_skin_remove_attachment(skin, first.slot, first.name), SPN_ERROR_NOT_FOUND);
    }

    /* Stale handles. */
    OK(spn_skin_copy(skin, &dead));
    OK(spn_skin_destroy(dead));
    FAILS(spn_skin_entries(dead, sizeof entry, NULL, 0, &n), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skin_remove_attachment(dead, 0, "x"), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skin_clear(dead), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_skin_copy(dead, &out), SPN_ERROR_STALE_HANDLE);
    CHECK(out.bits == 0);

    OK(spn_skin_destroy(skin));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("skins_misuse_test");
}
