#!/usr/bin/env python3
"""Writes the demo rig `demo.json` and its atlas `demo.atlas` (the page image itself is
drawn by the binary, `cli/src/demo.rs`, from the region rectangles of the atlas).

The rig, "Bolt", shows the features a runtime has to get right: two-bone IK (legs and
front arm), a mesh weighted to two bones with deform keys, a clipping polygon over a
scrolling screen, an antenna driven by physics, a sequence attachment (the blinking
lamp, additive blend), a two-color tinted head, events, a default skin plus two named
skins (red, blue) and three animations (walk, wave, jump).

Run from the repository root: `python3 cli/demo/make_demo.py`.
"""
import json, math, os

HERE = os.path.dirname(os.path.abspath(__file__))

# Atlas page layout: region name -> (x, y, width, height), page 256 x 256.
REGIONS = {
    "head": (0, 0, 72, 64),
    "body": (72, 0, 64, 96),
    "limb": (136, 0, 16, 48),
    "foot": (152, 0, 40, 18),
    "hand": (152, 20, 20, 20),
    "eyes": (192, 0, 40, 14),
    "eyes-closed": (192, 16, 40, 14),
    "chest": (192, 32, 40, 30),
    "antenna": (236, 0, 8, 24),
    "lamp0": (0, 100, 20, 20),
    "lamp1": (20, 100, 20, 20),
    "lamp2": (40, 100, 20, 20),
    "screen": (64, 100, 96, 28),
}

def r(v):
    return round(v, 4)

bones = [
    {"name": "root"},
    {"name": "hip", "parent": "root", "y": 100},
    {"name": "torso", "parent": "hip", "rotation": 90, "length": 70},
    {"name": "head", "parent": "torso", "x": 80, "rotation": -90},
    {"name": "antenna1", "parent": "head", "y": 58, "rotation": 90, "length": 20},
    {"name": "antenna2", "parent": "antenna1", "x": 20, "length": 20},
    {"name": "antenna3", "parent": "antenna2", "x": 20, "length": 16},
    {"name": "screen-scroll", "parent": "torso", "x": 43.5},
    {"name": "arm-back-upper", "parent": "torso", "x": 62, "y": 4, "rotation": 160, "length": 38},
    {"name": "arm-back-lower", "parent": "arm-back-upper", "x": 38, "rotation": 20, "length": 34},
    {"name": "hand-back", "parent": "arm-back-lower", "x": 36},
    {"name": "arm-front-upper", "parent": "torso", "x": 62, "y": -4, "rotation": 170, "length": 38},
    {"name": "arm-front-lower", "parent": "arm-front-upper", "x": 38, "length": 34},
    {"name": "hand-front", "parent": "arm-front-lower", "x": 36},
    {"name": "hand-target", "parent": "root", "x": 16, "y": 98, "color": "ff3f00ff"},
    {"name": "leg-back-upper", "parent": "hip", "x": -6, "rotation": -90, "length": 48},
    {"name": "leg-back-lower", "parent": "leg-back-upper", "x": 48, "length": 44},
    {"name": "foot-back", "parent": "leg-back-lower", "x": 44, "inherit": "onlyTranslation"},
    {"name": "foot-back-target", "parent": "root", "x": -6, "y": 8, "color": "ff3f00ff"},
    {"name": "leg-front-upper", "parent": "hip", "x": 6, "rotation": -90, "length": 48},
    {"name": "leg-front-lower", "parent": "leg-front-upper", "x": 48, "length": 44},
    {"name": "foot-front", "parent": "leg-front-lower", "x": 44, "inherit": "onlyTranslation"},
    {"name": "foot-front-target", "parent": "root", "x": 6, "y": 8, "color": "ff3f00ff"},
]
BONE = {b["name"]: i for i, b in enumerate(bones)}

back = "a8a8b8ff"
slots = [
    {"name": "arm-back-upper", "bone": "arm-back-upper", "color": back, "attachment": "limb"},
    {"name": "arm-back-lower", "bone": "arm-back-lower", "color": back, "attachment": "limb"},
    {"name": "hand-back", "bone": "hand-back", "color": back, "attachment": "hand"},
    {"name": "leg-back-upper", "bone": "leg-back-upper", "color": back, "attachment": "limb"},
    {"name": "leg-back-lower", "bone": "leg-back-lower", "color": back, "attachment": "limb"},
    {"name": "foot-back", "bone": "foot-back", "color": back, "attachment": "foot"},
    {"name": "antenna1", "bone": "antenna1", "attachment": "antenna"},
    {"name": "antenna2", "bone": "antenna2", "attachment": "antenna"},
    {"name": "antenna3", "bone": "antenna3", "attachment": "antenna"},
    {"name": "lamp", "bone": "antenna3", "attachment": "lamp", "blend": "additive"},
    {"name": "leg-front-upper", "bone": "leg-front-upper", "attachment": "limb"},
    {"name": "leg-front-lower", "bone": "leg-front-lower", "attachment": "limb"},
    {"name": "foot-front", "bone": "foot-front", "attachment": "foot"},
    {"name": "body", "bone": "hip", "attachment": "body"},
    {"name": "chest", "bone": "torso", "attachment": "chest"},
    {"name": "screen-clip", "bone": "torso", "attachment": "screen-clip"},
    {"name": "screen", "bone": "screen-scroll", "attachment": "screen"},
    {"name": "head", "bone": "head", "dark": "302848", "attachment": "head"},
    {"name": "eyes", "bone": "head", "attachment": "eyes"},
    {"name": "arm-front-upper", "bone": "arm-front-upper", "attachment": "limb"},
    {"name": "arm-front-lower", "bone": "arm-front-lower", "attachment": "limb"},
    {"name": "hand-front", "bone": "hand-front", "attachment": "hand"},
]

constraints = [
    {"type": "ik", "name": "leg-back-ik", "bones": ["leg-back-upper", "leg-back-lower"], "target": "foot-back-target", "bendPositive": False},
    {"type": "ik", "name": "leg-front-ik", "bones": ["leg-front-upper", "leg-front-lower"], "target": "foot-front-target", "bendPositive": False},
    {"type": "ik", "name": "arm-ik", "bones": ["arm-front-upper", "arm-front-lower"], "target": "hand-target", "bendPositive": False},
]
for i in (1, 2, 3):
    constraints.append({
        "type": "physics", "name": f"antenna{i}-physics", "bone": f"antenna{i}", "rotate": 1,
        "inertia": 1, "strength": 45, "damping": 0.6, "mass": 1.5, "gravity": 0, "mix": 1,
    })

# --- The body: a 3 x 4 grid mesh weighted from the hip (bottom) to the torso (top).
cols, rows = 3, 4
x0, x1, y0, y1 = -30.0, 30.0, 92.0, 182.0
grid = []  # (world x, world y, u, v)
for j in range(rows):
    for i in range(cols):
        u, v = i / (cols - 1), j / (rows - 1)  # v = 0 at the top of the region
        grid.append((x0 + (x1 - x0) * u, y1 - (y1 - y0) * v, u, v))
def gi(i, j):
    return j * cols + i
# Hull first (around the border), then the interior vertices.
hull = [gi(i, 0) for i in range(cols)] + [gi(cols - 1, j) for j in range(1, rows)] \
    + [gi(i, rows - 1) for i in range(cols - 2, -1, -1)] + [gi(0, j) for j in range(rows - 2, 0, -1)]
interior = [gi(i, j) for j in range(1, rows - 1) for i in range(1, cols - 1)]
order = hull + interior
index_of = {g: k for k, g in enumerate(order)}
triangles = []
for j in range(rows - 1):
    for i in range(cols - 1):
        a, b, c, d = gi(i, j), gi(i + 1, j), gi(i + 1, j + 1), gi(i, j + 1)
        triangles += [index_of[a], index_of[b], index_of[c], index_of[a], index_of[c], index_of[d]]
hip_y, torso_origin = 100.0, (0.0, 100.0)
vertices, uvs, influences = [], [], []
for g in order:
    wx, wy, u, v = grid[g]
    uvs += [r(u), r(v)]
    t = min(max((wy - 110.0) / 60.0, 0.0), 1.0)  # torso weight
    parts = []
    if t < 1:
        parts.append((BONE["hip"], wx, wy - hip_y, 1 - t))
    if t > 0:
        # Torso local: x along the torso (world up), y = world -x.
        parts.append((BONE["torso"], wy - torso_origin[1], -wx, t))
    vertices.append(len(parts))
    for bone, lx, ly, w in parts:
        vertices += [bone, r(lx), r(ly), r(w)]
    influences.append([(bone, lx, ly, w) for bone, lx, ly, w in parts])

def breathe(amount):
    """Deform offsets pushing the upper body outwards (per influence, bone-local)."""
    out = []
    for g, parts in zip(order, influences):
        wx, wy, _, _ = grid[g]
        push = amount * (1 if wx > 0 else -1 if wx < 0 else 0) * max(0.0, (wy - 120.0) / 62.0)
        lift = amount * 0.4 * max(0.0, (wy - 150.0) / 32.0)
        for bone, _, _, _ in parts:
            if bone == BONE["hip"]:
                out += [r(push), r(lift)]
            else:  # torso local: x = world y, y = world -x
                out += [r(lift), r(-push)]
    return out

screen_clip = [35, 15, 35, -15, 52, -15, 52, 15]  # torso local, a 30 x 17 window

def region(name, **kw):
    x, y, w, h = REGIONS[name]
    a = {"width": w, "height": h}
    a.update(kw)
    return a

limb = lambda length: {"x": length / 2, "rotation": 90, "width": 16, "height": length + 10}
default_skin = {
    "name": "default",
    "attachments": {
        "arm-back-upper": {"limb": dict(path="limb", **limb(38))},
        "arm-back-lower": {"limb": dict(path="limb", **limb(34))},
        "hand-back": {"hand": region("hand")},
        "leg-back-upper": {"limb": dict(path="limb", **limb(48))},
        "leg-back-lower": {"limb": dict(path="limb", **limb(44))},
        "foot-back": {"foot": region("foot", x=8, y=-2)},
        "antenna1": {"antenna": region("antenna", x=10, rotation=90, height=22)},
        "antenna2": {"antenna": region("antenna", x=10, rotation=90, height=22)},
        "antenna3": {"antenna": region("antenna", x=8, rotation=90, height=18)},
        "lamp": {"lamp": {"x": 20, "width": 28, "height": 28, "sequence": {"count": 3, "start": 0, "digits": 1, "setup": 0}}},
        "leg-front-upper": {"limb": dict(path="limb", **limb(48))},
        "leg-front-lower": {"limb": dict(path="limb", **limb(44))},
        "foot-front": {"foot": region("foot", x=8, y=-2)},
        "body": {"body": {"type": "mesh", "uvs": uvs, "triangles": triangles, "vertices": vertices,
                          "hull": len(hull), "width": 64, "height": 96}},
        "screen-clip": {"screen-clip": {"type": "clipping", "end": "screen", "vertexCount": 4,
                                        "vertices": screen_clip, "color": "ce3a3aff"}},
        "screen": {"screen": region("screen", rotation=-90)},
        "eyes": {"eyes": region("eyes", y=34), "eyes-closed": region("eyes-closed", y=34)},
        "arm-front-upper": {"limb": dict(path="limb", **limb(38))},
        "arm-front-lower": {"limb": dict(path="limb", **limb(34))},
        "hand-front": {"hand": region("hand")},
    },
}
def colored_skin(name, color, chest):
    return {"name": name, "attachments": {
        "head": {"head": region("head", y=30, color=color)},
        "chest": {"chest": region("chest", x=43, rotation=-90, color=chest)},
    }}
skins = [default_skin, colored_skin("red", "ff8a7aff", "ffc0b0ff"), colored_skin("blue", "86b4ffff", "c0d8ffff")]

events = {"footstep": {"int": 0}, "wave": {"string": "hello"}, "land": {"float": 1, "audio": "land.wav", "volume": 0.8}}

def ease(t1, v1, t2, v2):
    """One channel's Bezier handles for an ease-in-out from (t1, v1) to (t2, v2)."""
    return [r(t1 + (t2 - t1) / 3), r(v1), r(t2 - (t2 - t1) / 3), r(v2)]

def keys_xy(points, curve=True):
    out = []
    for k, (t, x, y) in enumerate(points):
        key = {"time": t, "x": x, "y": y}
        if curve and k + 1 < len(points):
            t2, x2, y2 = points[k + 1]
            key["curve"] = ease(t, x, t2, x2) + ease(t, y, t2, y2)
        out.append(key)
    return out

def keys_value(points, curve=True):
    out = []
    for k, (t, v) in enumerate(points):
        key = {"time": t, "value": v}
        if curve and k + 1 < len(points):
            t2, v2 = points[k + 1]
            key["curve"] = ease(t, v, t2, v2)
        out.append(key)
    return out

lamp_sequence = {"default": {"lamp": {"lamp": {"sequence": [{"mode": "loop", "delay": 0.12}]}}}}
screen_scroll = {"translate": [{"time": 0, "y": 24}, {"time": 1, "y": -24}]}

walk = {
    "bones": {
        "hip": {"translate": keys_xy([(0, 0, 0), (0.25, 0, -7), (0.5, 0, 0), (0.75, 0, -7), (1, 0, 0)])},
        "torso": {"rotate": keys_value([(0, -4), (0.5, -2), (1, -4)])},
        "head": {"rotate": keys_value([(0, 3), (0.5, -3), (1, 3)])},
        "foot-front-target": {"translate": [
            {"time": 0, "x": 26}, {"time": 0.5, "x": -26},
            {"time": 0.75, "x": 0, "y": 18, "curve": ease(0.75, 0, 1, 26) + ease(0.75, 18, 1, 0)}, {"time": 1, "x": 26}]},
        "foot-back-target": {"translate": [
            {"time": 0, "x": -26}, {"time": 0.25, "x": 0, "y": 18, "curve": ease(0.25, 0, 0.5, 26) + ease(0.25, 18, 0.5, 0)},
            {"time": 0.5, "x": 26}, {"time": 1, "x": -26}]},
        "arm-back-upper": {"rotate": keys_value([(0, -30), (0.5, 25), (1, -30)])},
        "hand-target": {"translate": keys_xy([(0, -20, 4), (0.5, 22, 0), (1, -20, 4)])},
        "screen-scroll": screen_scroll,
    },
    "attachments": lamp_sequence,
    "events": [{"time": 0, "name": "footstep", "int": 1}, {"time": 0.5, "name": "footstep", "int": 2}],
}

wave = {
    "bones": {
        "hand-target": {"translate": keys_xy([(0, 0, 0), (0.3, 34, 100), (0.6, 50, 96), (0.9, 30, 104), (1.2, 50, 96), (1.5, 0, 0)])},
        "head": {"rotate": keys_value([(0, 0), (0.4, 8), (1.1, 8), (1.5, 0)])},
        "torso": {"rotate": keys_value([(0, 0), (0.5, -5), (1.5, 0)])},
        "screen-scroll": {"translate": [{"time": 0, "y": 24}, {"time": 1.5, "y": -24}]},
    },
    "slots": {"eyes": {"attachment": [{"time": 0.6, "name": "eyes-closed"}, {"time": 0.75, "name": "eyes"}]}},
    "attachments": {"default": {
        "body": {"body": {"deform": [
            {"time": 0, "curve": [0.25, 0, 0.5, 1]},
            {"time": 0.75, "vertices": breathe(5), "curve": [1.0, 0, 1.25, 1]},
            {"time": 1.5}]}},
        "lamp": {"lamp": {"sequence": [{"mode": "pingpong", "delay": 0.08}]}},
    }},
    "events": [{"time": 0.3, "name": "wave"}],
}

jump = {
    "bones": {
        "hip": {"translate": keys_xy([(0, 0, 0), (0.3, 0, -22), (0.6, 0, 60), (0.9, 0, -14), (1.2, 0, 0)])},
        "foot-front-target": {"translate": keys_xy([(0, 0, 0), (0.3, 0, 0), (0.6, 4, 54), (0.9, 0, 0)])},
        "foot-back-target": {"translate": keys_xy([(0, 0, 0), (0.3, 0, 0), (0.6, -4, 50), (0.9, 0, 0)])},
        "hand-target": {"translate": keys_xy([(0, 0, 0), (0.3, -10, -10), (0.6, 20, 120), (0.9, 10, -6), (1.2, 0, 0)])},
        "arm-back-upper": {"rotate": keys_value([(0, 0), (0.3, 20), (0.6, -60), (1.2, 0)])},
        "screen-scroll": screen_scroll,
    },
    "slots": {
        "lamp": {"rgba": [{"time": 0, "color": "ffffffff"}, {"time": 0.9, "color": "ff4040ff", "curve": "stepped"},
                           {"time": 1.05, "color": "ffffffff"}]},
        "eyes": {"attachment": [{"time": 0.85, "name": "eyes-closed"}, {"time": 1.05, "name": "eyes"}]},
    },
    "ik": {"arm-ik": [{"time": 0, "mix": 1}, {"time": 0.6, "mix": 0.4}, {"time": 1.2, "mix": 1}]},
    "attachments": lamp_sequence,
    "events": [{"time": 0.9, "name": "land"}],
}

rig = {
    "skeleton": {"hash": "bolt-demo-1", "spine": "4.3.0", "x": -60, "y": 0, "width": 120, "height": 300,
                 "referenceScale": 100, "fps": 30, "images": "./images/"},
    "bones": bones,
    "slots": slots,
    "constraints": constraints,
    "skins": skins,
    "events": events,
    "animations": {"walk": walk, "wave": wave, "jump": jump},
}

with open(os.path.join(HERE, "demo.json"), "w") as f:
    json.dump(rig, f, indent=1)
    f.write("\n")
with open(os.path.join(HERE, "demo.atlas"), "w") as f:
    f.write("demo.png\nsize: 256,256\nfilter: Linear,Linear\npma: false\n")
    for name, (x, y, w, h) in REGIONS.items():
        f.write(f"{name}\nbounds: {x},{y},{w},{h}\n")
