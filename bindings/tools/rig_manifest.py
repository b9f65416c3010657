#!/usr/bin/env python3
"""Selects the corpus rigs the binding tests run on, and writes them as a manifest.

A rig is selected when its folder `rigs/<rig>/` holds `<rig>.json`, `<rig>-pro.skel` and
the atlas named by `golden/<rig>/rig.json` (`input.atlas`); the expected values (counts,
names, animation durations, atlas pages) come from that rig.json.

The Python tests import `discover()`. The C++ and C# tests read the manifest this script
prints (`python3 rig_manifest.py [CORPUS] > rigs.tsv`), one record per rig, one
tab-separated line per fact:

    rig            <name>
    atlas|json|skel <path>
    count          <item> <n>          (item: bone slot skin animation event constraint)
    atlas_pages    <n>
    atlas_regions  <n>
    page           <index> <name> <width> <height> <pma 0|1>
    name           <item> <index> <name>
    duration       <index> <seconds>   (rounded to 4 decimals by the golden generator)
    anim_events    <index> <0|1>       (1: the animation has event keys)
    end

so that neither test needs a JSON parser.

The 4.2 corpus (Spine 4.2 exports, `SPINE_CORPUS42`, default `<repo>/../shared/corpus42`):
`discover42()` lists its rigs, one per export the corpus has goldens for: the JSON of
`golden/<rig>/rig.json` (`input.skeleton`, named `<rig>@4.2`) and the editor-written binary
of `golden-skel/<rig>/rig.json` (`<rig>@4.2.skel`), each with its atlas and the editor
version the goldens recorded (`skeleton.version`). `rig_manifest.py --v42 [CORPUS42] >
rigs42.tsv` writes them for the C++ and C# tests:

    required       <0|1>               (1: the 4.2 corpus was named explicitly, by the
                                        argument or SPINE_CORPUS42, so having no rigs fails)
    rig42          <name> <version> <skeleton file> <atlas file>

A 4.2 corpus that is not there gives `required 0` and no rigs (the tests skip); a named one
that holds no rigs gives `required 1` and no rigs (the tests fail).
"""

import json
import os
import sys
from pathlib import Path

# spn_item order, with the rig.json list that holds each.
ITEMS = [
    ("bone", "bones"),
    ("slot", "slots"),
    ("skin", "skins"),
    ("animation", "animations"),
    ("event", "events"),
    ("constraint", "constraints"),
]


def default_corpus() -> Path:
    """`SPINE_CORPUS` (relative paths resolved against the repo root) or `<repo>/../shared/corpus`."""
    repo = Path(__file__).resolve().parents[2]
    corpus = os.environ.get("SPINE_CORPUS")
    if corpus:
        path = Path(corpus)
        return path if path.is_absolute() else (repo / path).resolve()
    return (repo / ".." / "shared" / "corpus").resolve()


def corpus42(explicit=None):
    """The 4.2 corpus folder and whether it was named explicitly: `explicit`, else
    `SPINE_CORPUS42` (relative paths resolved against the repo root), else
    `<repo>/../shared/corpus42` (not required: absent means no 4.2 rigs)."""
    repo = Path(__file__).resolve().parents[2]
    named = explicit if explicit else os.environ.get("SPINE_CORPUS42")
    if named:
        path = Path(named)
        return (path if path.is_absolute() else (repo / path).resolve()), True
    return (repo / ".." / "shared" / "corpus42").resolve(), False


def discover42(corpus: Path) -> list:
    """Every 4.2 export of `corpus` with goldens, as dicts (name, rig, golden folder, skeleton,
    atlas, version), sorted by rig, the JSON before the binary."""
    rigs = []
    for summary_path in sorted(Path(corpus).glob("golden/*/rig.json")):
        rig = summary_path.parent.name
        for goldens, suffix in (("golden", "@4.2"), ("golden-skel", "@4.2.skel")):
            summary_path = Path(corpus) / goldens / rig / "rig.json"
            if not summary_path.is_file():
                continue
            summary = json.loads(summary_path.read_text(encoding="utf-8"))
            folder = Path(corpus) / "rigs" / rig
            skeleton = folder / summary["input"]["skeleton"]
            atlas = folder / summary["input"]["atlas"]
            if skeleton.is_file() and atlas.is_file():
                rigs.append({"name": rig + suffix, "rig": rig, "golden": str(summary_path.parent),
                             "skeleton": str(skeleton), "atlas": str(atlas),
                             "version": summary["skeleton"]["version"]})
    return rigs


def discover(corpus: Path = None) -> list:
    """Every eligible rig of the corpus, sorted by name, as dicts with paths and expected values."""
    corpus = Path(corpus) if corpus else default_corpus()
    rigs = []
    for golden in sorted((corpus / "golden").glob("*/rig.json")):
        name = golden.parent.name
        folder = corpus / "rigs" / name
        summary = json.loads(golden.read_text(encoding="utf-8"))
        atlas = folder / summary["input"]["atlas"]
        json_path = folder / f"{name}.json"
        skel = folder / f"{name}-pro.skel"
        if not (atlas.is_file() and json_path.is_file() and skel.is_file()):
            continue
        counts = summary["counts"]
        rigs.append({
            "name": name,
            "atlas": str(atlas),
            "json": str(json_path),
            "skel": str(skel),
            "counts": {item: counts[key] for item, key in ITEMS},
            "names": {item: [entry["name"] for entry in summary[key]] for item, key in ITEMS},
            "durations": [entry["duration"] for entry in summary["animations"]],
            "animation_events": [bool(entry.get("events")) for entry in summary["animations"]],
            "atlas_pages": counts["atlasPages"],
            "atlas_regions": counts["atlasRegions"],
            "pages": [(p["name"], p["width"], p["height"], bool(p["pma"])) for p in summary["atlasPages"]],
        })
    return rigs


def _field(text) -> str:
    text = str(text)
    if "\t" in text or "\n" in text:
        raise ValueError(f"{text!r} cannot be written to the manifest")
    return text


def write_manifest(rigs: list, out) -> None:
    for rig in rigs:
        lines = [("rig", rig["name"]), ("atlas", rig["atlas"]), ("json", rig["json"]), ("skel", rig["skel"])]
        lines += [("count", item, rig["counts"][item]) for item, _ in ITEMS]
        lines += [("atlas_pages", rig["atlas_pages"]), ("atlas_regions", rig["atlas_regions"])]
        lines += [("page", i, name, w, h, int(pma)) for i, (name, w, h, pma) in enumerate(rig["pages"])]
        lines += [("name", item, i, name) for item, _ in ITEMS for i, name in enumerate(rig["names"][item])]
        lines += [("duration", i, d) for i, d in enumerate(rig["durations"])]
        lines += [("anim_events", i, int(e)) for i, e in enumerate(rig["animation_events"])]
        lines.append(("end",))
        for line in lines:
            out.write("\t".join(_field(f) for f in line) + "\n")


def write_manifest42(rigs: list, required: bool, out) -> None:
    out.write(f"required\t{int(required)}\n")
    for rig in rigs:
        fields = ("rig42", rig["name"], rig["version"], rig["skeleton"], rig["atlas"])
        out.write("\t".join(_field(f) for f in fields) + "\n")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--v42":
        folder, required = corpus42(sys.argv[2] if len(sys.argv) > 2 else None)
        rigs = discover42(folder)
        if required and not rigs:
            print(f"no 4.2 rigs under {folder}", file=sys.stderr)
        write_manifest42(rigs, required, sys.stdout)
        return 0
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else default_corpus()
    rigs = discover(corpus)
    if not rigs:
        print(f"no eligible rigs under {corpus}", file=sys.stderr)
        return 1
    write_manifest(rigs, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
