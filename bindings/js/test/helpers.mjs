// Shared by the tests: the corpus (SPINE_CORPUS, default ../shared/corpus from the
// repository root) and the module (bindings/js/spine_native.wasm, built by build.sh).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import * as sn from "../spine_native.mjs";

export const HERE = dirname(fileURLToPath(import.meta.url));
export const JS = resolve(HERE, "..");
export const REPO = resolve(JS, "../..");

/** The corpus folder; a set SPINE_CORPUS whose folder holds no rigs throws. */
export function corpus() {
  const given = process.env.SPINE_CORPUS;
  let dir = given ?? "../shared/corpus";
  if (!isAbsolute(dir)) dir = resolve(REPO, dir);
  const rigs = existsSync(join(dir, "rigs")) ? rigRecords(dir) : [];
  if (rigs.length === 0) throw new Error(`SPINE_CORPUS=${given ?? "(unset)"}: no rigs in ${dir}/rigs`);
  return dir;
}

/** [{ name, folder, skel, json, atlas }] of every rig folder with a -pro.skel and its atlas. */
export function rigRecords(dir = corpus()) {
  const result = [];
  for (const name of readdirSync(join(dir, "rigs")).sort()) {
    const folder = join(dir, "rigs", name);
    const skel = join(folder, `${name}-pro.skel`);
    const json = [`${name}-pro.json`, `${name}.json`].map((f) => join(folder, f)).find(existsSync) ?? null;
    const atlas = join(folder, `${name}.atlas`);
    if (existsSync(skel) && existsSync(atlas)) {
      result.push({ name, folder, skel, json, atlas });
    }
  }
  return result;
}

/** The Spine 4.2 exports of SPINE_CORPUS42 (default ../shared/corpus42), as listed by
 * `bindings/tools/rig_manifest.py --v42`: { required, rigs: [{ name, version, skeleton, atlas }] }.
 * `required` is true when SPINE_CORPUS42 is set (then having no rigs is a failure). */
export function rigs42() {
  const r = spawnSync("python3", [join(REPO, "bindings/tools/rig_manifest.py"), "--v42"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`rig_manifest.py --v42 failed: ${r.stderr}`);
  let required = false;
  const rigs = [];
  for (const line of r.stdout.split("\n")) {
    const f = line.split("\t");
    if (f[0] === "required") required = f[1] === "1";
    else if (f[0] === "rig42") rigs.push({ name: f[1], version: f[2], skeleton: f[3], atlas: f[4] });
  }
  return { required, rigs };
}

let ready = null;
export async function module() {
  ready ??= sn.init(readFileSync(join(JS, "spine_native.wasm")));
  await ready;
  return sn;
}

/** Loads a rig: { atlas, data, dispose() }. */
export function loadRig(rig) {
  const atlas = sn.Atlas.load(readFileSync(rig.atlas));
  const data = sn.SkeletonData.loadBinary(readFileSync(rig.skel), atlas);
  return { atlas, data, dispose() { data.dispose(); atlas.dispose(); } };
}
