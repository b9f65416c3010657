// The binding over the corpus rigs: loading, playback, render output views and their
// staleness, events, names, ownership.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { corpus, rigRecords, rigs42, module, loadRig, HERE } from "./helpers.mjs";

const sn = await module();
const rigs = rigRecords(corpus());

test("a set SPINE_CORPUS whose folder holds no rigs fails", () => {
  const empty = mkdtempSync(join(tmpdir(), "spn-empty-"));
  const r = spawnSync(process.execPath, ["--input-type=module", "-e",
    `import { corpus } from ${JSON.stringify(join(HERE, "helpers.mjs"))}; corpus();`],
  { env: { ...process.env, SPINE_CORPUS: empty }, encoding: "utf8" });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /no rigs in/);
});

test("the module reports the ABI the binding was written for", () => {
  assert.equal(sn.abiVersion(), sn.ABI_VERSION);
  assert.ok(sn.abiCompatible());
  assert.match(sn.version(), /^\d+\.\d+\.\d+/);
});

test("statuses and error kinds have their header names", () => {
  assert.equal(sn.statusString(sn.Status.STALE_HANDLE), "SPN_ERROR_STALE_HANDLE");
  assert.equal(sn.statusString(sn.Status.OK), "SPN_OK");
  assert.equal(sn.statusString(999), "SPN_STATUS_UNKNOWN");
  assert.equal(sn.errorKindString(sn.ErrorKind.TRUNCATED), "SPN_ERROR_KIND_TRUNCATED");
  assert.equal(sn.errorKindString(-1), "SPN_ERROR_KIND_UNKNOWN");
});

test("every corpus rig loads from .skel and JSON bytes with the same names", () => {
  assert.ok(rigs.length >= 5, `${rigs.length} rigs`);
  for (const rig of rigs) {
    const { atlas, data, dispose } = loadRig(rig);
    assert.ok(atlas.pageCount >= 1 && atlas.regionCount >= 1, rig.name);
    assert.ok(data.count(sn.Item.BONE) > 0, rig.name);
    if (rig.json) {
      const json = sn.SkeletonData.loadJson(readFileSync(rig.json, "utf8"), atlas);
      for (const item of [sn.Item.BONE, sn.Item.SLOT, sn.Item.ANIMATION, sn.Item.SKIN]) {
        assert.deepEqual(json.names(item), data.names(item), `${rig.name} item ${item}`);
      }
      json.dispose();
    }
    dispose();
  }
});

test("Spine 4.2 exports load through the same calls and tell their editor version", (t) => {
  const { required, rigs: exports } = rigs42();
  if (exports.length === 0) {
    assert.ok(!required, "SPINE_CORPUS42 is set but its folder holds no 4.2 rigs");
    t.skip("no 4.2 corpus (SPINE_CORPUS42, default ../shared/corpus42)");
    return;
  }
  // The first rig's JSON and its editor-written .skel.
  const rig = exports[0].name.replace(/@4\.2.*$/, "");
  const chosen = exports.filter((e) => e.name === `${rig}@4.2` || e.name === `${rig}@4.2.skel`);
  assert.ok(chosen.length >= 1, rig);
  for (const e of chosen) {
    const atlas = sn.Atlas.load(readFileSync(e.atlas));
    const data = e.skeleton.endsWith(".json")
      ? sn.SkeletonData.loadJson(readFileSync(e.skeleton, "utf8"), atlas)
      : sn.SkeletonData.loadBinary(readFileSync(e.skeleton), atlas);
    const version = data.info().version;
    assert.ok(version.startsWith("4.2"), `${e.name}: version ${version}`);
    assert.equal(version, e.version, e.name);
    assert.ok(data.count(sn.Item.BONE) > 0 && data.count(sn.Item.ANIMATION) > 0, e.name);
    data.dispose();
    atlas.dispose();
  }
});

function player(rig) {
  const r = loadRig(rig);
  const skeleton = sn.Skeleton.create(r.data);
  const mixes = sn.AnimationStateData.create(r.data);
  const state = sn.AnimationState.create(mixes);
  const renderer = sn.Renderer.create();
  return { ...r, skeleton, mixes, state, renderer,
    frame(dt) {
      state.update(dt); state.apply(skeleton); skeleton.update(dt);
      skeleton.updateWorldTransform(sn.Physics.UPDATE); renderer.render(skeleton);
    },
    close() { for (const o of [renderer, state, mixes, skeleton]) o.dispose(); r.dispose(); } };
}

const spineboy = rigs.find((r) => r.name === "spineboy") ?? rigs[0];

test("spineboy walks: render output views hold the frame's vertices and indices", () => {
  const p = player(spineboy);
  const entry = p.state.setAnimation(0, "walk", true);
  assert.equal(entry.animation, p.data.find(sn.Item.ANIMATION, "walk"));
  assert.equal(entry.trackIndex, 0);
  p.frame(1 / 60);
  const out = p.renderer.output();
  assert.equal(out.layout, sn.VertexLayout.SEPARATE);
  assert.ok(out.vertexCount > 100);
  assert.equal(out.positions.length, out.vertexCount * 2);
  assert.equal(out.colors.length, out.vertexCount);
  assert.equal(out.indices.length, out.indexCount);
  assert.ok(out.indices instanceof Uint16Array);
  let covered = 0;
  for (let i = 0; i < out.rangeCount; i++) {
    const r = out.range(i);
    assert.equal(out.ranges[i * sn.RANGE_STRIDE + 1], r.indexCount);
    covered += r.indexCount;
    for (let k = r.firstIndex; k < r.firstIndex + r.indexCount; k++) assert.ok(out.indices[k] < r.vertexCount);
  }
  assert.equal(covered, out.indexCount);
  // the same memory the library wrote: a second read gives the same array object
  assert.equal(out.positions, out.positions);
  assert.ok(out.positions.every(Number.isFinite));
  p.close();
});

const swapRedBlue = (c) => ((c & 0xFF00FF00) | ((c >>> 16) & 0xFF) | ((c & 0xFF) << 16)) >>> 0;

test("GPU output conventions (ABI 1.8): whole-buffer indices, RGBA bytes, per-page pma, range separators", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "walk", true);
  for (let i = 0; i < 10; i++) p.frame(0.1);
  let atlasPma = true;
  for (let i = 0; i < p.atlas.pageCount; i++) atlasPma &&= p.atlas.page(i).pma;
  const whole = sn.Renderer.create({ absoluteIndices: true });
  const rgba = sn.Renderer.create({ colorOrder: sn.ColorOrder.RGBA_BYTES });
  const expectedPma = sn.Renderer.create({ premultipliedAlpha: atlasPma });
  const perPage = sn.Renderer.create({ pmaPerPage: true, premultipliedAlpha: !atlasPma });
  assert.ok(whole.options.absoluteIndices && perPage.options.pmaPerPage);
  assert.equal(rgba.options.colorOrder, sn.ColorOrder.RGBA_BYTES);
  const plain = p.renderer.output();
  assert.equal(plain.absoluteIndices, false);
  const rel = Array.from(plain.indices), colors = Array.from(plain.colors);
  const ranges = Array.from({ length: plain.rangeCount }, (_, i) => plain.range(i));
  whole.render(p.skeleton);
  const b = whole.output();
  assert.ok(b.absoluteIndices && b.indices instanceof Uint16Array);
  for (const r of ranges) {
    for (let k = r.firstIndex; k < r.firstIndex + r.indexCount; k++) assert.equal(b.indices[k], rel[k] + r.firstVertex);
  }
  rgba.render(p.skeleton);
  const c = rgba.output();
  assert.deepEqual(Array.from(c.colors), colors.map(swapRedBlue));
  // R, G, B, A in memory: what WebGL reads as UNSIGNED_BYTE x4 with no swizzle.
  const bytes = new Uint8Array(c.colors.buffer, c.colors.byteOffset, 4);
  assert.deepEqual(Array.from(bytes), [(colors[0] >>> 16) & 0xFF, (colors[0] >>> 8) & 0xFF, colors[0] & 0xFF, colors[0] >>> 24]);
  for (let i = 0; i < ranges.length; i++) assert.equal(c.range(i).color, swapRedBlue(ranges[i].color));
  expectedPma.render(p.skeleton);
  const e = Array.from(expectedPma.output().colors);
  perPage.render(p.skeleton);
  assert.deepEqual(Array.from(perPage.output().colors), e);
  assert.throws(() => sn.Renderer.create({ colorOrder: 2 }), (err) => err.status === sn.Status.INVALID_ARGUMENT);
  // The separator slot each range ends at.
  const order = Array.from(p.skeleton.drawOrder());
  const separators = order.filter((_, i) => i % 3 === 1);
  p.renderer.setSeparatorSlots(separators);
  p.renderer.render(p.skeleton);
  const s = p.renderer.output();
  const ends = Array.from(s.rangeSeparators);
  assert.equal(ends.length, s.rangeCount);
  let any = false;
  for (let r = 0; r < s.rangeCount; r++) {
    const end = r + 1 < s.rangeCount ? s.rangeInfo(r + 1).firstDraw : order.length;
    const gap = order.slice(s.rangeInfo(r).lastDraw, end).filter((slot) => separators.includes(slot));
    assert.equal(ends[r], gap.length ? gap[0] : sn.NO_SEPARATOR);
    any ||= gap.length > 0;
  }
  assert.ok(any);
  for (const r of [whole, rgba, expectedPma, perPage]) r.dispose();
  p.close();
});

test("data skin entries and stable crowd member ids (ABI 1.8)", () => {
  const r = loadRig(spineboy);
  const skins = r.data.count(sn.Item.SKIN);
  let total = 0;
  for (let s = 0; s < skins; s++) {
    const own = r.data.skinEntries(s);
    const skin = sn.Skin.create(r.data, "alone");
    skin.addDataSkin(s);
    assert.deepEqual(own, skin.entries());
    skin.dispose();
    total += own.length;
  }
  assert.ok(total > 0);
  assert.throws(() => r.data.skinEntries(skins), (err) => err.status === sn.Status.OUT_OF_RANGE);
  // The data's own atlas (ABI 1.8): shared page texture ids.
  const own = r.data.atlas(), again = r.data.atlas();
  assert.ok(own.pageCount > 0);
  own.setPageTexture(0, 4321n);
  assert.equal(again.pageTexture(0), 4321n);
  own.dispose();
  again.dispose();
  const crowd = sn.Crowd.create(1);
  const [a, b, c] = [0, 1, 2].map(() => sn.Skeleton.create(r.data));
  const ia = crowd.addMember(a), ib = crowd.addMember(b);
  crowd.add(c);
  const ic = crowd.memberId(2);
  assert.ok(ia > 0 && ia < ib && ib < ic);
  crowd.removeMember(ia);
  assert.equal(crowd.count, 2);
  assert.equal(crowd.indexOf(ib), 0);
  assert.equal(crowd.indexOf(ic), 1);
  assert.equal(crowd.memberId(0), ib);
  assert.throws(() => crowd.indexOf(ia), (err) => err.status === sn.Status.NOT_FOUND);
  assert.throws(() => crowd.removeMember(ia), (err) => err.status === sn.Status.NOT_FOUND);
  assert.ok(crowd.addMember(a) > ic);
  crowd.dispose();
  for (const k of [a, b, c]) k.dispose();
  r.dispose();
});

test("runtime attachments inspected through their skin and new sockets (ABI 1.9)", () => {
  const r = loadRig(spineboy);
  const atlas = r.data.atlas();
  const skin = sn.Skin.create(r.data, "gear");
  skin.addDataSkin(r.data.defaultSkin());
  const slot = r.data.find(sn.Item.SLOT, "gun");
  const placeholder = r.data.slot(slot).attachment;
  const dataId = skin.entries().find((e) => e.slot === slot && e.name === placeholder).attachment;
  const region = 1, info = atlas.region(region);
  const id = skin.createRegionAttachment(slot, placeholder, atlas, region, { x: 10, y: 5, rotation: 30, width: 40 });
  assert.ok((id & sn.RUNTIME_ATTACHMENT_BIT) !== 0 || id >= 2 ** 31);
  const a = skin.attachment(id);
  assert.deepEqual([a.kind, a.name, a.skin], [sn.AttachmentType.REGION, placeholder, 0xFFFFFFFF]);
  const g = skin.attachmentGeometry(id);
  assert.deepEqual([g.x, g.y, g.rotation, g.width, g.height], [10, 5, 30, 40, info.originalHeight]);
  assert.deepEqual([g.page, g.region, g.path], [info.page, region, info.name]);
  const uvs = skin.attachmentFloats(id, sn.AttachmentArray.TEXTURE_UVS);
  assert.equal(uvs.length, 8);
  for (let k = 0; k < 8; k += 2) assert.ok(uvs[k] >= info.u && uvs[k] <= info.u2 && uvs[k + 1] >= info.v && uvs[k + 1] <= info.v2);
  assert.deepEqual(skin.attachmentGeometry(dataId), r.data.attachmentGeometry(dataId));
  assert.throws(() => skin.attachmentIndices(id, sn.AttachmentArray.TRIANGLES), (err) => err.status === sn.Status.INVALID_ARGUMENT);
  assert.throws(() => r.data.attachmentGeometry(id), (err) => err.status === sn.Status.OUT_OF_RANGE);
  skin.setAttachment(slot, placeholder, dataId);
  assert.throws(() => skin.attachment(id), (err) => err.status === sn.Status.OUT_OF_RANGE);
  // A new socket: refused until the data adds its name.
  assert.throws(() => skin.createRegionAttachment(slot, "js socket", atlas, region), (err) => err.status === sn.Status.NOT_FOUND);
  r.data.addPlaceholder("js socket").addPlaceholder("js socket");
  const socket = skin.createRegionAttachment(slot, "js socket", atlas, region);
  assert.ok(skin.entries().some((e) => e.slot === slot && e.name === "js socket" && e.attachment === socket));
  const skeleton = sn.Skeleton.create(r.data);
  assert.equal(skeleton.findAttachment(slot, "js socket"), null);
  skeleton.setSkin(skin);
  assert.equal(skeleton.findAttachment(slot, "js socket"), socket);
  skeleton.setAttachment(slot, "js socket");
  assert.equal(skeleton.slotAttachment(slot, sn.Pose.ANIMATED) >>> 0, socket);
  // The skeleton reports what it shows, also once the skin that made it is gone.
  skin.dispose();
  const worn = skeleton.attachmentGeometry(socket);
  assert.deepEqual([worn.kind, worn.region, worn.width, worn.height], [sn.AttachmentType.REGION, region, info.originalWidth, info.originalHeight]);
  assert.deepEqual([skeleton.attachment(socket).name, skeleton.attachment(socket).skin], ["js socket", 0xFFFFFFFF]);
  assert.equal(skeleton.attachmentFloats(socket, sn.AttachmentArray.OFFSETS).length, 8);
  assert.deepEqual(skeleton.attachmentGeometry(dataId), r.data.attachmentGeometry(dataId));
  assert.throws(() => skeleton.attachmentIndices(socket, sn.AttachmentArray.TRIANGLES), (err) => err.status === sn.Status.INVALID_ARGUMENT);
  assert.throws(() => skeleton.attachment(id), (err) => err.status === sn.Status.OUT_OF_RANGE);
  skeleton.dispose();
  atlas.dispose();
  r.dispose();
});

test("views read after the next render, after dispose or after memory growth throw", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "run", true);
  p.frame(1 / 60);
  const out = p.renderer.output();
  const x0 = out.positions[0];
  p.frame(1 / 60);
  assert.throws(() => out.positions, sn.StaleOutputError);
  assert.throws(() => out.vertexCount, sn.StaleOutputError);
  const again = p.renderer.output();
  assert.notEqual(again.positions[0], x0);
  // memory growth: a big allocation (a large load) detaches every view
  const before = sn.initSync; // keep the import used
  assert.ok(before);
  const pages = p.renderer._lib.memory.buffer.byteLength;
  p.renderer._lib.memory.grow(1);
  assert.ok(p.renderer._lib.memory.buffer.byteLength > pages);
  assert.throws(() => again.positions, /memory grew/);
  const events = p.state.events();
  p.state.update(0.01);
  assert.throws(() => events.length, sn.StaleOutputError);
  const o2 = p.renderer.output();
  p.renderer.dispose();
  assert.throws(() => o2.indices, /disposed/);
  p.close();
});

test("every binding call that renders into a renderer makes its views stale, and nothing else does", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "walk", true);
  p.frame(1 / 60);
  // Unrelated calls (another renderer's render, state and skeleton calls, reads) keep a view current.
  let out = p.renderer.output();
  const other = sn.Renderer.create();
  other.render(p.skeleton);
  p.state.update(1 / 60);
  p.skeleton.updateWorldTransform(sn.Physics.UPDATE);
  assert.equal(out.vertexCount, other.output().vertexCount);
  assert.equal(out.positions.length, 2 * out.vertexCount);
  const stale = (what) => {
    assert.throws(() => out.vertexCount, sn.StaleOutputError, what);
    assert.throws(() => out.indices, sn.StaleOutputError, what);
    out = p.renderer.output();
    assert.ok(Number.isInteger(out.vertexCount), what);
  };
  p.renderer.renderSlots(p.skeleton, 0, 3);
  stale("renderSlots");
  p.renderer.setOptions({ premultipliedAlpha: true });
  stale("setOptions");
  p.renderer.renderGpu(p.skeleton);
  stale("renderGpu");
  const crowd = sn.Crowd.create(1);
  crowd.add(p.skeleton, p.state, p.renderer);
  crowd.setEnabled(0, false);
  crowd.update(1 / 60);
  stale("crowd update (a disabled member's renderer too)");
  crowd.updateRange(0, 1, 1 / 60);
  stale("crowd updateRange");
  crowd.renderBatched(p.renderer);
  stale("crowd renderBatched");
  crowd.renderBatched(other);
  assert.ok(Number.isInteger(out.vertexCount), "another renderer's batched render");
  // A failed render makes the views stale too (the renderer may have started).
  const done = sn.Skeleton.create(p.data);
  done.dispose();
  assert.throws(() => p.renderer.render(done), (err) => err instanceof sn.SpineError);
  assert.throws(() => out.vertexCount, sn.StaleOutputError);
  crowd.dispose();
  other.dispose();
  p.close();
});

test("events are polled in place with cached names", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "walk", true);
  const seen = [];
  for (let i = 0; i < 120; i++) {
    p.frame(1 / 30);
    const ev = p.state.events();
    for (let k = 0; k < ev.length; k++) seen.push([ev.type(k), ev.name(k)]);
  }
  assert.deepEqual(seen[0], [sn.EventType.START, null]);
  const footsteps = seen.filter(([t, n]) => t === sn.EventType.EVENT && n === "footstep");
  assert.ok(footsteps.length >= 4, `${footsteps.length} footsteps`);
  assert.ok(seen.some(([t]) => t === sn.EventType.COMPLETE));
  // the name string is the cached one, not a new decode
  assert.equal(p.data.name(sn.Item.EVENT, 0), p.data.name(sn.Item.EVENT, 0));
  p.close();
});

test("track entries, mixes, skins, bounds and the crowd through the binding", () => {
  const p = player(spineboy);
  p.mixes.setMix("walk", "run", 0.25);
  assert.equal(p.mixes.mix(p.data.find(sn.Item.ANIMATION, "walk"), p.data.find(sn.Item.ANIMATION, "run")), 0.25);
  const walk = p.state.setAnimation(0, "walk", true);
  p.frame(0.1);
  const run = p.state.setAnimation(0, "run", true);
  assert.ok(run.link(sn.EntryLink.MIXING_FROM).equals(walk));
  assert.equal(run.get(sn.EntryField.MIX_DURATION), 0.25);
  assert.equal(p.state.current(0).animation, run.animation);
  assert.equal(p.state.current(3), null);
  p.skeleton.setPosition(10, 20);
  assert.deepEqual(p.skeleton.position, [10, 20]);
  p.skeleton.updateWorldTransform();
  const b = p.skeleton.bounds();
  assert.ok(b.width > 100 && b.height > 100);
  const crowd = sn.Crowd.create(4);
  crowd.setThreads(8);
  crowd.add(p.skeleton, p.state, p.renderer);
  crowd.update(1 / 60);
  assert.equal(crowd.count, 1);
  assert.ok(p.renderer.output().vertexCount > 0);
  crowd.dispose();
  p.close();
});

test("the snapshot bound holds across frames with mixes and physics; a longer buffer says so", () => {
  const p = player(spineboy);
  const b = player(spineboy);
  const animations = p.data.count(sn.Item.ANIMATION);
  // Two tracks, at most four entries alive at once, callbacks polled every frame.
  const bound = p.skeleton.snapshotBound(true, 2, 4, 64);
  const bare = p.skeleton.snapshotBound(false);
  assert.ok(36 < bare && bare < bound, `${bare} < ${bound}`);
  p.state.setAnimation(0, 0, true);
  let largest = 0;
  for (let f = 0; f < 90; f++) {
    if (f === 30) p.state.setAnimation(0, 1 % animations, true);
    if (f === 40) p.state.setAnimation(1, 2 % animations, false);
    p.frame(1 / 60);
    p.state.clearEvents();
    const size = p.skeleton.snapshot(p.state).length;
    assert.ok(size <= bound, `frame ${f}: ${size} > ${bound}`);
    assert.ok(p.skeleton.snapshot().length <= bare);
    largest = Math.max(largest, size);
  }
  assert.throws(() => p.skeleton.snapshotBound(false, 1), (e) => e.status === sn.Status.INVALID_ARGUMENT);
  assert.throws(() => p.skeleton.snapshotBound(true, 1025), (e) => e.status === sn.Status.OUT_OF_RANGE);
  const bytes = p.skeleton.snapshot(p.state);
  const longer = new Uint8Array(bytes.length + 2);
  longer.set(bytes);
  assert.throws(() => b.skeleton.restore(longer, b.state), (e) => e.status === sn.Status.INVALID_ARGUMENT && /2 trailing bytes after the snapshot/.test(e.message));
  b.close();
  p.close();
});

test("loadFile fails with Status.IO: the module has no file system", () => {
  assert.throws(() => sn.Atlas.loadFile(spineboy.atlas), (e) => e instanceof sn.SpineError && e.status === sn.Status.IO && /no file system/.test(e.message));
  assert.throws(() => sn.SkeletonData.loadFile(spineboy.skel), (e) => e.status === sn.Status.IO && e.kind === sn.ErrorKind.IO);
});

test("GPU skinning (ABI 1.9): the shader applied to renderGpu's views is the CPU render", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "walk", true);
  const streams = p.data.gpuStreams();
  assert.equal(p.data.gpuStreams(), streams, "one accessor per data");
  assert.ok(streams.eligibleAttachments > 0);
  const blocks = streams.blocks;
  let blockVertices = 0;
  for (let b = 0; b < streams.blockCount; b++) blockVertices += blocks[sn.GPU_BLOCK_STRIDE * b + 1];
  assert.equal(streams.vertices.length, sn.GPU_VERTEX_SIZE * blockVertices);
  assert.equal(streams.vertices.buffer, p.renderer._lib.memory.buffer, "a view of the module's memory, not a copy");
  assert.equal(streams.block(1).firstVertex, blocks[sn.GPU_BLOCK_STRIDE + 0]);
  const f = Math.fround;
  const W = sn.GpuDrawWord;
  let onGpu = 0;
  for (let frame = 0; frame < 20; frame++) {
    p.frame(1 / 30);
    const out = p.renderer.output();
    const positions = Float32Array.from(out.positions), uvs = Float32Array.from(out.uvs), colors = Uint32Array.from(out.colors);
    const gpu = p.renderer.renderGpu(p.skeleton);
    assert.equal(gpu.boneCount, p.data.count(sn.Item.BONE));
    assert.equal(gpu.palette.length, 6 * gpu.boneCount);
    assert.equal(gpu.palette.buffer, p.renderer._lib.memory.buffer, "the palette is read in place");
    const cov = gpu.coverage;
    assert.equal(gpu.drawCount, cov.gpuDraws + cov.cpuDraws);
    assert.equal(gpu.coverageOf("gpuVertices"), cov.gpuVertices);
    const draws = gpu.draws, m = gpu.palette, sv = streams.vertexFloats;
    const bones = new Uint16Array(streams.vertices.buffer, streams.vertices.byteOffset, streams.vertices.length >>> 1);
    let vertex = 0, cpuIndices = 0;
    for (let i = 0; i < gpu.drawCount; i++) {
      const w0 = sn.GPU_DRAW_STRIDE * i;
      const block = draws[w0 + W.BLOCK], first = draws[w0 + W.FIRST_VERTEX], count = draws[w0 + W.VERTEX_COUNT];
      assert.equal(block === sn.NO_BLOCK, draws[w0 + W.CPU_REASON] !== sn.CpuReason.NONE);
      if (block === sn.NO_BLOCK) cpuIndices += draws[w0 + W.INDEX_COUNT];
      else assert.equal(blocks[sn.GPU_BLOCK_STRIDE * block], first);
      if (i === 0) assert.equal(gpu.draw(0).slot, draws[W.SLOT]);
      for (let k = 0; k < count; k++, vertex++) {
        let x = 0, y = 0, u, v;
        if (block === sn.NO_BLOCK) {
          x = gpu.cpuPositions[2 * (first + k)];
          y = gpu.cpuPositions[2 * (first + k) + 1];
          u = gpu.cpuUvs[2 * (first + k)];
          v = gpu.cpuUvs[2 * (first + k) + 1];
        } else {
          const at = 16 * (first + k);
          for (let j = 0; j < 4; j++) {
            const e = 6 * bones[2 * at + j], w = sv[at + 2 + j];
            const lx = sv[at + 6 + 2 * j], ly = sv[at + 7 + 2 * j];
            const px = f(f(f(lx * m[e]) + f(ly * m[e + 2])) + m[e + 4]);
            const py = f(f(f(lx * m[e + 1]) + f(ly * m[e + 3])) + m[e + 5]);
            x = f(x + f(px * w));
            y = f(y + f(py * w));
          }
          u = sv[at + 14];
          v = sv[at + 15];
        }
        assert.equal(x, positions[2 * vertex], `frame ${frame} vertex ${vertex}`);
        assert.equal(y, positions[2 * vertex + 1], `frame ${frame} vertex ${vertex}`);
        assert.equal(u, uvs[2 * vertex]);
        assert.equal(v, uvs[2 * vertex + 1]);
        assert.equal(draws[w0 + W.COLOR], colors[vertex]);
      }
    }
    assert.equal(vertex, colors.length);
    assert.equal(cpuIndices, gpu.cpuIndexCount);
    assert.equal(cov.gpuVertices + cov.cpuVertices, vertex);
    assert.throws(() => out.positions, sn.StaleOutputError);
    onGpu += cov.gpuVertices;
  }
  assert.ok(onGpu > 0);
  p.close();
});

test("GPU skinning: the palette is the bone world transforms the skeleton API reads", () => {
  const p = player(spineboy);
  p.state.setAnimation(0, "walk", true);
  for (let i = 0; i < 5; i++) p.frame(0.1);
  const gpu = p.renderer.renderGpu(p.skeleton);
  const m = gpu.palette;
  let moved = 0;
  for (let b = 0; b < gpu.boneCount; b++) {
    const w = p.skeleton.boneWorld(b);
    assert.deepEqual([m[6 * b], m[6 * b + 1], m[6 * b + 2], m[6 * b + 3], m[6 * b + 4], m[6 * b + 5]],
      [w.a, w.c, w.b, w.d, w.worldX, w.worldY], `bone ${b}`);
    if (w.worldX !== 0 || w.worldY !== 0) moved++;
  }
  assert.ok(moved > 0);
  p.close();
});

test("GPU views read after the next render, an option change, dispose or memory growth throw", () => {
  const p = player(spineboy);
  p.frame(0);
  let gpu = p.renderer.renderGpu(p.skeleton);
  assert.ok(gpu.palette.length > 0 && gpu.drawCount > 0);
  assert.equal(gpu.generation, p.renderer.output().generation);
  p.renderer.render(p.skeleton);
  assert.throws(() => gpu.palette, /next render/);
  assert.throws(() => gpu.draw(0), sn.StaleOutputError);
  gpu = p.renderer.renderGpu(p.skeleton);
  p.renderer.setOptions({});
  assert.throws(() => gpu.draws, /option change/);
  gpu = p.renderer.renderGpu(p.skeleton);
  assert.ok(gpu.cpuVertexCount >= 0);
  p.renderer._lib.memory.grow(1);
  assert.throws(() => gpu.cpuPositions, /memory grew/);
  const streams = p.data.gpuStreams();
  assert.ok(streams.indices.length > 0, "streams stay valid after a growth: fresh views");
  assert.equal(streams.indices.buffer, p.renderer._lib.memory.buffer);
  gpu = p.renderer.renderGpu(p.skeleton);
  p.renderer.dispose();
  assert.throws(() => gpu.palette, /disposed/);
  const data = sn.SkeletonData.loadBinary(readFileSync(spineboy.skel), null);
  const own = data.gpuStreams();
  assert.ok(own.vertexCount > 0);
  data.dispose();
  assert.throws(() => own.vertices, /disposed/);
  p.close();
});
