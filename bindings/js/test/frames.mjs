// Runs warm frames of a corpus rig through the binding and prints the JS heap growth over
// them (bytes), for test/garbage.test.mjs. Run with --expose-gc. Argument: "leak" puts a
// per-frame allocation back (a draw range read as a new object), to show the check fails.
import v8 from "node:v8";
import { corpus, rigRecords, module, loadRig } from "./helpers.mjs";

const sn = await module();
const rigs = rigRecords(corpus());
const rig = rigs.find((r) => r.name === "spineboy") ?? rigs[0];
const leak = process.argv[2] === "leak";
const { data, dispose } = loadRig(rig);
const skeleton = sn.Skeleton.create(data);
const mixes = sn.AnimationStateData.create(data);
const state = sn.AnimationState.create(mixes);
// The GPU conventions (ABI 1.8) on: whole-buffer indices, RGBA bytes, per-page PMA, with
// separator slots whose per-range ends are read every frame.
const renderer = sn.Renderer.create({ absoluteIndices: true, colorOrder: sn.ColorOrder.RGBA_BYTES, pmaPerPage: true });
renderer.setSeparatorSlots([1, 3, 5]);
state.setAnimation(0, "walk", true);
const acc = new Float64Array(1);
function frame() {
  state.update(1 / 60);
  state.apply(skeleton);
  skeleton.update(1 / 60);
  skeleton.updateWorldTransform(sn.Physics.UPDATE);
  renderer.render(skeleton);
  const out = renderer.output();
  acc[0] += out.positions[0] + out.indices[1] + out.colors[2] + out.ranges[1] + out.vertexCount;
  acc[0] += out.rangeSeparators[0] + (out.absoluteIndices ? 1 : 0);
  const events = state.events();
  for (let i = 0; i < events.length; i++) {
    const name = events.name(i);
    if (name !== null) acc[0] += name.length + events.type(i);
  }
  if (leak) acc[0] += out.range(0).indexCount;
}
for (let i = 0; i < 20000; i++) frame(); // warm: buffers grown, code optimized (tier-up allocates), names cached
globalThis.gc();
globalThis.gc();
const before = v8.getHeapStatistics().used_heap_size;
for (let i = 0; i < 10000; i++) frame();
const after = v8.getHeapStatistics().used_heap_size;
console.log(JSON.stringify({ growth: after - before, frames: 10000, sink: Number.isFinite(acc[0]) }));
