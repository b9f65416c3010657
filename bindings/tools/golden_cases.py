#!/usr/bin/env python3
"""Golden replays for the bindings: scripts out of the corpus' golden scenarios, and the
comparison of what a binding rendered with the golden frames (FORMAT.md 6.1 tolerances).

    golden_cases.py prepare CORPUS DIR [CORPUS42]     writes DIR/cases.tsv (one script for all cases)
    golden_cases.py compare CORPUS DIR LANG [CORPUS42]   compares DIR/LANG.dump; prints
                                                          `golden-LANG: N passed, M failed`

CORPUS42 is the Spine 4.2 corpus (default: SPINE_CORPUS42, else ../shared/corpus42 next to the
repo; see rig_manifest.corpus42). When it is not there there are no `v42` cases; when it was
named (argument or SPINE_CORPUS42) and holds no rigs, prepare and compare fail.

Cases (chosen from what the corpus has, not from file names of a particular corpus):
  skins         every rig with a `skin-combined` scenario (runtime skins built with
                Skin.add_data_skin + Skin.add_skin, set on the skeleton) and its `skins` one;
  bounds        every rig with bounding-box attachments, and the first rig otherwise:
                skeleton bounds, collected bounding boxes, hit tests over a grid;
  pma           `tint` of the first three rigs with premultiplied alpha (geometry must equal
                the golden; colors must be the premultiplied golden colors within the
                golden's own ±1 channel tolerance);
  interleaved   `crossfade` of the first three rigs through the interleaved layout with
                32-bit indices;
  crowd         `crossfade` of the first three rigs as a crowd of three members updated by
                spn_crowd_update (every member compared).
  v42           Spine 4.2 exports loaded through the same API (the version string in the file
                chooses the reader): `queue`, `crossfade-chain` and `tracks-additive` (where
                4.2 mixes differently from 4.3) of the first three 4.2 rigs from their JSON
                against golden/, and `crossfade-chain` of the first rig's editor-written
                `.skel` against golden-skel/ (each export against the reference run on
                itself; corpus42/README.md). Named `<rig>@4.2/<scenario>` and
                `<rig>@4.2.skel/<scenario>`; compared at the same tolerances. 4.2's `setEntry
                mixBlend` op becomes the entry's additive field (`add` on, `replace` off; the
                4.2 runtime's track 0 ignores it as this runtime does for 4.2 data).

Script (tab-separated; strings hex-encoded UTF-8, `-` for none):
  case NAME MODE ATLAS SKEL DT STEPS MEMBERS     then
  record STEP...                                 then
  op STEP OPNAME ARGS...                         then
  end
Dump (written by the binding, one per language):
  case NAME  /  frame MEMBER STEP  /  v X Y U V COLOR DARK PAGE BLEND  (flattened vertices)
  t I...  (flattened absolute indices)  /  bounds FOUND X Y W H  /  bb SLOT X0 Y0 ...
  hit X Y SLOT  /  end
"""
import gzip
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rig_manifest import corpus42 as corpus42_dir, discover42  # noqa: E402

ENTRY_FIELDS = {
    "loop": 0, "additive": 1, "reverse": 2, "shortestRotation": 3, "alpha": 4, "timeScale": 5, "trackTime": 6,
    "trackEnd": 7, "delay": 8, "animationStart": 9, "animationEnd": 10, "mixDuration": 13, "eventThreshold": 15,
    "mixAttachmentThreshold": 16, "alphaAttachmentThreshold": 17, "mixDrawOrderThreshold": 18,
}
INTERPOLATIONS = {"linear": 0, "smooth": 1, "slowFast": 2, "fastSlow": 3, "circle": 4}
PHYSICS = {"none": 0, "reset": 1, "update": 2, "pose": 3}
# 4.2 goldens (FORMAT42.md): an entry's `MixBlend` as 4.3's additive field. `setup` and `first`
# have no entry-level counterpart (4.2's track 0 is always `first`), so they are refused.
MIX_BLEND_ADDITIVE = {"add": 1, "replace": 0}
V42_SCENARIOS = ("queue", "crossfade-chain", "tracks-additive")
V42_SKEL_SCENARIOS = ("crossfade-chain",)


def hexs(text):
    return "-" if text is None else text.encode("utf-8").hex()


def num(value):
    return repr(float(value))


def parse_dt(text):
    if "/" in text:
        a, b = text.split("/")
        return float(a) / float(b)
    return float(text)


def load(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def rigs(corpus):
    result = []
    for rig_json in sorted((corpus / "golden").glob("*/rig.json")):
        rig = rig_json.parent.name
        info = json.loads(rig_json.read_text(encoding="utf-8"))
        folder = corpus / "rigs" / rig
        skel = folder / f"{rig}-pro.skel"
        atlas = folder / info.get("input", {}).get("atlas", f"{rig}.atlas")
        if skel.is_file() and atlas.is_file():
            result.append((rig, info, atlas, skel))
    return result


def entry_args(op):
    field, value = op["field"], op["value"]
    if field == "mixBlend":
        if value not in MIX_BLEND_ADDITIVE:
            raise ValueError(f"setEntry mixBlend {value!r} has no counterpart in the entry fields")
        field, value = "additive", MIX_BLEND_ADDITIVE[value]
    if field not in ENTRY_FIELDS:
        raise ValueError(f"setEntry field {field!r} has no counterpart in the entry fields")
    return [hexs(op["entry"]), str(ENTRY_FIELDS[field]), num(value)]


def op_line(op):
    name, step = op["op"], op["step"]
    ref = lambda key: str(op.get(key, -1)) if key in op else "-"  # noqa: E731
    args = {
        "setDefaultMix": lambda: [num(op["duration"])],
        "setMix": lambda: [hexs(op["from"]), hexs(op["to"]), num(op["duration"])],
        "setAnimation": lambda: [str(op["track"]), hexs(op["animation"]), str(int(bool(op["loop"]))), hexs(op.get("as"))],
        "addAnimation": lambda: [str(op["track"]), hexs(op["animation"]), str(int(bool(op["loop"]))), num(op["delay"]),
                                 hexs(op.get("as"))],
        "setEmptyAnimation": lambda: [str(op["track"]), num(op["mixDuration"]), hexs(op.get("as"))],
        "addEmptyAnimation": lambda: [str(op["track"]), num(op["mixDuration"]), num(op["delay"]), hexs(op.get("as"))],
        "setEmptyAnimations": lambda: [num(op["mixDuration"])],
        "clearTrack": lambda: [str(op["track"])],
        "clearTracks": lambda: [],
        "setStateTimeScale": lambda: [num(op["value"])],
        "setEntry": lambda: entry_args(op),
        "setEntryMixDuration": lambda: [hexs(op["entry"]), num(op["mixDuration"]), num(op["delay"])],
        "setEntryMixInterpolation": lambda: [hexs(op["entry"]), str(INTERPOLATIONS[op["interpolation"]])],
        "newSkin": lambda: [hexs(op["name"]), str(len(op["addSkins"]))] + [hexs(s) for s in op["addSkins"]],
        "setSkin": lambda: [hexs(op["skin"])],
        "setupPose": lambda: [], "setupPoseBones": lambda: [], "setupPoseSlots": lambda: [],
        "setAttachment": lambda: [hexs(op["slot"]), hexs(op["attachment"])],
        "setScale": lambda: [num(op["x"]), num(op["y"])],
        "setPosition": lambda: [num(op["x"]), num(op["y"])],
        "setColor": lambda: [num(op["r"]), num(op["g"]), num(op["b"]), num(op["a"])],
        "physicsTranslate": lambda: [num(op["x"]), num(op["y"])],
        "physicsRotate": lambda: [num(op["x"]), num(op["y"]), num(op["degrees"])],
        "updateWorldTransform": lambda: [str(PHYSICS[op["physics"]])],
    }[name]()
    del ref
    return "\t".join(["op", str(step), name] + args)


def cases42(corpus42=None):
    """The `v42` cases of the 4.2 corpus (`corpus42`, else SPINE_CORPUS42, else the default)."""
    folder, required = corpus42_dir(corpus42)
    exports = discover42(folder)
    if required and not exports:
        raise ValueError(f"the 4.2 corpus {folder} (named by the argument or SPINE_CORPUS42) holds no rigs")
    chosen = []
    json_exports = [e for e in exports if e["name"].endswith("@4.2")]
    skel_exports = [e for e in exports if e["name"].endswith("@4.2.skel")]
    for export, scenarios in [(e, V42_SCENARIOS) for e in json_exports[:3]] + \
            [(e, V42_SKEL_SCENARIOS) for e in skel_exports[:1]]:
        for stem in scenarios:
            golden = Path(export["golden"]) / f"{stem}.json.gz"
            chosen.append((f"{export['name']}/{stem}", "v42", Path(export["atlas"]), Path(export["skeleton"]), golden, 1))
    return [c for c in chosen if c[4].is_file()]


def cases(corpus, corpus42=None):
    found = rigs(corpus)
    chosen = []
    for rig, info, atlas, skel in found:
        files = {s["file"] for s in info.get("scenarios", [])}
        for stem in ("skin-combined", "skins"):
            if f"{stem}.json.gz" in files and any(f == "skin-combined.json.gz" for f in files):
                chosen.append((f"{rig}/{stem}", "skins", atlas, skel, corpus / "golden" / rig / f"{stem}.json.gz", 1))
    with_boxes = [r for r in found if r[1]["counts"]["attachments"].get("boundingbox", 0) > 0] or found[:1]
    for rig, info, atlas, skel in with_boxes:
        chosen.append((f"{rig}/crossfade-bounds", "bounds", atlas, skel, corpus / "golden" / rig / "crossfade.json.gz", 1))
    for rig, info, atlas, skel in found[:3]:
        chosen.append((f"{rig}/tint-pma", "pma", atlas, skel, corpus / "golden" / rig / "tint.json.gz", 1))
        chosen.append((f"{rig}/crossfade-interleaved", "interleaved", atlas, skel,
                       corpus / "golden" / rig / "crossfade.json.gz", 1))
        chosen.append((f"{rig}/crossfade-crowd", "crowd", atlas, skel, corpus / "golden" / rig / "crossfade.json.gz", 3))
    return [c for c in chosen if c[4].is_file()] + cases42(corpus42)


def prepare(corpus, out, corpus42=None):
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, mode, atlas, skel, golden, members in cases(corpus, corpus42):
        scenario = load(golden)
        lines.append("\t".join(["case", name, mode, str(atlas), str(skel), num(parse_dt(scenario["dt"])),
                                str(scenario["steps"]), str(members)]))
        lines.append("\t".join(["record"] + [str(s) for s in scenario["recordSteps"]]))
        lines.extend(op_line(op) for op in scenario["ops"])
        lines.append("end")
    (out / "cases.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    written = [line.split("\t") for line in lines if line.startswith("case\t")]
    v42 = sum(1 for f in written if f[2] == "v42")
    print(f"golden: {len(written)} cases ({v42} of Spine 4.2 exports) written to {out / 'cases.tsv'}")


# ---------------------------------------------------------------------------------------
# Comparison


def flatten(frame, pools):
    vertices, indices = [], []
    for command in frame["render"]:
        base = len(vertices)
        positions, uvs = command["positions"], pools["uvs"][command["uvs"]]
        for k in range(command["vertexCount"]):
            vertices.append((positions[2 * k], positions[2 * k + 1], uvs[2 * k], uvs[2 * k + 1], command["color"],
                             command["darkColor"], command["page"], command["blend"]))
        indices.extend(base + i for i in pools["indices"][command["indices"]])
    return vertices, indices


def close_pos(a, b):
    return a is not None and b is not None and abs(a - b) <= 0.01 + 1e-4 * max(abs(a), abs(b))


def channels(color):
    return [(color >> s) & 0xFF for s in (24, 16, 8, 0)]


def colors_close(a, b):
    return all(abs(x - y) <= 1 for x, y in zip(channels(a), channels(b)))


def pma_channel_ok(value, straight, alpha):
    """`value` is floor(alpha·c) for a c that the golden's straight channel allows (±1)."""
    lo = math.floor(max(alpha - 1, 0) * max(straight - 1, 0) / 255.0)
    hi = math.floor(min(alpha + 1, 255) * min(straight + 2, 256) / 255.0)
    return lo <= value <= hi


def pma_ok(got_light, got_dark, golden_light, golden_dark):
    ga, gr, gg, gb = channels(golden_light)
    a, r, g, b = channels(got_light)
    if abs(a - ga) > 1:
        return False
    if not all(pma_channel_ok(v, s, ga) for v, s in ((r, gr), (g, gg), (b, gb))):
        return False
    da, dr, dg, db = channels(got_dark)
    _, gdr, gdg, gdb = channels(golden_dark)
    return da == 0xFF and all(pma_channel_ok(v, s, ga) for v, s in ((dr, gdr), (dg, gdg), (db, gdb)))


def point_in_polygon(x, y, poly):
    inside = False
    n = len(poly) // 2
    j = n - 1
    for i in range(n):
        xi, yi, xj, yj = poly[2 * i], poly[2 * i + 1], poly[2 * j], poly[2 * j + 1]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def near_edge(x, y, poly, eps=0.05):
    n = len(poly) // 2
    for i in range(n):
        x1, y1, x2, y2 = poly[2 * i], poly[2 * i + 1], poly[2 * ((i + 1) % n)], poly[2 * ((i + 1) % n) + 1]
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0 if length == 0 else max(0, min(1, ((x - x1) * dx + (y - y1) * dy) / length))
        if math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) < eps:
            return True
    return False


def read_dump(path):
    result, case, frame = {}, None, None
    if not path.is_file():
        return result
    for line in path.read_text(encoding="utf-8").splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "case":
            case = result.setdefault(f[1], {})
        elif f[0] == "frame":
            frame = case.setdefault((int(f[1]), int(f[2])), {"v": [], "t": [], "bb": [], "hit": [], "bounds": None})
        elif f[0] == "v":
            frame["v"].append(tuple(float(x) for x in f[1:5]) + tuple(int(x) for x in f[5:9]))
        elif f[0] == "t":
            frame["t"].extend(int(x) for x in f[1:])
        elif f[0] == "bounds":
            frame["bounds"] = None if f[1] == "0" else [float(x) for x in f[2:6]]
        elif f[0] == "bb":
            frame["bb"].append((int(f[1]), [float(x) for x in f[2:]]))
        elif f[0] == "hit":
            frame["hit"].append((float(f[1]), float(f[2]), int(f[3])))
    return result


def compare_frame(mode, golden, pools, got):
    want_v, want_t = flatten(golden, pools)
    if len(got["v"]) != len(want_v):
        return f"{len(got['v'])} vertices, golden {len(want_v)}"
    if got["t"] != want_t:
        return f"indices differ ({len(got['t'])} vs {len(want_t)})"
    for k, (g, w) in enumerate(zip(got["v"], want_v)):
        if not (close_pos(g[0], w[0]) and close_pos(g[1], w[1])):
            return f"vertex {k} position {g[:2]} golden {w[:2]}"
        if abs(g[2] - w[2]) > 1e-4 or abs(g[3] - w[3]) > 1e-4:
            return f"vertex {k} uv {g[2:4]} golden {w[2:4]}"
        if g[6:8] != w[6:8]:
            return f"vertex {k} page/blend {g[6:8]} golden {w[6:8]}"
        if mode == "pma":
            if not pma_ok(g[4], g[5], w[4], w[5]):
                return f"vertex {k} pma colors {g[4]:08x}/{g[5]:08x} from golden {w[4]:08x}/{w[5]:08x}"
        elif not (colors_close(g[4], w[4]) and colors_close(g[5], w[5])):
            return f"vertex {k} colors {g[4]:08x}/{g[5]:08x} golden {w[4]:08x}/{w[5]:08x}"
    if mode == "bounds":
        want = golden.get("bounds")
        if (want is None) != (got["bounds"] is None) or (
                want is not None and not all(close_pos(a, b) for a, b in zip(got["bounds"], want))):
            return f"bounds {got['bounds']} golden {want}"
        boxes = golden.get("boundingBoxes") or []
        if len(boxes) != len(got["bb"]):
            return f"{len(got['bb'])} bounding boxes, golden {len(boxes)}"
        for (slot, poly), (want_slot, want_poly) in zip(got["bb"], boxes):
            if slot != want_slot or len(poly) != len(want_poly) or not all(map(close_pos, poly, want_poly)):
                return f"bounding box of slot {slot} differs from golden slot {want_slot}"
        if not got["hit"]:
            return "no hit tests"
        for x, y, slot in got["hit"]:
            if any(near_edge(x, y, p) for _, p in boxes):
                continue
            want_slot = next((s for s, p in boxes if point_in_polygon(x, y, p)), -1)
            if slot != want_slot:
                return f"hit test ({x}, {y}) gave slot {slot}, golden polygons give {want_slot}"
    return None


def compare(corpus, out, lang, corpus42=None):
    dump = read_dump(out / f"{lang}.dump")
    passed = failed = 0
    for name, mode, _atlas, _skel, golden_path, members in cases(corpus, corpus42):
        scenario = load(golden_path)
        got = dump.get(name)
        problems = []
        if got is None:
            problems.append("not replayed")
        else:
            for member in range(members):
                for frame in scenario["frames"]:
                    mine = got.get((member, frame["step"]))
                    problem = "frame missing" if mine is None else compare_frame(mode, frame, scenario["pools"], mine)
                    if problem:
                        problems.append(f"member {member} step {frame['step']}: {problem}")
        frames = len(scenario["frames"]) * members
        if problems:
            failed += 1
            print(f"golden-{lang}: {name} [{mode}] FAIL: {problems[0]} ({len(problems)} problems)")
        else:
            passed += 1
            print(f"golden-{lang}: {name} [{mode}] ok, {frames} frames")
    print(f"golden-{lang}: {passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


def main():
    command, corpus, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    try:
        if command == "prepare":
            prepare(corpus, out, sys.argv[4] if len(sys.argv) > 4 else None)
            return 0
        return compare(corpus, out, sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    except ValueError as e:
        print(f"golden_cases.py {command}: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
