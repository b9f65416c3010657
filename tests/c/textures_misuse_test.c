/* Misuse of the atlas page texture functions (ABI 1.4): null pointers and zero handles,
 * wrong handle types, stale handles, pages out of range, too-small struct sizes, bad atlas
 * text for the loading variant (whose loader is then never called). Every call returns
 * its documented status and sets a message, and leaves its out values unchanged.
 *
 * usage: textures_misuse_test ATLAS SKEL */
#include "common.h"

#define FAILS(call, status)                                                   \
    do {                                                                      \
        spn_status got_ = (call);                                             \
        CHECK(got_ == (status));                                              \
        CHECK(strlen(spn_last_error_message()) > 0);                          \
    } while (0)

static uint32_t loader_calls = 0;

static uint64_t loader(void *user_data, uint32_t page, const spn_page_details *details) {
    (void)user_data;
    (void)details;
    loader_calls++;
    return page + 1u;
}

static uint32_t failing_file_loader(void *user_data, const char *folder, uint32_t page,
                                    const spn_page_details *details, uint64_t *out_texture_id) {
    (void)user_data;
    (void)folder;
    (void)page;
    (void)details;
    (void)out_texture_id;
    loader_calls++;
    return 0xDEADu; /* not even an spn_status: still a failure */
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0}, no_atlas = {0}, as_atlas, dead = {0}, untouched = {0};
    spn_skeleton_data data = {0};
    spn_page_details details;
    uint32_t pages = 0;
    uint64_t id = 99;
    size_t len = 0;
    char *text;
    const char bad[] = "page.png\nsize: 0, x\n";
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    text = read_file(argv[1], &len);
    CHECK(text != NULL);
    if (!text) return finish("textures_misuse_test");
    OK(spn_atlas_load(( const uint8_t *)text, len, &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_atlas_page_count(atlas, &pages));
    memset(&details, 0, sizeof details);
    details.size = sizeof details;

    /* Null pointers and zero handles. */
    FAILS(spn_atlas_page_details(atlas, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_page_details(no_atlas, 0, &details), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_page_texture(atlas, 0, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_page_texture(no_atlas, 0, &id), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_set_page_texture(no_atlas, 0, 5), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_load_with_textures(NULL, 4, loader, NULL, &untouched), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_load_with_textures((const uint8_t *)text, len, loader, NULL, NULL), SPN_ERROR_NULL_ARGUMENT);
    CHECK(id == 99 && untouched.bits == 0);

    /* Wrong handle type: skeleton data bits read as an atlas. */
    as_atlas.bits = data.bits;
    FAILS(spn_atlas_page_details(as_atlas, 0, &details), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_atlas_page_texture(as_atlas, 0, &id), SPN_ERROR_WRONG_TYPE);
    FAILS(spn_atlas_set_page_texture(as_atlas, 0, 5), SPN_ERROR_WRONG_TYPE);

    /* Pages out of range; too-small size. */
    FAILS(spn_atlas_page_details(atlas, pages, &details), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_atlas_page_texture(atlas, pages, &id), SPN_ERROR_OUT_OF_RANGE);
    FAILS(spn_atlas_set_page_texture(atlas, 0xFFFFFFFFu, 5), SPN_ERROR_OUT_OF_RANGE);
    details.size = 4;
    FAILS(spn_atlas_page_details(atlas, 0, &details), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(details.size == 4);
    CHECK(id == 99);

    /* Bad text: a load error, the loader never called, no handle. */
    FAILS(spn_atlas_load_with_textures((const uint8_t *)bad, sizeof bad - 1, loader, NULL, &untouched), SPN_ERROR_LOAD);
    CHECK(spn_last_error_kind() == SPN_ERROR_KIND_INVALID_ATLAS);
    FAILS(spn_atlas_load_with_textures((const uint8_t *)"\xff\xfe", 2, loader, NULL, &untouched), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(loader_calls == 0 && untouched.bits == 0);
    /* A NULL loader is allowed: ids stay 0. */
    OK(spn_atlas_load_with_textures((const uint8_t *)text, len, NULL, NULL, &untouched));
    OK(spn_atlas_page_texture(untouched, 0, &id));
    CHECK(id == 0 && loader_calls == 0);
    OK(spn_atlas_destroy(untouched));

    /* The file loader (ABI 1.8): null path or out, missing file (loader never called), a
     * loader's failure (any non-zero value). */
    spn_atlas fresh = {0};
    loader_calls = 0;
    FAILS(spn_atlas_load_file_with_textures(NULL, failing_file_loader, NULL, &fresh), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_load_file_with_textures(argv[1], failing_file_loader, NULL, NULL), SPN_ERROR_NULL_ARGUMENT);
    FAILS(spn_atlas_load_file_with_textures("/no/such/file.atlas", failing_file_loader, NULL, &fresh), SPN_ERROR_IO);
    FAILS(spn_atlas_load_file_with_textures("\xff.atlas", failing_file_loader, NULL, &fresh), SPN_ERROR_INVALID_ARGUMENT);
    CHECK(loader_calls == 0 && fresh.bits == 0);
    FAILS(spn_atlas_load_file_with_textures(argv[1], failing_file_loader, NULL, &fresh), SPN_ERROR_IO);
    CHECK(loader_calls == (pages > 0 ? 1u : 0u) && fresh.bits == 0);
    CHECK(strstr(spn_last_error_message(), "57005") != NULL);
    loader_calls = 0;

    /* spn_skeleton_data_atlas (ABI 1.8): null out, zero, wrong-typed and stale data. */
    {
        spn_skeleton_data no_data = {0}, as_data, dead_data = {0};
        spn_atlas got = {0};
        as_data.bits = atlas.bits;
        FAILS(spn_skeleton_data_atlas(data, NULL), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_atlas(no_data, &got), SPN_ERROR_NULL_ARGUMENT);
        FAILS(spn_skeleton_data_atlas(as_data, &got), SPN_ERROR_WRONG_TYPE);
        OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &dead_data));
        OK(spn_skeleton_data_destroy(dead_data));
        FAILS(spn_skeleton_data_atlas(dead_data, &got), SPN_ERROR_STALE_HANDLE);
        CHECK(got.bits == 0);
    }

    /* Stale handles. */
    details.size = sizeof details;
    OK(spn_atlas_load_with_textures((const uint8_t *)text, len, loader, NULL, &dead));
    CHECK(loader_calls == pages);
    OK(spn_atlas_destroy(dead));
    FAILS(spn_atlas_page_details(dead, 0, &details), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_atlas_page_texture(dead, 0, &id), SPN_ERROR_STALE_HANDLE);
    FAILS(spn_atlas_set_page_texture(dead, 0, 5), SPN_ERROR_STALE_HANDLE);

    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    free(text);
    return finish("textures_misuse_test");
}
