/* GPU skinning through the C ABI (ABI 1.9): for every animation of the rig (60 frames
 * each), the GPU render with the vertex shader of spn_gpu_vertex applied here, in float
 * (C99: no contraction into fused multiply-adds), gives the CPU render's positions, uvs,
 * colors and triangles: the draws, in order, are the CPU output's vertices in order.
 * Also: the static streams are the same pointers on every call, every index stays inside
 * its block, and the coverage counts add up.
 *
 * usage: gpu_test ATLAS SKEL */
#include "common.h"

static int pma_frame = 0;

/* The shader on the CPU. */
static void shade(const float *palette, const spn_gpu_vertex *v, float out[2]) {
    float sx = 0.0f, sy = 0.0f;
    int i;
    for (i = 0; i < 4; i++) {
        const float *e = palette + 6u * v->bones[i];
        float lx = v->positions[2 * i], ly = v->positions[2 * i + 1], w = v->weights[i];
        float p = lx * e[0] + ly * e[2] + e[4];
        float q = lx * e[1] + ly * e[3] + e[5];
        sx = sx + p * w;
        sy = sy + q * w;
    }
    out[0] = sx;
    out[1] = sy;
}

/* Compares one frame; returns the vertices on the GPU. */
static uint32_t compare(const spn_gpu_streams *streams, const spn_gpu_output *gpu, const spn_render_output *cpu) {
    uint32_t d, k, vertex = 0, index = 0, range = 0, on_gpu = 0, on_cpu = 0;
    const uint16_t *cpu_indices = (const uint16_t *)cpu->indices;
    CHECK(cpu->index_size == 2 && cpu->position_stride == 2);
    for (d = 0; d < gpu->draw_count; d++) {
        const spn_gpu_draw *draw = &gpu->draws[d];
        int is_static = draw->block != SPN_NO_BLOCK;
        const uint16_t *tri;
        CHECK(is_static == (draw->cpu_reason == SPN_CPU_NONE));
        if (is_static) {
            const spn_gpu_block *b = &streams->blocks[draw->block];
            CHECK(draw->block < streams->block_count);
            CHECK(b->first_vertex == draw->first_vertex && b->vertex_count == draw->vertex_count);
            CHECK(draw->first_vertex + draw->vertex_count <= streams->vertex_count);
            CHECK(draw->first_index + draw->index_count <= streams->index_count);
            tri = streams->indices + draw->first_index;
            on_gpu += draw->vertex_count;
        } else {
            CHECK(draw->first_vertex + draw->vertex_count <= gpu->cpu_vertex_count);
            CHECK(draw->first_index + draw->index_count <= gpu->cpu_index_count);
            tri = gpu->cpu_indices + draw->first_index;
            on_cpu += draw->vertex_count;
        }
        if (vertex + draw->vertex_count > cpu->vertex_count || index + draw->index_count > cpu->index_count) {
            CHECK(!"more vertices or indices than the CPU render");
            return on_gpu;
        }
        for (k = 0; k < draw->vertex_count; k++) {
            float p[2], uv[2];
            if (is_static) {
                const spn_gpu_vertex *v = &streams->vertices[draw->first_vertex + k];
                shade(gpu->palette, v, p);
                uv[0] = v->u;
                uv[1] = v->v;
            } else {
                p[0] = gpu->cpu_positions[2 * (draw->first_vertex + k)];
                p[1] = gpu->cpu_positions[2 * (draw->first_vertex + k) + 1];
                uv[0] = gpu->cpu_uvs[2 * (draw->first_vertex + k)];
                uv[1] = gpu->cpu_uvs[2 * (draw->first_vertex + k) + 1];
            }
            CHECK(p[0] == cpu->positions[2 * vertex] && p[1] == cpu->positions[2 * vertex + 1]);
            CHECK(memcmp(uv, cpu->uvs + 2 * vertex, sizeof uv) == 0);
            CHECK(draw->color == cpu->colors[vertex] && draw->dark_color == cpu->dark_colors[vertex]);
            vertex++;
        }
        /* Triangles, made absolute on both sides. */
        while (range + 1 < cpu->range_count && cpu->ranges[range + 1].first_index <= index) range++;
        for (k = 0; k < draw->index_count; k++) {
            uint32_t expected = cpu_indices[index + k] + cpu->ranges[range].first_vertex;
            CHECK(tri[k] < draw->vertex_count);
            CHECK(tri[k] + (vertex - draw->vertex_count) == expected);
        }
        index += draw->index_count;
        CHECK(draw->page == cpu->ranges[range].page && draw->blend == cpu->ranges[range].blend);
    }
    CHECK(vertex == cpu->vertex_count && index == cpu->index_count);
    CHECK(gpu->coverage.gpu_vertices == on_gpu && gpu->coverage.cpu_vertices == on_cpu);
    CHECK(gpu->coverage.gpu_draws + gpu->coverage.cpu_draws == gpu->draw_count);
    CHECK(gpu->coverage.cpu_draws == gpu->coverage.clipped_draws + gpu->coverage.deformed_draws +
                                         gpu->coverage.ineligible_draws + gpu->coverage.runtime_draws);
    return on_gpu;
}

int main(int argc, char **argv) {
    spn_atlas atlas = {0};
    spn_skeleton_data data = {0};
    spn_skeleton skeleton = {0};
    spn_animation_state_data state_data = {0};
    spn_animation_state state = {0};
    spn_renderer renderer = {0};
    spn_render_options options;
    spn_gpu_streams streams, again;
    uint32_t animations = 0, a, f;
    unsigned long gpu_vertices = 0, all_vertices = 0, frames = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: %s ATLAS SKEL\n", argv[0]);
        return 2;
    }
    OK(spn_atlas_load_file(argv[1], &atlas));
    OK(spn_skeleton_data_load_file(argv[2], atlas, 1.0f, &data));
    OK(spn_animation_state_data_create(data, &state_data));
    OK(spn_skeleton_data_count(data, SPN_ITEM_ANIMATION, &animations));
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    OK(spn_renderer_create(&options, &renderer));
    memset(&streams, 0, sizeof streams);
    streams.size = sizeof streams;
    again = streams;
    OK(spn_skeleton_data_gpu_streams(data, &streams));
    OK(spn_skeleton_data_gpu_streams(data, &again));
    CHECK(streams.size == sizeof streams && streams.vertices == again.vertices && streams.blocks == again.blocks);
    CHECK(streams.reserved == 0);
    if (failures) return finish("gpu_test");
    for (a = 0; a < (animations ? animations : 1); a++) {
        OK(spn_skeleton_create(data, &skeleton));
        OK(spn_animation_state_create(state_data, &state));
        if (animations) OK(spn_animation_state_set_animation(state, 0, a, 1, NULL));
        for (f = 0; f < 60; f++) {
            spn_render_output cpu;
            spn_gpu_output gpu;
            /* Every other frame: premultiplied alpha and RGBA bytes (the colors follow). */
            if ((f % 30) == 0) {
                pma_frame = !pma_frame;
                options.premultiplied_alpha = (uint32_t)pma_frame;
                options.color_order = pma_frame ? SPN_COLOR_RGBA_BYTES : SPN_COLOR_ARGB;
                OK(spn_renderer_set_options(renderer, &options));
            }
            OK(spn_animation_state_update(state, 1.0 / 30.0));
            OK(spn_animation_state_apply(state, skeleton));
            OK(spn_skeleton_update(skeleton, 1.0 / 30.0));
            OK(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
            memset(&cpu, 0, sizeof cpu);
            cpu.size = sizeof cpu;
            memset(&gpu, 0, sizeof gpu);
            gpu.size = sizeof gpu;
            OK(spn_renderer_render(renderer, skeleton, &cpu));
            OK(spn_renderer_render_gpu(renderer, skeleton, &gpu));
            CHECK(gpu.size == sizeof gpu && gpu.generation == cpu.generation + 1);
            gpu_vertices += compare(&streams, &gpu, &cpu);
            all_vertices += cpu.vertex_count;
            frames++;
            if (failures) {
                fprintf(stderr, "animation %u frame %u\n", a, f);
                return finish("gpu_test");
            }
        }
        OK(spn_animation_state_destroy(state));
        OK(spn_skeleton_destroy(skeleton));
    }
    printf("%lu frames, %lu vertices, %.1f%% on the GPU; static: %u vertices, %u blocks, %u attachments (%u with >4 "
           "influences); ",
           frames, all_vertices, all_vertices ? 100.0 * (double)gpu_vertices / (double)all_vertices : 100.0,
           streams.vertex_count, streams.block_count, streams.eligible_attachments, streams.too_many_influences);
    OK(spn_renderer_destroy(renderer));
    OK(spn_animation_state_data_destroy(state_data));
    OK(spn_skeleton_data_destroy(data));
    OK(spn_atlas_destroy(atlas));
    return finish("gpu_test");
}
