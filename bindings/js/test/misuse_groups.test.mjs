// The C ABI's *_misuse_test.c groups replayed through the module's raw exports, case by
// case in the C files' order (misuse.test.mjs replays tests/c/misuse_test.c):
//   tests/c/crowd_misuse_test.c       direct apply, crowd members and member ids, snapshots
//   tests/c/geometry_misuse_test.c    attachment geometry and arrays, constraint data
//   tests/c/separation_misuse_test.c  separator slots and slot-span renders
//   tests/c/skins_misuse_test.c       skin entries, data skin entries, skin and skeleton
//                                     attachment reports, added placeholders
//   tests/c/textures_misuse_test.c    page details and texture ids, loading with textures,
//                                     the data's atlas
//   tests/c/skin_sockets_test.c       its misuse() part (ABI 1.9 skin/skeleton attachments)
// Each call returns its documented status with a message (also where the C file checks the
// status alone), never traps, leaves its out values as the C file checks, and the instance
// keeps working (a fresh rig loads after each group).
//
// What differs from the C files, and why:
// - Rigs are loaded from bytes (spn_atlas_load, spn_skeleton_data_load_binary) instead of
//   spn_atlas_load_file / spn_skeleton_data_load_file: the module has no file system. A
//   destroyed data (the C files load a second one from the file) is a second one loaded
//   from bytes and destroyed; the C files' static buffers are blocks of spn_wasm_alloc.
// - Texture loaders (textures_misuse_test.c): a JavaScript function cannot be a C function
//   pointer of the module (coverage-exclusions.txt), so the cases that count the loader's
//   calls are not replayed: the counting loader called once per page (`loader_calls ==
//   pages` when the stale atlas is made) and the file loader whose failure (0xDEAD) becomes
//   SPN_ERROR_IO naming 57005. Where the C file checks that the loader is NOT called, the
//   loader passed is an index past the module's function table: had the library called it,
//   the call would trap and this test fail. Elsewhere the loader is NULL (allowed).
// - Files (textures_misuse_test.c): spn_atlas_load_file_with_textures of the existing atlas
//   fails with SPN_ERROR_IO on wasm too, but because the build has no file system (the
//   message says so; README "What the WebAssembly build does differently"), not because
//   the loader failed; the null, missing and non-UTF-8 paths give the native statuses.
// - Beyond the C files: the snapshot bound at the largest documented counts on every rig,
//   exact or refused (size_t is 32 bits here; see that test).
// - Threads: none of these cases needs one (crowd_misuse_test.c creates a one-thread crowd,
//   which the wasm build keeps as a number; BUSY comes from the skeleton claim, not a thread).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as abi from "../abi.mjs";
import { sn, S, rig, rigs, setup, fails, ok, struct, count, alive } from "./misuse_helpers.mjs";
import { loadRig } from "./helpers.mjs";

const A = sn.AttachmentArray;
const RUNTIME = abi.RUNTIME_ATTACHMENT_BIT;
// A texture loader that must never run: no function of the module's table has this index.
const NEVER_CALLED = 0x7fffffff;

function setU32(l, p, v) {
  l.refresh();
  l.dv.setUint32(p, v >>> 0, true);
  return p;
}
function setU64(l, p, v) {
  l.refresh();
  l.dv.setBigUint64(p, BigInt.asUintN(64, v), true);
  return p;
}
function setF32(l, p, v) {
  l.refresh();
  l.dv.setFloat32(p, v, true);
}
/** A NUL-terminated copy of `text` (a string, UTF-8 encoded, or byte values) at `p`. */
function cstr(l, p, text) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : Uint8Array.from(text);
  l.refresh();
  l.u8.set(bytes, p);
  l.u8[p + bytes.length] = 0;
  return p;
}
/** A handle written to `p` by a create call. */
function created(l, name, p, ...args) {
  setU64(l, p, 0n);
  ok(l, name, ...args, p);
  return l.u64(p);
}
/** A data handle whose data was destroyed. */
function destroyedData() {
  const { data, dispose } = loadRig(rig);
  const h = data._h;
  dispose();
  return h;
}
function bytesAt(l, p, n) {
  l.refresh();
  return l.u8.slice(p, p + n);
}

test("crowd_misuse_test.c: direct apply refuses bad handles, indices and values and applies nothing", () => {
  const c = setup();
  const { l } = c;
  const animations = count(l, c.data, sn.Item.ANIMATION);
  const stale = created(l, "spn_skeleton_create", l.s(4000), c.data);
  ok(l, "spn_skeleton_destroy", stale);
  const wrong = c.renderer;
  const size = abi.spn_fired_event.size;
  const events = l.s(4096);
  const n = setU32(l, l.s(4008), 77);
  const sk = c.skeleton;
  const apply = "spn_skeleton_apply_animation";
  fails(l, apply, S.NULL_ARGUMENT, 0n, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, n);
  fails(l, apply, S.STALE_HANDLE, stale, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, n);
  fails(l, apply, S.WRONG_TYPE, wrong, 0, 0, 0.5, 0, 1, 0, 0, size, events, 4, n);
  ok(l, "spn_skeleton_update_world_transform", sk, sn.Physics.POSE);
  ok(l, "spn_skeleton_bone_world", sk, 0, l.s(4400));
  const before = bytesAt(l, l.s(4400), abi.spn_bone_world.size);
  fails(l, apply, S.OUT_OF_RANGE, sk, animations, 0, 0.5, 0, 1, 0, 0, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, 0, NaN, 0, 1, 0, 0, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, Infinity, 0.5, 0, 1, 0, 0, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, 0, 0.5, 0, NaN, 0, 0, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, 0, 0.5, 0, 1, 4, 0, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, 0, 0.5, 0, 1, 0, 2, size, events, 4, n);
  fails(l, apply, S.INVALID_ARGUMENT, sk, 0, 0, 0.5, 0, 1, 0, 0, size - 1, events, 4, n);
  fails(l, apply, S.NULL_ARGUMENT, sk, 0, 0, 0.5, 0, 1, 0, 0, size, 0, 4, n);
  assert.equal(l.u32(n), 77, "failed calls leave the count alone");
  // Nothing was applied by the failed calls.
  ok(l, "spn_skeleton_update_world_transform", sk, sn.Physics.POSE);
  ok(l, "spn_skeleton_bone_world", sk, 0, l.s(4400));
  assert.deepEqual(bytesAt(l, l.s(4400), abi.spn_bone_world.size), before);
  // No event buffer: fine with a zero capacity, or without out_count.
  ok(l, apply, sk, 0, 0, 0.5, 0, 1, 0, 0, size, 0, 0, n);
  ok(l, apply, sk, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 4, 0);
  fails(l, "spn_skeleton_destroy", S.STALE_HANDLE, stale);
  c.dispose();
  alive();
});

test("crowd_misuse_test.c: crowd members and member ids refuse bad crowds, members and values", () => {
  const c = setup();
  const { l } = c;
  const P = l.s(4000);
  const stale = created(l, "spn_crowd_create", P, 1);
  ok(l, "spn_crowd_destroy", stale);
  const wrong = c.renderer;
  const crowd = created(l, "spn_crowd_create", P, 1);
  const sk = c.skeleton;
  ok(l, "spn_crowd_add", crowd, sk, 0n, 0n);
  const flag = setU32(l, l.s(4016), 7);
  const scale = l.s(4024);
  l.refresh();
  l.dv.setFloat64(scale, -3, true);
  const n = l.s(4032);
  // Null, stale and wrong-typed crowds.
  fails(l, "spn_crowd_remove", S.NULL_ARGUMENT, 0n, 0);
  fails(l, "spn_crowd_set_enabled", S.STALE_HANDLE, stale, 0, 1);
  fails(l, "spn_crowd_enabled", S.WRONG_TYPE, wrong, 0, flag);
  fails(l, "spn_crowd_set_time_scale", S.STALE_HANDLE, stale, 0, 1.0);
  fails(l, "spn_crowd_time_scale", S.NULL_ARGUMENT, 0n, 0, scale);
  fails(l, "spn_crowd_update_range", S.STALE_HANDLE, stale, 0, 1, 0.1, sn.Physics.UPDATE);
  fails(l, "spn_crowd_update_range", S.WRONG_TYPE, wrong, 0, 1, 0.1, sn.Physics.UPDATE);
  // Null out pointers.
  fails(l, "spn_crowd_enabled", S.NULL_ARGUMENT, crowd, 0, 0);
  fails(l, "spn_crowd_time_scale", S.NULL_ARGUMENT, crowd, 0, 0);
  // Members past the end.
  fails(l, "spn_crowd_remove", S.OUT_OF_RANGE, crowd, 1);
  fails(l, "spn_crowd_set_enabled", S.OUT_OF_RANGE, crowd, 1, 0);
  fails(l, "spn_crowd_enabled", S.OUT_OF_RANGE, crowd, 1, flag);
  fails(l, "spn_crowd_set_time_scale", S.OUT_OF_RANGE, crowd, 1, 1.0);
  fails(l, "spn_crowd_time_scale", S.OUT_OF_RANGE, crowd, 1, scale);
  fails(l, "spn_crowd_update_range", S.OUT_OF_RANGE, crowd, 0, 2, 0.1, sn.Physics.UPDATE);
  fails(l, "spn_crowd_update_range", S.OUT_OF_RANGE, crowd, 2, 0, 0.1, sn.Physics.UPDATE);
  fails(l, "spn_crowd_update_range", S.OUT_OF_RANGE, crowd, 0xffffffff, 2, 0.1, sn.Physics.UPDATE);
  assert.equal(l.u32(flag), 7);
  assert.equal(l.f64(scale), -3);
  // Bad values.
  fails(l, "spn_crowd_set_time_scale", S.INVALID_ARGUMENT, crowd, 0, NaN);
  fails(l, "spn_crowd_set_time_scale", S.INVALID_ARGUMENT, crowd, 0, Infinity);
  fails(l, "spn_crowd_update_range", S.INVALID_ARGUMENT, crowd, 0, 1, NaN, sn.Physics.UPDATE);
  fails(l, "spn_crowd_update_range", S.INVALID_ARGUMENT, crowd, 0, 1, 0.1, 9);
  ok(l, "spn_crowd_time_scale", crowd, 0, scale);
  assert.equal(l.f64(scale), 1.0);
  // The same skeleton in two members: BUSY, for ranges as for the whole crowd.
  ok(l, "spn_crowd_add", crowd, sk, 0n, 0n);
  fails(l, "spn_crowd_update_range", S.BUSY, crowd, 0, 2, 0.1, sn.Physics.UPDATE);
  fails(l, "spn_crowd_update", S.BUSY, crowd, 0.1, sn.Physics.UPDATE);
  ok(l, "spn_crowd_update_range", crowd, 1, 1, 0.1, sn.Physics.UPDATE);
  // Disabled, the duplicate is not claimed.
  ok(l, "spn_crowd_set_enabled", crowd, 1, 0);
  ok(l, "spn_crowd_update", crowd, 0.1, sn.Physics.UPDATE);
  ok(l, "spn_crowd_update_range", crowd, 0, 2, 0.1, sn.Physics.UPDATE);
  ok(l, "spn_crowd_remove", crowd, 0);
  ok(l, "spn_crowd_count", crowd, n);
  assert.equal(l.u32(n), 1);
  ok(l, "spn_crowd_enabled", crowd, 0, flag);
  assert.equal(l.u32(flag), 0);
  // Stable member ids (ABI 1.8).
  const idP = setU32(l, l.s(4040), 0);
  const got = setU32(l, l.s(4044), 99);
  const index = setU32(l, l.s(4048), 99);
  fails(l, "spn_crowd_add_member", S.NULL_ARGUMENT, crowd, sk, 0n, 0n, 0);
  ok(l, "spn_crowd_count", crowd, n);
  assert.equal(l.u32(n), 1, "nothing added");
  ok(l, "spn_crowd_add_member", crowd, sk, 0n, 0n, idP);
  const id = l.u32(idP);
  assert.notEqual(id, 0);
  fails(l, "spn_crowd_member_index", S.NULL_ARGUMENT, crowd, id, 0);
  fails(l, "spn_crowd_member_id", S.NULL_ARGUMENT, crowd, 0, 0);
  fails(l, "spn_crowd_member_index", S.NOT_FOUND, crowd, 0, index);
  fails(l, "spn_crowd_member_index", S.NOT_FOUND, crowd, id + 1000, index);
  fails(l, "spn_crowd_remove_member", S.NOT_FOUND, crowd, 0);
  fails(l, "spn_crowd_remove_member", S.NOT_FOUND, crowd, 0xffffffff);
  fails(l, "spn_crowd_member_id", S.OUT_OF_RANGE, crowd, 2, got);
  fails(l, "spn_crowd_member_id", S.OUT_OF_RANGE, crowd, 0xffffffff, got);
  assert.deepEqual([l.u32(got), l.u32(index)], [99, 99]);
  fails(l, "spn_crowd_add_member", S.NULL_ARGUMENT, 0n, sk, 0n, 0n, got);
  fails(l, "spn_crowd_add_member", S.STALE_HANDLE, stale, sk, 0n, 0n, got);
  fails(l, "spn_crowd_add_member", S.WRONG_TYPE, wrong, sk, 0n, 0n, got);
  fails(l, "spn_crowd_add_member", S.WRONG_TYPE, crowd, sk, 0n, crowd, got); // the crowd's bits as a renderer
  fails(l, "spn_crowd_remove_member", S.STALE_HANDLE, stale, id);
  fails(l, "spn_crowd_member_index", S.WRONG_TYPE, wrong, id, index);
  fails(l, "spn_crowd_member_id", S.NULL_ARGUMENT, 0n, 0, got);
  assert.deepEqual([l.u32(got), l.u32(index)], [99, 99]);
  ok(l, "spn_crowd_remove_member", crowd, id);
  fails(l, "spn_crowd_remove_member", S.NOT_FOUND, crowd, id);
  ok(l, "spn_crowd_destroy", crowd);
  fails(l, "spn_crowd_remove", S.STALE_HANDLE, crowd, 0);
  ok(l, "spn_skeleton_update", sk, 0.1);
  c.dispose();
  alive();
});

test("crowd_misuse_test.c: snapshots, their bound and restore refuse bad handles, buffers and bytes", () => {
  const c = setup();
  const { l } = c;
  const P = l.s(4000);
  const sk = c.skeleton;
  const stale = created(l, "spn_skeleton_create", P, c.data);
  ok(l, "spn_skeleton_destroy", stale);
  const mixes = created(l, "spn_animation_state_data_create", P, c.data);
  const staleState = created(l, "spn_animation_state_create", P, mixes);
  ok(l, "spn_animation_state_destroy", staleState);
  const state = created(l, "spn_animation_state_create", P, mixes);
  const wrong = c.renderer;
  const capacity = 1 << 20;
  const bytes = l.x.spn_wasm_alloc(capacity);
  assert.notEqual(bytes, 0);
  const sizeP = setU32(l, l.s(4016), 0); // size_t is 32 bits on wasm32
  const unchanged = setU32(l, l.s(4020), 12345);
  const snap = "spn_skeleton_snapshot";
  fails(l, snap, S.NULL_ARGUMENT, 0n, 0n, 0, 0, sizeP);
  fails(l, snap, S.STALE_HANDLE, stale, 0n, 0, 0, sizeP);
  fails(l, snap, S.WRONG_TYPE, wrong, 0n, 0, 0, sizeP);
  fails(l, snap, S.STALE_HANDLE, sk, staleState, 0, 0, sizeP);
  fails(l, snap, S.NULL_ARGUMENT, sk, 0n, 0, 0, 0);
  fails(l, snap, S.NULL_ARGUMENT, sk, 0n, 0, 16, unchanged);
  fails(l, snap, S.INVALID_ARGUMENT, sk, 0n, bytes, 16, unchanged);
  assert.equal(l.u32(unchanged), 12345);
  ok(l, snap, sk, state, bytes, capacity, sizeP);
  const size = l.u32(sizeP);
  assert.ok(size > 64 && size <= capacity, `snapshot of ${size} bytes`);
  // ABI 1.8: the snapshot bound.
  const bound = "spn_skeleton_snapshot_bound";
  fails(l, bound, S.NULL_ARGUMENT, 0n, 0, 0, 0, 0, unchanged);
  fails(l, bound, S.STALE_HANDLE, stale, 0, 0, 0, 0, unchanged);
  fails(l, bound, S.WRONG_TYPE, wrong, 0, 0, 0, 0, unchanged);
  fails(l, bound, S.NULL_ARGUMENT, sk, 0, 0, 0, 0, 0);
  fails(l, bound, S.INVALID_ARGUMENT, sk, 2, 0, 0, 0, unchanged);
  fails(l, bound, S.INVALID_ARGUMENT, sk, 0, 1, 0, 0, unchanged);
  fails(l, bound, S.OUT_OF_RANGE, sk, 1, 1025, 1, 1, unchanged);
  fails(l, bound, S.OUT_OF_RANGE, sk, 1, 1, 0xffffffff, 1, unchanged);
  fails(l, bound, S.OUT_OF_RANGE, sk, 1, 1, 1, 0xffffffff, unchanged);
  assert.equal(l.u32(unchanged), 12345);
  const boundP = setU32(l, l.s(4024), 0);
  ok(l, bound, sk, 1, 1024, 1 << 20, 1 << 24, boundP);
  assert.ok(l.u32(boundP) >= size, `bound ${l.u32(boundP)} below a snapshot of ${size} bytes`);
  const restore = "spn_skeleton_restore";
  fails(l, restore, S.NULL_ARGUMENT, 0n, state, bytes, size);
  fails(l, restore, S.STALE_HANDLE, stale, state, bytes, size);
  fails(l, restore, S.STALE_HANDLE, sk, staleState, bytes, size);
  fails(l, restore, S.NULL_ARGUMENT, sk, state, 0, size);
  fails(l, restore, S.INVALID_ARGUMENT, sk, state, bytes, 0);
  fails(l, restore, S.INVALID_ARGUMENT, sk, state, bytes, size - 1);
  fails(l, restore, S.INVALID_ARGUMENT, sk, 0n, bytes, size);
  l.refresh();
  l.u8[bytes] ^= 0x20;
  fails(l, restore, S.INVALID_ARGUMENT, sk, state, bytes, size);
  l.refresh();
  l.u8[bytes] ^= 0x20;
  l.u8[bytes + size - 1] ^= 0x01;
  fails(l, restore, S.INVALID_ARGUMENT, sk, state, bytes, size);
  l.refresh();
  l.u8[bytes + size - 1] ^= 0x01;
  ok(l, restore, sk, state, bytes, size);
  l.x.spn_wasm_free(bytes, capacity);
  ok(l, "spn_animation_state_destroy", state);
  ok(l, "spn_animation_state_data_destroy", mixes);
  c.dispose();
  alive();
});

// Not a C case: the C file asks the bound at the largest documented counts of its one rig
// and checks it is at least one snapshot's size, which a wrapped value passes too. size_t
// is 32 bits on wasm32: for a rig whose bound at those counts passes 4 GiB (the corpus's
// tank: 6,255,856,269 bytes) the wasm build returned SPN_OK with the value modulo 2^32
// (1,960,888,973) when this replay was written; the bound is now computed in 64 bits and
// refused with SPN_ERROR_OUT_OF_RANGE when it does not fit. Either is right here: the exact
// value (the bound is linear in the counts: the bound at the largest counts from those at 0
// and 1) or a refusal with a message that writes nothing.
test("snapshot bound at the largest documented counts is exact or refused, on every rig", () => {
  const wrong = [];
  for (const r of rigs) {
    const { data, dispose } = loadRig(r);
    const l = data._lib;
    const sk = created(l, "spn_skeleton_create", l.s(4000), data._h);
    const out = l.s(4008);
    const bound = (t, e, cb) => {
      ok(l, "spn_skeleton_snapshot_bound", sk, 1, t, e, cb, out);
      return BigInt(l.u32(out));
    };
    const none = bound(0, 0, 0);
    const want = none + 1024n * (bound(1, 0, 0) - none) + (1n << 20n) * (bound(0, 1, 0) - none) + (1n << 24n) * (bound(0, 0, 1) - none);
    setU32(l, out, 12345);
    const status = l.x.spn_skeleton_snapshot_bound(sk, 1, 1024, 1 << 20, 1 << 24, out);
    if (status === S.OK && BigInt(l.u32(out)) !== want) wrong.push(`${r.name}: SPN_OK with ${l.u32(out)}, exactly ${want}`);
    if (status !== S.OK && (status !== S.OUT_OF_RANGE || l.u32(out) !== 12345 || sn.lastErrorMessage().length === 0)) {
      wrong.push(`${r.name}: refused (${status}) without a message or with out_size written`);
    }
    ok(l, "spn_skeleton_destroy", sk);
    dispose();
  }
  alive();
  assert.deepEqual(wrong, []);
});

test("geometry_misuse_test.c: attachment geometry, arrays and constraint data refuse misuse and write nothing", () => {
  const c = setup();
  const { l } = c;
  const { data, skeleton } = c;
  ok(l, "spn_skeleton_update_world_transform", skeleton, sn.Physics.UPDATE);
  const attachments = count(l, data, sn.Item.ATTACHMENT);
  const slots = count(l, data, sn.Item.SLOT);
  let region = -1;
  for (let i = 0; i < attachments && region < 0; i++) {
    const info = struct(l, 4000, abi.spn_attachment_info.size);
    ok(l, "spn_skeleton_data_attachment", data, i, info);
    if (l.u32(info + 4) === sn.AttachmentType.REGION) region = i;
  }
  assert.ok(attachments > 0 && slots > 0 && region >= 0);
  const g = struct(l, 4096, abi.spn_attachment_geometry.size);
  const buffer = l.s(4400); // 8 floats
  const indices = l.s(4440); // 4 uint32
  const n = setU32(l, l.s(4460), 99);
  const floats = "spn_skeleton_data_attachment_floats";
  const ints = "spn_skeleton_data_attachment_indices";
  const geometry = "spn_skeleton_data_attachment_geometry";
  const world = "spn_skeleton_slot_world_vertices";
  // Null out pointers.
  fails(l, geometry, S.NULL_ARGUMENT, data, 0, 0);
  fails(l, floats, S.NULL_ARGUMENT, data, region, A.OFFSETS, buffer, 8, 0);
  fails(l, ints, S.NULL_ARGUMENT, data, 0, A.BONES, indices, 4, 0);
  fails(l, world, S.NULL_ARGUMENT, skeleton, 0, buffer, 8, 0);
  // A null buffer with room claimed: an error when there is something to write.
  fails(l, floats, S.NULL_ARGUMENT, data, region, A.OFFSETS, 0, 8, n);
  fails(l, world, S.NULL_ARGUMENT, skeleton, 0, 0, 8, n);
  // Wrong handle types.
  const asData = skeleton;
  const asSkeleton = data;
  fails(l, geometry, S.WRONG_TYPE, asData, 0, g);
  fails(l, floats, S.WRONG_TYPE, asData, 0, A.VERTICES, 0, 0, n);
  fails(l, ints, S.WRONG_TYPE, asData, 0, A.BONES, 0, 0, n);
  fails(l, world, S.WRONG_TYPE, asSkeleton, 0, 0, 0, n);
  // Out of range.
  fails(l, geometry, S.OUT_OF_RANGE, data, attachments, g);
  fails(l, floats, S.OUT_OF_RANGE, data, attachments, A.VERTICES, 0, 0, n);
  fails(l, ints, S.OUT_OF_RANGE, data, attachments, A.BONES, 0, 0, n);
  fails(l, world, S.OUT_OF_RANGE, skeleton, slots, 0, 0, n);
  // Wrong kind or array.
  fails(l, floats, S.INVALID_ARGUMENT, data, region, A.VERTICES, 0, 0, n);
  fails(l, floats, S.INVALID_ARGUMENT, data, region, A.LENGTHS, 0, 0, n);
  fails(l, ints, S.INVALID_ARGUMENT, data, region, A.TRIANGLES, 0, 0, n);
  fails(l, floats, S.INVALID_ARGUMENT, data, 0, 99, 0, 0, n);
  fails(l, ints, S.INVALID_ARGUMENT, data, 0, 99, 0, 0, n);
  fails(l, floats, S.INVALID_ARGUMENT, data, 0, A.EDGES, 0, 0, n);
  fails(l, ints, S.INVALID_ARGUMENT, data, 0, A.UVS, 0, 0, n);
  assert.equal(l.u32(n), 99, "failed calls leave the count alone");
  // A record size below this version's struct.
  setU32(l, g, abi.spn_attachment_geometry.size - 4);
  fails(l, geometry, S.INVALID_ARGUMENT, data, 0, g);
  assert.equal(l.u32(g + 8), 0, "path not written");
  setU32(l, g, abi.spn_attachment_geometry.size);
  // Too-small buffers: the first values, the whole count, SPN_OK.
  setF32(l, buffer + 4, -7);
  ok(l, floats, data, region, A.OFFSETS, buffer, 1, n);
  assert.equal(l.u32(n), 8);
  assert.equal(l.f32(buffer + 4), -7);
  let shown = 0;
  const idP = l.s(4470);
  for (let s = 0; s < slots && !shown; s++) {
    ok(l, "spn_skeleton_slot_attachment", skeleton, s, sn.Pose.APPLIED, idP);
    if (l.i32(idP) < 0) continue;
    shown = 1;
    setF32(l, buffer, -7);
    setF32(l, buffer + 4, -7);
    // One float is less than a vertex: nothing is written.
    ok(l, world, skeleton, s, buffer, 1, n);
    assert.ok(l.u32(n) >= 2);
    assert.equal(l.f32(buffer), -7);
  }
  assert.equal(shown, 1);
  // Constraint data (ABI 1.4).
  const constraints = count(l, data, sn.Item.CONSTRAINT);
  const cd = struct(l, 5000, abi.spn_constraint_data.size);
  const mapping = abi.spn_transform_mapping.size;
  fails(l, "spn_skeleton_data_constraint_data", S.NULL_ARGUMENT, data, 0, 0);
  fails(l, "spn_skeleton_data_constraint_bones", S.NULL_ARGUMENT, data, 0, 0, 0, 0);
  fails(l, "spn_skeleton_data_constraint_transform_mappings", S.NULL_ARGUMENT, data, 0, mapping, 0, 0, 0);
  fails(l, "spn_skeleton_data_animation_sequence_keys", S.WRONG_TYPE, asData, 0, abi.spn_sequence_key.size, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_data", S.WRONG_TYPE, asData, 0, cd);
  fails(l, "spn_skeleton_data_constraint_bones", S.WRONG_TYPE, asData, 0, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_transform_mappings", S.WRONG_TYPE, asData, 0, mapping, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_data", S.OUT_OF_RANGE, data, constraints, cd);
  fails(l, "spn_skeleton_data_constraint_bones", S.OUT_OF_RANGE, data, constraints, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_transform_mappings", S.OUT_OF_RANGE, data, constraints, mapping, 0, 0, n);
  let transform = -1;
  let other = -1;
  for (let i = 0; i < constraints; i++) {
    ok(l, "spn_skeleton_data_constraint_data", data, i, cd);
    const kind = l.u32(cd + 4);
    if (kind === sn.ConstraintType.TRANSFORM && transform < 0) transform = i;
    if (kind !== sn.ConstraintType.TRANSFORM && other < 0) other = i;
  }
  if (other >= 0) fails(l, "spn_skeleton_data_constraint_transform_mappings", S.INVALID_ARGUMENT, data, other, mapping, 0, 0, n);
  if (transform >= 0) fails(l, "spn_skeleton_data_constraint_transform_mappings", S.INVALID_ARGUMENT, data, transform, mapping - 4, 0, 0, n);
  if (constraints > 0) {
    setU32(l, cd, abi.spn_constraint_data.size - 4);
    fails(l, "spn_skeleton_data_constraint_data", S.INVALID_ARGUMENT, data, 0, cd);
  }
  // Stale handles.
  const gone = created(l, "spn_skeleton_create", l.s(4480), data);
  ok(l, "spn_skeleton_destroy", gone);
  fails(l, world, S.STALE_HANDLE, gone, 0, 0, 0, n);
  const dead = destroyedData();
  setU32(l, g, abi.spn_attachment_geometry.size);
  fails(l, geometry, S.STALE_HANDLE, dead, 0, g);
  fails(l, floats, S.STALE_HANDLE, dead, 0, A.VERTICES, 0, 0, n);
  fails(l, ints, S.STALE_HANDLE, dead, 0, A.BONES, 0, 0, n);
  setU32(l, cd, abi.spn_constraint_data.size);
  fails(l, "spn_skeleton_data_constraint_data", S.STALE_HANDLE, dead, 0, cd);
  fails(l, "spn_skeleton_data_animation_sequence_keys", S.STALE_HANDLE, dead, 0, abi.spn_sequence_key.size, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_bones", S.STALE_HANDLE, dead, 0, 0, 0, n);
  fails(l, "spn_skeleton_data_constraint_transform_mappings", S.STALE_HANDLE, dead, 0, mapping, 0, 0, n);
  c.dispose();
  alive();
});

test("separation_misuse_test.c: separator slots and slot spans refuse misuse and change no output", () => {
  const c = setup();
  const { l } = c;
  const { skeleton, renderer } = c;
  const slots = count(l, c.data, sn.Item.SLOT);
  assert.ok(slots > 0);
  ok(l, "spn_skeleton_update_world_transform", skeleton, sn.Physics.UPDATE);
  const out = struct(l, 4096, abi.spn_render_output.size);
  const field = (name) => abi.spn_render_output.fields.find((f) => f[0] === name)[2];
  ok(l, "spn_renderer_render", renderer, skeleton, out);
  const before = {
    generation: l.u64(out + field("generation")),
    vertexCount: l.u32(out + field("vertexCount")),
    rangeCount: l.u32(out + field("rangeCount")),
  };
  const separators = l.s(4400);
  setU32(l, separators, 0);
  setU32(l, separators + 4, 1);
  // Null pointers and zero handles.
  fails(l, "spn_renderer_set_separator_slots", S.NULL_ARGUMENT, renderer, 0, 2);
  fails(l, "spn_renderer_set_separator_slots", S.NULL_ARGUMENT, 0n, separators, 2);
  fails(l, "spn_renderer_render_slots", S.NULL_ARGUMENT, 0n, skeleton, 0, 0, out);
  fails(l, "spn_renderer_render_slots", S.NULL_ARGUMENT, renderer, 0n, 0, 0, out);
  // Wrong handle types (the same bits read as the other kind).
  const asSkeleton = renderer;
  const asRenderer = skeleton;
  fails(l, "spn_renderer_set_separator_slots", S.WRONG_TYPE, asRenderer, separators, 2);
  fails(l, "spn_renderer_render_slots", S.WRONG_TYPE, asRenderer, skeleton, 0, 0, out);
  fails(l, "spn_renderer_render_slots", S.WRONG_TYPE, renderer, asSkeleton, 0, 0, out);
  // Spans: last past the slots, first after last.
  fails(l, "spn_renderer_render_slots", S.OUT_OF_RANGE, renderer, skeleton, 0, slots, out);
  fails(l, "spn_renderer_render_slots", S.OUT_OF_RANGE, renderer, skeleton, 0, 0xffffffff, out);
  if (slots > 1) fails(l, "spn_renderer_render_slots", S.INVALID_ARGUMENT, renderer, skeleton, 1, 0, out);
  fails(l, "spn_renderer_render_slots", S.INVALID_ARGUMENT, renderer, skeleton, slots + 1, slots, out);
  // Too-small output size (below the ABI 1.1 struct).
  setU32(l, out, 8);
  fails(l, "spn_renderer_render_slots", S.INVALID_ARGUMENT, renderer, skeleton, 0, 0, out);
  assert.equal(l.u32(out), 8);
  setU32(l, out, abi.spn_render_output.size);
  // Nothing above rendered: the output is the first render's.
  ok(l, "spn_renderer_output", renderer, out);
  assert.equal(l.u64(out + field("generation")), before.generation);
  assert.equal(l.u32(out + field("vertexCount")), before.vertexCount);
  // Stale handles.
  const dead = created(l, "spn_renderer_create", l.s(4480), 0);
  ok(l, "spn_renderer_destroy", dead);
  fails(l, "spn_renderer_set_separator_slots", S.STALE_HANDLE, dead, separators, 2);
  fails(l, "spn_renderer_set_separator_slots", S.STALE_HANDLE, dead, 0, 0);
  fails(l, "spn_renderer_render_slots", S.STALE_HANDLE, dead, skeleton, 0, 0, 0);
  const gone = created(l, "spn_skeleton_create", l.s(4480), c.data);
  ok(l, "spn_skeleton_destroy", gone);
  fails(l, "spn_renderer_render_slots", S.STALE_HANDLE, renderer, gone, 0, 0, 0);
  // Allowed: an empty list with NULL, indices past the slots (never match), NULL out.
  ok(l, "spn_renderer_set_separator_slots", renderer, 0, 0);
  setU32(l, separators, 0xffffffff);
  ok(l, "spn_renderer_set_separator_slots", renderer, separators, 1);
  ok(l, "spn_renderer_render_slots", renderer, skeleton, 0, slots - 1, 0);
  ok(l, "spn_renderer_output", renderer, out);
  assert.equal(l.u32(out + field("rangeCount")), before.rangeCount);
  assert.equal(l.u32(out + field("vertexCount")), before.vertexCount);
  c.dispose();
  alive();
});

test("skins_misuse_test.c: skin entries, placeholders and attachment reports refuse misuse and write nothing", () => {
  const c = setup();
  const { l, data } = c;
  const slots = count(l, data, sn.Item.SLOT);
  const skins = count(l, data, sn.Item.SKIN);
  const P = l.s(4000);
  const skin = created(l, "spn_skin_create", P, data, cstr(l, l.s(8000), "s"));
  if (skins > 0) ok(l, "spn_skin_add_data_skin", skin, 0);
  const entry = abi.spn_skin_entry.size;
  const n = setU32(l, l.s(4008), 77);
  const out = setU64(l, l.s(4016), 0n);
  const x = cstr(l, l.s(8016), "x");
  // Null pointers and zero handles.
  fails(l, "spn_skin_entries", S.NULL_ARGUMENT, skin, entry, 0, 0, 0);
  fails(l, "spn_skin_entries", S.NULL_ARGUMENT, 0n, entry, 0, 0, n);
  fails(l, "spn_skin_remove_attachment", S.NULL_ARGUMENT, skin, 0, 0);
  fails(l, "spn_skin_remove_attachment", S.NULL_ARGUMENT, 0n, 0, x);
  fails(l, "spn_skin_clear", S.NULL_ARGUMENT, 0n);
  fails(l, "spn_skin_copy", S.NULL_ARGUMENT, skin, 0);
  fails(l, "spn_skin_copy", S.NULL_ARGUMENT, 0n, out);
  assert.equal(l.u32(n), 77);
  assert.equal(l.u64(out), 0n);

  // Data skin entries (ABI 1.8).
  {
    const asData = skin;
    const deadData = destroyedData();
    const got = setU32(l, l.s(4024), 55);
    const f = "spn_skeleton_data_skin_entries";
    fails(l, f, S.NULL_ARGUMENT, data, 0, entry, 0, 0, 0);
    fails(l, f, S.NULL_ARGUMENT, 0n, 0, entry, 0, 0, got);
    fails(l, f, S.STALE_HANDLE, deadData, 0, entry, 0, 0, got);
    fails(l, f, S.WRONG_TYPE, asData, 0, entry, 0, 0, got);
    fails(l, f, S.OUT_OF_RANGE, data, skins, entry, 0, 0, got);
    fails(l, f, S.OUT_OF_RANGE, data, 0xffffffff, entry, 0, 0, got);
    assert.equal(l.u32(got), 55);
    if (skins > 0) {
      fails(l, f, S.INVALID_ARGUMENT, data, 0, 4, 0, 0, got);
      ok(l, f, data, 0, entry, 0, 0, got);
      if (l.u32(got) > 0) fails(l, f, S.NULL_ARGUMENT, data, 0, entry, 0, 1, got);
    }
  }

  // Skin attachments and added placeholders (ABI 1.9).
  {
    const asData = skin;
    const asSkin2 = data;
    const info = struct(l, 4100, abi.spn_attachment_info.size);
    const g = struct(l, 4200, abi.spn_attachment_geometry.size);
    const f = l.s(4400);
    setF32(l, f, 5);
    setF32(l, f + 4, 5);
    const got = setU32(l, l.s(4032), 66);
    const attachments = count(l, data, sn.Item.ATTACHMENT);
    const deadData = destroyedData();
    const deadSkin = created(l, "spn_skin_copy", P, skin);
    ok(l, "spn_skin_destroy", deadSkin);
    fails(l, "spn_skeleton_data_add_placeholder", S.NULL_ARGUMENT, data, 0);
    fails(l, "spn_skeleton_data_add_placeholder", S.NULL_ARGUMENT, 0n, x);
    fails(l, "spn_skeleton_data_add_placeholder", S.STALE_HANDLE, deadData, x);
    fails(l, "spn_skeleton_data_add_placeholder", S.WRONG_TYPE, asData, x);
    fails(l, "spn_skeleton_data_add_placeholder", S.INVALID_ARGUMENT, data, cstr(l, l.s(8032), [0xc3]));
    // Still refused when not added.
    fails(l, "spn_skin_set_attachment", S.NOT_FOUND, skin, 0, cstr(l, l.s(8048), "never added \u2603"), 0);
    fails(l, "spn_skin_attachment", S.NULL_ARGUMENT, skin, 0, 0);
    fails(l, "spn_skin_attachment", S.NULL_ARGUMENT, 0n, 0, info);
    fails(l, "spn_skin_attachment", S.STALE_HANDLE, deadSkin, 0, info);
    fails(l, "spn_skin_attachment", S.WRONG_TYPE, asSkin2, 0, info);
    fails(l, "spn_skin_attachment", S.OUT_OF_RANGE, skin, attachments, info);
    fails(l, "spn_skin_attachment", S.OUT_OF_RANGE, skin, (RUNTIME | 3) >>> 0, info);
    fails(l, "spn_skin_attachment_geometry", S.NULL_ARGUMENT, skin, 0, 0);
    fails(l, "spn_skin_attachment_geometry", S.STALE_HANDLE, deadSkin, 0, g);
    fails(l, "spn_skin_attachment_geometry", S.WRONG_TYPE, asSkin2, 0, g);
    fails(l, "spn_skin_attachment_geometry", S.OUT_OF_RANGE, skin, 0xffffffff, g);
    assert.equal(l.u32(info + 8), 0, "info.name not written");
    assert.equal(l.u32(g + 8), 0, "g.path not written");
    if (attachments > 0) {
      setU32(l, info, 4);
      setU32(l, g, 4);
      fails(l, "spn_skin_attachment", S.INVALID_ARGUMENT, skin, 0, info);
      fails(l, "spn_skin_attachment_geometry", S.INVALID_ARGUMENT, skin, 0, g);
      assert.equal(l.u32(info + 8), 0);
      assert.equal(l.u32(g + 8), 0);
      fails(l, "spn_skin_attachment_floats", S.INVALID_ARGUMENT, skin, 0, 99, f, 2, got);
      fails(l, "spn_skin_attachment_indices", S.INVALID_ARGUMENT, skin, 0, A.UVS, 0, 0, got);
    }
    fails(l, "spn_skin_attachment_floats", S.NULL_ARGUMENT, skin, 0, 0, f, 2, 0);
    fails(l, "spn_skin_attachment_floats", S.NULL_ARGUMENT, 0n, 0, 0, f, 2, got);
    fails(l, "spn_skin_attachment_floats", S.STALE_HANDLE, deadSkin, 0, 0, f, 2, got);
    fails(l, "spn_skin_attachment_floats", S.WRONG_TYPE, asSkin2, 0, 0, f, 2, got);
    fails(l, "spn_skin_attachment_floats", S.OUT_OF_RANGE, skin, attachments, 0, f, 2, got);
    fails(l, "spn_skin_attachment_indices", S.NULL_ARGUMENT, skin, 0, A.BONES, 0, 0, 0);
    fails(l, "spn_skin_attachment_indices", S.STALE_HANDLE, deadSkin, 0, A.BONES, 0, 0, got);
    fails(l, "spn_skin_attachment_indices", S.WRONG_TYPE, asSkin2, 0, A.BONES, 0, 0, got);
    fails(l, "spn_skin_attachment_indices", S.OUT_OF_RANGE, skin, attachments, A.BONES, 0, 0, got);
    assert.deepEqual([l.u32(got), l.f32(f), l.f32(f + 4)], [66, 5, 5]);
    // The skeleton-scoped ones (ABI 1.9).
    {
      const asSkeleton = skin;
      setU32(l, info, abi.spn_attachment_info.size);
      setU32(l, g, abi.spn_attachment_geometry.size);
      const skeleton = created(l, "spn_skeleton_create", P, data);
      const deadSkeleton = created(l, "spn_skeleton_create", P, data);
      ok(l, "spn_skeleton_destroy", deadSkeleton);
      fails(l, "spn_skeleton_attachment", S.NULL_ARGUMENT, skeleton, 0, 0);
      fails(l, "spn_skeleton_attachment", S.NULL_ARGUMENT, 0n, 0, info);
      fails(l, "spn_skeleton_attachment", S.STALE_HANDLE, deadSkeleton, 0, info);
      fails(l, "spn_skeleton_attachment", S.WRONG_TYPE, asSkeleton, 0, info);
      fails(l, "spn_skeleton_attachment", S.OUT_OF_RANGE, skeleton, attachments, info);
      fails(l, "spn_skeleton_attachment", S.OUT_OF_RANGE, skeleton, RUNTIME, info);
      fails(l, "spn_skeleton_attachment_geometry", S.NULL_ARGUMENT, skeleton, 0, 0);
      fails(l, "spn_skeleton_attachment_geometry", S.STALE_HANDLE, deadSkeleton, 0, g);
      fails(l, "spn_skeleton_attachment_geometry", S.WRONG_TYPE, asSkeleton, 0, g);
      fails(l, "spn_skeleton_attachment_geometry", S.OUT_OF_RANGE, skeleton, attachments, g);
      fails(l, "spn_skeleton_attachment_floats", S.NULL_ARGUMENT, skeleton, 0, 0, f, 2, 0);
      fails(l, "spn_skeleton_attachment_floats", S.STALE_HANDLE, deadSkeleton, 0, 0, f, 2, got);
      fails(l, "spn_skeleton_attachment_floats", S.OUT_OF_RANGE, skeleton, attachments, 0, f, 2, got);
      fails(l, "spn_skeleton_attachment_indices", S.NULL_ARGUMENT, skeleton, 0, A.BONES, 0, 0, 0);
      fails(l, "spn_skeleton_attachment_indices", S.WRONG_TYPE, asSkeleton, 0, A.BONES, 0, 0, got);
      fails(l, "spn_skeleton_attachment_indices", S.OUT_OF_RANGE, skeleton, attachments, A.BONES, 0, 0, got);
      if (attachments > 0) {
        setU32(l, info, 4);
        fails(l, "spn_skeleton_attachment", S.INVALID_ARGUMENT, skeleton, 0, info);
        fails(l, "spn_skeleton_attachment_floats", S.INVALID_ARGUMENT, skeleton, 0, 99, f, 2, got);
      }
      assert.deepEqual([l.u32(got), l.f32(f), l.u32(info + 8)], [66, 5, 0]);
      ok(l, "spn_skeleton_destroy", skeleton);
    }
  }

  // Wrong handle type: skeleton data bits read as a skin.
  const asSkin = data;
  fails(l, "spn_skin_entries", S.WRONG_TYPE, asSkin, entry, 0, 0, n);
  fails(l, "spn_skin_remove_attachment", S.WRONG_TYPE, asSkin, 0, x);
  fails(l, "spn_skin_clear", S.WRONG_TYPE, asSkin);
  fails(l, "spn_skin_copy", S.WRONG_TYPE, asSkin, out);
  // Record size, buffer, slot range, unknown placeholder, absent entry.
  fails(l, "spn_skin_entries", S.INVALID_ARGUMENT, skin, 4, 0, 0, n);
  ok(l, "spn_skin_entries", skin, entry, 0, 0, n);
  const entries = l.u32(n);
  if (entries > 0) fails(l, "spn_skin_entries", S.NULL_ARGUMENT, skin, entry, 0, 1, n);
  fails(l, "spn_skin_remove_attachment", S.OUT_OF_RANGE, skin, slots, x);
  fails(l, "spn_skin_remove_attachment", S.NOT_FOUND, skin, 0, cstr(l, l.s(8064), "no such placeholder \u2603"));
  fails(l, "spn_skin_remove_attachment", S.INVALID_ARGUMENT, skin, 0, cstr(l, l.s(8100), [0xff]));
  if (entries > 0) {
    const first = l.s(4500);
    const got = l.s(4520);
    ok(l, "spn_skin_entries", skin, entry, first, 1, got);
    const slot = l.u32(first);
    const name = l.u32(first + 8);
    ok(l, "spn_skin_remove_attachment", skin, slot, name);
    fails(l, "spn_skin_remove_attachment", S.NOT_FOUND, skin, slot, name);
  }
  // Stale handles.
  const dead = created(l, "spn_skin_copy", P, skin);
  ok(l, "spn_skin_destroy", dead);
  setU64(l, out, 0n);
  fails(l, "spn_skin_entries", S.STALE_HANDLE, dead, entry, 0, 0, n);
  fails(l, "spn_skin_remove_attachment", S.STALE_HANDLE, dead, 0, x);
  fails(l, "spn_skin_clear", S.STALE_HANDLE, dead);
  fails(l, "spn_skin_copy", S.STALE_HANDLE, dead, out);
  assert.equal(l.u64(out), 0n);
  ok(l, "spn_skin_destroy", skin);
  c.dispose();
  alive();
});

test("skin_sockets_test.c misuse(): skin and skeleton attachment reports of a base skin refuse misuse", () => {
  const c = setup();
  const { l, data } = c;
  const P = l.s(4000);
  // base_skin(): the default skin and one other.
  const base = created(l, "spn_skin_create", P, data, cstr(l, l.s(8000), "base"));
  ok(l, "spn_skeleton_data_default_skin", data, l.s(4008));
  const fallback = l.i32(l.s(4008));
  const skins = count(l, data, sn.Item.SKIN);
  if (fallback >= 0) ok(l, "spn_skin_add_data_skin", base, fallback);
  for (let i = 0; i < skins; i++) {
    if (i !== fallback) {
      ok(l, "spn_skin_add_data_skin", base, i);
      break;
    }
  }
  const attachments = count(l, data, sn.Item.ATTACHMENT);
  const info = struct(l, 4100, abi.spn_attachment_info.size);
  const g = struct(l, 4200, abi.spn_attachment_geometry.size);
  const f = l.s(4400);
  const u = l.s(4420);
  const n = setU32(l, l.s(4016), 7);
  const wrong = c.atlas;
  const wrongData = c.atlas;
  const x = cstr(l, l.s(8016), "x");
  fails(l, "spn_skeleton_data_add_placeholder", S.NULL_ARGUMENT, data, 0);
  fails(l, "spn_skeleton_data_add_placeholder", S.INVALID_ARGUMENT, data, cstr(l, l.s(8032), [0xff, 0xfe]));
  fails(l, "spn_skeleton_data_add_placeholder", S.NULL_ARGUMENT, 0n, x);
  fails(l, "spn_skeleton_data_add_placeholder", S.WRONG_TYPE, wrongData, x);
  fails(l, "spn_skin_attachment", S.NULL_ARGUMENT, base, 0, 0);
  fails(l, "spn_skin_attachment", S.NULL_ARGUMENT, 0n, 0, info);
  fails(l, "spn_skin_attachment", S.WRONG_TYPE, wrong, 0, info);
  fails(l, "spn_skin_attachment", S.OUT_OF_RANGE, base, attachments, info);
  fails(l, "spn_skin_attachment", S.OUT_OF_RANGE, base, 0xffffffff, info);
  fails(l, "spn_skin_attachment", S.OUT_OF_RANGE, base, RUNTIME, info);
  setU32(l, info, 4);
  fails(l, "spn_skin_attachment", S.INVALID_ARGUMENT, base, 0, info);
  fails(l, "spn_skin_attachment_geometry", S.NULL_ARGUMENT, base, 0, 0);
  fails(l, "spn_skin_attachment_geometry", S.WRONG_TYPE, wrong, 0, g);
  fails(l, "spn_skin_attachment_geometry", S.OUT_OF_RANGE, base, attachments, g);
  setU32(l, g, 8);
  fails(l, "spn_skin_attachment_geometry", S.INVALID_ARGUMENT, base, 0, g);
  fails(l, "spn_skin_attachment_floats", S.NULL_ARGUMENT, base, 0, 0, f, 4, 0);
  fails(l, "spn_skin_attachment_floats", S.INVALID_ARGUMENT, base, 0, 99, f, 4, n);
  fails(l, "spn_skin_attachment_floats", S.INVALID_ARGUMENT, base, 0, A.BONES, f, 4, n);
  fails(l, "spn_skin_attachment_floats", S.OUT_OF_RANGE, base, attachments, 0, f, 4, n);
  fails(l, "spn_skin_attachment_floats", S.NULL_ARGUMENT, 0n, 0, 0, f, 4, n);
  fails(l, "spn_skin_attachment_indices", S.NULL_ARGUMENT, base, 0, 0, u, 4, 0);
  fails(l, "spn_skin_attachment_indices", S.INVALID_ARGUMENT, base, 0, A.VERTICES, u, 4, n);
  fails(l, "spn_skin_attachment_indices", S.OUT_OF_RANGE, base, attachments, A.BONES, u, 4, n);
  fails(l, "spn_skin_attachment_indices", S.WRONG_TYPE, wrong, 0, A.BONES, u, 4, n);
  assert.equal(l.u32(n), 7);
  {
    const wrongSkeleton = c.atlas;
    setU32(l, info, abi.spn_attachment_info.size);
    setU32(l, g, abi.spn_attachment_geometry.size);
    const skeleton = created(l, "spn_skeleton_create", P, data);
    fails(l, "spn_skeleton_attachment", S.NULL_ARGUMENT, skeleton, 0, 0);
    fails(l, "spn_skeleton_attachment", S.NULL_ARGUMENT, 0n, 0, info);
    fails(l, "spn_skeleton_attachment", S.WRONG_TYPE, wrongSkeleton, 0, info);
    fails(l, "spn_skeleton_attachment", S.OUT_OF_RANGE, skeleton, attachments, info);
    fails(l, "spn_skeleton_attachment", S.OUT_OF_RANGE, skeleton, (RUNTIME | 5) >>> 0, info);
    fails(l, "spn_skeleton_attachment_geometry", S.NULL_ARGUMENT, skeleton, 0, 0);
    fails(l, "spn_skeleton_attachment_geometry", S.OUT_OF_RANGE, skeleton, 0xffffffff, g);
    setU32(l, g, 8);
    fails(l, "spn_skeleton_attachment_geometry", S.INVALID_ARGUMENT, skeleton, 0, g);
    setU32(l, g, abi.spn_attachment_geometry.size);
    fails(l, "spn_skeleton_attachment_floats", S.NULL_ARGUMENT, skeleton, 0, 0, f, 4, 0);
    fails(l, "spn_skeleton_attachment_floats", S.INVALID_ARGUMENT, skeleton, 0, 99, f, 4, n);
    fails(l, "spn_skeleton_attachment_floats", S.OUT_OF_RANGE, skeleton, attachments, 0, f, 4, n);
    fails(l, "spn_skeleton_attachment_indices", S.INVALID_ARGUMENT, skeleton, 0, A.UVS, u, 4, n);
    fails(l, "spn_skeleton_attachment_indices", S.WRONG_TYPE, wrongSkeleton, 0, A.BONES, u, 4, n);
    ok(l, "spn_skeleton_destroy", skeleton);
    fails(l, "spn_skeleton_attachment", S.STALE_HANDLE, skeleton, 0, info);
    fails(l, "spn_skeleton_attachment_geometry", S.STALE_HANDLE, skeleton, 0, g);
    fails(l, "spn_skeleton_attachment_floats", S.STALE_HANDLE, skeleton, 0, 0, f, 4, n);
    fails(l, "spn_skeleton_attachment_indices", S.STALE_HANDLE, skeleton, 0, A.BONES, u, 4, n);
    assert.equal(l.u32(n), 7);
  }
  const stale = created(l, "spn_skin_copy", P, base);
  ok(l, "spn_skin_destroy", stale);
  setU32(l, info, abi.spn_attachment_info.size);
  setU32(l, g, abi.spn_attachment_geometry.size);
  fails(l, "spn_skin_attachment", S.STALE_HANDLE, stale, 0, info);
  fails(l, "spn_skin_attachment_geometry", S.STALE_HANDLE, stale, 0, g);
  fails(l, "spn_skin_attachment_floats", S.STALE_HANDLE, stale, 0, 0, f, 4, n);
  fails(l, "spn_skin_attachment_indices", S.STALE_HANDLE, stale, 0, A.BONES, u, 4, n);
  ok(l, "spn_skin_destroy", base);
  c.dispose();
  alive();
});

test("textures_misuse_test.c: page details, texture ids and loading with textures refuse misuse", () => {
  const c = setup();
  const { l, atlas, data } = c;
  const text = readFileSync(rig.atlas);
  const len = text.length;
  const textP = l.x.spn_wasm_alloc(len);
  assert.notEqual(textP, 0);
  l.refresh();
  l.u8.set(text, textP);
  const pagesP = l.s(4000);
  ok(l, "spn_atlas_page_count", atlas, pagesP);
  const pages = l.u32(pagesP);
  const details = struct(l, 4096, abi.spn_page_details.size);
  const id = setU64(l, l.s(4008), 99n);
  const untouched = setU64(l, l.s(4016), 0n);
  const load = "spn_atlas_load_with_textures";
  // Null pointers and zero handles.
  fails(l, "spn_atlas_page_details", S.NULL_ARGUMENT, atlas, 0, 0);
  fails(l, "spn_atlas_page_details", S.NULL_ARGUMENT, 0n, 0, details);
  fails(l, "spn_atlas_page_texture", S.NULL_ARGUMENT, atlas, 0, 0);
  fails(l, "spn_atlas_page_texture", S.NULL_ARGUMENT, 0n, 0, id);
  fails(l, "spn_atlas_set_page_texture", S.NULL_ARGUMENT, 0n, 0, 5n);
  fails(l, load, S.NULL_ARGUMENT, 0, 4, NEVER_CALLED, 0, untouched);
  fails(l, load, S.NULL_ARGUMENT, textP, len, NEVER_CALLED, 0, 0);
  assert.equal(l.u64(id), 99n);
  assert.equal(l.u64(untouched), 0n);
  // Wrong handle type: skeleton data bits read as an atlas.
  const asAtlas = data;
  fails(l, "spn_atlas_page_details", S.WRONG_TYPE, asAtlas, 0, details);
  fails(l, "spn_atlas_page_texture", S.WRONG_TYPE, asAtlas, 0, id);
  fails(l, "spn_atlas_set_page_texture", S.WRONG_TYPE, asAtlas, 0, 5n);
  // Pages out of range; too-small size.
  fails(l, "spn_atlas_page_details", S.OUT_OF_RANGE, atlas, pages, details);
  fails(l, "spn_atlas_page_texture", S.OUT_OF_RANGE, atlas, pages, id);
  fails(l, "spn_atlas_set_page_texture", S.OUT_OF_RANGE, atlas, 0xffffffff, 5n);
  setU32(l, details, 4);
  fails(l, "spn_atlas_page_details", S.INVALID_ARGUMENT, atlas, 0, details);
  assert.equal(l.u32(details), 4);
  assert.equal(l.u64(id), 99n);
  // Bad text: a load error, the loader never called, no handle.
  const bad = new TextEncoder().encode("page.png\nsize: 0, x\n");
  const badP = l.s(8000);
  l.refresh();
  l.u8.set(bad, badP);
  fails(l, load, S.LOAD, badP, bad.length, NEVER_CALLED, 0, untouched);
  assert.equal(sn.lastErrorKind(), sn.ErrorKind.INVALID_ATLAS);
  l.refresh();
  l.u8.set([0xff, 0xfe], badP);
  fails(l, load, S.INVALID_ARGUMENT, badP, 2, NEVER_CALLED, 0, untouched);
  assert.equal(l.u64(untouched), 0n);
  // A NULL loader is allowed: ids stay 0.
  ok(l, load, textP, len, 0, 0, untouched);
  const loaded = l.u64(untouched);
  ok(l, "spn_atlas_page_texture", loaded, 0, id);
  assert.equal(l.u64(id), 0n);
  ok(l, "spn_atlas_destroy", loaded);
  // The file loader (ABI 1.8): null path or out, missing file, bad path; the loader never
  // called. The existing atlas file: IO, as natively, but from the missing file system.
  const fresh = setU64(l, l.s(4024), 0n);
  const file = "spn_atlas_load_file_with_textures";
  const path = cstr(l, l.s(8100), rig.atlas);
  fails(l, file, S.NULL_ARGUMENT, 0, NEVER_CALLED, 0, fresh);
  fails(l, file, S.NULL_ARGUMENT, path, NEVER_CALLED, 0, 0);
  fails(l, file, S.IO, cstr(l, l.s(9000), "/no/such/file.atlas"), NEVER_CALLED, 0, fresh);
  fails(l, file, S.INVALID_ARGUMENT, cstr(l, l.s(9100), [0xff, ...new TextEncoder().encode(".atlas")]), NEVER_CALLED, 0, fresh);
  assert.equal(l.u64(fresh), 0n);
  const message = fails(l, file, S.IO, path, NEVER_CALLED, 0, fresh);
  assert.match(message, /no file system: load the bytes from memory/);
  assert.equal(sn.lastErrorKind(), sn.ErrorKind.IO);
  assert.equal(l.u64(fresh), 0n);
  // spn_skeleton_data_atlas (ABI 1.8): null out, zero, wrong-typed and stale data.
  {
    const asData = atlas;
    const got = setU64(l, l.s(4032), 0n);
    fails(l, "spn_skeleton_data_atlas", S.NULL_ARGUMENT, data, 0);
    fails(l, "spn_skeleton_data_atlas", S.NULL_ARGUMENT, 0n, got);
    fails(l, "spn_skeleton_data_atlas", S.WRONG_TYPE, asData, got);
    fails(l, "spn_skeleton_data_atlas", S.STALE_HANDLE, destroyedData(), got);
    assert.equal(l.u64(got), 0n);
  }
  // Stale handles.
  setU32(l, details, abi.spn_page_details.size);
  const dead = created(l, load, l.s(4040), textP, len, 0, 0);
  ok(l, "spn_atlas_destroy", dead);
  fails(l, "spn_atlas_page_details", S.STALE_HANDLE, dead, 0, details);
  fails(l, "spn_atlas_page_texture", S.STALE_HANDLE, dead, 0, id);
  fails(l, "spn_atlas_set_page_texture", S.STALE_HANDLE, dead, 0, 5n);
  l.x.spn_wasm_free(textP, len);
  ok(l, "spn_atlas_page_texture", atlas, 0, id);
  c.dispose();
  alive();
});
