// Golden replays through the binding: the case set of bindings/tools/golden_cases.py
// (runtime skins, bounds and hit tests, premultiplied alpha, interleaved layout with 32-bit
// indices, crowds, Spine 4.2 exports from SPINE_CORPUS42), replayed here and compared with the corpus goldens by that tool at
// FORMAT.md's tolerances.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { corpus, module, REPO, rigs42 } from "./helpers.mjs";

const sn = await module();
const CORPUS = corpus();
const TOOL = join(REPO, "bindings/tools/golden_cases.py");

const unhex = (t) => (t === "-" ? null : Buffer.from(t, "hex").toString("utf8"));

function readCases(path) {
  const cases = [];
  let c = null;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const f = line.split("\t");
    if (f[0] === "case") {
      c = { name: f[1], mode: f[2], atlas: f[3], skel: f[4], dt: Number(f[5]), steps: Number(f[6]), members: Number(f[7]), record: new Set(), ops: new Map() };
    } else if (f[0] === "record") {
      c.record = new Set(f.slice(1).map(Number));
    } else if (f[0] === "op") {
      const step = Number(f[1]);
      if (!c.ops.has(step)) c.ops.set(step, []);
      c.ops.get(step).push(f.slice(2));
    } else if (f[0] === "end") {
      cases.push(c);
    }
  }
  return cases;
}

class Member {
  constructor(data, options) {
    this.data = data;
    this.skeleton = sn.Skeleton.create(data);
    this.mixes = sn.AnimationStateData.create(data);
    this.state = sn.AnimationState.create(this.mixes);
    this.renderer = sn.Renderer.create(options);
    this.entries = new Map();
    this.skins = new Map();
  }
  op([name, ...a]) {
    const s = this.state, sk = this.skeleton;
    switch (name) {
      case "setDefaultMix": this.mixes.defaultMix = Number(a[0]); break;
      case "setMix": this.mixes.setMix(unhex(a[0]), unhex(a[1]), Number(a[2])); break;
      case "setAnimation": this.entries.set(a[3], s.setAnimation(Number(a[0]), unhex(a[1]), a[2] === "1")); break;
      case "addAnimation": this.entries.set(a[4], s.addAnimation(Number(a[0]), unhex(a[1]), a[2] === "1", Number(a[3]))); break;
      case "setEmptyAnimation": this.entries.set(a[2], s.setEmptyAnimation(Number(a[0]), Number(a[1]))); break;
      case "addEmptyAnimation": this.entries.set(a[3], s.addEmptyAnimation(Number(a[0]), Number(a[1]), Number(a[2]))); break;
      case "setEmptyAnimations": s.setEmptyAnimations(Number(a[0])); break;
      case "clearTrack": s.clearTrack(Number(a[0])); break;
      case "clearTracks": s.clearTracks(); break;
      case "setStateTimeScale": s.timeScale = Number(a[0]); break;
      case "setEntry": this.entries.get(a[0]).set(Number(a[1]), Number(a[2])); break;
      case "setEntryMixDuration": this.entries.get(a[0]).setMixDuration(Number(a[1]), Number(a[2])); break;
      case "setEntryMixInterpolation": this.entries.get(a[0]).set(sn.EntryField.MIX_INTERPOLATION, Number(a[1])); break;
      case "newSkin": {
        const skin = sn.Skin.create(this.data, unhex(a[0]));
        for (const part of a.slice(2, 2 + Number(a[1]))) {
          const piece = sn.Skin.create(this.data, "part");
          skin.addSkin(piece.addDataSkin(unhex(part), this.data));
          piece.dispose();
        }
        this.skins.set(unhex(a[0]), skin);
        break;
      }
      case "setSkin": { const n = unhex(a[0]); sk.setSkin(this.skins.get(n) ?? n); break; }
      case "setupPose": sk.setupPose(); break;
      case "setupPoseBones": sk.setupPoseBones(); break;
      case "setupPoseSlots": sk.setupPoseSlots(); break;
      case "setAttachment": sk.setAttachment(this.data.find(sn.Item.SLOT, unhex(a[0])), unhex(a[1])); break;
      case "setScale": sk.setScale(Number(a[0]), Number(a[1])); break;
      case "setPosition": sk.setPosition(Number(a[0]), Number(a[1])); break;
      case "setColor": sk.color = { r: Number(a[0]), g: Number(a[1]), b: Number(a[2]), a: Number(a[3]) }; break;
      case "physicsTranslate": sk.physicsTranslate(Number(a[0]), Number(a[1])); break;
      case "physicsRotate": sk.physicsRotate(Number(a[0]), Number(a[1]), Number(a[2])); break;
      case "updateWorldTransform": sk.updateWorldTransform(Number(a[0])); break;
      default: throw new Error(`unknown op ${name}`);
    }
  }
  close() {
    for (const skin of this.skins.values()) skin.dispose();
    for (const o of [this.renderer, this.state, this.mixes, this.skeleton]) o.dispose();
  }
}

const r = (x) => String(x);

function dumpOutput(out, lines) {
  const n = out.vertexCount;
  const verts = [];
  if (out.layout === sn.VertexLayout.INTERLEAVED) {
    const f = out.vertices, w = out.verticesU32, stride = out.vertexSize / 4;
    for (let k = 0; k < n; k++) verts.push([f[k * stride], f[k * stride + 1], f[k * stride + 2], f[k * stride + 3], w[k * stride + 4], w[k * stride + 5]]);
  } else {
    const p = out.positions, uv = out.uvs, c = out.colors, d = out.darkColors, s = out.positionStride;
    for (let k = 0; k < n; k++) verts.push([p[k * s], p[k * s + 1], uv[2 * k], uv[2 * k + 1], c[k], d[k]]);
  }
  const pageBlend = new Array(n);
  const indices = [];
  const ix = out.indices;
  for (let i = 0; i < out.rangeCount; i++) {
    const g = out.range(i);
    for (let k = g.firstVertex; k < g.firstVertex + g.vertexCount; k++) pageBlend[k] = [g.page, g.blend];
    for (let k = g.firstIndex; k < g.firstIndex + g.indexCount; k++) indices.push(g.firstVertex + ix[k]);
  }
  verts.forEach(([x, y, u, v, c, d], k) => lines.push(`v ${r(x)} ${r(y)} ${r(u)} ${r(v)} ${c} ${d} ${pageBlend[k][0]} ${pageBlend[k][1]}`));
  lines.push("t " + indices.join(" "));
}

function dumpBounds(m, bounds, lines) {
  const rect = m.skeleton.bounds();
  lines.push(rect === null ? "bounds 0" : `bounds 1 ${r(rect.x)} ${r(rect.y)} ${r(rect.width)} ${r(rect.height)}`);
  bounds.update(m.skeleton, true);
  for (const box of bounds) lines.push(`bb ${box.slot} ` + Array.from(box.vertices, r).join(" "));
  if (rect !== null) {
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        const x = rect.x + (rect.width * (i + 0.5)) / 5;
        const y = rect.y + (rect.height * (j + 0.5)) / 5;
        lines.push(`hit ${r(x)} ${r(y)} ${bounds.containsPoint(x, y) ?? -1}`);
      }
    }
  }
}

function replay(c, lines) {
  const options = { pma: { premultipliedAlpha: true }, interleaved: { indicesU32: true, layout: sn.VertexLayout.INTERLEAVED } }[c.mode] ?? null;
  const atlas = sn.Atlas.load(readFileSync(c.atlas));
  // A .json export (the 4.2 cases replay JSON exports too) through loadJson, else the binary.
  const data = c.skel.endsWith(".json")
    ? sn.SkeletonData.loadJson(readFileSync(c.skel, "utf8"), atlas)
    : sn.SkeletonData.loadBinary(readFileSync(c.skel), atlas);
  const bounds = sn.Bounds.create();
  const members = Array.from({ length: c.members }, () => new Member(data, options));
  let crowd = null;
  if (c.mode === "crowd") {
    crowd = sn.Crowd.create(0);
    for (const m of members) crowd.add(m.skeleton, m.state, m.renderer);
  }
  lines.push(`case ${c.name}`);
  for (let step = 0; step <= c.steps; step++) {
    for (const m of members) for (const f of c.ops.get(step) ?? []) m.op(f);
    if (step === 0) {
      for (const m of members) { m.skeleton.updateWorldTransform(sn.Physics.UPDATE); m.renderer.render(m.skeleton); }
    } else if (crowd !== null) {
      crowd.update(c.dt, sn.Physics.UPDATE);
    } else {
      for (const m of members) {
        m.state.update(c.dt); m.state.apply(m.skeleton); m.skeleton.update(c.dt);
        m.skeleton.updateWorldTransform(sn.Physics.UPDATE); m.renderer.render(m.skeleton);
      }
    }
    for (const m of members) m.state.clearEvents();
    if (c.record.has(step)) {
      members.forEach((m, index) => {
        lines.push(`frame ${index} ${step}`);
        dumpOutput(m.renderer.output(), lines);
        if (c.mode === "bounds") dumpBounds(m, bounds, lines);
      });
    }
  }
  crowd?.dispose();
  for (const m of members) m.close();
  bounds.dispose(); data.dispose(); atlas.dispose();
  lines.push("end");
}

const work = mkdtempSync(join(tmpdir(), "spn-golden-js-"));
const prepared = spawnSync("python3", [TOOL, "prepare", CORPUS, work], { encoding: "utf8" });
const cases = prepared.status === 0 ? readCases(join(work, "cases.tsv")) : [];

test("the corpus gives golden cases of every mode", () => {
  assert.equal(prepared.status, 0, prepared.stderr);
  const modes = new Set(cases.map((c) => c.mode));
  for (const m of ["bounds", "pma", "interleaved", "crowd"]) assert.ok(modes.has(m), `mode ${m}`);
  // Spine 4.2 exports, JSON and .skel, whenever the 4.2 corpus has rigs.
  if (rigs42().rigs.length > 0) {
    const v42 = cases.filter((c) => c.mode === "v42");
    assert.ok(v42.some((c) => c.skel.endsWith(".json")) && v42.some((c) => c.skel.endsWith(".skel")), "v42 cases");
  }
});

test("golden replays match the corpus goldens (golden_cases.py compare)", () => {
  const lines = [];
  for (const c of cases) replay(c, lines);
  writeFileSync(join(work, "js.dump"), lines.join("\n") + "\n");
  const compared = spawnSync("python3", [TOOL, "compare", CORPUS, work, "js"], { encoding: "utf8" });
  const summary = compared.stdout.trim().split("\n").at(-1);
  assert.equal(compared.status, 0, compared.stdout + compared.stderr);
  assert.equal(summary, `golden-js: ${cases.length} passed, 0 failed`);
});
