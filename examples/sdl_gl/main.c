/* sdl_gl: spine_native in a small SDL2 + OpenGL engine loop.
 *
 * Loads an atlas and a skeleton, uploads every atlas page as a texture, plays an
 * animation and draws each frame's draw ranges with their page texture and blend mode
 * (interleaved vertices, 16-bit indices relative to the range's first vertex). With
 * --screenshot it saves the last frame as a PPM and checks it: the drawn pixels must fill
 * the box around the render output's vertices and use the atlas pages' colours.
 *
 *   sdl_gl ATLAS SKELETON [ANIMATION] [--frames N] [--screenshot OUT.ppm]
 *   cc main.c $(pkg-config --cflags --libs spine_native sdl2 SDL2_image gl) -o sdl_gl
 *
 * Dark colours (two-colour tint) need a shader and are ignored by this fixed-function
 * renderer. */
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_opengl.h>
#include <spine_native.h>

#include <math.h>
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

/* Draws one render output: per draw range, its texture, blend mode and base vertex. */
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
        if (r->page >= MAX_PAGES) continue;
        glBindTexture(GL_TEXTURE_2D, textures[r->page]);
        set_blend(r->blend, page_pma[r->page]);
        glVertexPointer(2, GL_FLOAT, sizeof(spn_vertex), &v[r->first_vertex].x);
        glTexCoordPointer(2, GL_FLOAT, sizeof(spn_vertex), &v[r->first_vertex].u);
        glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours + 4 * r->first_vertex);
        glDrawElements(GL_TRIANGLES, (GLsizei)r->index_count, GL_UNSIGNED_SHORT, indices + r->first_index);
    }
}

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

int main(int argc, char **argv) {
    const char *atlas_path, *skeleton_path, *animation = "walk", *screenshot = NULL;
    int frames = 120, frame, i, status = 0;
    spn_atlas atlas;
    spn_skeleton_data data;
    spn_skeleton skeleton;
    spn_animation_state_data mixes;
    spn_animation_state state;
    spn_renderer renderer;
    spn_render_options options;
    spn_render_output out;
    spn_rect bounds;
    uint32_t pages, found, p;
    unsigned char *colours = NULL;
    size_t colour_capacity = 0;
    float view[4];
    SDL_Window *window;
    SDL_GLContext context;

    if (argc < 3) {
        fprintf(stderr, "usage: %s ATLAS SKELETON [ANIMATION] [--frames N] [--screenshot OUT.ppm]\n", argv[0]);
        return 2;
    }
    atlas_path = argv[1], skeleton_path = argv[2];
    for (i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) frames = atoi(argv[++i]);
        else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) screenshot = argv[++i];
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
    printf("GL: %s / %s\n", (const char *)glGetString(GL_RENDERER), (const char *)glGetString(GL_VERSION));

    TRY(spn_atlas_load_file(atlas_path, &atlas));
    TRY(spn_skeleton_data_load_file(skeleton_path, atlas, 1.0f, &data));
    TRY(spn_atlas_page_count(atlas, &pages));
    for (p = 0; p < pages && p < MAX_PAGES; p++) upload_page(atlas, p, atlas_path);
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
    glEnableClientState(GL_COLOR_ARRAY);

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
        out.size = sizeof out;
        TRY(spn_renderer_render(renderer, skeleton, &out));
        if (out.vertex_count * 4 > colour_capacity) {
            colour_capacity = out.vertex_count * 4 * 2;
            colours = realloc(colours, colour_capacity);
        }
        glClearColor(BACKGROUND_R / 255.0f, BACKGROUND_G / 255.0f, BACKGROUND_B / 255.0f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        draw(&out, colours);
        if (frame == frames - 1 && screenshot) {
            unsigned char *rgb = malloc(WIDTH * HEIGHT * 3), *flipped = malloc(WIDTH * HEIGHT * 3);
            FILE *f = fopen(screenshot, "wb");
            glFinish();
            glPixelStorei(GL_PACK_ALIGNMENT, 1);
            glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGB, GL_UNSIGNED_BYTE, rgb);
            for (i = 0; i < HEIGHT; i++) memcpy(flipped + i * WIDTH * 3, rgb + (HEIGHT - 1 - i) * WIDTH * 3, WIDTH * 3);
            if (!f) return fprintf(stderr, "cannot write %s\n", screenshot), 1;
            fprintf(f, "P6\n%d %d\n255\n", WIDTH, HEIGHT);
            fwrite(flipped, 1, WIDTH * HEIGHT * 3, f);
            fclose(f);
            status = check(flipped, &out, view);
            free(rgb);
            free(flipped);
        }
        SDL_GL_SwapWindow(window);
    }
    printf("%d frames of %s, last: %u vertices in %u draw ranges\n", frames, animation, out.vertex_count, out.range_count);

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
