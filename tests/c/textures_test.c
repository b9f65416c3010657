/* Atlas page textures (ABI 1.4) on one rig: page details (size, filters, wraps, pma,
 * name, format) agree with spn_atlas_page; texture ids set at load by the loader callback,
 * or later by spn_atlas_set_page_texture (also after the atlas handle is destroyed: the
 * skeleton data keeps them), are what every draw range of that page reports.
 *
 * usage: textures_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

typedef struct {
    uint64_t base;
    uint32_t calls;
    uint32_t last_page;
} loader_state;

static uint64_t id_of(uint64_t base, uint32_t page) { return base * 1000003u + page * 17u + 1u; }

static uint64_t loader(void *user_data, uint32_t page, const spn_page_details *details) {
    loader_state *state = (loader_state *)user_data;
    CHECK(page == state->calls); /* pages in order */
    CHECK(details != NULL && details->width > 0 && details->height > 0 && details->texture_id == 0);
    CHECK(details->name != NULL && details->format != NULL && strlen(details->format) > 0);
    state->calls++;
    state->last_page = page;
    return id_of(state->base, page);
}

/* The file loader (ABI 1.8): the atlas's folder and the page; fails on page `fail_at`. */
typedef struct {
    const char *folder;
    uint32_t calls, fail_at, folder_ok;
} file_loader_state;

static uint32_t file_loader(void *user_data, const char *folder, uint32_t page, const spn_page_details *details,
                            uint64_t *out_texture_id) {
    file_loader_state *s = (file_loader_state *)user_data;
    s->calls++;
    if (strcmp(folder, s->folder) == 0 && details->size == sizeof *details && details->texture_id == 0) s->folder_ok++;
    if (page == s->fail_at) return SPN_ERROR_IO;
    *out_texture_id = id_of(5, page);
    return SPN_OK;
}

/* spn_atlas_load_file_with_textures: ids from the loader, which gets the atlas's folder;
 * a loader failure stops the load with SPN_ERROR_IO and no handle. */
static void check_file_loader(const char *path, uint32_t pages) {
    char folder[4096];
    const char *slash = strrchr(path, '/');
    file_loader_state s;
    spn_atlas atlas = {0}, untouched = {0};
    uint32_t page;
    uint64_t id = 0;
    if (slash == NULL) {
        strcpy(folder, ".");
    } else {
        size_t n = (size_t)(slash - path);
        if (n >= sizeof folder) return;
        memcpy(folder, path, n);
        folder[n] = 0;
    }
    s.folder = folder;
    s.calls = s.folder_ok = 0;
    s.fail_at = 0xFFFFFFFFu;
    OK(spn_atlas_load_file_with_textures(path, file_loader, &s, &atlas));
    CHECK(s.calls == pages && s.folder_ok == pages);
    for (page = 0; page < pages; page++) {
        OK(spn_atlas_page_texture(atlas, page, &id));
        CHECK(id == id_of(5, page));
    }
    OK(spn_atlas_destroy(atlas));
    /* Failing on the last page: the load fails, the earlier pages were loaded. */
    s.calls = 0;
    s.fail_at = pages - 1;
    CHECK(spn_atlas_load_file_with_textures(path, file_loader, &s, &untouched) == SPN_ERROR_IO);
    CHECK(s.calls == pages && untouched.bits == 0);
    CHECK(strstr(spn_last_error_message(), "texture loader") != NULL);
    /* A NULL loader: ids 0. */
    OK(spn_atlas_load_file_with_textures(path, NULL, NULL, &atlas));
    OK(spn_atlas_page_texture(atlas, 0, &id));
    CHECK(id == 0);
    OK(spn_atlas_destroy(atlas));
}

/* spn_skeleton_data_atlas (ABI 1.8): the atlas of the load, shared (ids set through either
 * handle show through the other), alive after the other handle is gone, accepted for
 * runtime attachments; data loaded without an atlas has none. */
static void check_data_atlas(const char *skel, spn_skeleton_data data, spn_atlas atlas, uint32_t pages) {
    spn_atlas mine = {0}, again = {0}, none = {0};
    spn_skeleton_data bare = {0};
    spn_skin skin = {0};
    spn_skin_entry entry;
    uint32_t count = 0, n = 0, id = 0;
    uint64_t texture = 0;
    OK(spn_skeleton_data_atlas(data, &mine));
    CHECK(mine.bits != 0 && mine.bits != atlas.bits);
    OK(spn_atlas_page_count(mine, &count));
    CHECK(count == pages);
    OK(spn_atlas_set_page_texture(mine, 0, 4242));
    OK(spn_atlas_page_texture(atlas, 0, &texture));
    CHECK(texture == 4242);
    OK(spn_atlas_set_page_texture(atlas, 0, id_of(42, 0)));
    OK(spn_skeleton_data_atlas(data, &again));
    OK(spn_atlas_destroy(mine));
    OK(spn_atlas_page_texture(again, 0, &texture));
    CHECK(texture == id_of(42, 0));
    /* Equipment with the data's own atlas: a runtime region from its first region. */
    OK(spn_skin_create(data, "equipment", &skin));
    OK(spn_skeleton_data_skin_entries(data, 0, sizeof entry, &entry, 1, &n));
    if (n > 0) {
        OK(spn_skin_create_region_attachment(skin, entry.slot, entry.name, again, 0, NULL, &id));
        CHECK((id & SPN_RUNTIME_ATTACHMENT_BIT) != 0);
    }
    OK(spn_skin_destroy(skin));
    OK(spn_atlas_destroy(again));
    OK(spn_skeleton_data_load_file(skel, none, 1.0f, &bare));
    CHECK(spn_skeleton_data_atlas(bare, &mine) == SPN_ERROR_NOT_FOUND);
    OK(spn_skeleton_data_destroy(bare));
}

static uint32_t check_ranges(spn_renderer renderer, spn_skeleton skeleton, uint64_t base) {
    spn_render_output out;
    uint32_t r;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    OK(spn_renderer_render(renderer, skeleton, &out));
    for (r = 0; r < out.range_count; r++) CHECK(out.range_infos[r].texture_id == id_of(base, out.ranges[r].page));
    return out.range_count;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0}, plain = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_renderer renderer = {0};
    loader_state state = {42, 0, 0};
    uint32_t pages = 0, page, skins = 0, ranges;
    size_t len = 0;
    char *text;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    text = read_file(argv[1], &len);
    CHECK(text != NULL);
    if (!text) return finish("textures_test");
    OK(spn_atlas_load_with_textures((const uint8_t *)text, len, loader, &state, &atlas));
    OK(spn_atlas_load((const uint8_t *)text, len, &plain));
    OK(spn_atlas_page_count(atlas, &pages));
    CHECK(state.calls == pages);
    if (pages > 0) check_file_loader(argv[1], pages);
    for (page = 0; page < pages; page++) {
        spn_atlas_page_info info;
        spn_page_details details;
        uint64_t id = 0;
        memset(&details, 0, sizeof details);
        details.size = sizeof details;
        OK(spn_atlas_page(atlas, page, &info));
        OK(spn_atlas_page_details(atlas, page, &details));
        CHECK(details.size == sizeof details);
        CHECK(details.width == info.width && details.height == info.height && details.pma == info.pma);
        CHECK(strcmp(details.name, info.name) == 0);
        CHECK(details.min_filter <= SPN_FILTER_MIPMAP_LINEAR_LINEAR && details.mag_filter <= SPN_FILTER_MIPMAP_LINEAR_LINEAR);
        CHECK(details.u_wrap <= SPN_WRAP_REPEAT && details.v_wrap <= SPN_WRAP_REPEAT);
        OK(spn_atlas_page_texture(atlas, page, &id));
        CHECK(id == id_of(42, page) && details.texture_id == id);
        /* A NULL-loader atlas (spn_atlas_load) starts at 0. */
        OK(spn_atlas_page_texture(plain, page, &id));
        CHECK(id == 0);
    }
    /* Texture ids in the draw ranges: the loader's, then ones set after loading. */
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    check_data_atlas(argv[2], data, atlas, pages);
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    if (skins > 1) {
        const char *name = NULL;
        OK(spn_skeleton_data_name(data, SPN_ITEM_SKIN, 1, &name));
        OK(spn_skeleton_set_skin_by_name(skeleton, name));
    }
    OK(spn_renderer_create(NULL, &renderer));
    ranges = check_ranges(renderer, skeleton, 42);
    for (page = 0; page < pages; page++) OK(spn_atlas_set_page_texture(atlas, page, id_of(7, page)));
    OK(spn_atlas_destroy(atlas));
    CHECK(check_ranges(renderer, skeleton, 7) == ranges);
    printf("textures_test: %u pages, %u draw ranges with their page's texture id\n", pages, ranges);
    OK(spn_renderer_destroy(renderer));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(plain));
    free(text);
    return finish("textures_test");
}
