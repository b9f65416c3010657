#!/usr/bin/env node
// Randomized differential tester: seeded random op lists (FORMAT.md section 4) over every
// rig of the corpus, replayed through the reference runtime (the corpus tools' golden.mjs
// with the pinned spine-core) and compared with this runtime by the conformance rules
// (tools/difftest/compare.rs, strict). A failing op list is shrunk to a minimal one.
//
//   node tools/difftest/difftest.mjs [--spine 4.3|4.2] [--seeds A..B | --seeds a,b,c | --count N] [--rigs a,b] [--out DIR] [--no-shrink] [--keep]
//
// Needs Node 20 and the npm registry (first run: the corpus tools are copied to
// target/difftest/golden (4.2: golden42) and `npm install`ed there). The corpus is
// $SPINE_CORPUS (default ../shared/corpus), with `--spine 4.2` (or `--corpus42`)
// $SPINE_CORPUS42 (default ../shared/corpus42); the tools always come from
// $SPINE_CORPUS/tools. See tools/difftest/README.md.

import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// ---------------------------------------------------------------------------------------
// Arguments

const args = process.argv.slice(2);
const opt = (name, fallback) => {
	const i = args.indexOf(name);
	return i < 0 ? fallback : args[i + 1];
};
const spineVersion = opt("--spine", args.includes("--corpus42") ? "4.2" : "4.3");
if (spineVersion !== "4.3" && spineVersion !== "4.2") throw new Error(`--spine must be 4.3 or 4.2, not ${spineVersion}`);
const v42 = spineVersion === "4.2";
const tools = path.resolve(root, process.env.SPINE_CORPUS || "../shared/corpus", "tools");
const corpus = v42 ? path.resolve(root, process.env.SPINE_CORPUS42 || "../shared/corpus42")
	: path.resolve(root, process.env.SPINE_CORPUS || "../shared/corpus");
let [seedFrom, seedTo] = [0, 100];
let seedList = null; // --seeds a,b,c: those seeds only (each on its rig of the full range)
if (opt("--seeds")?.includes(",")) seedList = opt("--seeds").split(",").map(Number);
else if (opt("--seeds")) [seedFrom, seedTo] = opt("--seeds").split("..").map(Number);
else if (opt("--count")) seedTo = Number(opt("--count"));
const seedText = seedList ? seedList.join(",") : `${seedFrom}..${seedTo}`;
const outDir = path.resolve(opt("--out", path.join(root, v42 ? "target/difftest/run42" : "target/difftest/run")));
const shrinkFailures = !args.includes("--no-shrink");
const keep = args.includes("--keep");
const rigFilter = opt("--rigs") ? opt("--rigs").split(",") : null;

// ---------------------------------------------------------------------------------------
// The reference: the corpus tools with their pinned spine-core (4.3: tools/golden,
// spine-core 4.3.13; 4.2: tools/golden42, spine-core 4.2.119, whose golden42.mjs imports
// ../golden/compare.mjs)

function referenceTools() {
	const dir = v42 ? "golden42" : "golden";
	const source = path.join(tools, dir);
	const copy = path.join(root, "target/difftest", dir);
	if (!fs.existsSync(path.join(copy, "node_modules/@esotericsoftware/spine-core"))) {
		fs.mkdirSync(copy, { recursive: true });
		for (const f of fs.readdirSync(source)) {
			if (f.endsWith(".mjs") || f.endsWith(".json") || f.endsWith(".md")) fs.copyFileSync(path.join(source, f), path.join(copy, f));
		}
		console.error(`installing the reference runtime into ${copy} ...`);
		execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: copy, stdio: "inherit" });
	}
	if (v42) {
		const compareCopy = path.join(root, "target/difftest/golden/compare.mjs");
		fs.mkdirSync(path.dirname(compareCopy), { recursive: true });
		if (!fs.existsSync(compareCopy)) fs.copyFileSync(path.join(tools, "golden/compare.mjs"), compareCopy);
	}
	return import(pathToFileURL(path.join(copy, v42 ? "golden42.mjs" : "golden.mjs")).href);
}
const golden = await referenceTools();

function buildComparer() {
	execFileSync("cargo", ["build", "--release", "--example", "difftest-compare"], { cwd: root, stdio: "inherit" });
	return path.join(root, "target/release/examples/difftest-compare");
}
const comparer = buildComparer();

// ---------------------------------------------------------------------------------------
// Seeded generator

function rng(seed) {
	let a = (seed * 2654435761) >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const r = {
		next,
		int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
		pick: (list) => list[Math.floor(next() * list.length)],
		chance: (p) => next() < p,
		// Numbers as a generator would write them: a few digits.
		num: (lo, hi, digits = 3) => Number((lo + next() * (hi - lo)).toFixed(digits)),
	};
	return r;
}

/// What the generator needs to know about a rig.
function describeRig(rig) {
	const data = rig.data;
	const animations = data.animations.map((a) => a.name);
	const skins = data.skins.map((s) => s.name).filter((n) => n !== "default");
	const attachments = []; // [slot name, placeholder] of the default skin
	const defaultSkin = data.defaultSkin;
	if (defaultSkin) {
		for (const entry of defaultSkin.getAttachments()) attachments.push([data.slots[entry.slotIndex].name, entry.name]);
	}
	const physics = data.physicsConstraints ? data.physicsConstraints.length > 0 // 4.2: one array per type
		: data.constraints.some((c) => c.constructor.name.startsWith("Physics"));
	return { animations, skins, attachments, physics, slots: data.slots.map((s) => s.name) };
}

const INTERPOLATIONS = ["linear", "smooth", "slowFast", "fastSlow", "circle"];
const DTS = ["1/60", "1/60", "1/60", "0.0171", "0", "0.05", "0.25", "0.5", "1.3"];

/// A random valid op list for the rig.
function generate(seed, rigInfo) {
	const r = rng(seed);
	const dt = r.pick(DTS);
	const steps = r.int(8, dt === "1/60" ? 120 : 40);
	const ops = [];
	let named = 0;
	const anim = () => r.pick(rigInfo.animations);
	const track = () => (r.chance(0.6) ? 0 : r.int(1, 3));
	const delay = () => r.pick([0, 0, r.num(-0.5, 0, 2), r.num(0, 1.5, 2)]);
	const mix = () => r.pick([0, r.num(0, 0.5, 2), r.num(0, 1.5, 2)]);
	// Entry changes right after the entry is made, in the same step (a later change could
	// reach an entry that was disposed and, in the reference, pooled for reuse).
	const entryOps = (step, entry) => {
		const n = r.pick([0, 0, 1, 1, 2, 3]);
		for (let i = 0; i < n; i++) {
			const k = r.int(0, 13);
			const set = (field, value) => ops.push({ step, op: "setEntry", entry, field, value });
			switch (k) {
				case 0: set("alpha", r.num(0, 1, 2)); break;
				// 4.2 layers additively with MixBlend.add (4.3: `additive`); its other blends
				// (`setup`, `first`) and `holdPrevious` have no counterpart in this runtime's API.
				case 1: if (v42) set("mixBlend", r.pick(["add", "replace"])); else set("additive", r.chance(0.5)); break;
				case 2: set("reverse", true); break;
				case 3: set("timeScale", r.pick([r.num(0, 2.5, 3), r.num(-1.5, 0, 3), 0])); break;
				case 4: set("trackEnd", r.num(0.1, 2, 2)); break;
				case 5: set("mixDuration", mix()); break;
				case 6: set("animationStart", r.num(0, 0.5, 3)); break;
				case 7: set("animationEnd", r.num(0.3, 1.5, 3)); break;
				case 8: set(r.pick(["eventThreshold", "mixAttachmentThreshold", "alphaAttachmentThreshold", "mixDrawOrderThreshold"]), r.num(0, 1, 2)); break;
				case 9: set(r.pick(["loop", "shortestRotation"]), r.chance(0.5)); break;
				case 10: ops.push({ step, op: "setEntryMixDuration", entry, mixDuration: mix(), delay: delay() }); break;
				case 11: if (v42) set("mixBlend", "add"); // 4.2 has no mix interpolation
					else ops.push({ step, op: "setEntryMixInterpolation", entry, interpolation: r.pick(INTERPOLATIONS) });
					break;
				case 12: set("delay", r.num(0, 0.5, 2)); break;
				default: set("trackTime", r.num(0, 1, 2)); break;
			}
		}
	};
	const withEntry = (step, op) => {
		const entry = `e${named++}`;
		ops.push({ ...op, step, as: entry });
		entryOps(step, entry);
	};
	// Step 0: a first animation, sometimes a skin and skeleton changes.
	if (r.chance(0.5)) ops.push({ step: 0, op: "setDefaultMix", duration: mix() });
	if (rigInfo.skins.length && r.chance(0.7)) pickSkin(0);
	withEntry(0, { op: "setAnimation", track: 0, animation: anim(), loop: r.chance(0.7) });
	function pickSkin(step) {
		if (rigInfo.skins.length >= 3 && r.chance(0.4)) {
			const name = `combined-${step}`;
			const addSkins = [...new Set([r.pick(rigInfo.skins), r.pick(rigInfo.skins), r.pick(rigInfo.skins)])];
			ops.push({ step, op: "newSkin", name, addSkins });
			ops.push({ step, op: "setSkin", skin: name });
		} else {
			ops.push({ step, op: "setSkin", skin: r.chance(0.9) ? r.pick(rigInfo.skins) : null });
		}
	}
	const events = r.int(3, 16);
	for (let i = 0; i < events; i++) {
		const step = r.int(1, steps);
		const k = r.int(0, 21);
		switch (k) {
			case 0: case 1: case 2: withEntry(step, { op: "setAnimation", track: track(), animation: anim(), loop: r.chance(0.6) }); break;
			case 3: case 4: withEntry(step, { op: "addAnimation", track: track(), animation: anim(), loop: r.chance(0.6), delay: delay() }); break;
			case 5: withEntry(step, { op: "setEmptyAnimation", track: track(), mixDuration: mix() }); break;
			case 6: withEntry(step, { op: "addEmptyAnimation", track: track(), mixDuration: mix(), delay: delay() }); break;
			case 7: ops.push({ step, op: "setEmptyAnimations", mixDuration: mix() }); break;
			case 8: ops.push(r.chance(0.7) ? { step, op: "clearTrack", track: track() } : { step, op: "clearTracks" }); break;
			case 9: ops.push({ step, op: "setStateTimeScale", value: r.pick([r.num(0, 2, 3), 0, r.num(-1.2, 0, 3), 1]) }); break;
			case 10: ops.push({ step, op: "setMix", from: anim(), to: anim(), duration: mix() }); break;
			case 11: ops.push({ step, op: "setDefaultMix", duration: mix() }); break;
			case 12: if (rigInfo.skins.length) pickSkin(step); break;
			case 13: ops.push({ step, op: r.pick(["setupPose", "setupPoseBones", "setupPoseSlots"]) }); break;
			case 14: if (rigInfo.attachments.length) {
				const [slot, attachment] = r.pick(rigInfo.attachments);
				ops.push({ step, op: "setAttachment", slot, attachment: r.chance(0.8) ? attachment : null });
			} break;
			case 15: ops.push({ step, op: "setScale", x: r.pick([1, -1, r.num(-2, 2, 2)]), y: r.pick([1, -1, r.num(-2, 2, 2)]) }); break;
			case 16: ops.push({ step, op: "setPosition", x: r.num(-200, 200, 1), y: r.num(-200, 200, 1) }); break;
			case 17: ops.push({ step, op: "setColor", r: r.num(0, 1, 2), g: r.num(0, 1, 2), b: r.num(0, 1, 2), a: r.num(0, 1, 2) }); break;
			case 18: ops.push({ step, op: "physicsTranslate", x: r.num(-80, 80, 1), y: r.num(-80, 80, 1) }); break;
			case 19: ops.push({ step, op: "physicsRotate", x: r.num(-100, 100, 1), y: r.num(-100, 100, 1), degrees: r.num(-45, 45, 1) }); break;
			case 20: ops.push({ step, op: "updateWorldTransform", physics: r.pick(["none", "reset", "update", "pose"]) }); break;
			default: withEntry(step, { op: "addAnimation", track: 0, animation: anim(), loop: false, delay: 0 }); break;
		}
	}
	// Ops run in step order; within a step, in the order generated.
	const ordered = ops.map((op, i) => [op, i]).sort((a, b) => a[0].step - b[0].step || a[1] - b[1]).map(([op]) => op);
	return { ops: ordered, steps, dt };
}

// ---------------------------------------------------------------------------------------
// Reference replay and comparison

function parseDt(text) {
	if (text === "1/60") return golden.DT;
	return Number(text);
}

/// The reference's frames for a scenario (every step recorded), or an error string.
function reference(rig, scenario) {
	const s = { file: "difftest", ops: scenario.ops, steps: scenario.steps, dt: parseDt(scenario.dt),
		recordSteps: Array.from({ length: scenario.steps + 1 }, (_, i) => i) };
	try {
		const recorder = new golden.Recorder(rig, golden.hasBoundingBoxes(rig.data));
		const { frames } = golden.runScenario(rig, recorder, s);
		const pools = recorder.takePools();
		// 4.2: the reference ran on one export, which ours must load (JSON and .skel differ).
		const input = v42 ? { skeleton: rig.skeletonFile, atlas: rig.atlasFile } : undefined;
		return { format: golden.FORMAT, rig: rig.rig, input, dt: scenario.dt, steps: scenario.steps, recordSteps: s.recordSteps,
			ops: scenario.ops, pools, frames };
	} catch (error) {
		return { error: String(error?.message ?? error) };
	}
}

/// Compares files with ours; returns a map file -> null (ok) or the first difference.
function compare(rigDir, files) {
	const result = new Map();
	for (let i = 0; i < files.length; i += 200) {
		const chunk = files.slice(i, i + 200);
		const run = spawnSync(comparer, [rigDir, ...chunk], { encoding: "utf8", maxBuffer: 1 << 28 });
		for (const line of run.stdout.split("\n")) {
			const ok = /^ok (\S+)/.exec(line);
			const fail = /^FAIL (\S+?): (.*)$/.exec(line);
			if (ok) result.set(ok[1], null);
			else if (fail) result.set(fail[1], fail[2]);
		}
		for (const f of chunk) if (!result.has(f)) result.set(f, `comparer crashed: ${run.stderr.slice(-300)}`);
	}
	return result;
}

function writeGolden(file, doc) {
	fs.writeFileSync(file, JSON.stringify(doc));
}

/// A failure's class: the message with numbers, names of steps and indices removed.
function classify(message) {
	return message
		.replace(/^from \w+: /, "")
		.replace(/step \d+: /, "")
		.replace(/-?\d+(\.\d+)?(e-?\d+)?/g, "#")
		.slice(0, 140);
}

/// Shrinks a failing scenario: fewer steps, then fewer ops (an op whose entry later ops
/// use takes those along), while the comparison still fails.
function shrink(rig, rigDir, scenario, work) {
	let best = scenario;
	let tries = 0;
	const fails = (candidate) => {
		tries++;
		const doc = reference(rig, candidate);
		if (doc.error) return false;
		const file = path.join(work, `shrink-${tries}.json`);
		writeGolden(file, doc);
		const message = compare(rigDir, [file]).get(file);
		fs.rmSync(file);
		return message != null;
	};
	// The last step with a difference is the end: ops after it and later steps can go.
	let lo = 0, hi = best.steps;
	while (lo < hi) {
		const mid = Math.floor((lo + hi) / 2);
		const c = { ...best, steps: mid, ops: best.ops.filter((o) => o.step <= mid) };
		if (fails(c)) hi = mid;
		else lo = mid + 1;
	}
	best = { ...best, steps: hi, ops: best.ops.filter((o) => o.step <= hi) };
	let changed = true;
	while (changed && tries < 400) {
		changed = false;
		for (let i = best.ops.length - 1; i >= 0; i--) {
			const op = best.ops[i];
			const drop = new Set([i]);
			if (op.as) best.ops.forEach((o, k) => { if (o.entry === op.as) drop.add(k); });
			const c = { ...best, ops: best.ops.filter((_, k) => !drop.has(k)) };
			if (fails(c)) {
				best = c;
				changed = true;
			}
		}
	}
	return best;
}

// ---------------------------------------------------------------------------------------
// Main

const rigNames = fs.readdirSync(path.join(corpus, "rigs"))
	.filter((n) => fs.statSync(path.join(corpus, "rigs", n)).isDirectory())
	.filter((n) => !rigFilter || rigFilter.includes(n))
	.sort();
fs.mkdirSync(outDir, { recursive: true });
const rigs = new Map();
/// The file a rig's goldens in `corpus/<goldenDir>/<rig>/` were made from, if recorded.
function goldenInput(name, goldenDir) {
	const summary = path.join(corpus, goldenDir, name, "rig.json");
	if (!fs.existsSync(summary)) return null;
	const file = JSON.parse(fs.readFileSync(summary, "utf8")).input?.skeleton;
	return file ? path.join(corpus, "rigs", name, file) : null;
}
for (const name of rigNames) {
	const dir = path.join(corpus, "rigs", name);
	// 4.3: the reference runs on the JSON and ours replays it from every input (the binary
	// holds the JSON's numbers). 4.2: the JSON and the editor .skel are separate exports with
	// different numbers, so the reference runs on each (the inputs of golden/ and
	// golden-skel/) and ours replays each run from the file it was made from.
	const inputs = [{ label: "json", suffix: "", rig: golden.loadRig(dir, { input: "json", skeleton: v42 ? goldenInput(name, "golden") : null }) }];
	if (v42) {
		const skel = goldenInput(name, "golden-skel");
		const rig = golden.loadRig(dir, { input: "skel", skeleton: skel });
		if (rig.inputKind === "skel") inputs.push({ label: "skel", suffix: ".skel", rig });
	}
	rigs.set(name, { inputs, info: describeRig(inputs[0].rig), dir });
}

const started = Date.now();
const perRig = new Map(rigNames.map((n) => [n, { scenarios: 0, passed: 0, failed: 0, refused: 0, replays: 0, failedReplays: 0,
	classes: new Map() }]));
// How often the generated scenarios exercised some features, and how many of those passed.
const FEATURES = {
	"negative state time scale": (s) => s.ops.some((o) => o.op === "setStateTimeScale" && o.value < 0),
	"negative entry time scale": (s) => s.ops.some((o) => o.op === "setEntry" && o.field === "timeScale" && o.value < 0),
	"dt 0": (s) => s.dt === "0",
	"dt >= 0.25": (s) => parseDt(s.dt) >= 0.25,
	"delay <= 0": (s) => s.ops.some((o) => o.delay !== undefined && o.delay <= 0),
	...(v42 ? {} : { "mix interpolation": (s) => s.ops.some((o) => o.op === "setEntryMixInterpolation") }),
	"additive": (s) => s.ops.some((o) => (o.field === "additive" && o.value === true) || (o.field === "mixBlend" && o.value === "add")),
	"reverse": (s) => s.ops.some((o) => o.field === "reverse"),
	"combined skin": (s) => s.ops.some((o) => o.op === "newSkin"),
	"physics translate/rotate": (s) => s.ops.some((o) => o.op.startsWith("physics")),
	"negative or zero skeleton scale": (s) => s.ops.some((o) => o.op === "setScale" && (o.x <= 0 || o.y <= 0)),
};
const features = Object.fromEntries(Object.keys(FEATURES).map((k) => [k, { scenarios: 0, passed: 0 }]));
const failures = [];
// Seeds run rig by rig so that one comparer process handles a rig's files.
const byRig = new Map(rigNames.map((n) => [n, []]));
for (const seed of seedList ?? Array.from({ length: seedTo - seedFrom }, (_, i) => seedFrom + i)) {
	byRig.get(rigNames[seed % rigNames.length])?.push(seed);
}
for (const [name, seeds] of byRig) {
	const { inputs, info, dir } = rigs.get(name);
	const stats = perRig.get(name);
	const work = path.join(outDir, name);
	fs.mkdirSync(work, { recursive: true });
	const files = [];
	const replays = new Map(); // file -> { seed, scenario, input }
	const compared = []; // [seed, scenario, files]
	for (const seed of seeds) {
		const scenario = generate(seed, info);
		stats.scenarios++;
		const docs = inputs.map((input) => [input, reference(input.rig, scenario)]);
		if (docs.some(([, doc]) => doc.error)) {
			stats.refused++; // the reference itself throws on this op list
			continue;
		}
		const seedFiles = [];
		for (const [input, doc] of docs) {
			const file = path.join(work, `seed-${seed}${input.suffix}.json`);
			writeGolden(file, doc);
			seedFiles.push(file);
			replays.set(file, { seed, scenario, input });
		}
		files.push(...seedFiles);
		compared.push([seed, scenario, seedFiles]);
	}
	const results = compare(dir, files);
	for (const [, scenario, seedFiles] of compared) {
		const passed = seedFiles.every((f) => results.get(f) == null);
		stats[passed ? "passed" : "failed"]++;
		for (const [feature, has] of Object.entries(FEATURES)) {
			if (has(scenario)) {
				features[feature].scenarios++;
				if (passed) features[feature].passed++;
			}
		}
	}
	for (const file of files) {
		const message = results.get(file);
		stats.replays++;
		if (message == null) {
			if (!keep) fs.rmSync(file);
			continue;
		}
		stats.failedReplays++;
		const cls = classify(message);
		stats.classes.set(cls, (stats.classes.get(cls) ?? 0) + 1);
		const { seed, scenario, input } = replays.get(file);
		const failure = { rig: name, seed, input: input.label, message, class: cls, file };
		if (shrinkFailures) {
			const minimal = shrink(input.rig, dir, scenario, work);
			if (v42) minimal.input = { skeleton: input.rig.skeletonFile, atlas: input.rig.atlasFile };
			failure.minimal = minimal;
			fs.writeFileSync(path.join(work, `seed-${seed}${input.suffix}.min.json`), JSON.stringify(minimal, null, 1));
		}
		failures.push(failure);
	}
	const s = perRig.get(name);
	console.log(`${name}: ${s.scenarios} scenarios (${s.replays} reference runs compared), ${s.passed} passed, ${s.failed} failed ` +
		`(${s.failedReplays} runs), ${s.refused} refused by the reference`);
}

const summary = {
	date: new Date().toISOString(),
	spine: spineVersion,
	seeds: seedText,
	corpus,
	seconds: Math.round((Date.now() - started) / 1000),
	features,
	rigs: Object.fromEntries([...perRig].map(([n, s]) => [n, { ...s, classes: Object.fromEntries(s.classes) }])),
	failures: failures.map(({ rig, seed, input, message, class: cls, minimal }) => ({ rig, seed, input, class: cls, message: message.slice(0, 400),
		minimal })),
};
fs.writeFileSync(path.join(outDir, "summary.json"), JSON.stringify(summary, null, 1));
const total = [...perRig.values()].reduce((a, s) => ({ scenarios: a.scenarios + s.scenarios, passed: a.passed + s.passed,
	failed: a.failed + s.failed, refused: a.refused + s.refused, replays: a.replays + s.replays, failedReplays: a.failedReplays + s.failedReplays }),
	{ scenarios: 0, passed: 0, failed: 0, refused: 0, replays: 0, failedReplays: 0 });
console.log(`total (spine ${spineVersion}): ${total.scenarios} scenarios (seeds ${seedText}; ${total.replays} reference runs compared), ` +
	`${total.passed} passed, ${total.failed} failed (${total.failedReplays} runs), ${total.refused} refused by the reference; ` +
	`${summary.seconds} s; summary in ${path.join(outDir, "summary.json")}`);
for (const f of failures) console.log(`FAIL ${f.rig} seed ${f.seed} (${f.input}): ${f.message.slice(0, 200)}`);
process.exit(failures.length ? 1 : 0);
