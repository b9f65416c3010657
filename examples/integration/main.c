/* An engine integration of spine_native as an integrator writes it against the header alone
 * (C99, -Wall -Wextra -Werror -pedantic), with the conveniences of ABI 1.8 and 1.9:
 *
 *   1. the atlas from its file, the engine creating each page's texture in the loader
 *      callback, which gets the atlas folder and may fail (spn_atlas_load_file_with_textures);
 *   2. equipment: the attachments of every data skin, read straight from the data
 *      (spn_skeleton_data_skin_entries);
 *   3. a renderer set up for GLES 3.0 / WebGL2: indices relative to the whole vertex buffer
 *      (no base-vertex draw), colors as R, G, B, A bytes, premultiplied alpha per atlas page;
 *      an engine sprite drawn after the separator slot a draw range ends at;
 *   4. a crowd whose members keep stable ids while others leave;
 *   5. (ABI 1.9) a new socket: a placeholder name the rig does not use, added to the data,
 *      holding a region made at runtime, which the skin, and the skeleton showing it,
 *      report (kind, placement, texture) as the data reports its own attachments.
 *
 * The "GPU" here counts draw calls and checks the buffers; an engine issues
 * glDrawElements(GL_TRIANGLES, range.index_count, index type, first_index * index_size)
 * per range over one upload of the vertices.
 *
 * usage: integration ATLAS SKELETON ANIMATION */
#include "spine_native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stops with the library's message when a call fails. */
#define CHECK(call)                                                                    \
    do {                                                                               \
        spn_status status_ = (call);                                                   \
        if (status_ != SPN_OK) {                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__,                     \
                    spn_status_string(status_), spn_last_error_message());             \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

/* 1. The engine's texture creation: a real engine decodes folder/details->name here. */
static uint32_t create_texture(void *user_data, const char *folder, uint32_t page,
                               const spn_page_details *details, uint64_t *out_texture_id) {
    uint32_t *made = (uint32_t *)user_data;
    if (folder[0] == 0 || details->width == 0) return SPN_ERROR_IO; /* cannot load the image */
    printf("texture %u: %s/%s, %ux%u, %s alpha\n", page, folder, details->name, details->width,
           details->height, details->pma ? "premultiplied" : "straight");
    *out_texture_id = 1000u + page; /* the engine's handle */
    (*made)++;
    return SPN_OK;
}

/* 3. Draws one frame: every range, with the engine sprite after its separator slot. */
static uint32_t draw_frame(spn_renderer renderer, spn_skeleton skeleton, uint32_t sprite_slot,
                           uint32_t *sprites) {
    spn_render_output out;
    uint32_t r, k, draws = 0;
    memset(&out, 0, sizeof out);
    out.size = sizeof out;
    CHECK(spn_renderer_render(renderer, skeleton, &out));
    for (r = 0; r < out.range_count; r++) {
        const spn_draw_range *range = &out.ranges[r];
        /* Whole-buffer indices: each one addresses the range's own vertices directly. */
        for (k = range->first_index; k < range->first_index + range->index_count; k++) {
            uint32_t index = out.index_size == 2 ? ((const uint16_t *)out.indices)[k]
                                                 : ((const uint32_t *)out.indices)[k];
            if (index < range->first_vertex || index >= range->first_vertex + range->vertex_count) {
                fprintf(stderr, "index %u outside range %u\n", index, r);
                exit(1);
            }
        }
        draws++; /* glBindTexture(range_infos[r].texture_id); blend from range->blend; draw */
        if (out.range_separators[r] == sprite_slot) (*sprites)++; /* the engine sprite */
    }
    return draws;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0}, members[3];
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_renderer renderer = {0};
    spn_render_options options;
    spn_crowd crowd = {0};
    spn_skin_entry entries[64];
    uint32_t textures = 0, skins = 0, slots = 0, s, n = 0, frame, draws = 0, sprites = 0;
    uint32_t ids[3], index = 0, count = 0, sprite_slot;
    if (argc != 4) {
        fprintf(stderr, "usage: %s ATLAS SKELETON ANIMATION\n", argv[0]);
        return 2;
    }
    /* 1. Atlas and data; the data keeps what it needs of the atlas. */
    CHECK(spn_atlas_load_file_with_textures(argv[1], create_texture, &textures, &atlas));
    CHECK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));

    /* 2. Equipment catalogue: each skin's attachments with their slot and placeholder. */
    CHECK(spn_skeleton_data_count(data, SPN_ITEM_SKIN, &skins));
    for (s = 0; s < skins; s++) {
        const char *skin_name = NULL;
        CHECK(spn_skeleton_data_name(data, SPN_ITEM_SKIN, s, &skin_name));
        CHECK(spn_skeleton_data_skin_entries(data, s, sizeof entries[0], entries, 64, &n));
        printf("skin %s: %u attachments%s%s\n", skin_name, n, n ? ", first under " : "",
               n ? entries[0].name : "");
    }

    /* 3. The renderer for GLES 3.0 / WebGL2, and a sprite between two slots. */
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.merge_colors = 1;     /* colors are per vertex: fewer draws */
    options.absolute_indices = 1; /* plain glDrawElements */
    options.color_order = SPN_COLOR_RGBA_BYTES;
    options.pma_per_page = 1; /* blend per range: the page's pma decides */
    CHECK(spn_renderer_create(&options, &renderer));
    CHECK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slots));
    sprite_slot = slots / 2;
    CHECK(spn_renderer_set_separator_slots(renderer, &sprite_slot, 1));

    CHECK(spn_skeleton_create(data, &skeleton));
    CHECK(spn_animation_state_data_create(data, &state_data));
    CHECK(spn_animation_state_create(state_data, &state));
    CHECK(spn_animation_state_set_animation_by_name(state, 0, argv[3], 1, NULL));
    for (frame = 0; frame < 60; frame++) {
        CHECK(spn_animation_state_update(state, 1.0 / 60.0));
        CHECK(spn_animation_state_apply(state, skeleton));
        CHECK(spn_skeleton_update(skeleton, 1.0 / 60.0));
        CHECK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        draws += draw_frame(renderer, skeleton, sprite_slot, &sprites);
    }
    printf("%s: 60 frames, %u draws, engine sprite drawn %u times\n", argv[3], draws, sprites);

    /* 4. A crowd: ids name members whatever leaves before them. */
    CHECK(spn_crowd_create(1, &crowd));
    for (s = 0; s < 3; s++) {
        CHECK(spn_skeleton_create(data, &members[s]));
        CHECK(spn_crowd_add_member(crowd, members[s], (spn_animation_state){0}, (spn_renderer){0}, &ids[s]));
    }
    CHECK(spn_crowd_remove_member(crowd, ids[0]));
    CHECK(spn_crowd_member_index(crowd, ids[2], &index));
    CHECK(spn_crowd_set_time_scale(crowd, index, 0.5));
    CHECK(spn_crowd_update(crowd, 1.0 / 60.0, SPN_PHYSICS_UPDATE));
    CHECK(spn_crowd_count(crowd, &count));
    printf("crowd: %u members, member %u now at index %u\n", count, ids[2], index);

    /* 5. A new socket: a hat on the first skin entry's slot, under a name the rig lacks. */
    {
        spn_skin gear = {0};
        spn_region_placement hat;
        spn_attachment_geometry g, worn;
        uint32_t hat_id = 0, hat_slot = n ? entries[0].slot : 0, found = 0;
        int32_t shown = -1;
        memset(&hat, 0, sizeof hat);
        hat.size = sizeof hat;
        hat.x = 10;
        hat.y = 5;
        hat.scale_x = hat.scale_y = 1;
        hat.width = 40;
        hat.height = 20;
        hat.color.r = hat.color.g = hat.color.b = hat.color.a = 1;
        CHECK(spn_skeleton_data_add_placeholder(data, "hat socket")); /* once per name */
        CHECK(spn_skin_create(data, "gear", &gear));
        CHECK(spn_skin_create_region_attachment(gear, hat_slot, "hat socket", atlas, 0, &hat, &hat_id));
        memset(&g, 0, sizeof g);
        g.size = sizeof g;
        CHECK(spn_skin_attachment_geometry(gear, hat_id, &g)); /* the data does not know it */
        CHECK(spn_skeleton_set_skin(skeleton, gear));
        CHECK(spn_skeleton_find_attachment(skeleton, hat_slot, "hat socket", &found));
        CHECK(spn_skeleton_set_attachment(skeleton, hat_slot, "hat socket"));
        CHECK(spn_skeleton_slot_attachment(skeleton, hat_slot, SPN_POSE_ANIMATED, &shown));
        CHECK(spn_skin_destroy(gear)); /* the skeleton keeps what it shows, and reports it */
        memset(&worn, 0, sizeof worn);
        worn.size = sizeof worn;
        CHECK(spn_skeleton_attachment_geometry(skeleton, (uint32_t)shown, &worn));
        printf("socket: %s on slot %u, %gx%g at (%g, %g), region %d, %s\n", worn.path, hat_slot, worn.width,
               worn.height, worn.x, worn.y, worn.region,
               found == hat_id && (uint32_t)shown == hat_id && worn.width == g.width ? "shown" : "missing");
    }

    CHECK(spn_crowd_destroy(crowd));
    for (s = 0; s < 3; s++) CHECK(spn_skeleton_destroy(members[s]));
    CHECK(spn_renderer_destroy(renderer));
    CHECK(spn_animation_state_destroy(state));
    CHECK(spn_animation_state_data_destroy(state_data));
    CHECK(spn_skeleton_destroy(skeleton));
    CHECK(spn_skeleton_data_destroy(data));
    CHECK(spn_atlas_destroy(atlas));
    if (textures == 0 || draws == 0 || count != 2 || index != 1) return 1;
    return 0;
}
