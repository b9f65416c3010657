// The C ABI's misuse cases (tests/c/misuse_test.c) replayed through the module's raw
// exports from JavaScript: null pointers and zero handles, handles of another type, stale
// handles and double destroys, forged handles, out-of-range indices, unknown enum values,
// struct sizes too small, non-finite numbers and bad UTF-8. Each returns its documented
// status with a message, never traps, and the instance keeps working. (Covered: the cases
// of misuse_test.c that take no struct by value. The *_misuse_test.c groups — crowds,
// geometry, separation, skins, textures — and skin_sockets_test.c's misuse part are
// replayed by misuse_groups.test.mjs, with the same helpers: misuse_helpers.mjs.)
import { test } from "node:test";
import assert from "node:assert/strict";
import * as abi from "../abi.mjs";
import { sn, S, setup, fails, ok, struct, count, alive } from "./misuse_helpers.mjs";

const POSE_ANIMATED = 0;
const MAX_TRACKS = 1024;

test("null pointers and zero handles are NULL_ARGUMENT", () => {
  const c = setup();
  const { l } = c;
  const out = l.s(0);
  fails(l, "spn_atlas_page_count", S.NULL_ARGUMENT, c.atlas, 0);
  fails(l, "spn_skeleton_data_count", S.NULL_ARGUMENT, c.data, sn.Item.BONE, 0);
  fails(l, "spn_skeleton_create", S.NULL_ARGUMENT, c.data, 0);
  fails(l, "spn_skeleton_bone_world", S.NULL_ARGUMENT, c.skeleton, 0, 0);
  fails(l, "spn_skeleton_bone_world_info", S.NULL_ARGUMENT, c.skeleton, 0, 0);
  fails(l, "spn_skeleton_data_animation_keyed", S.NULL_ARGUMENT, c.data, 0, sn.Item.BONE, 0, 0, 0);
  fails(l, "spn_skeleton_data_attachment_sequence", S.NULL_ARGUMENT, c.data, 0, 0);
  fails(l, "spn_skeleton_data_animation_keyed", S.NULL_ARGUMENT, 0n, 0, sn.Item.BONE, 0, 0, out);
  fails(l, "spn_skeleton_bone_world_to_parent", S.NULL_ARGUMENT, c.skeleton, 0, 1, 2, 0, out);
  fails(l, "spn_skeleton_bone_world_to_parent", S.NULL_ARGUMENT, c.skeleton, 0, 1, 2, out, 0);
  fails(l, "spn_skeleton_bone_parent_to_world", S.NULL_ARGUMENT, 0n, 0, 1, 2, out, out);
  fails(l, "spn_skeleton_physics_constraint_reset", S.NULL_ARGUMENT, 0n, 0);
  fails(l, "spn_skeleton_physics_move", S.NULL_ARGUMENT, 0n, 1, 2, 3, 1, 1, 1);
  fails(l, "spn_skeleton_position", S.NULL_ARGUMENT, c.skeleton, out, 0);
  fails(l, "spn_skeleton_set_bone_local", S.NULL_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, 0);
  fails(l, "spn_skeleton_set_slot_color", S.NULL_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, 0);
  fails(l, "spn_skeleton_draw_order", S.NULL_ARGUMENT, c.skeleton, POSE_ANIMATED, 0, 5, out);
  fails(l, "spn_skeleton_set_draw_order", S.INVALID_ARGUMENT, c.skeleton, POSE_ANIMATED, 0, 0);
  fails(l, "spn_renderer_output", S.NULL_ARGUMENT, c.renderer, 0);
  fails(l, "spn_renderer_set_options", S.NULL_ARGUMENT, c.renderer, 0);
  fails(l, "spn_skeleton_data_find", S.NULL_ARGUMENT, c.data, sn.Item.BONE, 0, out);
  fails(l, "spn_animation_state_set_animation_by_name", S.NULL_ARGUMENT, c.state, 0, 0, 0, 0);
  fails(l, "spn_skin_create", S.NULL_ARGUMENT, c.data, 0, out);
  // Zero handles.
  fails(l, "spn_atlas_page_count", S.NULL_ARGUMENT, 0n, out);
  fails(l, "spn_skeleton_data_count", S.NULL_ARGUMENT, 0n, sn.Item.BONE, out);
  fails(l, "spn_skeleton_update", S.NULL_ARGUMENT, 0n, 0.1);
  fails(l, "spn_animation_state_update", S.NULL_ARGUMENT, 0n, 0.1);
  fails(l, "spn_animation_state_create", S.NULL_ARGUMENT, 0n, out);
  fails(l, "spn_renderer_render", S.NULL_ARGUMENT, 0n, c.skeleton, 0);
  fails(l, "spn_renderer_render", S.NULL_ARGUMENT, c.renderer, 0n, 0);
  fails(l, "spn_bounds_count", S.NULL_ARGUMENT, 0n, out);
  fails(l, "spn_crowd_update", S.NULL_ARGUMENT, 0n, 0.1, sn.Physics.UPDATE);
  fails(l, "spn_skin_destroy", S.NULL_ARGUMENT, 0n);
  fails(l, "spn_skeleton_destroy", S.NULL_ARGUMENT, 0n);
  assert.equal(sn.lastErrorKind(), sn.ErrorKind.NONE);
  c.dispose();
  alive();
});

test("handles of another type are WRONG_TYPE and destroy nothing", () => {
  const c = setup();
  const { l } = c;
  const out = l.s(0);
  fails(l, "spn_atlas_page_count", S.WRONG_TYPE, c.data, out);
  fails(l, "spn_skeleton_data_count", S.WRONG_TYPE, c.atlas, sn.Item.BONE, out);
  fails(l, "spn_skeleton_update", S.WRONG_TYPE, c.state, 0.1);
  fails(l, "spn_skeleton_physics_constraint_reset", S.WRONG_TYPE, c.state, 0);
  fails(l, "spn_skeleton_physics_move", S.WRONG_TYPE, c.state, 1, 2, 3, 1, 1, 1);
  fails(l, "spn_animation_state_update", S.WRONG_TYPE, c.skeleton, 0.1);
  fails(l, "spn_animation_state_data_set_default_mix", S.WRONG_TYPE, c.state, 0.1);
  fails(l, "spn_renderer_render", S.WRONG_TYPE, c.skeleton, c.skeleton, 0);
  fails(l, "spn_bounds_count", S.WRONG_TYPE, c.renderer, out);
  fails(l, "spn_crowd_count", S.WRONG_TYPE, c.renderer, out);
  fails(l, "spn_skin_add_data_skin", S.WRONG_TYPE, c.data, 0);
  fails(l, "spn_animation_state_apply", S.WRONG_TYPE, c.state, c.state);
  fails(l, "spn_skeleton_destroy", S.WRONG_TYPE, c.state);
  fails(l, "spn_skeleton_bone_world_to_parent", S.WRONG_TYPE, c.state, 0, 0, 0, out, out);
  fails(l, "spn_skeleton_data_animation_keyed", S.WRONG_TYPE, c.atlas, 0, sn.Item.BONE, 0, 0, out);
  fails(l, "spn_skeleton_data_attachment_sequence", S.WRONG_TYPE, c.atlas, 0, struct(l, 64, abi.spn_sequence_data.size));
  // The state survived the destroy through the wrong type.
  ok(l, "spn_animation_state_update", c.state, 0.1);
  c.dispose();
  alive();
});

test("stale, destroyed twice and forged handles are STALE_HANDLE or WRONG_TYPE", () => {
  const c = setup();
  const { l } = c;
  const out = l.s(0);
  ok(l, "spn_skeleton_create", c.data, out);
  const extra = l.u64(out);
  ok(l, "spn_skeleton_destroy", extra);
  fails(l, "spn_skeleton_update", S.STALE_HANDLE, extra, 0.1);
  fails(l, "spn_skeleton_destroy", S.STALE_HANDLE, extra);
  fails(l, "spn_renderer_render", S.STALE_HANDLE, c.renderer, extra, 0);
  // The same slot reused by a new skeleton: the old handle's generation no longer matches.
  ok(l, "spn_skeleton_create", c.data, out);
  const reused = l.u64(out);
  fails(l, "spn_skeleton_update", S.STALE_HANDLE, extra, 0.1);
  ok(l, "spn_skeleton_update", reused, 0.1);
  ok(l, "spn_skeleton_destroy", reused);
  // Forged bits: a flipped generation, a huge slot index, all ones.
  for (const forged of [c.skeleton ^ (1n << 40n), c.skeleton + (1n << 20n), 0xffffffffffffffffn, 1n]) {
    const got = l.x.spn_skeleton_update(forged, 0.1);
    assert.ok([S.STALE_HANDLE, S.WRONG_TYPE, S.NULL_ARGUMENT].includes(got), `forged ${forged.toString(16)}: status ${got}`);
    assert.ok(sn.lastErrorMessage().length > 0);
  }
  ok(l, "spn_skeleton_update", c.skeleton, 0.1);
  c.dispose();
  alive();
});

test("out-of-range indices, unknown enum values and structs too small are refused", () => {
  const c = setup();
  const { l } = c;
  const n = l.s(0);
  const pages = (ok(l, "spn_atlas_page_count", c.atlas, n), l.u32(n));
  const regions = (ok(l, "spn_atlas_region_count", c.atlas, n), l.u32(n));
  const bones = count(l, c.data, sn.Item.BONE);
  const slots = count(l, c.data, sn.Item.SLOT);
  const animations = count(l, c.data, sn.Item.ANIMATION);
  const constraints = count(l, c.data, sn.Item.CONSTRAINT);
  const attachments = count(l, c.data, sn.Item.ATTACHMENT);
  const skins = count(l, c.data, sn.Item.SKIN);
  const events = count(l, c.data, sn.Item.EVENT);
  fails(l, "spn_atlas_page", S.OUT_OF_RANGE, c.atlas, pages, struct(l, 64, abi.spn_atlas_page_info.size));
  fails(l, "spn_atlas_region", S.OUT_OF_RANGE, c.atlas, regions, struct(l, 64, abi.spn_atlas_region_info.size));
  fails(l, "spn_skeleton_data_name", S.OUT_OF_RANGE, c.data, sn.Item.SLOT, slots, l.s(8));
  fails(l, "spn_skeleton_data_event", S.OUT_OF_RANGE, c.data, events, struct(l, 64, abi.spn_event_data.size));
  fails(l, "spn_skeleton_data_animation_duration", S.OUT_OF_RANGE, c.data, animations, l.s(8));
  fails(l, "spn_skeleton_bone_world", S.OUT_OF_RANGE, c.skeleton, bones, l.s(64));
  fails(l, "spn_skeleton_bone_world", S.OUT_OF_RANGE, c.skeleton, 0xffffffff, l.s(64));
  fails(l, "spn_skeleton_bone_world_info", S.OUT_OF_RANGE, c.skeleton, bones, struct(l, 64, abi.spn_bone_world_info.size));
  fails(l, "spn_skeleton_data_animation_keyed", S.OUT_OF_RANGE, c.data, animations, sn.Item.BONE, 0, 0, n);
  fails(l, "spn_skeleton_data_attachment_sequence", S.OUT_OF_RANGE, c.data, attachments, struct(l, 64, abi.spn_sequence_data.size));
  fails(l, "spn_skeleton_data_attachment_sequence", S.INVALID_ARGUMENT, c.data, 0, struct(l, 64, abi.spn_sequence_data.size - 4));
  fails(l, "spn_skeleton_data_animation_event_keys", S.OUT_OF_RANGE, c.data, animations, abi.spn_event_key.size, 0, 0, n);
  fails(l, "spn_skeleton_data_animation_keyed", S.INVALID_ARGUMENT, c.data, 0, sn.Item.SKIN, l.s(64), 1, n);
  fails(l, "spn_skeleton_data_animation_event_keys", S.INVALID_ARGUMENT, c.data, 0, abi.spn_event_key.size - 4, l.s(64), 1, n);
  fails(l, "spn_skeleton_bone_world_to_parent", S.OUT_OF_RANGE, c.skeleton, bones, 0, 0, l.s(8), l.s(12));
  fails(l, "spn_skeleton_bone_parent_to_world", S.OUT_OF_RANGE, c.skeleton, 0xffffffff, 0, 0, l.s(8), l.s(12));
  fails(l, "spn_skeleton_slot_color", S.OUT_OF_RANGE, c.skeleton, slots, POSE_ANIMATED, l.s(64));
  fails(l, "spn_skeleton_constraint_active", S.OUT_OF_RANGE, c.skeleton, constraints, n);
  fails(l, "spn_skeleton_physics_constraint_reset", S.OUT_OF_RANGE, c.skeleton, constraints);
  fails(l, "spn_skeleton_physics_constraint_translate", S.OUT_OF_RANGE, c.skeleton, 0xffffffff, 1, 2);
  fails(l, "spn_skeleton_set_slot_attachment", S.OUT_OF_RANGE, c.skeleton, 0, POSE_ANIMATED, attachments);
  fails(l, "spn_skeleton_set_slot_attachment", S.OUT_OF_RANGE, c.skeleton, 0, POSE_ANIMATED, -2);
  fails(l, "spn_animation_state_set_animation", S.OUT_OF_RANGE, c.state, 0, animations, 1, 0);
  fails(l, "spn_animation_state_add_animation", S.OUT_OF_RANGE, c.state, MAX_TRACKS, 0, 1, 0, 0);
  const skin = sn.Skin.create(c.objects.data, "s");
  fails(l, "spn_skin_add_data_skin", S.OUT_OF_RANGE, skin._h, skins);
  const name = l.s(200);
  l.refresh();
  l.u8.set([0x78, 0], name);
  fails(l, "spn_skin_set_attachment", S.OUT_OF_RANGE, skin._h, slots, name, 0);
  skin.dispose();
  const bounds = sn.Bounds.create();
  fails(l, "spn_bounds_box", S.OUT_OF_RANGE, bounds._h, 0, struct(l, 64, abi.spn_bounding_box.size));
  bounds.dispose();
  // Unknown enum values.
  fails(l, "spn_skeleton_data_count", S.INVALID_ARGUMENT, c.data, 99, n);
  fails(l, "spn_skeleton_slot_color", S.INVALID_ARGUMENT, c.skeleton, 0, 2, l.s(64));
  fails(l, "spn_skeleton_update_world_transform", S.INVALID_ARGUMENT, c.skeleton, 9);
  fails(l, "spn_skeleton_constraint_get", constraints ? S.INVALID_ARGUMENT : S.OUT_OF_RANGE, c.skeleton, 0, POSE_ANIMATED, 99, l.s(8));
  const local = struct(l, 64, abi.spn_bone_local.size);
  ok(l, "spn_skeleton_bone_local", c.skeleton, 0, POSE_ANIMATED, local);
  l.dv.setUint32(local + 4, 9, true); // inherit
  fails(l, "spn_skeleton_set_bone_local", S.INVALID_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, local);
  const options = struct(l, 128, abi.spn_render_options.size);
  l.dv.setUint32(options + abi.spn_render_options.fields.find((f) => f[0] === "layout")[2], 5, true);
  fails(l, "spn_renderer_set_options", S.INVALID_ARGUMENT, c.renderer, options);
  // Struct sizes too small.
  fails(l, "spn_skeleton_bone_local", S.INVALID_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, struct(l, 64, 4));
  const info = struct(l, 64, abi.spn_bone_world_info.size - 4);
  l.dv.setFloat32(info + 12, -7, true); // scaleX
  fails(l, "spn_skeleton_bone_world_info", S.INVALID_ARGUMENT, c.skeleton, 0, info);
  assert.equal(l.dv.getFloat32(info + 12, true), -7, "left unchanged");
  fails(l, "spn_renderer_render", S.INVALID_ARGUMENT, c.renderer, c.skeleton, struct(l, 256, 8));
  fails(l, "spn_skeleton_data_event", S.INVALID_ARGUMENT, c.data, 0, struct(l, 64, 0));
  fails(l, "spn_renderer_create", S.INVALID_ARGUMENT, struct(l, 128, 3), l.s(0));
  fails(l, "spn_animation_state_events", S.INVALID_ARGUMENT, c.state, abi.spn_event.size - 8, l.s(8), l.s(16));
  c.dispose();
  alive();
});

test("non-finite numbers and bad UTF-8 are INVALID_ARGUMENT and change nothing", () => {
  const c = setup();
  const { l } = c;
  fails(l, "spn_animation_state_update", S.INVALID_ARGUMENT, c.state, NaN);
  fails(l, "spn_skeleton_update", S.INVALID_ARGUMENT, c.skeleton, Infinity);
  fails(l, "spn_crowd_update", S.INVALID_ARGUMENT, 0n, NaN, sn.Physics.UPDATE);
  fails(l, "spn_skeleton_physics_move", S.INVALID_ARGUMENT, c.skeleton, NaN, 2, 3, 1, 1, 1);
  fails(l, "spn_skeleton_physics_move", S.INVALID_ARGUMENT, c.skeleton, 1, 2, Infinity, 1, 1, 1);
  ok(l, "spn_skeleton_set_position", c.skeleton, 3, 4);
  assert.equal(fails(l, "spn_skeleton_set_position", S.INVALID_ARGUMENT, c.skeleton, NaN, 1), "x NaN is not finite");
  fails(l, "spn_skeleton_set_scale", S.INVALID_ARGUMENT, c.skeleton, 1, Infinity);
  fails(l, "spn_skeleton_set_wind", S.INVALID_ARGUMENT, c.skeleton, -Infinity, 0);
  fails(l, "spn_skeleton_set_gravity", S.INVALID_ARGUMENT, c.skeleton, 0, NaN);
  assert.deepEqual(c.objects.skeleton.position, [3, 4]);
  const tint = l.s(64);
  l.refresh();
  [0.5, NaN, 0.5, 1].forEach((v, i) => l.dv.setFloat32(tint + 4 * i, v, true));
  assert.equal(fails(l, "spn_skeleton_set_color", S.INVALID_ARGUMENT, c.skeleton, tint), "color.g NaN is not finite");
  fails(l, "spn_skeleton_set_slot_color", S.INVALID_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, tint);
  const local = struct(l, 128, abi.spn_bone_local.size);
  ok(l, "spn_skeleton_bone_local", c.skeleton, 0, POSE_ANIMATED, local);
  l.dv.setFloat32(local + abi.spn_bone_local.fields.find((f) => f[0] === "rotation")[2], Infinity, true);
  assert.equal(fails(l, "spn_skeleton_set_bone_local", S.INVALID_ARGUMENT, c.skeleton, 0, POSE_ANIMATED, local),
    "local.rotation inf is not finite");
  fails(l, "spn_skeleton_physics_translate", S.INVALID_ARGUMENT, c.skeleton, NaN, 0);
  fails(l, "spn_skeleton_physics_rotate", S.INVALID_ARGUMENT, c.skeleton, 0, 0, Infinity);
  // Bad UTF-8.
  const bad = l.s(256);
  l.refresh();
  l.u8.set([0x61, 0xff, 0xfe, 0], bad);
  fails(l, "spn_skeleton_data_find", S.INVALID_ARGUMENT, c.data, sn.Item.BONE, bad, l.s(0));
  fails(l, "spn_skeleton_set_skin_by_name", S.INVALID_ARGUMENT, c.skeleton, bad);
  fails(l, "spn_animation_state_set_animation_by_name", S.INVALID_ARGUMENT, c.state, 0, bad, 1, 0);
  fails(l, "spn_skin_create", S.INVALID_ARGUMENT, c.data, bad, l.s(0));
  fails(l, "spn_atlas_load", S.INVALID_ARGUMENT, bad, 3, l.s(0));
  c.dispose();
  alive();
});
