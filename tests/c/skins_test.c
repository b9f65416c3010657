/* Runtime skin entries (ABI 1.4) on one rig: every data skin combined into a runtime skin;
 * its entries enumerated (two-call size protocol), rebuilt into another skin entry by entry
 * (same enumeration), copied (independent of the original), removed one by one (the rest
 * keep their order; a skeleton set before keeps its attachments until the skin is set
 * again) and cleared.
 *
 * usage: skins_test ATLAS SKEL
 * Exits 0 when every check passes; prints each failed check. */
#include "common.h"

static int same_entries(const spn_skin_entry *a, uint32_t na, const spn_skin_entry *b, uint32_t nb) {
    uint32_t i;
    if (na != nb) return 0;
    for (i = 0; i < na; i++)
        if (a[i].slot != b[i].slot || a[i].attachment != b[i].attachment || strcmp(a[i].name, b[i].name) != 0) return 0;
    return 1;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_skin all = {0}, rebuilt = {0}, copy = {0};
    spn_skin_entry *entries, *again, *copied;
    uint32_t skins = 0, n = 0, m = 0, k = 0, i, count = 0, removed = 0, data_entries = 0;
    spn_skin_entry *kept = NULL;
    uint32_t kept_count = 0;
    const char *name = NULL;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    if (failures) return finish("skins_test");
    OK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    OK(spn_skin_create(data, "all", &all));
    OK(spn_skin_create(data, "rebuilt", &rebuilt));
    /* Every data skin but the default one (the skeleton falls back to that one). */
    for (i = 0; i < skins; i++) {
        const char *skin_name = NULL;
        OK(spn_skeleton_data_name(data, SPN_ITEM_SKIN, i, &skin_name));
        if (strcmp(skin_name, "default") != 0) OK(spn_skin_add_data_skin(all, i));
    }
    /* ABI 1.8: each data skin's own entries, read with no runtime skin: those of a runtime
     * skin made from that data skin alone, in the same order. */
    for (i = 0; i < skins; i++) {
        spn_skin alone = {0};
        spn_skin_entry *own, *via;
        uint32_t no = 0, nv = 0, again_count = 0;
        OK(spn_skeleton_data_skin_entries(data, i, sizeof(spn_skin_entry), NULL, 0, &no));
        own = (spn_skin_entry *)malloc((no + 1) * sizeof(spn_skin_entry));
        OK(spn_skeleton_data_skin_entries(data, i, sizeof(spn_skin_entry), own, no, &again_count));
        CHECK(again_count == no);
        OK(spn_skin_create(data, "alone", &alone));
        OK(spn_skin_add_data_skin(alone, i));
        via = entries_of(alone, &nv);
        CHECK(same_entries(own, no, via, nv));
        data_entries += no;
        free(via);
        free(own);
        OK(spn_skin_destroy(alone));
    }
    entries = entries_of(all, &n);
    OK(spn_skin_attachment_count(all, &count));
    CHECK(count == n);
    /* Rebuilt entry by entry: the same enumeration. */
    for (i = 0; i < n; i++) OK(spn_skin_set_attachment(rebuilt, entries[i].slot, entries[i].name, entries[i].attachment));
    again = entries_of(rebuilt, &m);
    CHECK(same_entries(entries, n, again, m));
    free(again);
    /* A copy: same name and entries, independent afterwards. */
    OK(spn_skin_copy(all, &copy));
    OK(spn_skin_name(copy, &name));
    CHECK(strcmp(name, "all") == 0);
    copied = entries_of(copy, &k);
    CHECK(same_entries(entries, n, copied, k));
    free(copied);
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_skeleton_set_skin(skeleton, copy));
    /* Remove every other entry from the copy: the rest keep their order, the original stays. */
    for (i = 0; i < n; i += 2) {
        OK(spn_skin_remove_attachment(copy, entries[i].slot, entries[i].name));
        CHECK(spn_skin_remove_attachment(copy, entries[i].slot, entries[i].name) == SPN_ERROR_NOT_FOUND);
        removed++;
    }
    copied = entries_of(copy, &k);
    CHECK(k == n - removed);
    for (i = 0; i < k && 2 * i + 1 < n; i++)
        CHECK(copied[i].slot == entries[2 * i + 1].slot && copied[i].attachment == entries[2 * i + 1].attachment);
    free(copied);
    again = entries_of(all, &m);
    CHECK(same_entries(entries, n, again, m));
    free(again);
    /* The skeleton keeps what the skin had when set; setting again takes the new contents. */
    if (n > 0) {
        uint32_t shown = 0xFFFFFFFFu;
        spn_status status;
        OK(spn_skeleton_find_attachment(skeleton, entries[0].slot, entries[0].name, &shown));
        CHECK(shown == entries[0].attachment);
        OK(spn_skeleton_set_skin(skeleton, copy));
        shown = 0xFFFFFFFFu;
        status = spn_skeleton_find_attachment(skeleton, entries[0].slot, entries[0].name, &shown);
        CHECK(status == SPN_ERROR_NOT_FOUND || (status == SPN_OK && shown != entries[0].attachment));
    }
    OK(spn_skin_clear(copy));
    OK(spn_skin_attachment_count(copy, &count));
    CHECK(count == 0);
    OK(spn_skin_name(copy, &name));
    CHECK(strcmp(name, "all") == 0);
    printf("skins_test: %u entries enumerated, %u removed, %u data skin entries\n", n, removed, data_entries);
    free(entries);
    /* The data skin entries' names live as long as the data object: a skin made from the
     * data keeps them readable after the data handle is destroyed (valgrind checks). */
    if (skins > 0) {
        OK(spn_skeleton_data_skin_entries(data, skins - 1, sizeof(spn_skin_entry), NULL, 0, &kept_count));
        kept = (spn_skin_entry *)malloc((kept_count + 1) * sizeof(spn_skin_entry));
        OK(spn_skeleton_data_skin_entries(data, skins - 1, sizeof(spn_skin_entry), kept, kept_count, &kept_count));
    }
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    for (i = 0; i < kept_count; i++) CHECK(strlen(kept[i].name) < 4096);
    free(kept);
    OK(spn_skin_destroy(copy));
    OK(spn_skin_destroy(rebuilt));
    OK(spn_skin_destroy(all));
    OK(spn_atlas_destroy(atlas));
    return finish("skins_test");
}
