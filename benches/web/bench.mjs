// spine_native's WebAssembly module through bindings/js against the official web runtime,
// @esotericsoftware/spine-core 4.3.13, side by side in one Node process.
//
//   cd benches/web && npm install && node bench.mjs [--rounds N] [--rig NAME] [--k 1,100,1000] [--only load,frame]
//        [--wasm PATH] [--json]
//
// Workloads (benches/compare's): load each rig's `.skel` and JSON (atlas parsed beforehand;
// our side copies the bytes into the module's memory, as every caller must), and full frames
// of K = 1, 100, 1000 instances (state update + apply, skeleton time, world transforms with
// physics, render to vertex buffers: spine-core's SkeletonRendererCore, our Renderer), each
// instance's vertex and index counts summed from its render output. Our side runs the frames
// two ways, each timed against spine-core on its own:
// - "calls": per instance, the five calls a single skeleton takes (state.update, state.apply,
//   skeleton.update, skeleton.updateWorldTransform, renderer.render), then renderer.output();
// - "crowd": the K instances are the members (skeleton, state, renderer) of one Crowd, and a
//   frame is crowd.update(dt) — the same five steps per member in one call, what the binding
//   offers a program with many skeletons — then each member's renderer.output(), as above.
// spine-core has no such call: its frame is the loop of the same steps per instance. Before
// timing, both sides play 120 frames of one instance (and our crowd of one) and must produce
// the same vertex and index counts on every frame. Every round runs each side once, alternating (the side that
// goes first alternates per round); figures are medians over the rounds and ratios are
// medians of the per-round ratios (peer time / our time: how many times faster we are).
// The five rigs of benches/compare play their animations there; every other corpus rig plays
// its first animation in its first skin besides the default one (or the default skin).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import os from "node:os";
import * as spine from "@esotericsoftware/spine-core";
import * as sn from "../../bindings/js/spine_native.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../..");
const DT = 1 / 60;

const CASES = {
  spineboy: { animation: "walk", skin: null },
  raptor: { animation: "walk", skin: null },
  "celestial-circus": { animation: "swing", skin: null },
  tank: { animation: "drive", skin: null },
  "mix-and-match": { animation: "walk", skin: "full-skins/girl" },
};

function parseArgs(argv) {
  const o = { rounds: 5, rig: null, ks: [1, 100, 1000], only: ["load", "frame"], json: false,
    wasm: join(REPO, "bindings/js/spine_native.wasm") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--rounds") o.rounds = Math.max(1, parseInt(argv[++i], 10));
    else if (a === "--rig") o.rig = argv[++i];
    else if (a === "--k") o.ks = argv[++i].split(",").map(Number);
    else if (a === "--only") o.only = argv[++i].split(",");
    else if (a === "--json") o.json = true;
    else if (a === "--wasm") o.wasm = resolve(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

function corpusDir() {
  let dir = process.env.SPINE_CORPUS ?? "../shared/corpus";
  if (!isAbsolute(dir)) dir = resolve(REPO, dir);
  return dir;
}

function rigFiles(dir) {
  const rigs = [];
  for (const name of readdirSync(join(dir, "rigs")).sort()) {
    const folder = join(dir, "rigs", name);
    const skel = join(folder, `${name}-pro.skel`);
    const json = [`${name}.json`, `${name}-pro.json`].map((f) => join(folder, f)).find(existsSync);
    const atlas = join(folder, `${name}.atlas`);
    if (!existsSync(skel) || !json || !existsSync(atlas)) continue;
    rigs.push({
      name,
      skel: new Uint8Array(readFileSync(skel)),
      json: readFileSync(json, "utf8"),
      atlas: readFileSync(atlas, "utf8"),
    });
  }
  return rigs;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function now() {
  return Number(process.hrtime.bigint()) / 1e3; // µs
}

// ---------------------------------------------------------------------------------------------
// The two sides. Each: loadSkel(), loadJson() (load and drop), instances(k) -> { frame(), counts() }.

class Peer {
  constructor(rig, play) {
    this.rig = rig;
    this.atlas = new spine.TextureAtlas(rig.atlas);
    this.atlas.pages.forEach((page, i) => page.setTexture(new spine.FakeTexture(i)));
    this.loader = new spine.AtlasAttachmentLoader(this.atlas);
    this.data = new spine.SkeletonBinary(this.loader).readSkeletonData(rig.skel);
    this.mixes = new spine.AnimationStateData(this.data);
    this.play = play;
  }
  loadSkel() {
    return new spine.SkeletonBinary(this.loader).readSkeletonData(this.rig.skel).bones.length;
  }
  loadJson() {
    return new spine.SkeletonJson(this.loader).readSkeletonData(this.rig.json).bones.length;
  }
  instances(k) {
    const list = [];
    for (let i = 0; i < k; i++) {
      const skeleton = new spine.Skeleton(this.data);
      if (this.play.skin) skeleton.setSkin(this.play.skin);
      skeleton.setupPose();
      const state = new spine.AnimationState(this.mixes);
      state.setAnimation(0, this.play.animation, true);
      skeleton.updateWorldTransform(spine.Physics.update);
      list.push({ skeleton, state, renderer: new spine.SkeletonRendererCore() });
    }
    let vertices = 0, indices = 0;
    return {
      frame() {
        vertices = 0;
        indices = 0;
        for (const { skeleton, state, renderer } of list) {
          state.update(DT);
          state.apply(skeleton);
          skeleton.update(DT);
          skeleton.updateWorldTransform(spine.Physics.update);
          for (let cmd = renderer.render(skeleton, false); cmd; cmd = cmd.next) {
            vertices += cmd.numVertices;
            indices += cmd.numIndices;
          }
        }
      },
      counts: () => [vertices, indices],
      dispose() {},
    };
  }
  dispose() {}
}

class Ours {
  constructor(rig, play) {
    this.rig = rig;
    this.atlas = sn.Atlas.load(rig.atlas);
    this.data = sn.SkeletonData.loadBinary(rig.skel, this.atlas);
    this.mixes = sn.AnimationStateData.create(this.data);
    this.play = play;
  }
  loadSkel() {
    const data = sn.SkeletonData.loadBinary(this.rig.skel, this.atlas);
    const n = data.count(sn.Item.BONE);
    data.dispose();
    return n;
  }
  loadJson() {
    const data = sn.SkeletonData.loadJson(this.rig.json, this.atlas);
    const n = data.count(sn.Item.BONE);
    data.dispose();
    return n;
  }
  instances(k, crowded = false) {
    const list = [];
    for (let i = 0; i < k; i++) {
      const skeleton = sn.Skeleton.create(this.data);
      if (this.play.skin) skeleton.setSkin(this.play.skin);
      skeleton.setupPose();
      const state = sn.AnimationState.create(this.mixes);
      state.setAnimation(0, this.play.animation, true);
      skeleton.updateWorldTransform(sn.Physics.UPDATE);
      list.push({ skeleton, state, renderer: sn.Renderer.create() });
    }
    let vertices = 0, indices = 0;
    const UPDATE = sn.Physics.UPDATE;
    if (crowded) {
      const crowd = sn.Crowd.create();
      for (const i of list) crowd.add(i.skeleton, i.state, i.renderer);
      return {
        frame() {
          vertices = 0;
          indices = 0;
          crowd.update(DT, UPDATE);
          for (const { renderer } of list) {
            const out = renderer.output();
            vertices += out.vertexCount;
            indices += out.indexCount;
          }
        },
        counts: () => [vertices, indices],
        dispose() {
          crowd.dispose();
          for (const i of list) {
            i.renderer.dispose();
            i.state.dispose();
            i.skeleton.dispose();
          }
        },
      };
    }
    return {
      frame() {
        vertices = 0;
        indices = 0;
        for (const { skeleton, state, renderer } of list) {
          state.update(DT);
          state.apply(skeleton);
          skeleton.update(DT);
          skeleton.updateWorldTransform(UPDATE);
          renderer.render(skeleton);
          const out = renderer.output();
          vertices += out.vertexCount;
          indices += out.indexCount;
        }
      },
      counts: () => [vertices, indices],
      dispose() {
        for (const i of list) {
          i.renderer.dispose();
          i.state.dispose();
          i.skeleton.dispose();
        }
      },
    };
  }
  dispose() {
    this.mixes.dispose();
    this.data.dispose();
    this.atlas.dispose();
  }
}

// ---------------------------------------------------------------------------------------------

/** Runs fn n times and returns µs per call. */
function timeCalls(fn, n) {
  const t0 = now();
  for (let i = 0; i < n; i++) fn();
  return (now() - t0) / n;
}

/** Calls per timed sample so that a sample of the peer lasts about `budget` µs. */
function calibrate(fn, budget) {
  fn();
  const t = timeCalls(fn, 1);
  return Math.max(1, Math.min(2000, Math.round(budget / Math.max(t, 1))));
}

/** Alternating rounds: returns { peer: median µs, ours: median µs, ratio: median(peer/ours) }. */
function sideBySide(rounds, peerFn, oursFn, peerN, oursN) {
  const peer = [], ours = [], ratio = [];
  for (let r = 0; r < rounds; r++) {
    let p, o;
    if (r % 2 === 0) {
      p = timeCalls(peerFn, peerN);
      o = timeCalls(oursFn, oursN);
    } else {
      o = timeCalls(oursFn, oursN);
      p = timeCalls(peerFn, peerN);
    }
    peer.push(p);
    ours.push(o);
    ratio.push(p / o);
  }
  return { peer: median(peer), ours: median(ours), ratio: median(ratio), min: Math.min(...ratio) };
}

function checkCounts(peer, ours, frames) {
  const p = peer.instances(1), o = ours.instances(1), c = ours.instances(1, true);
  for (let f = 0; f < frames; f++) {
    p.frame();
    o.frame();
    c.frame();
    const [pv, pi] = p.counts(), [ov, oi] = o.counts(), [cv, ci] = c.counts();
    if (pv !== ov || pi !== oi || pv !== cv || pi !== ci)
      throw new Error(`${peer.rig.name} frame ${f}: spine-core ${pv} vertices / ${pi} indices, ours ${ov} / ${oi}, our crowd ${cv} / ${ci}`);
  }
  const [v, i] = o.counts();
  o.dispose();
  c.dispose();
  return [v, i];
}

function playOf(rig, ours) {
  const known = CASES[rig.name];
  if (known) return known;
  const animation = ours.name(sn.Item.ANIMATION, 0);
  const skins = ours.names(sn.Item.SKIN);
  return { animation, skin: skins.length > 1 ? skins[1] : null };
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function main() {
  const o = parseArgs(process.argv.slice(2));
  await sn.init(readFileSync(o.wasm));
  const dir = corpusDir();
  let rigs = rigFiles(dir);
  if (o.rig) rigs = rigs.filter((r) => r.name === o.rig);
  const started = os.loadavg()[0];
  console.log(`# spine_native ${sn.version()} (wasm) vs @esotericsoftware/spine-core ${spineCoreVersion()}, node ${process.version}`);
  console.log(`# ${new Date().toISOString()}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}, rounds ${o.rounds}`);
  console.log("# per load µs (peer / ours = ratio) ; per instance-frame µs at each K (peer / ours = ratio), ours by calls, then by a crowd");
  const rows = [];
  for (const rig of rigs) {
    const oursData = sn.SkeletonData.loadBinary(rig.skel, sn.Atlas.load(rig.atlas));
    const play = playOf(rig, oursData);
    const peer = new Peer(rig, play), ours = new Ours(rig, play);
    const row = { rig: rig.name, animation: play.animation, skin: play.skin, load: {}, frame: {}, crowd: {} };
    row.counts = checkCounts(peer, ours, 120);
    if (o.only.includes("load")) {
      for (const kind of ["skel", "json"]) {
        const pf = kind === "skel" ? () => peer.loadSkel() : () => peer.loadJson();
        const of = kind === "skel" ? () => ours.loadSkel() : () => ours.loadJson();
        // Warm both (JIT tiers, the module's allocator), then time ~60 ms samples of the peer.
        for (let i = 0; i < 20; i++) {
          pf();
          of();
        }
        const n = calibrate(pf, 60_000);
        const on = calibrate(of, 60_000 / 4);
        row.load[kind] = sideBySide(o.rounds, pf, of, n, on);
      }
    }
    if (o.only.includes("frame")) {
      for (const k of o.ks) {
        const p = peer.instances(k), q = ours.instances(k), c = ours.instances(k, true);
        for (let i = 0; i < Math.max(10, 3000 / k); i++) {
          p.frame();
          q.frame();
          c.frame();
        }
        const n = calibrate(() => p.frame(), 100_000);
        const on = calibrate(() => q.frame(), 100_000 / 8);
        const cn = calibrate(() => c.frame(), 100_000 / 8);
        const r = sideBySide(o.rounds, () => p.frame(), () => q.frame(), n, on);
        row.frame[k] = { peer: r.peer / k, ours: r.ours / k, ratio: r.ratio, min: r.min };
        const rc = sideBySide(o.rounds, () => p.frame(), () => c.frame(), n, cn);
        row.crowd[k] = { peer: rc.peer / k, ours: rc.ours / k, ratio: rc.ratio, min: rc.min };
        q.dispose();
        c.dispose();
      }
    }
    rows.push(row);
    const parts = [`${rig.name} ${play.animation}${play.skin ? ` (${play.skin})` : ""}, ${row.counts[0]} v / ${row.counts[1]} i:`];
    for (const [kind, r] of Object.entries(row.load)) parts.push(`${kind} ${fmt(r.peer)} / ${fmt(r.ours)} = ${r.ratio.toFixed(2)}x`);
    for (const [k, r] of Object.entries(row.frame)) parts.push(`K=${k} ${fmt(r.peer)} / ${fmt(r.ours)} = ${r.ratio.toFixed(2)}x`);
    for (const [k, r] of Object.entries(row.crowd)) parts.push(`crowd K=${k} ${fmt(r.peer)} / ${fmt(r.ours)} = ${r.ratio.toFixed(2)}x`);
    console.log(parts.join("  "));
    ours.dispose();
    oursData.dispose();
  }
  console.log(`# load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")} (started at ${started.toFixed(2)})`);
  if (o.json) console.log(JSON.stringify(rows));
}

function spineCoreVersion() {
  return JSON.parse(readFileSync(join(HERE, "node_modules/@esotericsoftware/spine-core/package.json"), "utf8")).version;
}

await main();
