/* sdl_gl: spine_native in a small SDL2 + OpenGL engine loop.
 *
 * Loads an atlas and a skeleton, uploads every atlas page as a texture, plays an
 * animation and draws each frame, in one of two modes:
 *
 * - CPU (default): the render output's draw ranges, each with its page texture and blend
 *   mode (interleaved vertices, 16-bit indices relative to the range's first vertex),
 *   through OpenGL's fixed-function pipeline.
 * - GPU skinning (--gpu): the skeleton data's static streams (spn_skeleton_data_gpu_streams)
 *   are uploaded once into a vertex and an index buffer; each frame uploads only the bone
 *   palette (a uniform array) and draws spn_renderer_render_gpu's draws in draw order: a
 *   static block through the skinning vertex shader below (docs/gpu-skinning.md's
 *   arithmetic), with the draw's color as a uniform; the vertices that stay on the CPU
 *   (clipped slots, meshes deformed this frame, meshes of more than four influences)
 *   through the same fixed-function path as the CPU mode.
 *
 * With --screenshot it saves the last frame as a PPM and checks it: the drawn pixels must
 * fill the box around the render output's vertices and use the atlas pages' colours. With
 * --compare REF.ppm it also compares the frame with another run's screenshot (run.sh: the
 * GPU mode's with the CPU mode's, same rig, animation and frame steps).
 *
 *   sdl_gl ATLAS SKELETON [ANIMATION] [--frames N] [--gpu [--min-gpu-share PERCENT]]
 *          [--screenshot OUT.ppm [--compare REF.ppm]]
 *   cc main.c $(pkg-config --cflags --libs spine_native sdl2 SDL2_image gl) -o sdl_gl
 *
 * OpenGL 2.1 with GLSL 1.20 (any desktop driver, Mesa's llvmpipe). Dark colours
 * (two-colour tint) are ignored in both modes, so that they draw the same pixels: a
 * shader engine adds them in its fragment shader. */
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_opengl.h>
#include <spine_native.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIDTH 480
#define HEIGHT 480
#define MAX_PAGES 16
#define BACKGROUND_R 40
#define BACKGROUND_G 44
#define BACKGROUND_B 52

#define TRY(call)                                                                       \
    do {                                                                                \
        if ((call) != SPN_OK) {                                                         \
            fprintf(stderr, "%s failed: %s\n", #call, spn_last_error_message());        \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

static GLuint textures[MAX_PAGES];
static int page_pma[MAX_PAGES];
static unsigned char atlas_colours[4096]; /* 4-bit-per-channel RGB colours present in the pages */

static void remember_colours(const SDL_Surface *rgba) {
    int x, y;
    for (y = 0; y < rgba->h; y++) {
        const unsigned char *row = (const unsigned char *)rgba->pixels + y * rgba->pitch;
        for (x = 0; x < rgba->w; x++) {
            const unsigned char *p = row + 4 * x;
            int r, g, b, dr, dg, db;
            if (p[3] < 128) continue;
            r = p[0] >> 4, g = p[1] >> 4, b = p[2] >> 4;
            for (dr = -1; dr <= 1; dr++)
                for (dg = -1; dg <= 1; dg++)
                    for (db = -1; db <= 1; db++) {
                        int qr = r + dr, qg = g + dg, qb = b + db;
                        if (qr < 0 || qg < 0 || qb < 0 || qr > 15 || qg > 15 || qb > 15) continue;
                        atlas_colours[qr << 8 | qg << 4 | qb] = 1;
                    }
        }
    }
}

/* Uploads atlas page `i` (its image file next to the atlas) as a texture. */
static void upload_page(spn_atlas atlas, uint32_t i, const char *atlas_path) {
    spn_atlas_page_info page;
    char path[4096];
    const char *slash = strrchr(atlas_path, '/');
    int dir = slash ? (int)(slash - atlas_path + 1) : 0;
    SDL_Surface *image, *rgba;
    TRY(spn_atlas_page(atlas, i, &page));
    snprintf(path, sizeof path, "%.*s%s", dir, atlas_path, page.name);
    image = IMG_Load(path);
    if (!image) {
        fprintf(stderr, "cannot load page %s: %s\n", path, IMG_GetError());
        exit(1);
    }
    rgba = SDL_ConvertSurfaceFormat(image, SDL_PIXELFORMAT_ABGR8888, 0); /* bytes R, G, B, A */
    SDL_FreeSurface(image);
    remember_colours(rgba);
    glGenTextures(1, &textures[i]);
    glBindTexture(GL_TEXTURE_2D, textures[i]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba->pitch / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, rgba->w, rgba->h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba->pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    page_pma[i] = page.pma != 0;
    SDL_FreeSurface(rgba);
}

/* The blend function of an spn_blend mode (premultiplied or straight alpha). */
static void set_blend(uint32_t blend, int pma) {
    switch (blend) {
        case SPN_BLEND_ADDITIVE: glBlendFunc(pma ? GL_ONE : GL_SRC_ALPHA, GL_ONE); break;
        case SPN_BLEND_MULTIPLY: glBlendFunc(GL_DST_COLOR, GL_ONE_MINUS_SRC_ALPHA); break;
        case SPN_BLEND_SCREEN: glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_COLOR); break;
        default: glBlendFunc(pma ? GL_ONE : GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA); break;
    }
}

/* The CPU path: triangles of world positions, uvs and colours (RGBA bytes per vertex, or
 * one colour for all when `colours` is NULL) through the fixed-function pipeline. */
static void draw_cpu(uint32_t page, uint32_t blend, const float *positions, const float *uvs, int stride,
                     const unsigned char *colours, uint32_t colour, const uint16_t *indices, uint32_t index_count) {
    if (page >= MAX_PAGES) return;
    glBindTexture(GL_TEXTURE_2D, textures[page]);
    set_blend(blend, page_pma[page]);
    glVertexPointer(2, GL_FLOAT, stride, positions);
    glTexCoordPointer(2, GL_FLOAT, stride, uvs);
    if (colours) {
        glEnableClientState(GL_COLOR_ARRAY);
        glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours);
    } else { /* packed A<<24|R<<16|G<<8|B */
        glDisableClientState(GL_COLOR_ARRAY);
        glColor4ub((GLubyte)(colour >> 16), (GLubyte)(colour >> 8), (GLubyte)colour, (GLubyte)(colour >> 24));
    }
    glDrawElements(GL_TRIANGLES, (GLsizei)index_count, GL_UNSIGNED_SHORT, indices);
}

/* The CPU mode: one render output, per draw range its texture, blend mode and base vertex. */
static void draw(const spn_render_output *out, unsigned char *colours) {
    const spn_vertex *v = (const spn_vertex *)out->vertices;
    const uint16_t *indices = (const uint16_t *)out->indices;
    uint32_t i;
    for (i = 0; i < out->vertex_count; i++) { /* packed A<<24|R<<16|G<<8|B to R, G, B, A bytes */
        colours[4 * i + 0] = (unsigned char)(v[i].color >> 16);
        colours[4 * i + 1] = (unsigned char)(v[i].color >> 8);
        colours[4 * i + 2] = (unsigned char)v[i].color;
        colours[4 * i + 3] = (unsigned char)(v[i].color >> 24);
    }
    for (i = 0; i < out->range_count; i++) {
        const spn_draw_range *r = &out->ranges[i];
        draw_cpu(r->page, r->blend, &v[r->first_vertex].x, &v[r->first_vertex].u, (int)sizeof(spn_vertex),
                 colours + 4 * r->first_vertex, 0, indices + r->first_index, r->index_count);
    }
}

/* ---- GPU skinning ---------------------------------------------------------------------- */

/* OpenGL 1.5 / 2.0 entry points, through SDL (opengl32.dll and some libGL export only 1.1). */
#define GL_FUNCTIONS(X)                                                                 \
    X(PFNGLCREATESHADERPROC, CreateShader)                                              \
    X(PFNGLSHADERSOURCEPROC, ShaderSource)                                              \
    X(PFNGLCOMPILESHADERPROC, CompileShader)                                            \
    X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                \
    X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                      \
    X(PFNGLDELETESHADERPROC, DeleteShader)                                              \
    X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                            \
    X(PFNGLATTACHSHADERPROC, AttachShader)                                              \
    X(PFNGLBINDATTRIBLOCATIONPROC, BindAttribLocation)                                  \
    X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                \
    X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                              \
    X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                    \
    X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                            \
    X(PFNGLUSEPROGRAMPROC, UseProgram)                                                  \
    X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                  \
    X(PFNGLUNIFORM1IPROC, Uniform1i)                                                    \
    X(PFNGLUNIFORM4FPROC, Uniform4f)                                                    \
    X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                                  \
    X(PFNGLVERTEXATTRIBPOINTERPROC, VertexAttribPointer)                                \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, EnableVertexAttribArray)                        \
    X(PFNGLDISABLEVERTEXATTRIBARRAYPROC, DisableVertexAttribArray)                      \
    X(PFNGLGENBUFFERSPROC, GenBuffers)                                                  \
    X(PFNGLBINDBUFFERPROC, BindBuffer)                                                  \
    X(PFNGLBUFFERDATAPROC, BufferData)                                                  \
    X(PFNGLDELETEBUFFERSPROC, DeleteBuffers)
#define GL_FIELD(type, name) type name;
static struct { GL_FUNCTIONS(GL_FIELD) } gl;

/* The skinning vertex shader: docs/gpu-skinning.md's arithmetic, per influence
 * p = (lx·a + ly·b) + x, q = (lx·c + ly·d) + y, summed times the weights in influence order
 * from 0 (the CPU renderer's positions bit for bit when the GPU does not fuse a·b + c into
 * one rounding; GLSL 1.20 cannot forbid it, so run.sh allows for f32 rounding). Then the
 * same projection as the fixed-function path. Attributes are one spn_gpu_vertex (64 bytes):
 * the uint16 bone indices arrive as exact floats (GLSL 1.20 has no integer attributes). */
static const char *const skin_vertex_shader =
    "uniform vec4 u_palette[2 * BONES]; /* per bone: (a, c, b, d), (x, y, 0, 0) */\n"
    "attribute vec4 a_bones;\n"
    "attribute vec4 a_weights;\n"
    "attribute vec4 a_pos01; /* bone-local x0 y0 x1 y1 of influences 0 and 1 */\n"
    "attribute vec4 a_pos23;\n"
    "attribute vec2 a_uv;\n"
    "varying vec2 v_uv;\n"
    "vec2 influence(float bone, vec2 l) {\n"
    "    int e = 2 * int(bone);\n"
    "    vec4 m = u_palette[e];\n"
    "    vec2 t = u_palette[e + 1].xy;\n"
    "    return vec2(l.x * m.x + l.y * m.z + t.x, l.x * m.y + l.y * m.w + t.y);\n"
    "}\n"
    "void main() {\n"
    "    vec2 sum = vec2(0.0);\n"
    "    sum += influence(a_bones.x, a_pos01.xy) * a_weights.x;\n"
    "    sum += influence(a_bones.y, a_pos01.zw) * a_weights.y;\n"
    "    sum += influence(a_bones.z, a_pos23.xy) * a_weights.z;\n"
    "    sum += influence(a_bones.w, a_pos23.zw) * a_weights.w;\n"
    "    gl_Position = gl_ModelViewProjectionMatrix * vec4(sum, 0.0, 1.0);\n"
    "    v_uv = a_uv;\n"
    "}\n";

/* The fixed-function pipeline's GL_MODULATE: page texel times the draw's light colour. */
static const char *const skin_fragment_shader =
    "uniform sampler2D u_page;\n"
    "uniform vec4 u_color;\n"
    "varying vec2 v_uv;\n"
    "void main() {\n"
    "    gl_FragColor = texture2D(u_page, v_uv) * u_color;\n"
    "}\n";

enum { A_BONES, A_WEIGHTS, A_POS01, A_POS23, A_UV, ATTRIBUTES };
static const char *const attribute_names[ATTRIBUTES] = {"a_bones", "a_weights", "a_pos01", "a_pos23", "a_uv"};

typedef struct gpu_skinning {
    GLuint program, vertex_buffer, index_buffer;
    GLint palette, color, page;
    uint32_t bones;
    float *palette_vec4; /* 8 floats per bone: the uniform array's layout */
    spn_gpu_streams streams;
    unsigned long gpu_vertices, cpu_vertices; /* over every frame drawn */
} gpu_skinning;

static GLuint compile(GLenum type, const char *prefix, const char *source) {
    const char *sources[2];
    GLuint shader = gl.CreateShader(type);
    GLint ok = 0;
    sources[0] = prefix, sources[1] = source;
    gl.ShaderSource(shader, 2, sources, NULL);
    gl.CompileShader(shader);
    gl.GetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        gl.GetShaderInfoLog(shader, sizeof log, NULL, log);
        fprintf(stderr, "shader: %s\n", log);
        exit(1);
    }
    return shader;
}

/* Compiles the skinning program for `data`'s bones and uploads its static streams: once per
 * skeleton data, shared by every skeleton of it. */
static void gpu_init(gpu_skinning *g, spn_skeleton_data data) {
    char prefix[64];
    GLuint vs, fs;
    GLint ok = 0, max_components = 0, i;
#define LOAD_GL(type, name)                                                             \
    if (!(gl.name = (type)SDL_GL_GetProcAddress("gl" #name)))                           \
        fprintf(stderr, "no gl" #name " (OpenGL 2.0 needed)\n"), exit(1);
    GL_FUNCTIONS(LOAD_GL)
#undef LOAD_GL
    memset(g, 0, sizeof *g);
    TRY(spn_skeleton_data_count(data, SPN_ITEM_BONE, &g->bones));
    if (g->bones == 0) g->bones = 1;
    /* The palette as a uniform array takes 8 components per bone (2 vec4). OpenGL 2.1
     * promises 512 components; desktop drivers and llvmpipe give 4096 or more (500 bones).
     * Beyond that a float texture holds the palette. */
    glGetIntegerv(GL_MAX_VERTEX_UNIFORM_COMPONENTS, &max_components);
    if ((GLint)(8 * g->bones) + 64 > max_components) {
        fprintf(stderr, "%u bones need %u uniform components, the driver has %d\n", g->bones, 8 * g->bones + 64,
                max_components);
        exit(1);
    }
    snprintf(prefix, sizeof prefix, "#version 120\n#define BONES %u\n", g->bones);
    vs = compile(GL_VERTEX_SHADER, prefix, skin_vertex_shader);
    fs = compile(GL_FRAGMENT_SHADER, "#version 120\n", skin_fragment_shader);
    g->program = gl.CreateProgram();
    gl.AttachShader(g->program, vs);
    gl.AttachShader(g->program, fs);
    for (i = 0; i < ATTRIBUTES; i++) gl.BindAttribLocation(g->program, (GLuint)i, attribute_names[i]);
    gl.LinkProgram(g->program);
    gl.GetProgramiv(g->program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        gl.GetProgramInfoLog(g->program, sizeof log, NULL, log);
        fprintf(stderr, "program: %s\n", log);
        exit(1);
    }
    gl.DeleteShader(vs);
    gl.DeleteShader(fs);
    g->palette = gl.GetUniformLocation(g->program, "u_palette");
    g->color = gl.GetUniformLocation(g->program, "u_color");
    g->page = gl.GetUniformLocation(g->program, "u_page");
    gl.UseProgram(g->program);
    gl.Uniform1i(g->page, 0);
    gl.UseProgram(0);
    g->palette_vec4 = calloc(8 * (size_t)g->bones, sizeof(float));

    /* The static streams: every region and mesh of every skin, made once by the library. */
    g->streams.size = sizeof g->streams;
    TRY(spn_skeleton_data_gpu_streams(data, &g->streams));
    gl.GenBuffers(1, &g->vertex_buffer);
    gl.BindBuffer(GL_ARRAY_BUFFER, g->vertex_buffer);
    gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(g->streams.vertex_count * sizeof(spn_gpu_vertex)),
                  g->streams.vertices, GL_STATIC_DRAW);
    gl.GenBuffers(1, &g->index_buffer);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, g->index_buffer);
    gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(g->streams.index_count * sizeof(uint16_t)),
                  g->streams.indices, GL_STATIC_DRAW);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    printf("gpu: static streams %u vertices, %u indices, %u blocks (%u attachments; %u left on the CPU with more "
           "than 4 influences, %u on no single bone); palette of %u bones\n",
           g->streams.vertex_count, g->streams.index_count, g->streams.block_count, g->streams.eligible_attachments,
           g->streams.too_many_influences, g->streams.no_single_bone, g->bones);
}

/* Switches between the skinning program (generic attributes from the static buffers) and
 * the fixed-function CPU path (client arrays). */
static void use_skinning(const gpu_skinning *g, int on) {
    GLuint i;
    if (on) {
        glDisableClientState(GL_VERTEX_ARRAY);
        glDisableClientState(GL_TEXTURE_COORD_ARRAY);
        glDisableClientState(GL_COLOR_ARRAY);
        gl.UseProgram(g->program);
        gl.BindBuffer(GL_ARRAY_BUFFER, g->vertex_buffer);
        gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, g->index_buffer);
        for (i = 0; i < ATTRIBUTES; i++) gl.EnableVertexAttribArray(i);
    } else {
        for (i = 0; i < ATTRIBUTES; i++) gl.DisableVertexAttribArray(i);
        gl.BindBuffer(GL_ARRAY_BUFFER, 0);
        gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
        gl.UseProgram(0);
        glEnableClientState(GL_VERTEX_ARRAY);
        glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    }
}

/* The GPU mode: one frame of spn_renderer_render_gpu, its draws in draw order. */
static void draw_gpu(gpu_skinning *g, const spn_gpu_output *out) {
    uint32_t i, n = out->bone_count < g->bones ? out->bone_count : g->bones;
    int skinning = 0;
    /* The palette, 6 floats per bone (a, c, b, d, x, y), as the uniform array's 2 vec4. */
    for (i = 0; i < n; i++) {
        const float *e = out->palette + 6 * (size_t)i;
        float *u = g->palette_vec4 + 8 * (size_t)i;
        u[0] = e[0], u[1] = e[1], u[2] = e[2], u[3] = e[3], u[4] = e[4], u[5] = e[5];
    }
    gl.UseProgram(g->program);
    gl.Uniform4fv(g->palette, (GLsizei)(2 * g->bones), g->palette_vec4);
    gl.UseProgram(0);
    for (i = 0; i < out->draw_count; i++) {
        const spn_gpu_draw *d = &out->draws[i];
        if (d->page >= MAX_PAGES) continue;
        if (d->block != SPN_NO_BLOCK) {
            /* A static block: its vertices start at first_vertex of the vertex buffer, its
             * indices (relative to that vertex) at first_index of the index buffer. */
            const size_t base = d->first_vertex * sizeof(spn_gpu_vertex);
            if (!skinning) use_skinning(g, skinning = 1);
            glBindTexture(GL_TEXTURE_2D, textures[d->page]);
            set_blend(d->blend, page_pma[d->page]);
            gl.Uniform4f(g->color, (float)((d->color >> 16) & 0xFF) / 255.0f, (float)((d->color >> 8) & 0xFF) / 255.0f,
                         (float)(d->color & 0xFF) / 255.0f, (float)(d->color >> 24) / 255.0f);
#define AT(field) ((const void *)(uintptr_t)(base + offsetof(spn_gpu_vertex, field)))
            gl.VertexAttribPointer(A_BONES, 4, GL_UNSIGNED_SHORT, GL_FALSE, sizeof(spn_gpu_vertex), AT(bones));
            gl.VertexAttribPointer(A_WEIGHTS, 4, GL_FLOAT, GL_FALSE, sizeof(spn_gpu_vertex), AT(weights));
            gl.VertexAttribPointer(A_POS01, 4, GL_FLOAT, GL_FALSE, sizeof(spn_gpu_vertex), AT(positions[0]));
            gl.VertexAttribPointer(A_POS23, 4, GL_FLOAT, GL_FALSE, sizeof(spn_gpu_vertex), AT(positions[4]));
            gl.VertexAttribPointer(A_UV, 2, GL_FLOAT, GL_FALSE, sizeof(spn_gpu_vertex), AT(u));
#undef AT
            glDrawElements(GL_TRIANGLES, (GLsizei)d->index_count, GL_UNSIGNED_SHORT,
                           (const void *)(uintptr_t)(d->first_index * sizeof(uint16_t)));
        } else {
            /* On the CPU: its run of the frame's CPU vertices, through the CPU path. */
            if (skinning) use_skinning(g, skinning = 0);
            draw_cpu(d->page, d->blend, out->cpu_positions + 2 * (size_t)d->first_vertex,
                     out->cpu_uvs + 2 * (size_t)d->first_vertex, 0, NULL, d->color, out->cpu_indices + d->first_index,
                     d->index_count);
        }
    }
    if (skinning) use_skinning(g, 0);
    g->gpu_vertices += out->coverage.gpu_vertices;
    g->cpu_vertices += out->coverage.cpu_vertices;
}

static void gpu_destroy(gpu_skinning *g) {
    gl.DeleteBuffers(1, &g->vertex_buffer);
    gl.DeleteBuffers(1, &g->index_buffer);
    gl.DeleteProgram(g->program);
    free(g->palette_vec4);
}

/* ---- Checks ------------------------------------------------------------------------------ */

/* Checks the screenshot; returns 0 when it passes. */
static int check(const unsigned char *rgb, const spn_render_output *out, const float view[4]) {
    float min_x = 1e30f, min_y = 1e30f, max_x = -1e30f, max_y = -1e30f;
    int x0, y0, x1, y1, x, y, drawn = 0, inside = 0, atlas_like = 0, box_area;
    int seen_x0 = WIDTH, seen_y0 = HEIGHT, seen_x1 = -1, seen_y1 = -1, slack_x, slack_y;
    const spn_vertex *v = (const spn_vertex *)out->vertices;
    uint32_t i;
    for (i = 0; i < out->vertex_count; i++) {
        min_x = fminf(min_x, v[i].x), max_x = fmaxf(max_x, v[i].x);
        min_y = fminf(min_y, v[i].y), max_y = fmaxf(max_y, v[i].y);
    }
    /* World to screen rows (row 0 at the top of the saved image). */
    x0 = (int)floorf((min_x - view[0]) / (view[1] - view[0]) * WIDTH);
    x1 = (int)ceilf((max_x - view[0]) / (view[1] - view[0]) * WIDTH);
    y0 = (int)floorf((view[3] - max_y) / (view[3] - view[2]) * HEIGHT);
    y1 = (int)ceilf((view[3] - min_y) / (view[3] - view[2]) * HEIGHT);
    box_area = (x1 - x0) * (y1 - y0);
    for (y = 0; y < HEIGHT; y++)
        for (x = 0; x < WIDTH; x++) {
            const unsigned char *p = rgb + 3 * (y * WIDTH + x);
            if (abs(p[0] - BACKGROUND_R) + abs(p[1] - BACKGROUND_G) + abs(p[2] - BACKGROUND_B) <= 6) continue;
            drawn++;
            if (x >= x0 - 2 && x <= x1 + 2 && y >= y0 - 2 && y <= y1 + 2) inside++;
            if (x < seen_x0) seen_x0 = x;
            if (x > seen_x1) seen_x1 = x;
            if (y < seen_y0) seen_y0 = y;
            if (y > seen_y1) seen_y1 = y;
            atlas_like += atlas_colours[(p[0] >> 4) << 8 | (p[1] >> 4) << 4 | (p[2] >> 4)];
        }
    printf("screenshot: %d drawn pixels, %.1f%% of the render box %d,%d..%d,%d; drawn extent %d,%d..%d,%d; "
           "%.1f%% inside the box; %.1f%% in atlas colours\n",
           drawn, box_area > 0 ? 100.0 * inside / box_area : 0.0, x0, y0, x1, y1, seen_x0, seen_y0, seen_x1, seen_y1,
           drawn ? 100.0 * inside / drawn : 0.0, drawn ? 100.0 * atlas_like / drawn : 0.0);
    if (box_area < 400 || drawn < box_area / 10) return fprintf(stderr, "check: too few pixels drawn\n"), 1;
    if (inside < drawn * 99 / 100) return fprintf(stderr, "check: pixels drawn outside the render box\n"), 1;
    /* Attachment quads have transparent margins: the drawn extent reaches the box within 4%. */
    slack_x = 3 + (x1 - x0) / 25, slack_y = 3 + (y1 - y0) / 25;
    if (abs(seen_x0 - x0) > slack_x || abs(seen_x1 - (x1 - 1)) > slack_x || abs(seen_y0 - y0) > slack_y ||
        abs(seen_y1 - (y1 - 1)) > slack_y)
        return fprintf(stderr, "check: the drawn pixels do not reach the render box's edges\n"), 1;
    if (atlas_like < drawn * 85 / 100) return fprintf(stderr, "check: colours are not the atlas pages'\n"), 1;
    return 0;
}

/* Compares the screenshot with another run's (a PPM of the same size): a pixel differs when
 * a channel differs by more than COMPARE_LEVEL; at most COMPARE_PER_MILLE of the pixels drawn
 * in either may. See README.md for why these values. Returns 0 when it passes. */
#define COMPARE_LEVEL 2
#define COMPARE_PER_MILLE 2
static int compare(const unsigned char *rgb, const char *path) {
    FILE *f = fopen(path, "rb");
    unsigned char *ref;
    int w = 0, h = 0, max = 0, i, drawn = 0, changed = 0, differing = 0, worst = 0;
    if (!f || fscanf(f, "P6 %d %d %d", &w, &h, &max) != 3 || max != 255 || w != WIDTH || h != HEIGHT ||
        fgetc(f) == EOF)
        return fprintf(stderr, "compare: cannot read %s as a %dx%d PPM\n", path, WIDTH, HEIGHT), 1;
    ref = malloc(WIDTH * HEIGHT * 3);
    if (fread(ref, 1, WIDTH * HEIGHT * 3, f) != WIDTH * HEIGHT * 3)
        return fprintf(stderr, "compare: %s is short\n", path), 1;
    fclose(f);
    for (i = 0; i < WIDTH * HEIGHT; i++) {
        const unsigned char *p = rgb + 3 * i, *q = ref + 3 * i;
        int c, diff = 0;
        if (abs(p[0] - BACKGROUND_R) + abs(p[1] - BACKGROUND_G) + abs(p[2] - BACKGROUND_B) > 6 ||
            abs(q[0] - BACKGROUND_R) + abs(q[1] - BACKGROUND_G) + abs(q[2] - BACKGROUND_B) > 6)
            drawn++;
        for (c = 0; c < 3; c++)
            if (abs(p[c] - q[c]) > diff) diff = abs(p[c] - q[c]);
        if (diff > worst) worst = diff;
        changed += diff > 0;
        differing += diff > COMPARE_LEVEL;
    }
    free(ref);
    printf("compare with %s: %d of %d drawn pixels differ by more than %d (%.3f%%; allowed %.1f%%), "
           "%d at all; largest difference %d\n",
           path, differing, drawn, COMPARE_LEVEL, drawn ? 100.0 * differing / drawn : 0.0, COMPARE_PER_MILLE / 10.0,
           changed, worst);
    if (drawn == 0 || differing * 1000 > drawn * COMPARE_PER_MILLE)
        return fprintf(stderr, "compare: the frames differ\n"), 1;
    return 0;
}

/* Saves the frame as a PPM (rows top to bottom) and returns its pixels. */
static unsigned char *screenshot(const char *path) {
    unsigned char *rgb = malloc(WIDTH * HEIGHT * 3), *flipped = malloc(WIDTH * HEIGHT * 3);
    FILE *f = fopen(path, "wb");
    int y;
    if (!f) fprintf(stderr, "cannot write %s\n", path), exit(1);
    glFinish();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    for (y = 0; y < HEIGHT; y++) memcpy(flipped + y * WIDTH * 3, rgb + (HEIGHT - 1 - y) * WIDTH * 3, WIDTH * 3);
    fprintf(f, "P6\n%d %d\n255\n", WIDTH, HEIGHT);
    fwrite(flipped, 1, WIDTH * HEIGHT * 3, f);
    fclose(f);
    free(rgb);
    return flipped;
}

int main(int argc, char **argv) {
    const char *atlas_path, *skeleton_path, *animation = "walk", *screenshot_path = NULL, *compare_path = NULL;
    int frames = 120, frame, i, status = 0, gpu_mode = 0;
    double min_gpu_share = 0;
    spn_atlas atlas;
    spn_skeleton_data data;
    spn_skeleton skeleton;
    spn_animation_state_data mixes;
    spn_animation_state state;
    spn_renderer renderer;
    spn_render_options options;
    spn_render_output out;
    spn_gpu_output gpu_out;
    gpu_skinning gpu;
    spn_rect bounds;
    uint32_t pages, found, p;
    unsigned char *colours = NULL;
    size_t colour_capacity = 0;
    float view[4];
    SDL_Window *window;
    SDL_GLContext context;

    if (argc < 3) {
        fprintf(stderr,
                "usage: %s ATLAS SKELETON [ANIMATION] [--frames N] [--gpu [--min-gpu-share PERCENT]] "
                "[--screenshot OUT.ppm [--compare REF.ppm]]\n",
                argv[0]);
        return 2;
    }
    atlas_path = argv[1], skeleton_path = argv[2];
    for (i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) screenshot_path = argv[++i];
        else if (strcmp(argv[i], "--compare") == 0 && i + 1 < argc) compare_path = argv[++i];
        else if (strcmp(argv[i], "--gpu") == 0) gpu_mode = 1;
        else if (strcmp(argv[i], "--min-gpu-share") == 0 && i + 1 < argc) min_gpu_share = atof(argv[++i]);
        else animation = argv[i];
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()), 1;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 1);
    window = SDL_CreateWindow("spine_native", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, WIDTH, HEIGHT,
                              SDL_WINDOW_OPENGL);
    if (!window) return fprintf(stderr, "SDL_CreateWindow: %s\n", SDL_GetError()), 1;
    context = SDL_GL_CreateContext(window);
    if (!context) return fprintf(stderr, "SDL_GL_CreateContext: %s\n", SDL_GetError()), 1;
    printf("GL: %s / %s; %s mode\n", (const char *)glGetString(GL_RENDERER), (const char *)glGetString(GL_VERSION),
           gpu_mode ? "GPU-skinning" : "CPU");

    TRY(spn_atlas_load_file(atlas_path, &atlas));
    TRY(spn_skeleton_data_load_file(skeleton_path, atlas, 1.0f, &data));
    TRY(spn_atlas_page_count(atlas, &pages));
    for (p = 0; p < pages && p < MAX_PAGES; p++) upload_page(atlas, p, atlas_path);
    if (gpu_mode) gpu_init(&gpu, data);
    TRY(spn_skeleton_create(data, &skeleton));
    TRY(spn_animation_state_data_create(data, &mixes));
    TRY(spn_animation_state_create(mixes, &state));
    TRY(spn_animation_state_set_animation_by_name(state, 0, animation, 1, NULL));
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    options.layout = SPN_LAYOUT_INTERLEAVED;
    options.premultiplied_alpha = (uint32_t)page_pma[0]; /* vertex colours to match the textures */
    TRY(spn_renderer_create(&options, &renderer));

    /* The view: the setup pose's box with a margin, y up. */
    TRY(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
    TRY(spn_skeleton_bounds(skeleton, &bounds, &found));
    if (!found) bounds.x = -100, bounds.y = -100, bounds.width = 200, bounds.height = 200;
    {
        float size = fmaxf(bounds.width, bounds.height) * 1.3f;
        float cx = bounds.x + bounds.width / 2, cy = bounds.y + bounds.height / 2;
        view[0] = cx - size / 2, view[1] = cx + size / 2, view[2] = cy - size / 2, view[3] = cy + size / 2;
    }
    glViewport(0, 0, WIDTH, HEIGHT);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(view[0], view[1], view[2], view[3], -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glEnable(GL_TEXTURE_2D);
    glEnable(GL_BLEND);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    memset(&out, 0, sizeof out);
    memset(&gpu_out, 0, sizeof gpu_out);

    for (frame = 0; frame < frames; frame++) {
        SDL_Event event;
        const double dt = 1.0 / 60.0;
        while (SDL_PollEvent(&event))
            if (event.type == SDL_QUIT) frame = frames;
        TRY(spn_animation_state_update(state, dt));
        TRY(spn_animation_state_apply(state, skeleton));
        TRY(spn_animation_state_clear_events(state));
        TRY(spn_skeleton_update(skeleton, dt));
        TRY(spn_skeleton_update_world_transform(skeleton, SPN_PHYSICS_UPDATE));
        glClearColor(BACKGROUND_R / 255.0f, BACKGROUND_G / 255.0f, BACKGROUND_B / 255.0f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        if (gpu_mode) {
            gpu_out.size = sizeof gpu_out;
            TRY(spn_renderer_render_gpu(renderer, skeleton, &gpu_out));
            draw_gpu(&gpu, &gpu_out);
        } else {
            out.size = sizeof out;
            TRY(spn_renderer_render(renderer, skeleton, &out));
            if (out.vertex_count * 4 > colour_capacity) {
                colour_capacity = out.vertex_count * 4 * 2;
                colours = realloc(colours, colour_capacity);
            }
            draw(&out, colours);
        }
        if (frame == frames - 1 && screenshot_path) {
            unsigned char *rgb = screenshot(screenshot_path);
            if (gpu_mode) { /* the check's render box: the CPU renderer's vertices of this pose */
                out.size = sizeof out;
                TRY(spn_renderer_render(renderer, skeleton, &out));
            }
            status = check(rgb, &out, view);
            if (compare_path && compare(rgb, compare_path)) status = 1;
            free(rgb);
        }
        SDL_GL_SwapWindow(window);
    }
    if (gpu_mode) {
        unsigned long all = gpu.gpu_vertices + gpu.cpu_vertices;
        double share = all ? 100.0 * (double)gpu.gpu_vertices / (double)all : 0.0;
        printf("%d frames of %s, last: %u draws (%u skinned on the GPU: %u vertices; %u on the CPU: %u vertices, "
               "%u clipped, %u deformed, %u ineligible draws); all frames: %.1f%% of %lu vertices skinned on the "
               "GPU\n",
               frames, animation, gpu_out.draw_count, gpu_out.coverage.gpu_draws, gpu_out.coverage.gpu_vertices,
               gpu_out.coverage.cpu_draws, gpu_out.coverage.cpu_vertices, gpu_out.coverage.clipped_draws,
               gpu_out.coverage.deformed_draws, gpu_out.coverage.ineligible_draws,
               share, all);
        /* A run.sh guard: a comparison with the CPU mode shows nothing if the CPU drew it all. */
        if (share < min_gpu_share) {
            fprintf(stderr, "%.1f%% of the vertices skinned on the GPU, expected at least %.1f%%\n", share,
                    min_gpu_share);
            status = 1;
        }
        gpu_destroy(&gpu);
    } else {
        printf("%d frames of %s, last: %u vertices in %u draw ranges\n", frames, animation, out.vertex_count,
               out.range_count);
    }

    free(colours);
    TRY(spn_renderer_destroy(renderer));
    TRY(spn_animation_state_destroy(state));
    TRY(spn_animation_state_data_destroy(mixes));
    TRY(spn_skeleton_destroy(skeleton));
    TRY(spn_skeleton_data_destroy(data));
    TRY(spn_atlas_destroy(atlas));
    glDeleteTextures((GLsizei)(pages < MAX_PAGES ? pages : MAX_PAGES), textures);
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
