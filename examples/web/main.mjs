// spine_native in a browser: the WebAssembly module through bindings/js, drawn with WebGL2.
//
// Query parameters (all optional):
//   atlas=URL  skel=URL (.skel, or .json)  anim=NAME  skin=NAME  crowd=N (N skeletons in one
//   batched crowd render)  frames=N (test mode: N frames of 1/60 s, then stop and set
//   window.spineDemo.done; the overlay is hidden)  mode=gpu (GPU skinning, one skeleton)
// Default: spineboy from the corpus, served under /corpus/ by serve.mjs.
//
// WebGL2 has no base-vertex draw, and the render output's indices are relative to each draw
// range's first vertex: each range sets the vertex attribute pointers at its first vertex's
// byte offset in the one vertex buffer, then draws its indices. The module's buffers are
// uploaded straight from its memory (typed-array views, no copy); a frame allocates nothing.
//
// mode=gpu: GPU skinning (docs/gpu-skinning.md). The data's static streams go into a vertex
// and an index buffer once; each frame uploads the bone palette (6 floats a bone) into an
// RGB32F texture (two texels a bone) straight from the module's memory, and draws the
// frame's draws in draw order: a static block through SKIN_SHADER (the document's
// arithmetic) at its first vertex's byte offset, or a run of the frame's CPU vertices through
// the CPU mode's shader, with the draw's colours as constant attributes.
import * as sn from "../../bindings/js/spine_native.mjs";
import { createScene, vertexBounds, viewFor } from "./scene.mjs";

const params = new URLSearchParams(location.search);
const demo = (window.spineDemo = { frames: 0, done: false, error: null, view: null, width: 0, height: 0 });
window.addEventListener("error", (e) => (demo.error = String(e.message)));
window.addEventListener("unhandledrejection", (e) => (demo.error = String(e.reason?.stack ?? e.reason)));

const VERTEX_SHADER = `#version 300 es
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_light; // packed A<<24|R<<16|G<<8|B: bytes B, G, R, A
layout(location = 3) in vec4 a_dark;
uniform vec4 u_view; // world x0, y0, x1, y1
out vec2 v_uv;
out vec4 v_light;
out vec4 v_dark;
void main() {
  gl_Position = vec4((a_position - u_view.xy) / (u_view.zw - u_view.xy) * 2.0 - 1.0, 0.0, 1.0);
  v_uv = a_uv;
  v_light = a_light.zyxw;
  v_dark = a_dark.zyxw;
}`;

// GPU skinning: spn_gpu_vertex (64 bytes: bones 4 × uint16, weights 4 × float, bone-local
// positions 8 × float, u, v) and the palette texture (texel 2·bone = a, c, b; texel 2·bone + 1
// = d, x, y). Per influence, in order: p = (lx·a + ly·b) + x, q = (lx·c + ly·d) + y, summed
// times its weight from 0 (docs/gpu-skinning.md).
const SKIN_SHADER = `#version 300 es
layout(location = 0) in uvec4 a_bones;
layout(location = 1) in vec4 a_weights;
layout(location = 2) in vec4 a_pos01;
layout(location = 3) in vec4 a_pos23;
layout(location = 4) in vec2 a_uv;
uniform highp sampler2D u_palette;
uniform vec4 u_view;
uniform vec4 u_light; // the draw's colours, r, g, b, a
uniform vec4 u_dark;
out vec2 v_uv;
out vec4 v_light;
out vec4 v_dark;
vec2 influence(uint bone, vec2 l) {
  int t = 2 * int(bone);
  vec3 acb = texelFetch(u_palette, ivec2(t, 0), 0).xyz;
  vec3 dxy = texelFetch(u_palette, ivec2(t + 1, 0), 0).xyz;
  return vec2((l.x * acb.x + l.y * acb.z) + dxy.y, (l.x * acb.y + l.y * dxy.x) + dxy.z);
}
void main() {
  vec2 sum = vec2(0.0);
  sum += influence(a_bones.x, a_pos01.xy) * a_weights.x;
  sum += influence(a_bones.y, a_pos01.zw) * a_weights.y;
  sum += influence(a_bones.z, a_pos23.xy) * a_weights.z;
  sum += influence(a_bones.w, a_pos23.zw) * a_weights.w;
  gl_Position = vec4((sum - u_view.xy) / (u_view.zw - u_view.xy) * 2.0 - 1.0, 0.0, 1.0);
  v_uv = a_uv;
  v_light = u_light;
  v_dark = u_dark;
}`;

// Two-colour tint, as the official WebGL runtime's shader (dark alpha: 1 for premultiplied pages).
const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
uniform sampler2D u_texture;
uniform float u_pma;
in vec2 v_uv;
in vec4 v_light;
in vec4 v_dark;
out vec4 color;
void main() {
  vec4 t = texture(u_texture, v_uv);
  color.a = t.a * v_light.a;
  color.rgb = ((t.a - 1.0) * u_pma + 1.0 - t.rgb) * v_dark.rgb + t.rgb * v_light.rgb;
}`;

function compile(gl, type, source) {
  const s = gl.createShader(type);
  gl.shaderSource(s, source);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
  return s;
}

function program(gl, vertexShader = VERTEX_SHADER) {
  const p = gl.createProgram();
  gl.attachShader(p, compile(gl, gl.VERTEX_SHADER, vertexShader));
  gl.attachShader(p, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(p));
  return p;
}

async function fetchOk(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

/** Uploads atlas page `index` (its image beside the atlas) as a texture. */
async function pageTexture(gl, atlas, index, atlasUrl) {
  const page = atlas.page(index);
  const blob = await (await fetchOk(new URL(page.name, atlasUrl))).blob();
  // The pixels as stored: a premultiplied page stays premultiplied.
  const image = await createImageBitmap(blob, { premultiplyAlpha: "none", colorSpaceConversion: "none" });
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return { texture, pma: page.pma };
}

function setBlend(gl, blend, pma) {
  switch (blend) {
    case sn.Blend.ADDITIVE:
      gl.blendFuncSeparate(pma ? gl.ONE : gl.SRC_ALPHA, gl.ONE, gl.ONE, gl.ONE);
      break;
    case sn.Blend.MULTIPLY:
      gl.blendFuncSeparate(gl.DST_COLOR, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      break;
    case sn.Blend.SCREEN:
      gl.blendFuncSeparate(gl.ONE, gl.ONE_MINUS_SRC_COLOR, gl.ONE, gl.ONE_MINUS_SRC_COLOR);
      break;
    default:
      gl.blendFuncSeparate(pma ? gl.ONE : gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  }
}

/** The GPU-skinning mode's GL objects, made once: the static streams in a vertex and an index
 * buffer, the palette texture, the skinning program, the CPU draws' buffers. Returns the
 * per-frame draw (allocates nothing): draws `out` (a GpuOutput) in draw order and returns the
 * number of draw calls. */
function gpuPath(gl, scene, cpuProg, pages, view) {
  const streams = scene.data.gpuStreams();
  const skin = program(gl, SKIN_SHADER);
  gl.useProgram(skin);
  gl.uniform1i(gl.getUniformLocation(skin, "u_texture"), 0);
  gl.uniform1i(gl.getUniformLocation(skin, "u_palette"), 1);
  gl.uniform4f(gl.getUniformLocation(skin, "u_view"), view[0], view[1], view[2], view[3]);
  const uSkinPma = gl.getUniformLocation(skin, "u_pma");
  const uLight = gl.getUniformLocation(skin, "u_light"), uDark = gl.getUniformLocation(skin, "u_dark");
  const uCpuPma = gl.getUniformLocation(cpuProg, "u_pma");

  // Static streams: uploaded once (views of the module's memory, no copy).
  const skinVao = gl.createVertexArray();
  gl.bindVertexArray(skinVao);
  const staticVbo = gl.createBuffer(), staticIbo = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, staticVbo);
  gl.bufferData(gl.ARRAY_BUFFER, streams.vertices, gl.STATIC_DRAW);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, staticIbo);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, streams.indices, gl.STATIC_DRAW);
  for (let a = 0; a < 5; a++) gl.enableVertexAttribArray(a);

  // The CPU draws: positions, uvs and indices each frame; colours constant per draw.
  const cpuVao = gl.createVertexArray();
  gl.bindVertexArray(cpuVao);
  const cpuPositions = gl.createBuffer(), cpuUvs = gl.createBuffer(), cpuIbo = gl.createBuffer();
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, cpuIbo);
  gl.enableVertexAttribArray(0);
  gl.enableVertexAttribArray(1);

  // The palette: 2 RGB32F texels a bone, one row.
  const bones = scene.data.count(sn.Item.BONE);
  if (2 * bones > gl.getParameter(gl.MAX_TEXTURE_SIZE)) throw new Error(`${bones} bones: the palette texture is too wide`);
  const palette = gl.createTexture();
  gl.activeTexture(gl.TEXTURE1);
  gl.bindTexture(gl.TEXTURE_2D, palette);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGB32F, Math.max(2 * bones, 1), 1);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.activeTexture(gl.TEXTURE0);

  const W = sn.GpuDrawWord, STRIDE = sn.GPU_DRAW_STRIDE, VS = sn.GPU_VERTEX_SIZE;
  return function drawGpu(out, aLight, aDark) {
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.activeTexture(gl.TEXTURE1);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, 2 * out.boneCount, 1, gl.RGB, gl.FLOAT, out.palette);
    gl.activeTexture(gl.TEXTURE0);
    if (out.cpuVertexCount > 0) {
      gl.bindVertexArray(cpuVao);
      gl.bindBuffer(gl.ARRAY_BUFFER, cpuPositions);
      gl.bufferData(gl.ARRAY_BUFFER, out.cpuPositions, gl.STREAM_DRAW);
      gl.bindBuffer(gl.ARRAY_BUFFER, cpuUvs);
      gl.bufferData(gl.ARRAY_BUFFER, out.cpuUvs, gl.STREAM_DRAW);
      gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, out.cpuIndices, gl.STREAM_DRAW);
    }
    const draws = out.draws, n = out.drawCount;
    let boundPage = -1, boundBlend = -1, onGpu = -1;
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      const block = draws[o + W.BLOCK], firstVertex = draws[o + W.FIRST_VERTEX];
      const firstIndex = draws[o + W.FIRST_INDEX], indexCount = draws[o + W.INDEX_COUNT];
      const page = draws[o + W.PAGE], blend = draws[o + W.BLEND];
      const light = draws[o + W.COLOR], dark = draws[o + W.DARK_COLOR];
      // Packed A<<24|R<<16|G<<8|B.
      const r = ((light >>> 16) & 255) / 255, g = ((light >>> 8) & 255) / 255, b = (light & 255) / 255, a = (light >>> 24) / 255;
      const dr = ((dark >>> 16) & 255) / 255, dg = ((dark >>> 8) & 255) / 255, db = (dark & 255) / 255, da = (dark >>> 24) / 255;
      const gpu = block !== sn.NO_BLOCK;
      if (gpu !== (onGpu === 1)) {
        gl.useProgram(gpu ? skin : cpuProg);
        gl.bindVertexArray(gpu ? skinVao : cpuVao);
        onGpu = gpu ? 1 : 0;
        boundPage = -1;
      }
      const p = pages[page];
      if (page !== boundPage) {
        gl.bindTexture(gl.TEXTURE_2D, p.texture);
        gl.uniform1f(gpu ? uSkinPma : uCpuPma, p.pma ? 1 : 0);
        boundPage = page;
      }
      if (blend !== boundBlend) {
        setBlend(gl, blend, p.pma);
        boundBlend = blend;
      }
      if (gpu) {
        gl.bindBuffer(gl.ARRAY_BUFFER, staticVbo);
        const base = firstVertex * VS;
        gl.vertexAttribIPointer(0, 4, gl.UNSIGNED_SHORT, VS, base);
        gl.vertexAttribPointer(1, 4, gl.FLOAT, false, VS, base + 8);
        gl.vertexAttribPointer(2, 4, gl.FLOAT, false, VS, base + 24);
        gl.vertexAttribPointer(3, 4, gl.FLOAT, false, VS, base + 40);
        gl.vertexAttribPointer(4, 2, gl.FLOAT, false, VS, base + 56);
        gl.uniform4f(uLight, r, g, b, a);
        gl.uniform4f(uDark, dr, dg, db, da);
      } else {
        gl.bindBuffer(gl.ARRAY_BUFFER, cpuPositions);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 8, firstVertex * 8);
        gl.bindBuffer(gl.ARRAY_BUFFER, cpuUvs);
        gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 8, firstVertex * 8);
        // The CPU program reads the packed colours' bytes B, G, R, A and swizzles them.
        gl.vertexAttrib4f(aLight, b, g, r, a);
        gl.vertexAttrib4f(aDark, db, dg, dr, da);
      }
      gl.drawElements(gl.TRIANGLES, indexCount, gl.UNSIGNED_SHORT, firstIndex * 2);
    }
    return n;
  };
}

async function main() {
  const testFrames = params.has("frames") ? Math.max(1, parseInt(params.get("frames"), 10)) : 0;
  const atlasUrl = new URL(params.get("atlas") ?? "/corpus/rigs/spineboy/spineboy-pma.atlas", location.href);
  const skelUrl = new URL(params.get("skel") ?? "/corpus/rigs/spineboy/spineboy-pro.skel", location.href);
  const crowdSize = Math.max(0, parseInt(params.get("crowd") ?? "0", 10) || 0);
  const gpuMode = params.get("mode") === "gpu";
  const info = document.getElementById("info");
  if (testFrames) info.hidden = true;

  await sn.init(new URL("../../bindings/js/spine_native.wasm", import.meta.url));
  const json = skelUrl.pathname.endsWith(".json");
  const [atlasText, skeleton] = await Promise.all([
    fetchOk(atlasUrl).then((r) => r.text()),
    fetchOk(skelUrl).then((r) => (json ? r.text() : r.arrayBuffer())),
  ]);
  const scene = createScene(sn, {
    atlasText, skeleton: json ? skeleton : new Uint8Array(skeleton), json,
    animation: params.get("anim"), skin: params.get("skin"), crowd: crowdSize, gpu: gpuMode,
  });

  const canvas = document.getElementById("view");
  canvas.width = Math.round(canvas.clientWidth * devicePixelRatio);
  canvas.height = Math.round(canvas.clientHeight * devicePixelRatio);
  const gl = canvas.getContext("webgl2", { alpha: false, antialias: false, preserveDrawingBuffer: testFrames > 0 });
  if (!gl) throw new Error("no WebGL2");
  const prog = program(gl);
  gl.useProgram(prog);
  const uView = gl.getUniformLocation(prog, "u_view");
  const uPma = gl.getUniformLocation(prog, "u_pma");
  gl.uniform1i(gl.getUniformLocation(prog, "u_texture"), 0);
  const pages = [];
  for (let i = 0; i < scene.atlas.pageCount; i++) pages.push(await pageTexture(gl, scene.atlas, i, atlasUrl));

  const vao = gl.createVertexArray();
  gl.bindVertexArray(vao);
  const vbo = gl.createBuffer();
  const ibo = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, vbo);
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, ibo);
  for (let a = 0; a < 4; a++) gl.enableVertexAttribArray(a);
  gl.enable(gl.BLEND);
  gl.viewport(0, 0, canvas.width, canvas.height);
  gl.clearColor(0x20 / 255, 0x28 / 255, 0x30 / 255, 1);

  // The view: the first frame's vertices with a margin, fitted to the canvas.
  const view = viewFor(vertexBounds(scene.step(0)), canvas.width, canvas.height);
  gl.uniform4f(uView, view[0], view[1], view[2], view[3]);
  Object.assign(demo, { view, width: canvas.width, height: canvas.height, animation: scene.animation,
    mode: gpuMode ? "gpu" : "cpu", gpuVertices: 0, cpuVertices: 0 });

  let drawCalls = 0;
  function draw(out) {
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.bufferData(gl.ARRAY_BUFFER, out.vertices, gl.STREAM_DRAW);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, out.indices, gl.STREAM_DRAW);
    const stride = out.vertexSize, indexSize = out.indexSize;
    const indexType = indexSize === 2 ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT;
    const ranges = out.ranges, n = out.rangeCount;
    let boundPage = -1, boundBlend = -1;
    for (let i = 0; i < n; i++) {
      const o = i * 8;
      const firstIndex = ranges[o], indexCount = ranges[o + 1], firstVertex = ranges[o + 2];
      const page = ranges[o + 4], blend = ranges[o + 5];
      const base = firstVertex * stride;
      gl.vertexAttribPointer(0, 2, gl.FLOAT, false, stride, base);
      gl.vertexAttribPointer(1, 2, gl.FLOAT, false, stride, base + 8);
      gl.vertexAttribPointer(2, 4, gl.UNSIGNED_BYTE, true, stride, base + 16);
      gl.vertexAttribPointer(3, 4, gl.UNSIGNED_BYTE, true, stride, base + 20);
      const p = pages[page];
      if (page !== boundPage) {
        gl.bindTexture(gl.TEXTURE_2D, p.texture);
        gl.uniform1f(uPma, p.pma ? 1 : 0);
        boundPage = page;
        boundBlend = -1;
      }
      if (blend !== boundBlend) {
        setBlend(gl, blend, p.pma);
        boundBlend = blend;
      }
      gl.drawElements(gl.TRIANGLES, indexCount, indexType, firstIndex * indexSize);
    }
    drawCalls = n;
  }

  const drawGpu = gpuMode ? gpuPath(gl, scene, prog, pages, view) : null;
  const uLight = 2, uDark = 3; // the CPU program's colour attributes (constant in the GPU mode)

  let last = -1, shown = 0, fps = 0, fpsFrames = 0, fpsStart = 0;
  function frame(now) {
    const dt = testFrames ? 1 / 60 : last < 0 ? 0 : Math.min((now - last) / 1000, 0.1);
    last = now;
    let out;
    if (drawGpu) {
      out = scene.stepGpu(dt);
      drawCalls = drawGpu(out, uLight, uDark);
      demo.gpuVertices += out.coverageOf("gpuVertices");
      demo.cpuVertices += out.coverageOf("cpuVertices");
    } else {
      out = scene.step(dt);
      draw(out);
    }
    demo.frames++;
    if (testFrames) {
      if (demo.frames >= testFrames) {
        demo.done = true;
        return;
      }
    } else {
      fpsFrames++;
      if (now - fpsStart > 500) {
        fps = (fpsFrames * 1000) / (now - fpsStart);
        fpsStart = now;
        fpsFrames = 0;
      }
      if (now - shown > 500) {
        shown = now;
        const vertices = drawGpu ? out.coverageOf("gpuVertices") + out.coverageOf("cpuVertices") : out.vertexCount;
        const onGpu = drawGpu ? ` (${out.coverageOf("gpuVertices")} skinned on the GPU)` : "";
        info.textContent = `${scene.members.length} × ${scene.animation} · ${vertices} vertices${onGpu} · ` +
          `${drawCalls} draw calls · ${fps.toFixed(0)} fps`;
      }
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}

main().catch((e) => {
  demo.error = String(e?.stack ?? e);
  document.getElementById("info").textContent = `error: ${e}`;
  throw e;
});
