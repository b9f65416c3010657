/* Replays a golden scenario through the C ABI and dumps every recorded frame for the Rust
 * side (tests/c_abi.rs) to compare with the golden file: bones, slots, draw order, tracks,
 * callbacks, render buffers, bounds and bounding boxes.
 *
 * usage: golden_replay ATLAS SKEL SCRIPT OUTPUT
 *
 * SCRIPT (written by tests/c_abi.rs from the scenario's ops) is line based:
 *   dt <seconds>            steps <n>            record <k> <step>...
 *   op <step> <name> <args...>   (strings hex-encoded UTF-8, "-" for none; see run_op)
 * Every frame is also rendered with interleaved vertices and 32-bit indices and compared
 * with the default render here; a difference fails the program. */
#include "common.h"

#define MAX_TOKENS 64
#define MAX_ENTRIES 64
#define MAX_SKINS 16

static spn_skeleton_data data;
static spn_skeleton skeleton;
static spn_animation_state_data state_data;
static spn_animation_state state;
static spn_renderer renderer, interleaved;
static spn_bounds bounds;
static spn_track_entry entries[MAX_ENTRIES];
static spn_skin skins[MAX_SKINS];
static char skin_names[MAX_SKINS][256];
static int skin_count = 0;
static FILE *out;

/* Decodes hex-encoded text in place ("-" is NULL). */
static const char *unhex(char *text) {
    size_t i, n;
    if (strcmp(text, "-") == 0) return NULL;
    n = strlen(text) / 2;
    for (i = 0; i < n; i++) {
        unsigned int byte = 0;
        sscanf(text + i * 2, "%2x", &byte);
        text[i] = (char)byte;
    }
    text[n] = 0;
    return text;
}

static void remember(const char *id, spn_track_entry entry) {
    int i = atoi(id);
    if (i >= 0 && i < MAX_ENTRIES) entries[i] = entry;
}

static spn_track_entry entry_at(const char *id) {
    int i = atoi(id);
    spn_track_entry none = {0, 0};
    return i >= 0 && i < MAX_ENTRIES ? entries[i] : none;
}

static void poll(unsigned long step, const char *phase) {
    const spn_event *events = NULL;
    uint32_t count = 0, i;
    OK(spn_animation_state_events(state, sizeof(spn_event), &events, &count));
    for (i = 0; i < count; i++) {
        const spn_event *e = &events[i];
        const char *s = e->string_value ? e->string_value : "";
        fprintf(out, "cb %lu %s %u %u %d %d %.9g %d %.9g %.9g %.9g ", step, phase, e->kind, e->track, e->animation,
                e->event, e->time, e->int_value, e->float_value, e->volume, e->balance);
        if (*s == 0) fputc('-', out);
        for (; *s; s++) fprintf(out, "%02x", (unsigned char)*s);
        fputc('\n', out);
        if (e->kind == SPN_EVENT_EVENT) CHECK(e->name != NULL && e->string_value != NULL);
    }
}

static void run_op(char **t, int n) {
    const char *name = t[2];
    spn_track_entry entry;
    if (strcmp(name, "setDefaultMix") == 0) {
        OK(spn_animation_state_data_set_default_mix(state_data, atof(t[3])));
    } else if (strcmp(name, "setMix") == 0) {
        OK(spn_animation_state_data_set_mix_by_name(state_data, unhex(t[3]), unhex(t[4]), atof(t[5])));
    } else if (strcmp(name, "setAnimation") == 0) {
        OK(spn_animation_state_set_animation_by_name(state, (uint32_t)atoi(t[3]), unhex(t[4]), (uint32_t)atoi(t[5]), &entry));
        remember(t[6], entry);
    } else if (strcmp(name, "addAnimation") == 0) {
        OK(spn_animation_state_add_animation(state, (uint32_t)atoi(t[3]), (uint32_t)atoi(t[4]), (uint32_t)atoi(t[5]),
                                             atof(t[6]), &entry));
        remember(t[7], entry);
    } else if (strcmp(name, "setEmptyAnimation") == 0) {
        OK(spn_animation_state_set_empty_animation(state, (uint32_t)atoi(t[3]), atof(t[4]), &entry));
        remember(t[5], entry);
    } else if (strcmp(name, "addEmptyAnimation") == 0) {
        OK(spn_animation_state_add_empty_animation(state, (uint32_t)atoi(t[3]), atof(t[4]), atof(t[5]), &entry));
        remember(t[6], entry);
    } else if (strcmp(name, "setEmptyAnimations") == 0) {
        OK(spn_animation_state_set_empty_animations(state, atof(t[3])));
    } else if (strcmp(name, "clearTrack") == 0) {
        OK(spn_animation_state_clear_track(state, (uint32_t)atoi(t[3])));
    } else if (strcmp(name, "clearTracks") == 0) {
        OK(spn_animation_state_clear_tracks(state));
    } else if (strcmp(name, "setStateTimeScale") == 0) {
        OK(spn_animation_state_set_time_scale(state, atof(t[3])));
    } else if (strcmp(name, "setEntry") == 0) {
        OK(spn_track_entry_set(entry_at(t[3]), (uint32_t)atoi(t[4]), atof(t[5])));
    } else if (strcmp(name, "setEntryMixDuration") == 0) {
        OK(spn_track_entry_set_mix_duration(entry_at(t[3]), atof(t[4]), atof(t[5])));
    } else if (strcmp(name, "setEntryMixInterpolation") == 0) {
        OK(spn_track_entry_set(entry_at(t[3]), SPN_ENTRY_MIX_INTERPOLATION, atof(t[4])));
    } else if (strcmp(name, "newSkin") == 0) {
        int i, count = atoi(t[4]);
        const char *skin_name = unhex(t[3]);
        CHECK(skin_count < MAX_SKINS);
        if (skin_count >= MAX_SKINS) return;
        OK(spn_skin_create(data, skin_name, &skins[skin_count]));
        snprintf(skin_names[skin_count], sizeof skin_names[0], "%s", skin_name);
        for (i = 0; i < count && 5 + i < n; i++) OK(spn_skin_add_data_skin(skins[skin_count], (uint32_t)atoi(t[5 + i])));
        skin_count++;
    } else if (strcmp(name, "setSkin") == 0) {
        if (strcmp(t[3], "none") == 0) {
            spn_skin none = {0};
            OK(spn_skeleton_set_skin(skeleton, none));
        } else if (strcmp(t[3], "runtime") == 0) {
            const char *skin_name = unhex(t[4]);
            int i;
            for (i = skin_count - 1; i >= 0; i--) {
                if (strcmp(skin_names[i], skin_name) == 0) break;
            }
            CHECK(i >= 0);
            if (i >= 0) OK(spn_skeleton_set_skin(skeleton, skins[i]));
        } else {
            OK(spn_skeleton_set_skin_by_name(skeleton, unhex(t[4])));
        }
    } else if (strcmp(name, "setupPose") == 0) {
        OK(spn_skeleton_setup_pose(skeleton));
    } else if (strcmp(name, "setupPoseBones") == 0) {
        OK(spn_skeleton_setup_pose_bones(skeleton));
    } else if (strcmp(name, "setupPoseSlots") == 0) {
        OK(spn_skeleton_setup_pose_slots(skeleton));
    } else if (strcmp(name, "setAttachment") == 0) {
        OK(spn_skeleton_set_attachment(skeleton, (uint32_t)atoi(t[3]), unhex(t[4])));
    } else if (strcmp(name, "setScale") == 0) {
        OK(spn_skeleton_set_scale(skeleton, (float)atof(t[3]), (float)atof(t[4])));
    } else if (strcmp(name, "setPosition") == 0) {
        OK(spn_skeleton_set_position(skeleton, (float)atof(t[3]), (float)atof(t[4])));
    } else if (strcmp(name, "setColor") == 0) {
        spn_color color;
        color.r = (float)atof(t[3]);
        color.g = (float)atof(t[4]);
        color.b = (float)atof(t[5]);
        color.a = (float)atof(t[6]);
        OK(spn_skeleton_set_color(skeleton, &color));
    } else if (strcmp(name, "physicsTranslate") == 0) {
        OK(spn_skeleton_physics_translate(skeleton, (float)atof(t[3]), (float)atof(t[4])));
    } else if (strcmp(name, "physicsRotate") == 0) {
        OK(spn_skeleton_physics_rotate(skeleton, (float)atof(t[3]), (float)atof(t[4]), (float)atof(t[5])));
    } else if (strcmp(name, "updateWorldTransform") == 0) {
        OK(spn_skeleton_update_world_transform(skeleton, (uint32_t)atoi(t[3])));
    } else {
        fprintf(stderr, "unknown op %s\n", name);
        failures++;
    }
}

static void dump_entry_chain(spn_track_entry entry, uint32_t link) {
    spn_track_entry chain[64];
    int n = 0, i;
    int32_t animation;
    OK(spn_track_entry_link(entry, link, &chain[0]));
    while (chain[n].state != 0 && n < 63) {
        OK(spn_track_entry_link(chain[n], link, &chain[n + 1]));
        n++;
    }
    fprintf(out, " %d", n);
    for (i = 0; i < n; i++) {
        OK(spn_track_entry_animation(chain[i], &animation));
        fprintf(out, " %d", animation);
    }
}

static void dump_tracks(void) {
    uint32_t tracks = 0, t;
    OK(spn_animation_state_track_count(state, &tracks));
    for (t = 0; t < tracks; t++) {
        spn_track_entry entry;
        double track_time, animation_time, delay, mix_time, mix_duration, alpha;
        int32_t animation;
        OK(spn_animation_state_current(state, t, &entry));
        if (entry.state == 0) continue;
        OK(spn_track_entry_animation(entry, &animation));
        OK(spn_track_entry_get(entry, SPN_ENTRY_TRACK_TIME, &track_time));
        OK(spn_track_entry_animation_time(entry, &animation_time));
        OK(spn_track_entry_get(entry, SPN_ENTRY_DELAY, &delay));
        OK(spn_track_entry_get(entry, SPN_ENTRY_MIX_TIME, &mix_time));
        OK(spn_track_entry_get(entry, SPN_ENTRY_MIX_DURATION, &mix_duration));
        OK(spn_track_entry_get(entry, SPN_ENTRY_ALPHA, &alpha));
        fprintf(out, "t %u %d %.17g %.17g %.17g %.17g %.17g %.17g", t, animation, track_time, animation_time, delay,
                mix_time, mix_duration, alpha);
        dump_entry_chain(entry, SPN_LINK_MIXING_FROM);
        dump_entry_chain(entry, SPN_LINK_NEXT);
        fputc('\n', out);
    }
}

/* The interleaved render must hold exactly the default render's data. */
static void check_interleaved(const spn_render_output *a) {
    spn_render_output b;
    uint32_t i;
    memset(&b, 0, sizeof b);
    b.size = sizeof b;
    OK(spn_renderer_render(interleaved, skeleton, &b));
    CHECK(b.vertex_count == a->vertex_count && b.index_count == a->index_count && b.index_size == 4);
    if (b.vertex_count != a->vertex_count || b.index_count != a->index_count) return;
    for (i = 0; i < a->vertex_count; i++) {
        const spn_vertex *v = &((const spn_vertex *)b.vertices)[i];
        if (v->x != a->positions[i * 2] || v->y != a->positions[i * 2 + 1] || v->u != a->uvs[i * 2] ||
            v->v != a->uvs[i * 2 + 1] || v->color != a->colors[i] || v->dark_color != a->dark_colors[i]) {
            CHECK(!"interleaved vertex differs");
            return;
        }
    }
}

static void dump_frame(unsigned long step, uint32_t bone_count, uint32_t slot_count) {
    uint32_t i, k, found = 0, count = 0;
    spn_render_output r;
    spn_rect rect;
    uint32_t *order = (uint32_t *)malloc(sizeof(uint32_t) * (slot_count + 1));
    fprintf(out, "frame %lu\n", step);
    for (i = 0; i < bone_count; i++) {
        spn_bone_world w;
        uint32_t active = 0;
        OK(spn_skeleton_bone_world(skeleton, i, &w));
        OK(spn_skeleton_bone_active(skeleton, i, &active));
        fprintf(out, "b %.9g %.9g %.9g %.9g %.9g %.9g %u\n", w.a, w.b, w.c, w.d, w.world_x, w.world_y, active);
    }
    for (i = 0; i < slot_count; i++) {
        spn_color color, dark;
        int32_t attachment = -1, sequence = 0;
        OK(spn_skeleton_slot_color(skeleton, i, SPN_POSE_APPLIED, &color));
        OK(spn_skeleton_slot_dark_color(skeleton, i, SPN_POSE_APPLIED, &dark));
        OK(spn_skeleton_slot_attachment(skeleton, i, SPN_POSE_APPLIED, &attachment));
        OK(spn_skeleton_slot_sequence_index(skeleton, i, SPN_POSE_APPLIED, &sequence));
        fprintf(out, "s %.9g %.9g %.9g %.9g %.9g %.9g %.9g %d %d\n", color.r, color.g, color.b, color.a, dark.r, dark.g,
                dark.b, attachment, sequence);
    }
    OK(spn_skeleton_draw_order(skeleton, SPN_POSE_APPLIED, order, slot_count, &count));
    fprintf(out, "order %u", count);
    for (i = 0; i < count && i < slot_count; i++) fprintf(out, " %u", order[i]);
    fputc('\n', out);
    free(order);
    dump_tracks();

    memset(&r, 0, sizeof r);
    r.size = sizeof r;
    OK(spn_renderer_render(renderer, skeleton, &r));
    fprintf(out, "render %u %u %u\n", r.vertex_count, r.index_count, r.range_count);
    for (i = 0; i < r.range_count; i++) {
        const spn_draw_range *g = &r.ranges[i];
        fprintf(out, "r %u %u %u %u %u %u %u %u\n", g->first_index, g->index_count, g->first_vertex, g->vertex_count,
                g->page, g->blend, g->color, g->dark_color);
    }
    for (i = 0; i < r.vertex_count; i++) {
        fprintf(out, "v %.9g %.9g %.9g %.9g %u %u\n", r.positions[i * 2], r.positions[i * 2 + 1], r.uvs[i * 2],
                r.uvs[i * 2 + 1], r.colors[i], r.dark_colors[i]);
    }
    fprintf(out, "i");
    for (i = 0; i < r.index_count; i++) fprintf(out, " %u", ((const uint16_t *)r.indices)[i]);
    fputc('\n', out);
    check_interleaved(&r);

    OK(spn_skeleton_bounds(skeleton, &rect, &found));
    fprintf(out, "bounds %u %.9g %.9g %.9g %.9g\n", found, rect.x, rect.y, rect.width, rect.height);
    OK(spn_bounds_update(bounds, skeleton, 1));
    OK(spn_bounds_count(bounds, &count));
    fprintf(out, "boxes %u\n", count);
    for (i = 0; i < count; i++) {
        spn_bounding_box box;
        memset(&box, 0, sizeof box);
        box.size = sizeof box;
        OK(spn_bounds_box(bounds, i, &box));
        fprintf(out, "x %u %u", box.slot, box.vertex_count);
        for (k = 0; k < box.vertex_count * 2; k++) fprintf(out, " %.9g", box.vertices[k]);
        fputc('\n', out);
    }
}

int main(int argc, char **argv) {
    spn_atlas atlas;
    spn_render_options options;
    size_t len = 0;
    char *script, *line, *next;
    double dt = 1.0 / 60.0;
    unsigned long steps = 0, step, recorded[4096];
    int recorded_count = 0, r = 0;
    uint32_t bone_count = 0, slot_count = 0;
    char *ops[4096];
    int op_count = 0, op = 0;
    if (argc != 5) {
        fprintf(stderr, "usage: %s ATLAS SKEL SCRIPT OUTPUT\n", argv[0]);
        return 2;
    }
    script = read_file(argv[3], &len);
    out = fopen(argv[4], "w");
    CHECK(script != NULL && out != NULL);
    if (!script || !out) return 1;
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_atlas_destroy(atlas));
    OK(spn_skeleton_create(data, &skeleton));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_animation_state_create(state_data, &state));
    OK(spn_renderer_create(NULL, &renderer));
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.layout = SPN_LAYOUT_INTERLEAVED;
    options.indices_u32 = 1;
    OK(spn_renderer_create(&options, &interleaved));
    OK(spn_bounds_create(&bounds));
    OK(spn_skeleton_data_count(data, SPN_ITEM_BONE, &bone_count));
    OK(spn_skeleton_data_count(data, SPN_ITEM_SLOT, &slot_count));
    if (failures) return finish("golden_replay");

    /* Header lines; op lines are kept for the loop. */
    for (line = script; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        if (strncmp(line, "dt ", 3) == 0) {
            dt = atof(line + 3);
        } else if (strncmp(line, "steps ", 6) == 0) {
            steps = strtoul(line + 6, NULL, 10);
        } else if (strncmp(line, "record ", 7) == 0) {
            char *p = line + 7;
            int k, n = (int)strtol(p, &p, 10);
            for (k = 0; k < n && recorded_count < 4096; k++) recorded[recorded_count++] = strtoul(p, &p, 10);
        } else if (strncmp(line, "op ", 3) == 0 && op_count < 4096) {
            ops[op_count++] = line;
        }
    }
    for (step = 0; step <= steps; step++) {
        while (op < op_count && strtoul(ops[op] + 3, NULL, 10) == step) {
            char *tokens[MAX_TOKENS], *p;
            int n = 0;
            for (p = strtok(ops[op], " "); p && n < MAX_TOKENS; p = strtok(NULL, " ")) tokens[n++] = p;
            while (n < MAX_TOKENS) tokens[n++] = (char *)"-";
            run_op(tokens, n);
            poll(step, "op");
            op++;
        }
        if (step > 0) {
            OK(spn_animation_state_update(state, dt));
            poll(step, "update");
            OK(spn_animation_state_apply(state, skeleton));
            poll(step, "apply");
            OK(spn_skeleton_update(skeleton, dt));
        }
        OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        if (r < recorded_count && recorded[r] == step) {
            dump_frame(step, bone_count, slot_count);
            r++;
        }
    }
    CHECK(r == recorded_count && op == op_count);
    fclose(out);
    free(script);
    while (skin_count > 0) OK(spn_skin_destroy(skins[--skin_count]));
    OK(spn_bounds_destroy(bounds));
    OK(spn_renderer_destroy(interleaved));
    OK(spn_renderer_destroy(renderer));
    OK(spn_animation_state_destroy(state));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_destroy(skeleton));
    OK(spn_skeleton_data_destroy(data));
    return finish("golden_replay");
}
