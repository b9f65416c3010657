/* abi_test: the atlas (loaded from a file and from text, pages, regions, look-ups) and the
 * skeleton data (info, counts, names, look-ups, bones, slots, constraints, attachments,
 * events, animation durations). */
#include "abi_test.h"

void test_atlas(const char *path, spn_atlas *out) {
    size_t len = 0;
    char *text = read_file(path, &len);
    spn_atlas from_text = {0};
    uint32_t pages = 0, regions = 0, found = 99;
    spn_atlas_page_info page;
    spn_atlas_region_info region;
    CHECK(text != NULL);
    if (!text) return;
    OK(spn_atlas_load((const uint8_t *)text, len, &from_text));
    OK(spn_atlas_load_file(path, out));
    OK(spn_atlas_page_count(*out, &pages));
    CHECK(pages >= 1);
    OK(spn_atlas_page(*out, 0, &page));
    CHECK(page.width > 0 && strlen(page.name) > 0);
    OK(spn_atlas_region_count(from_text, &regions));
    CHECK(regions >= 1);
    memset(&region, 0, sizeof region);
    region.size = sizeof region;
    OK(spn_atlas_region(from_text, 0, &region));
    CHECK(region.size == sizeof region && region.page < pages && strlen(region.name) > 0);
    CHECK(region.u2 >= 0.0f && region.u2 <= 1.0f && region.width > 0);
    OK(spn_atlas_find_region(from_text, region.name, &found));
    CHECK(found == 0);
    CHECK(spn_atlas_find_region(from_text, "no such region", &found) == SPN_ERROR_NOT_FOUND);
    OK(spn_atlas_destroy(from_text));
    free(text);
}

void test_data(spn_skeleton_data data) {
    spn_skeleton_info info;
    uint32_t item, i, n, found;
    int32_t default_skin = -2;
    float duration = -1.0f;
    memset(&info, 0, sizeof info);
    info.size = sizeof info;
    OK(spn_skeleton_data_info(data, &info));
    CHECK(strncmp(info.version, "4.3", 3) == 0 && info.hash != NULL && info.reference_scale > 0.0f);
    for (item = SPN_ITEM_BONE; item <= SPN_ITEM_ATTACHMENT; item++) {
        n = item_count(data, item);
        for (i = 0; i < n; i += 1 + n / 8) {
            const char *name = item_name(data, item, i);
            found = 12345;
            OK(spn_skeleton_data_find(data, item, name, &found));
            CHECK(found <= i && strcmp(item_name(data, item, found), name) == 0);
        }
    }
    n = item_count(data, SPN_ITEM_BONE);
    for (i = 0; i < n; i++) {
        spn_bone_data bone;
        spn_bone_local setup;
        memset(&bone, 0, sizeof bone);
        bone.size = sizeof bone;
        memset(&setup, 0, sizeof setup);
        setup.size = sizeof setup;
        OK(spn_skeleton_data_bone(data, i, &bone));
        CHECK(bone.parent < (int32_t)i && (i == 0) == (bone.parent == -1));
        CHECK(strcmp(bone.name, item_name(data, SPN_ITEM_BONE, i)) == 0);
        OK(spn_skeleton_data_bone_setup(data, i, &setup));
        CHECK(setup.inherit <= SPN_INHERIT_NO_SCALE_OR_REFLECTION);
    }
    n = item_count(data, SPN_ITEM_SLOT);
    for (i = 0; i < n; i++) {
        spn_slot_data slot;
        memset(&slot, 0, sizeof slot);
        slot.size = sizeof slot;
        OK(spn_skeleton_data_slot(data, i, &slot));
        CHECK(slot.bone < item_count(data, SPN_ITEM_BONE) && slot.blend <= SPN_BLEND_SCREEN);
        CHECK(slot.color.a >= 0.0f && slot.color.a <= 1.0f);
    }
    n = item_count(data, SPN_ITEM_EVENT);
    for (i = 0; i < n; i++) {
        spn_event_data event;
        memset(&event, 0, sizeof event);
        event.size = sizeof event;
        OK(spn_skeleton_data_event(data, i, &event));
        CHECK(strcmp(event.name, item_name(data, SPN_ITEM_EVENT, i)) == 0);
        CHECK(event.string_value != NULL && event.audio_path != NULL);
    }
    n = item_count(data, SPN_ITEM_ATTACHMENT);
    for (i = 0; i < n; i++) {
        spn_attachment_info attachment;
        memset(&attachment, 0, sizeof attachment);
        attachment.size = sizeof attachment;
        OK(spn_skeleton_data_attachment(data, i, &attachment));
        CHECK(attachment.kind <= SPN_ATTACHMENT_CLIPPING && attachment.skin < item_count(data, SPN_ITEM_SKIN));
        /* Texture sequences (ABI 1.3): regions and meshes have one (at least one frame,
         * the setup frame among them); other kinds have none. */
        {
            spn_sequence_data sequence;
            int textured = attachment.kind == SPN_ATTACHMENT_REGION || attachment.kind == SPN_ATTACHMENT_MESH ||
                           attachment.kind == SPN_ATTACHMENT_LINKED_MESH;
            memset(&sequence, 0, sizeof sequence);
            sequence.size = sizeof sequence;
            if (textured) {
                OK(spn_skeleton_data_attachment_sequence(data, i, &sequence));
                CHECK(sequence.size == sizeof sequence && sequence.count >= 1 && sequence.path_suffix <= 1);
                CHECK(sequence.setup_index >= 0 && (uint32_t)sequence.setup_index < sequence.count);
                CHECK(sequence.count == 1 || sequence.path_suffix == 1);
            } else {
                CHECK(spn_skeleton_data_attachment_sequence(data, i, &sequence) == SPN_ERROR_INVALID_ARGUMENT);
            }
        }
    }
    n = item_count(data, SPN_ITEM_CONSTRAINT);
    for (i = 0; i < n; i++) {
        spn_constraint_info constraint;
        memset(&constraint, 0, sizeof constraint);
        constraint.size = sizeof constraint;
        OK(spn_skeleton_data_constraint(data, i, &constraint));
        CHECK(constraint.kind <= SPN_CONSTRAINT_SLIDER && strlen(constraint.name) > 0);
    }
    OK(spn_skeleton_data_default_skin(data, &default_skin));
    CHECK(default_skin >= -1 && default_skin < (int32_t)item_count(data, SPN_ITEM_SKIN));
    if (item_count(data, SPN_ITEM_ANIMATION) > 0) {
        OK(spn_skeleton_data_animation_duration(data, 0, &duration));
        CHECK(duration >= 0.0f);
    }
}
