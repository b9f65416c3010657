// Zero JS garbage per warm frame: 10,000 frames (update, apply, world transforms, render,
// output views, event polling with names, a GPU-skinning frame read in place) leave the JS
// heap where it was. Measured in a
// child process with --expose-gc and a young generation large enough that no scavenge
// hides the allocations; the same run with one per-frame allocation put back must fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { HERE } from "./helpers.mjs";

// 10,000 frames allocating nothing: below 64 KiB (tier-up and inline-cache noise). One
// 32-byte object a frame would be 320 KB.
const LIMIT = 64 * 1024;

function run(mode) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--max-semi-space-size=64", join(HERE, "frames.mjs"), mode],
    { encoding: "utf8", env: process.env });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").at(-1));
}

test("10,000 warm frames allocate nothing on the JS heap", () => {
  const { growth, sink } = run("clean");
  assert.ok(sink);
  assert.ok(growth < LIMIT, `heap grew ${growth} bytes over 10,000 frames`);
});

test("the check catches one allocation per frame put back", () => {
  const { growth } = run("leak");
  assert.ok(growth >= LIMIT, `a per-frame allocation grew the heap only ${growth} bytes`);
});

test("the check catches one allocation per GPU frame put back", () => {
  const { growth } = run("gpu-leak");
  assert.ok(growth >= LIMIT, `a per-frame allocation in the GPU frame grew the heap only ${growth} bytes`);
});
