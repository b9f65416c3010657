// The WebGL2 page in headless Chromium (software WebGL), checked against the CPU side: serves
// the page on 127.0.0.1, opens it in test mode (N frames of 1/60 s, then it stops), takes a
// screenshot, plays the same frames through the binding in Node and checks the picture as the
// SDL sample's test does (examples/sdl_gl/README.md) plus the triangles themselves:
// - the page played the same scene: its view (from its first frame's vertices) equals ours;
// - the drawn pixels (not the background) fill at least 10% of the box around the render
//   output's vertices, 99% of them lie inside it (±2 px) and their extent reaches its edges
//   within 4%;
// - 99% of them lie on the CPU render output's triangles (rasterized here, ±2 px);
// - at least 85% of them have colours of the atlas pages (4 bits a channel, ±1).
// The GPU-skinning mode (mode=gpu) of spineboy and raptor gets the same checks, and its
// screenshot is compared with the CPU mode's, with the SDL sample's rule
// (examples/sdl_gl/README.md): a pixel differs when a channel differs by more than 2 (of
// 255); at most 0.2% of the pixels drawn in either screenshot may. Both paths of the GPU mode
// must draw: at least MIN_GPU_PERCENT of the frames' vertices skinned on the GPU, and some on
// the CPU.
//
//   node examples/web/test/screenshot.mjs [OUT_DIR]     (the module built by bindings/js/build.sh)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as sn from "../../../bindings/js/spine_native.mjs";
import { createScene, vertexBounds, viewFor } from "../scene.mjs";
import { serve, corpusDir } from "../serve.mjs";
import { launch } from "./chromium.mjs";
import { decodePng } from "./png.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const SIZE = 640;
const BACKGROUND = [0x20, 0x28, 0x30];
const FRAMES = 30;

// The GPU-skinning comparison: a channel differing by more than 2 of 255 makes a pixel differ;
// at most 0.2% of the pixels drawn in either screenshot may differ.
const CHANNEL_TOLERANCE = 2;
const MAX_DIFFERING = 0.002;

// `compare`: a GPU-mode scene's CPU-mode counterpart (played before it); `minGpu`: the share of
// the frames' vertices skinned on the GPU it must reach (spineboy walk 77%, raptor walk 76%:
// one mesh of more than four influences stays on the CPU in each, so both paths draw).
const SCENES = [
  { name: "spineboy", rig: "spineboy", atlas: "spineboy-pma.atlas", skel: "spineboy-pro.skel", query: "" },
  { name: "spineboy-gpu", rig: "spineboy", atlas: "spineboy-pma.atlas", skel: "spineboy-pro.skel", query: "&mode=gpu",
    compare: "spineboy", minGpu: 75 },
  { name: "crowd", rig: "spineboy", atlas: "spineboy-pma.atlas", skel: "spineboy-pro.skel", query: "&crowd=9" },
  { name: "raptor-json", rig: "raptor", atlas: "raptor.atlas", skel: "raptor.json", query: "" },
  { name: "raptor-json-gpu", rig: "raptor", atlas: "raptor.atlas", skel: "raptor.json", query: "&mode=gpu",
    compare: "raptor-json", minGpu: 75 },
];

function isDrawn(rgba, p) {
  return Math.abs(rgba[p] - BACKGROUND[0]) + Math.abs(rgba[p + 1] - BACKGROUND[1]) + Math.abs(rgba[p + 2] - BACKGROUND[2]) > 6;
}

/** The GPU mode's screenshot against the CPU mode's: failures (empty when within the rule). */
function compareModes(name, gpu, cpu) {
  let drawn = 0, differing = 0, largest = 0;
  for (let p = 0; p < gpu.length; p += 4) {
    if (!isDrawn(gpu, p) && !isDrawn(cpu, p)) continue;
    drawn++;
    const d = Math.max(Math.abs(gpu[p] - cpu[p]), Math.abs(gpu[p + 1] - cpu[p + 1]), Math.abs(gpu[p + 2] - cpu[p + 2]));
    largest = Math.max(largest, d);
    if (d > CHANNEL_TOLERANCE) differing++;
  }
  const share = drawn > 0 ? differing / drawn : 1;
  console.log(`${name}: against the CPU mode: ${differing} of ${drawn} drawn pixels differ by more than ${CHANNEL_TOLERANCE} ` +
    `(${(100 * share).toFixed(3)}%, at most ${100 * MAX_DIFFERING}%); largest channel difference ${largest}`);
  return share > MAX_DIFFERING || drawn === 0
    ? [`${(100 * share).toFixed(3)}% of the drawn pixels differ from the CPU mode's (at most ${100 * MAX_DIFFERING}%)`] : [];
}

/** 4-bit-per-channel colours of the atlas pages' opaque-enough pixels, each with its neighbours. */
function atlasColours(folder, atlas) {
  const set = new Uint8Array(4096);
  for (let i = 0; i < atlas.pageCount; i++) {
    const { rgba } = decodePng(readFileSync(join(folder, atlas.page(i).name)));
    for (let p = 0; p < rgba.length; p += 4) {
      if (rgba[p + 3] < 128) continue;
      const r = rgba[p] >> 4, g = rgba[p + 1] >> 4, b = rgba[p + 2] >> 4;
      for (let dr = -1; dr <= 1; dr++)
        for (let dg = -1; dg <= 1; dg++)
          for (let db = -1; db <= 1; db++) {
            const qr = r + dr, qg = g + dg, qb = b + db;
            if (qr >= 0 && qg >= 0 && qb >= 0 && qr < 16 && qg < 16 && qb < 16) set[(qr << 8) | (qg << 4) | qb] = 1;
          }
    }
  }
  return set;
}

/** Pixels covered by the output's triangles (screen rows from the top), dilated by `grow` px. */
function coverage(out, toScreen, grow) {
  const mask = new Uint8Array(SIZE * SIZE);
  const v = out.vertices, stride = out.vertexSize / 4, idx = out.indices, r = out.ranges;
  for (let k = 0; k < out.rangeCount; k++) {
    const first = r[k * 8], count = r[k * 8 + 1], base = r[k * 8 + 2];
    for (let t = first; t < first + count; t += 3) {
      const p = [0, 1, 2].map((j) => toScreen(v[(base + idx[t + j]) * stride], v[(base + idx[t + j]) * stride + 1]));
      const x0 = Math.max(0, Math.floor(Math.min(p[0][0], p[1][0], p[2][0])) - grow);
      const x1 = Math.min(SIZE - 1, Math.ceil(Math.max(p[0][0], p[1][0], p[2][0])) + grow);
      const y0 = Math.max(0, Math.floor(Math.min(p[0][1], p[1][1], p[2][1])) - grow);
      const y1 = Math.min(SIZE - 1, Math.ceil(Math.max(p[0][1], p[1][1], p[2][1])) + grow);
      const area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
      if (area === 0) continue;
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          // Distance (in px) of the pixel centre outside each edge; inside when none exceeds `grow`.
          let outside = false;
          for (let e = 0; e < 3 && !outside; e++) {
            const a = p[e], b = p[(e + 1) % 3];
            const ex = b[0] - a[0], ey = b[1] - a[1], len = Math.hypot(ex, ey) || 1;
            const d = ((x + 0.5 - a[0]) * ey - (y + 0.5 - a[1]) * ex) / len;
            if ((area > 0 ? d : -d) > grow) outside = true;
          }
          if (!outside) mask[y * SIZE + x] = 1;
        }
    }
  }
  return mask;
}

function check(name, rgba, out, view, colours) {
  const toScreen = (x, y) => [((x - view[0]) / (view[2] - view[0])) * SIZE, ((view[3] - y) / (view[3] - view[1])) * SIZE];
  const b = vertexBounds(out);
  const [bx0, by1] = toScreen(b[0], b[1]), [bx1, by0] = toScreen(b[2], b[3]);
  const x0 = Math.floor(bx0), x1 = Math.ceil(bx1), y0 = Math.floor(by0), y1 = Math.ceil(by1);
  const boxArea = (x1 - x0) * (y1 - y0);
  const mask = coverage(out, toScreen, 2);
  let drawn = 0, inside = 0, onTriangles = 0, atlasLike = 0;
  let sx0 = SIZE, sy0 = SIZE, sx1 = -1, sy1 = -1;
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const p = (y * SIZE + x) * 4;
      const d = Math.abs(rgba[p] - BACKGROUND[0]) + Math.abs(rgba[p + 1] - BACKGROUND[1]) + Math.abs(rgba[p + 2] - BACKGROUND[2]);
      if (d <= 6) continue;
      drawn++;
      if (x >= x0 - 2 && x <= x1 + 2 && y >= y0 - 2 && y <= y1 + 2) inside++;
      onTriangles += mask[y * SIZE + x];
      sx0 = Math.min(sx0, x);
      sx1 = Math.max(sx1, x);
      sy0 = Math.min(sy0, y);
      sy1 = Math.max(sy1, y);
      atlasLike += colours[((rgba[p] >> 4) << 8) | ((rgba[p + 1] >> 4) << 4) | (rgba[p + 2] >> 4)];
    }
  const pct = (a, b) => (b > 0 ? ((100 * a) / b).toFixed(1) : "0.0");
  console.log(`${name}: ${out.vertexCount} vertices, ${out.rangeCount} ranges; ${drawn} drawn pixels, ${pct(inside, boxArea)}% of ` +
    `the render box ${x0},${y0}..${x1},${y1}; drawn extent ${sx0},${sy0}..${sx1},${sy1}; ${pct(inside, drawn)}% inside the box; ` +
    `${pct(onTriangles, drawn)}% on the triangles; ${pct(atlasLike, drawn)}% in atlas colours`);
  const failures = [];
  if (boxArea < 400 || drawn < boxArea / 10) failures.push("too few pixels drawn");
  if (inside < drawn * 0.99) failures.push("pixels drawn outside the render box");
  if (onTriangles < drawn * 0.99) failures.push("pixels drawn off the render output's triangles");
  const slackX = 3 + (x1 - x0) / 25, slackY = 3 + (y1 - y0) / 25;
  if (Math.abs(sx0 - x0) > slackX || Math.abs(sx1 - (x1 - 1)) > slackX || Math.abs(sy0 - y0) > slackY || Math.abs(sy1 - (y1 - 1)) > slackY)
    failures.push("the drawn pixels do not reach the render box's edges");
  if (atlasLike < drawn * 0.85) failures.push("colours are not the atlas pages'");
  return failures;
}

async function main() {
  const outDir = process.argv[2] ?? null;
  if (outDir) mkdirSync(outDir, { recursive: true });
  await sn.init(readFileSync(join(REPO, "bindings/js/spine_native.wasm")));
  const corpus = corpusDir();
  const { server, url } = await serve(0, corpus);
  const browser = await launch({ width: SIZE, height: SIZE });
  const shots = new Map();
  let failed = 0;
  try {
    for (const s of SCENES) {
      const folder = join(corpus, "rigs", s.rig);
      const page = await browser.open(
        `${url}/examples/web/?atlas=/corpus/rigs/${s.rig}/${s.atlas}&skel=/corpus/rigs/${s.rig}/${s.skel}&frames=${FRAMES}${s.query}`,
      );
      const deadline = Date.now() + 90_000;
      let state;
      for (;;) {
        state = await page.evaluate("window.spineDemo && JSON.stringify(window.spineDemo)").then((j) => (j ? JSON.parse(j) : null));
        if (state?.done || state?.error) break;
        if (Date.now() > deadline) throw new Error(`${s.name}: the page did not finish ${FRAMES} frames: ${JSON.stringify(state)}`);
        await new Promise((ok) => setTimeout(ok, 100));
      }
      if (state.error) throw new Error(`${s.name}: the page failed: ${state.error}`);
      const png = await page.screenshot();
      await page.close();
      if (outDir) writeFileSync(join(outDir, `${s.name}.png`), png);
      const shot = decodePng(png);
      shots.set(s.name, shot.rgba);
      if (shot.width !== SIZE || shot.height !== SIZE || state.width !== SIZE || state.height !== SIZE)
        throw new Error(`${s.name}: screenshot ${shot.width}x${shot.height}, canvas ${state.width}x${state.height}, expected ${SIZE}`);

      // The CPU side: the same scene, the same frames.
      const json = s.skel.endsWith(".json");
      const skeleton = json ? readFileSync(join(folder, s.skel), "utf8") : readFileSync(join(folder, s.skel));
      const crowd = parseInt(new URLSearchParams(s.query).get("crowd") ?? "0", 10);
      const scene = createScene(sn, { atlasText: readFileSync(join(folder, s.atlas), "utf8"), skeleton, json, crowd });
      const view = viewFor(vertexBounds(scene.step(0)), SIZE, SIZE);
      const failures = [];
      if (view.some((v, i) => Math.abs(v - state.view[i]) > 1e-3 * (Math.abs(v) + 1)))
        failures.push(`the page's view ${state.view} is not the CPU side's ${view}`);
      let out;
      for (let i = 0; i < FRAMES; i++) out = scene.step(1 / 60);
      failures.push(...check(s.name, shot.rgba, out, state.view, atlasColours(folder, scene.atlas)));
      scene.dispose();
      if (s.compare) {
        if (state.mode !== "gpu") failures.push(`the page played mode ${state.mode}, not gpu`);
        const total = state.gpuVertices + state.cpuVertices;
        const percent = total > 0 ? (100 * state.gpuVertices) / total : 0;
        console.log(`${s.name}: ${state.gpuVertices} of ${total} vertices over ${FRAMES} frames skinned on the GPU (${percent.toFixed(1)}%)`);
        if (percent < s.minGpu) failures.push(`${percent.toFixed(1)}% of the vertices on the GPU, at least ${s.minGpu}% required`);
        if (state.cpuVertices === 0) failures.push("no CPU draw: the GPU mode's CPU path is not exercised");
        failures.push(...compareModes(s.name, shot.rgba, shots.get(s.compare)));
      }
      for (const f of failures) console.log(`${s.name}: FAILED: ${f}`);
      if (failures.length) failed++;
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`web: ${SCENES.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main();
