// Hostile input through the binding: truncated and garbage .skel/JSON/atlas bytes, disposed
// and wrong-type handles, NaN and huge arguments. Each is a clear SpineError (or RangeError
// for a non-integer index), never a trap: the module instance keeps working.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { corpus, rigRecords, module, loadRig } from "./helpers.mjs";

const sn = await module();
const rigs = rigRecords(corpus());
const rig = rigs.find((r) => r.name === "spineboy") ?? rigs[0];
const skel = readFileSync(rig.skel);
const atlasText = readFileSync(rig.atlas);
const json = rig.json ? readFileSync(rig.json) : null;

const spineError = (status) => (e) => e instanceof sn.SpineError && e.status === status && e.message.length > 0;

function alive() {
  const { data, dispose } = loadRig(rig);
  assert.ok(data.count(sn.Item.BONE) > 0);
  dispose();
}

test("truncated .skel bytes fail to load with LOAD errors", () => {
  const atlas = sn.Atlas.load(atlasText);
  for (const cut of [0, 1, 7, 64, skel.length >> 2, skel.length >> 1, skel.length - 1]) {
    assert.throws(() => sn.SkeletonData.loadBinary(skel.subarray(0, cut), atlas), (e) => e instanceof sn.SpineError &&
      [sn.Status.LOAD, sn.Status.INVALID_ARGUMENT].includes(e.status), `cut at ${cut}`);
  }
  atlas.dispose();
  alive();
});

test("garbage bytes as .skel, JSON and atlas fail with clear errors", () => {
  let seed = 12345;
  const random = (n) => Uint8Array.from({ length: n }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
  for (let i = 0; i < 50; i++) {
    const bytes = random(16 + i * 97);
    assert.throws(() => sn.SkeletonData.loadBinary(bytes), sn.SpineError);
    assert.throws(() => sn.SkeletonData.loadJson(bytes), sn.SpineError);
  }
  assert.throws(() => sn.SkeletonData.loadJson("{\"skeleton\": {\"spine\": \"4.3"), (e) => e.status === sn.Status.LOAD && e.kind === sn.ErrorKind.MALFORMED_JSON);
  // JSON is read by the fast reader alone here: an error names the line and column where it
  // stopped (at the 5 below), and an older export's version is still what is reported.
  assert.throws(() => sn.SkeletonData.loadJson('{"skeleton": {"spine": "4.3.40"},\n "bones": [ {"name": 5} ]}'),
    (e) => e.status === sn.Status.LOAD && e.kind === sn.ErrorKind.MALFORMED_JSON && /line 2, column 22\)/.test(e.message));
  assert.throws(() => sn.SkeletonData.loadJson('{"skeleton": {"spine": "3.8.99"}, "bones": 7}'),
    (e) => e.status === sn.Status.LOAD && e.kind === sn.ErrorKind.VERSION);
  assert.throws(() => sn.Atlas.load("page.png\nsize: a,b\n"), (e) => e.status === sn.Status.LOAD && e.kind === sn.ErrorKind.INVALID_ATLAS);
  assert.throws(() => sn.Atlas.load(new Uint8Array([0xff, 0xfe, 0x00, 0x80])), spineError(sn.Status.INVALID_ARGUMENT));
  if (json) {
    assert.throws(() => sn.SkeletonData.loadJson(json.subarray(0, json.length >> 1)), spineError(sn.Status.LOAD));
  }
  // a skeleton whose regions the atlas lacks
  const other = rigs.find((r) => r.name !== rig.name);
  if (other) {
    const atlas = sn.Atlas.load(readFileSync(other.atlas));
    assert.throws(() => sn.SkeletonData.loadBinary(skel, atlas), (e) => e.kind === sn.ErrorKind.MISSING_REGION);
    atlas.dispose();
  }
  alive();
});

test("disposed and wrong-type handles are reported by the library", () => {
  const { atlas, data, dispose } = loadRig(rig);
  const skeleton = sn.Skeleton.create(data);
  const stale = new sn.Skeleton(skeleton._lib, skeleton._h, data);
  skeleton.dispose();
  skeleton.dispose(); // a second dispose does nothing
  assert.throws(() => skeleton.update(0.1), spineError(sn.Status.NULL_ARGUMENT));
  assert.throws(() => stale.update(0.1), spineError(sn.Status.STALE_HANDLE));
  stale._h = 0n;
  // an atlas handle where a skeleton data handle belongs
  const wrong = new sn.SkeletonData(atlas._lib, atlas._h);
  assert.throws(() => wrong.count(sn.Item.BONE), spineError(sn.Status.WRONG_TYPE));
  wrong._h = 0n;
  const mixes = sn.AnimationStateData.create(data);
  const state = sn.AnimationState.create(mixes);
  const entry = state.setAnimation(0, 0, false);
  state.dispose();
  assert.throws(() => entry.alpha, spineError(sn.Status.STALE_HANDLE));
  mixes.dispose();
  dispose();
  alive();
});

test("NaN, fractional and huge arguments are clear errors", () => {
  const { data, dispose } = loadRig(rig);
  const skeleton = sn.Skeleton.create(data);
  const mixes = sn.AnimationStateData.create(data);
  const state = sn.AnimationState.create(mixes);
  assert.throws(() => state.update(NaN), spineError(sn.Status.INVALID_ARGUMENT));
  assert.throws(() => state.update(Infinity), spineError(sn.Status.INVALID_ARGUMENT));
  assert.throws(() => skeleton.update(NaN), spineError(sn.Status.INVALID_ARGUMENT));
  assert.throws(() => skeleton.boneWorld(NaN), RangeError);
  assert.throws(() => skeleton.boneWorld(1.5), RangeError);
  assert.throws(() => skeleton.boneWorld(-1), RangeError);
  assert.throws(() => skeleton.boneWorld(1e6), spineError(sn.Status.OUT_OF_RANGE));
  assert.throws(() => state.setAnimation(0, "no such animation", true), spineError(sn.Status.NOT_FOUND));
  assert.throws(() => state.setAnimation(sn.Status.OK + 5000, 0, true), sn.SpineError);
  assert.throws(() => skeleton.updateWorldTransform(99), spineError(sn.Status.INVALID_ARGUMENT));
  // huge times play on
  state.setAnimation(0, 0, true);
  state.update(1e9);
  state.apply(skeleton);
  skeleton.update(1e9);
  skeleton.updateWorldTransform(sn.Physics.UPDATE);
  assert.throws(() => data.name(sn.Item.BONE, 1 << 30), spineError(sn.Status.OUT_OF_RANGE));
  assert.throws(() => sn.SkeletonData.loadBinary(skel, null, NaN), spineError(sn.Status.INVALID_ARGUMENT));
  for (const o of [state, mixes, skeleton]) o.dispose();
  dispose();
  alive();
});

test("a trap makes ModuleTrappedError and the instance refuses later calls", async () => {
  // A second instance, trapped on purpose by an out-of-bounds read through a bad pointer
  // (the ABI never does this; the raw export is called directly).
  const own = sn.initSync(readFileSync(new URL("../spine_native.wasm", import.meta.url)));
  const l = own._lib;
  assert.throws(() => l.x.spn_atlas_load(0xfffffff0, 1024, l.s(0)), sn.ModuleTrappedError);
  assert.ok(own.trapped);
  assert.throws(() => sn.Atlas.load(atlasText), sn.ModuleTrappedError);
  // a fresh instance works again
  await module();
  const fresh = sn.initSync(readFileSync(new URL("../spine_native.wasm", import.meta.url)));
  assert.equal(fresh.trapped, null);
  alive();
});
