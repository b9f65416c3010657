"""Replays the golden cases of bindings/tools/golden_cases.py through the Python binding and
writes the dump the tool compares (used by test_golden.py)."""
import spine_native as sn
from spine_native import Item, Physics, RenderOptions, VertexLayout


def unhex(text):
    return None if text == "-" else bytes.fromhex(text).decode("utf-8")


def read_cases(path):
    cases, case = [], None
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[0] == "case":
            case = {"name": f[1], "mode": f[2], "atlas": f[3], "skel": f[4], "dt": float(f[5]), "steps": int(f[6]),
                    "members": int(f[7]), "record": set(), "ops": {}}
        elif f[0] == "record":
            case["record"] = {int(x) for x in f[1:]}
        elif f[0] == "op":
            case["ops"].setdefault(int(f[1]), []).append(f[2:])
        elif f[0] == "end":
            cases.append(case)
    return cases


class Member:
    def __init__(self, data, options):
        self.data = data
        self.skeleton = sn.Skeleton.create(data)
        self.mixes = sn.AnimationStateData.create(data)
        self.state = sn.AnimationState.create(self.mixes)
        self.renderer = sn.Renderer.create(options)
        self.entries, self.skins = {}, {}

    def op(self, f):
        name, a = f[0], f[1:]
        s, st, sk = self.state, self.mixes, self.skeleton
        if name == "setDefaultMix":
            st.default_mix = float(a[0])
        elif name == "setMix":
            st.set_mix(unhex(a[0]), unhex(a[1]), float(a[2]))
        elif name == "setAnimation":
            self.entries[a[3]] = s.set_animation(int(a[0]), unhex(a[1]), a[2] == "1")
        elif name == "addAnimation":
            self.entries[a[4]] = s.add_animation(int(a[0]), unhex(a[1]), a[2] == "1", float(a[3]))
        elif name == "setEmptyAnimation":
            self.entries[a[2]] = s.set_empty_animation(int(a[0]), float(a[1]))
        elif name == "addEmptyAnimation":
            self.entries[a[3]] = s.add_empty_animation(int(a[0]), float(a[1]), float(a[2]))
        elif name == "setEmptyAnimations":
            s.set_empty_animations(float(a[0]))
        elif name == "clearTrack":
            s.clear_track(int(a[0]))
        elif name == "clearTracks":
            s.clear_tracks()
        elif name == "setStateTimeScale":
            s.time_scale = float(a[0])
        elif name == "setEntry":
            self.entries[a[0]].set(int(a[1]), float(a[2]))
        elif name == "setEntryMixDuration":
            self.entries[a[0]].set_mix_duration(float(a[1]), float(a[2]))
        elif name == "setEntryMixInterpolation":
            self.entries[a[0]].set(sn.EntryField.MIX_INTERPOLATION, float(a[1]))
        elif name == "newSkin":
            skin = sn.Skin.create(self.data, unhex(a[0]))
            for part in a[2:2 + int(a[1])]:
                with sn.Skin.create(self.data, "part") as piece:
                    skin.add_skin(piece.add_data_skin(unhex(part)))
            self.skins[unhex(a[0])] = skin
        elif name == "setSkin":
            skin = unhex(a[0])
            sk.set_skin(self.skins.get(skin, skin))
        elif name == "setupPose":
            sk.setup_pose()
        elif name == "setupPoseBones":
            sk.setup_pose_bones()
        elif name == "setupPoseSlots":
            sk.setup_pose_slots()
        elif name == "setAttachment":
            sk.set_attachment(self.data.find(Item.SLOT, unhex(a[0])), unhex(a[1]))
        elif name == "setScale":
            sk.scale = (float(a[0]), float(a[1]))
        elif name == "setPosition":
            sk.position = (float(a[0]), float(a[1]))
        elif name == "setColor":
            sk.color = tuple(float(x) for x in a[:4])
        elif name == "physicsTranslate":
            sk.physics_translate(float(a[0]), float(a[1]))
        elif name == "physicsRotate":
            sk.physics_rotate(float(a[0]), float(a[1]), float(a[2]))
        elif name == "updateWorldTransform":
            sk.update_world_transform(Physics(int(a[0])))
        else:
            raise ValueError(f"unknown op {name}")


def dump_output(out, lines):
    """Flattened vertices and absolute indices of one render output."""
    if out.layout == VertexLayout.INTERLEAVED:
        verts = [(v.x, v.y, v.u, v.v, v.color, v.dark_color) for v in out.vertices]
    else:
        p, uv, c, d = out.positions, out.uvs, out.colors, out.dark_colors
        stride = out.position_stride
        verts = [(p[k * stride], p[k * stride + 1], uv[2 * k], uv[2 * k + 1], c[k], d[k]) for k in range(out.vertex_count)]
    page_blend = [None] * out.vertex_count
    indices = []
    ix = out.indices
    for r in out.ranges:
        for k in range(r.first_vertex, r.first_vertex + r.vertex_count):
            page_blend[k] = (r.page, r.blend)
        indices.extend(r.first_vertex + ix[i] for i in range(r.first_index, r.first_index + r.index_count))
    for (x, y, u, v, c, d), (page, blend) in zip(verts, page_blend):
        lines.append(f"v {x!r} {y!r} {u!r} {v!r} {c} {d} {page} {blend}")
    lines.append("t " + " ".join(map(str, indices)))


def dump_bounds(member, bounds, lines):
    sk = member.skeleton
    rect = sk.bounds()
    lines.append("bounds 0" if rect is None else f"bounds 1 {rect.x!r} {rect.y!r} {rect.width!r} {rect.height!r}")
    bounds.update(sk, True)
    for box in bounds:
        lines.append(f"bb {box.slot} " + " ".join(repr(v) for v in box.vertices))
    if rect is not None:
        for i in range(5):
            for j in range(5):
                x = rect.x + rect.width * (i + 0.5) / 5
                y = rect.y + rect.height * (j + 0.5) / 5
                hit = bounds.contains_point(x, y)
                lines.append(f"hit {x!r} {y!r} {-1 if hit is None else hit}")


def replay(case, lines):
    mode = case["mode"]
    options = {"pma": RenderOptions(premultiplied_alpha=True),
               "interleaved": RenderOptions(indices_u32=True, layout=VertexLayout.INTERLEAVED)}.get(mode)
    with sn.Atlas.load_file(case["atlas"]) as atlas, sn.SkeletonData.load_file(case["skel"], atlas) as data, \
            sn.Bounds.create() as bounds:
        members = [Member(data, options) for _ in range(case["members"])]
        crowd = None
        if mode == "crowd":
            crowd = sn.Crowd.create(0)
            for m in members:
                crowd.add(m.skeleton, m.state, m.renderer)
        lines.append(f"case {case['name']}")
        for step in range(case["steps"] + 1):
            for m in members:
                for f in case["ops"].get(step, []):
                    m.op(f)
            if step == 0:
                for m in members:
                    m.skeleton.update_world_transform(Physics.UPDATE)
                    m.renderer.render(m.skeleton)
            elif crowd is not None:
                crowd.update(case["dt"], Physics.UPDATE)
            else:
                for m in members:
                    m.state.update(case["dt"])
                    m.state.apply(m.skeleton)
                    m.skeleton.update(case["dt"])
                    m.skeleton.update_world_transform(Physics.UPDATE)
                    m.renderer.render(m.skeleton)
            for m in members:
                m.state.clear_events()
            if step in case["record"]:
                for index, m in enumerate(members):
                    lines.append(f"frame {index} {step}")
                    dump_output(m.renderer.output(), lines)
                    if mode == "bounds":
                        dump_bounds(m, bounds, lines)
        if crowd is not None:
            crowd.close()
        for m in members:
            for skin in m.skins.values():
                skin.close()
            for o in (m.renderer, m.state, m.mixes, m.skeleton):
                o.close()
    lines.append("end")
