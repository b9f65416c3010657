/* Loads one rig through the C ABI and checks counts, names and error cases.
 *
 * usage: load_test ATLAS JSON SKEL BONES SLOTS ANIMATIONS FIRST_BONE
 * Exits 0 when every check passes; prints each failed check. */
#include "spine_native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n",     \
                    __FILE__, __LINE__, #cond, spn_last_error_message());     \
            failures++;                                                       \
        }                                                                     \
    } while (0)

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (char *)malloc((size_t)size + 1);
    if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[size] = 0;
        *len = (size_t)size;
    }
    return buf;
}

static void check_counts(spn_skeleton_data data, uint32_t bones, uint32_t slots, uint32_t animations,
                         const char *first_bone) {
    uint32_t n = 0;
    const char *name = NULL;
    float duration = -1.0f;
    CHECK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &n) == SPN_OK && n == bones);
    CHECK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &n) == SPN_OK && n == slots);
    CHECK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &n) == SPN_OK && n == animations);
    CHECK(spn_skeleton_data_name(data, SPN_ITEM_BONE, 0, &name) == SPN_OK && strcmp(name, first_bone) == 0);
    CHECK(spn_skeleton_data_find(data, SPN_ITEM_BONE, first_bone, &n) == SPN_OK && n == 0);
    CHECK(spn_skeleton_data_animation_duration(data, 0, &duration) == SPN_OK && duration >= 0.0f);
    /* Out of range and invalid list values are errors, not crashes. */
    CHECK(spn_skeleton_data_name(data, SPN_ITEM_BONE, bones, &name) == SPN_ERROR_OUT_OF_RANGE);
    CHECK(spn_skeleton_data_count(data, 99, &n) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_skeleton_data_find(data, SPN_ITEM_BONE, "no such bone", &n) == SPN_ERROR_NOT_FOUND);
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data from_json = {0}, from_skel = {0}, from_file = {0}, unused = {0};
    spn_atlas_page_info page;
    uint32_t pages = 0;
    size_t json_len = 0, skel_len = 0;
    char *json, *skel;
    uint32_t bones, slots, animations;

    if (argc != 8) {
        fprintf(stderr, "usage: %s ATLAS JSON SKEL BONES SLOTS ANIMATIONS FIRST_BONE\n", argv[0]);
        return 2;
    }
    bones = (uint32_t)strtoul(argv[4], NULL, 10);
    slots = (uint32_t)strtoul(argv[5], NULL, 10);
    animations = (uint32_t)strtoul(argv[6], NULL, 10);

    CHECK(spn_abi_version() == SPN_ABI_VERSION);
    CHECK(strlen(spn_version_string()) > 0);

    CHECK(spn_atlas_load_file(argv[1], &atlas) == SPN_OK);
    CHECK(spn_atlas_page_count(atlas, &pages) == SPN_OK && pages >= 1);
    CHECK(spn_atlas_page(atlas, 0, &page) == SPN_OK && page.width > 0 && page.height > 0 && strlen(page.name) > 0);
    CHECK(spn_atlas_page(atlas, pages, &page) == SPN_ERROR_OUT_OF_RANGE);

    json = read_file(argv[2], &json_len);
    skel = read_file(argv[3], &skel_len);
    CHECK(json != NULL && skel != NULL);
    if (json == NULL || skel == NULL) return 1;

    CHECK(spn_skeleton_data_load_json((const uint8_t *)json, json_len, atlas, 1.0f, &from_json) == SPN_OK);
    CHECK(spn_skeleton_data_load_binary((const uint8_t *)skel, skel_len, atlas, 1.0f, &from_skel) == SPN_OK);
    CHECK(spn_skeleton_data_load_file(argv[3], atlas, 1.0f, &from_file) == SPN_OK);
    check_counts(from_json, bones, slots, animations, argv[7]);
    check_counts(from_skel, bones, slots, animations, argv[7]);
    check_counts(from_file, bones, slots, animations, argv[7]);

    /* Exports of other versions: 4.2 loads with no API change; others are version errors
       that name the version found and say what to do. */
    {
        static const char v41[] = "{\"skeleton\":{\"spine\":\"4.1.24\"},\"bones\":[{\"name\":\"root\"}]}";
        static const char v42[] = "{\"skeleton\":{\"spine\":\"4.2.22\"},\"bones\":[{\"name\":\"root\"}]}";
        static const uint8_t v44[] = {0, 0, 0, 0, 0, 0, 0, 0, 6, '4', '.', '4', '.', '0', 0, 0, 0, 0};
        spn_skeleton_data old = {0};
        spn_skeleton_info info;
        CHECK(spn_skeleton_data_load_json((const uint8_t *)v41, strlen(v41), atlas, 1.0f, &unused) == SPN_ERROR_LOAD);
        CHECK(spn_last_error_kind() == SPN_ERROR_KIND_VERSION);
        CHECK(strstr(spn_last_error_message(), "\"4.1.24\"") != NULL);
        CHECK(strstr(spn_last_error_message(), "export it again") != NULL);
        CHECK(spn_skeleton_data_load_binary(v44, sizeof v44, atlas, 1.0f, &unused) == SPN_ERROR_LOAD);
        CHECK(spn_last_error_kind() == SPN_ERROR_KIND_VERSION);
        CHECK(strstr(spn_last_error_message(), "newer than this runtime knows") != NULL);
        CHECK(spn_skeleton_data_load_json((const uint8_t *)v42, strlen(v42), atlas, 1.0f, &old) == SPN_OK);
        memset(&info, 0, sizeof info);
        info.size = sizeof info;
        CHECK(spn_skeleton_data_info(old, &info) == SPN_OK && strcmp(info.version, "4.2.22") == 0);
        CHECK(spn_skeleton_data_destroy(old) == SPN_OK);
    }

    /* A truncated file is a load error that names where it stopped. */
    CHECK(spn_skeleton_data_load_binary((const uint8_t *)skel, skel_len / 2, atlas, 1.0f, &unused) == SPN_ERROR_LOAD);
    CHECK(spn_last_error_kind() == SPN_ERROR_KIND_TRUNCATED);
    CHECK(strstr(spn_last_error_message(), "byte") != NULL);
    CHECK(unused.bits == 0);
    /* Statuses and kinds by name (ABI 1.7): static strings, the same pointer each time. */
    CHECK(strcmp(spn_status_string(SPN_ERROR_LOAD), "SPN_ERROR_LOAD") == 0);
    CHECK(strcmp(spn_error_kind_string(spn_last_error_kind()), "SPN_ERROR_KIND_TRUNCATED") == 0);
    CHECK(strcmp(spn_status_string(SPN_OK), "SPN_OK") == 0);
    CHECK(strcmp(spn_status_string(SPN_ERROR_BUSY), "SPN_ERROR_BUSY") == 0);
    CHECK(strcmp(spn_status_string(SPN_ERROR_BUSY + 1), "SPN_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(spn_status_string(0xFFFFFFFFu), "SPN_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(spn_error_kind_string(SPN_ERROR_KIND_NONE), "SPN_ERROR_KIND_NONE") == 0);
    CHECK(strcmp(spn_error_kind_string(SPN_ERROR_KIND_IO), "SPN_ERROR_KIND_IO") == 0);
    CHECK(strcmp(spn_error_kind_string(SPN_ERROR_KIND_IO + 1), "SPN_ERROR_KIND_UNKNOWN") == 0);
    CHECK(spn_status_string(SPN_ERROR_PANIC) == spn_status_string(SPN_ERROR_PANIC));
    /* The message is only meaningful right after a failure: a success does not clear it. */
    {
        uint32_t count = 0;
        CHECK(spn_skeleton_data_count(from_json, SPN_ITEM_BONE, &count) == SPN_OK);
        CHECK(strstr(spn_last_error_message(), "byte") != NULL);
    }
    /* Malformed JSON reports line and column. */
    CHECK(spn_skeleton_data_load_json((const uint8_t *)"{\"skeleton\": [", 14, atlas, 1.0f, &unused) == SPN_ERROR_LOAD);
    CHECK(spn_last_error_kind() == SPN_ERROR_KIND_MALFORMED_JSON);
    CHECK(strstr(spn_last_error_message(), "line") != NULL);
    /* Missing files, null arguments, bad scale. */
    CHECK(spn_skeleton_data_load_file("/nonexistent/file.skel", atlas, 1.0f, &unused) == SPN_ERROR_IO);
    CHECK(spn_skeleton_data_load_file(NULL, atlas, 1.0f, &unused) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skeleton_data_load_binary(NULL, 10, atlas, 1.0f, &unused) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skeleton_data_load_binary((const uint8_t *)skel, skel_len, atlas, 1.0f, NULL) == SPN_ERROR_NULL_ARGUMENT);
    CHECK(spn_skeleton_data_load_binary((const uint8_t *)skel, skel_len, atlas, 0.0f, &unused) == SPN_ERROR_INVALID_ARGUMENT);
    CHECK(spn_atlas_load((const uint8_t *)"page.png\nsize: x,1\n", 19, &atlas) == SPN_ERROR_LOAD);
    CHECK(spn_last_error_kind() == SPN_ERROR_KIND_INVALID_ATLAS);
    CHECK(spn_skeleton_data_count(from_json, SPN_ITEM_BONE, NULL) == SPN_ERROR_NULL_ARGUMENT);

    /* Handles: wrong type, destroy, stale use, double destroy; destroying the atlas
     * first leaves the skeleton data usable. */
    {
        spn_atlas as_atlas;
        uint32_t n = 0;
        as_atlas.bits = from_json.bits;
        CHECK(spn_atlas_page_count(as_atlas, &n) == SPN_ERROR_WRONG_TYPE);
        CHECK(spn_atlas_destroy(atlas) == SPN_OK);
        CHECK(spn_atlas_destroy(atlas) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_atlas_page_count(atlas, &n) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_data_count(from_skel, SPN_ITEM_BONE, &n) == SPN_OK && n == bones);
        CHECK(spn_skeleton_data_destroy(from_json) == SPN_OK);
        CHECK(spn_skeleton_data_destroy(from_json) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_data_count(from_json, SPN_ITEM_BONE, &n) == SPN_ERROR_STALE_HANDLE);
        CHECK(spn_skeleton_data_destroy(from_skel) == SPN_OK);
        CHECK(spn_skeleton_data_destroy(from_file) == SPN_OK);
        CHECK(spn_skeleton_data_destroy(unused) == SPN_ERROR_NULL_ARGUMENT);
    }

    free(json);
    free(skel);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("C ABI load test: all checks passed\n");
    return 0;
}
