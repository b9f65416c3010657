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


def main() -> int:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else default_corpus()
    rigs = discover(corpus)
    if not rigs:
        print(f"no eligible rigs under {corpus}", file=sys.stderr)
        return 1
    write_manifest(rigs, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
