// The npm package: `npm pack` makes a tarball with the module inside, which installs into
// a fresh folder with no network (`npm install --offline`, no dependencies) and runs in
// Node with no build step.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { JS, corpus, rigRecords } from "./helpers.mjs";

test("the packed tarball installs offline and renders a corpus rig", () => {
  const rig = rigRecords(corpus()).find((r) => r.name === "spineboy") ?? rigRecords()[0];
  const out = mkdtempSync(join(tmpdir(), "spn-pack-"));
  const npmEnv = { ...process.env, npm_config_cache: join(out, "cache"), npm_config_update_notifier: "false" };
  const packed = spawnSync("npm", ["pack", "--pack-destination", out, "--json"], { cwd: JS, encoding: "utf8", env: npmEnv });
  assert.equal(packed.status, 0, packed.stderr);
  const info = JSON.parse(packed.stdout)[0];
  const files = info.files.map((f) => f.path).sort();
  assert.deepEqual(files, ["README.md", "abi.mjs", "package.json", "spine_native.d.ts", "spine_native.mjs", "spine_native.wasm"]);
  const tarball = join(out, readdirSync(out).find((f) => f.endsWith(".tgz")));
  const app = join(out, "app");
  spawnSync("mkdir", [app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module", private: true }));
  const installed = spawnSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: app, encoding: "utf8", env: npmEnv });
  assert.equal(installed.status, 0, installed.stdout + installed.stderr);
  writeFileSync(join(app, "main.mjs"), `
import { readFileSync } from "node:fs";
import * as sn from "spine-native";
await sn.init();
const atlas = sn.Atlas.load(readFileSync(${JSON.stringify(rig.atlas)}));
const data = sn.SkeletonData.loadBinary(readFileSync(${JSON.stringify(rig.skel)}), atlas);
const skeleton = sn.Skeleton.create(data);
const state = sn.AnimationState.create(sn.AnimationStateData.create(data));
const renderer = sn.Renderer.create();
state.setAnimation(0, 0, true);
state.update(0.1); state.apply(skeleton); skeleton.updateWorldTransform(sn.Physics.UPDATE);
renderer.render(skeleton);
console.log("vertices", renderer.output().vertexCount);
`);
  const ran = spawnSync(process.execPath, ["main.mjs"], { cwd: app, encoding: "utf8" });
  assert.equal(ran.status, 0, ran.stderr);
  assert.match(ran.stdout, /^vertices [1-9]\d*$/m);
});
