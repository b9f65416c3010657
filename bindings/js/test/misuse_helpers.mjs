// Shared by the misuse replays (misuse.test.mjs, misuse_groups.test.mjs): raw calls through
// the module's exports that must fail with a status and a message, or succeed, and a check
// that the module still loads a rig afterwards.
import assert from "node:assert/strict";
import { corpus, rigRecords, module, loadRig } from "./helpers.mjs";

export const sn = await module();
export const rigs = rigRecords(corpus());
export const rig = rigs.find((r) => r.name === "spineboy") ?? rigs[0];
export const S = sn.Status;

/** Handles, raw and wrapped, of one loaded rig: atlas, data, skeleton, mixes, state, renderer. */
export function setup() {
  const { atlas, data, dispose } = loadRig(rig);
  const skeleton = sn.Skeleton.create(data);
  const mixes = sn.AnimationStateData.create(data);
  const state = sn.AnimationState.create(mixes);
  const renderer = sn.Renderer.create();
  const l = atlas._lib;
  return {
    l, atlas: atlas._h, data: data._h, skeleton: skeleton._h, mixes: mixes._h, state: state._h, renderer: renderer._h,
    objects: { atlas, data, skeleton, mixes, state, renderer },
    dispose() {
      for (const o of [renderer, state, mixes, skeleton]) o.dispose();
      dispose();
    },
  };
}

/** The raw call fails with `status` and leaves a message; the instance did not trap. */
export function fails(l, name, status, ...args) {
  const got = l.x[name](...args);
  assert.equal(got, status, `${name}(${args.join(", ")}): status ${got}, expected ${status}`);
  const message = sn.lastErrorMessage();
  assert.ok(message && message.length > 0, `${name}: no message`);
  return message;
}

export function ok(l, name, ...args) {
  assert.equal(l.x[name](...args), S.OK, `${name}: ${sn.lastErrorMessage()}`);
}

/** A struct block in the scratch area with its size field set. */
export function struct(l, offset, size) {
  const p = l.s(offset);
  l.refresh();
  l.u8.fill(0, p, p + Math.max(size, 4));
  l.dv.setUint32(p, size, true);
  return p;
}

export function count(l, data, item) {
  ok(l, "spn_skeleton_data_count", data, item, l.s(0));
  return l.u32(l.s(0));
}

/** A fresh rig loads and reports bones: the module did not trap and still works. */
export function alive() {
  const { data, dispose } = loadRig(rig);
  assert.ok(data.count(sn.Item.BONE) > 0);
  dispose();
}
