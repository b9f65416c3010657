// Runs warm frames of a corpus rig through the binding and prints the JS heap growth over
// them (bytes), for test/garbage.test.mjs. Run with --expose-gc. Each frame renders on the
// CPU and in the GPU-skinning mode (ABI 1.9: static streams, palette, draws, CPU vertices
// and coverage read in place). Argument: "leak" puts a per-frame allocation back (a draw
// range read as a new object), "gpu-leak" one in the GPU frame (a draw read as an object),
// to show the check fails.
import v8 from "node:v8";
import { corpus, rigRecords, module, loadRig } from "./helpers.mjs";

const sn = await module();
const rigs = rigRecords(corpus());
const rig = rigs.find((r) => r.name === "spineboy") ?? rigs[0];
const leak = process.argv[2] === "leak";
const gpuLeak = process.argv[2] === "gpu-leak";
const { data, dispose } = loadRig(rig);
const skeleton = sn.Skeleton.create(data);
const mixes = sn.AnimationStateData.create(data);
const state = sn.AnimationState.create(mixes);
// The GPU conventions (ABI 1.8) on: whole-buffer indices, RGBA bytes, per-page PMA, with
// separator slots whose per-range ends are read every frame.
const renderer = sn.Renderer.create({ absoluteIndices: true, colorOrder: sn.ColorOrder.RGBA_BYTES, pmaPerPage: true });
renderer.setSeparatorSlots([1, 3, 5]);
const gpuRenderer = sn.Renderer.create();
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
  const streams = data.gpuStreams();
  const gpu = gpuRenderer.renderGpu(skeleton);
  const draws = gpu.draws, palette = gpu.palette, blocks = streams.blocks;
  for (let i = 0; i < gpu.drawCount; i++) {
    const w = sn.GPU_DRAW_STRIDE * i, block = draws[w + sn.GpuDrawWord.BLOCK];
    if (block === sn.NO_BLOCK) acc[0] += gpu.cpuPositions[2 * draws[w + sn.GpuDrawWord.FIRST_VERTEX]];
    else acc[0] += blocks[sn.GPU_BLOCK_STRIDE * block + 1] + streams.vertexFloats[16 * draws[w + sn.GpuDrawWord.FIRST_VERTEX] + 2];
  }
  acc[0] += palette[4] + gpu.cpuUvs[0] + gpu.cpuIndices[0] + gpu.coverageOf("gpuVertices") + streams.indices[0];
  if (gpuLeak) acc[0] += gpu.draw(0).slot;
}
for (let i = 0; i < 20000; i++) frame(); // warm: buffers grown, code optimized (tier-up allocates), names cached
globalThis.gc();
globalThis.gc();
const before = v8.getHeapStatistics().used_heap_size;
for (let i = 0; i < 10000; i++) frame();
const after = v8.getHeapStatistics().used_heap_size;
console.log(JSON.stringify({ growth: after - before, frames: 10000, sink: Number.isFinite(acc[0]) }));
