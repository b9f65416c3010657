"""Tests of the Python wrapper (spine_native) against corpus rigs.

Rigs come from `SPINE_CORPUS` (default `<repo>/../shared/corpus`), selected by
bindings/tools/rig_manifest.py; Spine 4.2 exports from `SPINE_CORPUS42` (default
`<repo>/../shared/corpus42`; skipped when absent, a failure when set and empty). The
library is found as spine_native documents (`SPINE_NATIVE_LIB`, else
`<repo>/target/release|debug`).
"""

import ctypes
import gc
import os
import math
import sys
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the spine_native package
sys.path.insert(0, str(HERE.parents[1] / "tools"))  # rig_manifest

import rig_manifest  # noqa: E402
import spine_native as sn  # noqa: E402
from spine_native import Atlas, ErrorKind, Item, SkeletonData, SpineError, Status  # noqa: E402

RIGS = rig_manifest.discover()
ITEMS = [(key, Item[key.upper()]) for key, _ in rig_manifest.ITEMS]


def rig_id(rig):
    return rig["name"]


@pytest.fixture(scope="module")
def rig():
    return RIGS[0]


@pytest.fixture(scope="module")
def other():
    return RIGS[1]


def expect_error(status, kind=None):
    """Context manager: the block must raise SpineError with `status` (and `kind`)."""

    class Check:
        def __enter__(self):
            return self

        def __exit__(self, exc_type, exc, tb):
            assert exc_type is not None, f"no SpineError raised (expected {status.name})"
            if not issubclass(exc_type, SpineError):
                return False
            assert exc.status == status, str(exc)
            if kind is not None:
                assert exc.kind == kind, str(exc)
            assert exc.message
            self.error = exc
            return True

    return Check()


def check_atlas(rig, atlas):
    assert atlas.page_count == rig["atlas_pages"]
    assert atlas.region_count == rig["atlas_regions"]
    assert [tuple(p) for p in atlas.pages()] == [tuple(p) for p in rig["pages"]]
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        atlas.page(rig["atlas_pages"])


def check_data(rig, data):
    for key, item in ITEMS:
        assert data.count(item) == rig["counts"][key], key
        names = data.names(item)
        assert names == rig["names"][key], key
        assert all(isinstance(name, str) for name in names)
        if names:
            assert data.find(item, names[-1]) == len(names) - 1
        assert data.find(item, "no such entry \u2717") is None
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            data.name(item, len(names))
    for i, want in enumerate(rig["durations"]):
        assert data.animation_duration(i) == pytest.approx(want, abs=1e-3, rel=1e-4), f"animation {i}"
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        data.animation_duration(len(rig["durations"]))


def test_corpus_has_rigs():
    assert len(RIGS) >= 3, f"need at least 3 eligible rigs under {rig_manifest.default_corpus()}"


# ---------------------------------------------------------------------------------------
# Per rig


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_atlas_file(rig):
    with Atlas.load_file(rig["atlas"]) as atlas:
        check_atlas(rig, atlas)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_atlas_memory(rig):
    with Atlas.load(Path(rig["atlas"]).read_text(encoding="utf-8")) as atlas:
        check_atlas(rig, atlas)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_json_memory(rig):
    with Atlas.load_file(rig["atlas"]) as atlas, \
            SkeletonData.load_json(Path(rig["json"]).read_text(encoding="utf-8"), atlas) as data:
        check_data(rig, data)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_binary_memory(rig):
    with Atlas.load_file(rig["atlas"]) as atlas, \
            SkeletonData.load_binary(Path(rig["skel"]).read_bytes(), atlas) as data:
        check_data(rig, data)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_json_file_no_atlas_scaled(rig):
    with SkeletonData.load_file(Path(rig["json"]), None, 0.5) as data:
        check_data(rig, data)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_binary_file(rig):
    with Atlas.load_file(rig["atlas"]) as atlas, SkeletonData.load_file(rig["skel"], atlas) as data:
        check_data(rig, data)


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_truncated_skel(rig):
    data = Path(rig["skel"]).read_bytes()
    with expect_error(Status.LOAD, ErrorKind.TRUNCATED):
        SkeletonData.load_binary(data[: len(data) // 2])


@pytest.mark.parametrize("rig", RIGS, ids=rig_id)
def test_trailing_bytes(rig):
    with expect_error(Status.LOAD, ErrorKind.TRAILING_BYTES):
        SkeletonData.load_binary(Path(rig["skel"]).read_bytes() + b"\0\0\0")


# ---------------------------------------------------------------------------------------
# Spine 4.2 exports (SPINE_CORPUS42)


def test_spine42_exports_load_and_tell_their_version():
    """The first 4.2 rig's JSON and .skel load through the same calls as 4.3 files (the
    version string in the file chooses the reader) and report the editor version."""
    folder, required = rig_manifest.corpus42()
    exports = rig_manifest.discover42(folder)
    if not exports:
        assert not required, f"SPINE_CORPUS42={folder} holds no 4.2 rigs"
        pytest.skip(f"no 4.2 corpus at {folder}")
    first = [e for e in exports if e["rig"] == exports[0]["rig"]]
    for export in first:
        with Atlas.load_file(export["atlas"]) as atlas, SkeletonData.load_file(export["skeleton"], atlas) as data:
            version = data.info.version
            assert version.startswith("4.2"), f"{export['name']}: {version}"
            assert version == export["version"], export["name"]
            assert data.count(Item.BONE) > 0 and data.count(Item.ANIMATION) > 0


# ---------------------------------------------------------------------------------------
# General


def test_version():
    assert sn.abi_compatible()
    assert sn.abi_version() >> 16 == sn.ABI_VERSION >> 16
    assert isinstance(sn.version(), str) and sn.version()


def test_closed_objects_report_null_argument(rig):
    atlas = Atlas.load_file(rig["atlas"])
    data = SkeletonData.load_file(rig["json"])
    atlas.close()
    data.close()
    atlas.close()  # twice is harmless
    assert atlas.closed and data.closed and atlas.handle.bits == 0
    with expect_error(Status.NULL_ARGUMENT, ErrorKind.NONE):
        atlas.page_count
    with expect_error(Status.NULL_ARGUMENT, ErrorKind.NONE):
        data.count(Item.BONE)


def test_with_closes(rig):
    with Atlas.load_file(rig["atlas"]) as atlas:
        assert not atlas.closed
    assert atlas.closed


def test_stale_raw_handle_after_close(rig):
    data = SkeletonData.load_file(rig["json"])
    raw = data.handle
    data.close()
    out = sn.ctypes.c_uint32()
    assert sn._lib.spn_skeleton_data_count(raw, Item.BONE, sn.ctypes.byref(out)) == Status.STALE_HANDLE
    assert sn.last_error_kind() == ErrorKind.NONE
    assert "stale" in sn.last_error_message()
    assert sn._lib.spn_skeleton_data_destroy(raw) == Status.STALE_HANDLE
    # Adopting the stale handle: calls report it; closing it again is harmless.
    stale = SkeletonData(raw)
    with expect_error(Status.STALE_HANDLE, ErrorKind.NONE):
        stale.count(Item.BONE)
    stale.close()


def test_wrong_type_handle(rig):
    with SkeletonData.load_file(rig["json"]) as data:
        pretend = Atlas(sn.spn_atlas(data.handle.bits))
        with expect_error(Status.WRONG_TYPE, ErrorKind.NONE):
            pretend.page_count
        pretend.close()  # refused by the library (wrong type): `data` stays alive
        assert data.count(Item.BONE) == rig["counts"]["bone"]


def test_data_outlives_atlas(rig):
    with Atlas.load_file(rig["atlas"]) as atlas:
        data = SkeletonData.load_file(rig["skel"], atlas)
    with data:
        assert data.count(Item.BONE) == rig["counts"]["bone"]
        assert data.name(Item.BONE, 0) == rig["names"]["bone"][0]


def test_del_destroys_handles(rig):
    raws = []
    for _ in range(20):
        atlas = Atlas.load_file(rig["atlas"])
        raws.append(atlas.handle)
        del atlas
    gc.collect()
    out = sn.ctypes.c_uint32()
    for raw in raws:
        assert sn._lib.spn_atlas_page_count(raw, sn.ctypes.byref(out)) == Status.STALE_HANDLE


def test_missing_file_is_io():
    with expect_error(Status.IO, ErrorKind.IO):
        Atlas.load_file("/nonexistent/nope.atlas")
    with expect_error(Status.IO, ErrorKind.IO):
        SkeletonData.load_file("/nonexistent/nope.skel")


def test_non_ascii_path(rig, tmp_path):
    path = tmp_path / "r\u00e9gion-\u6f22.atlas"
    path.write_bytes(Path(rig["atlas"]).read_bytes())
    with Atlas.load_file(path) as atlas:
        assert atlas.page_count == rig["atlas_pages"]


def test_malformed_json():
    with expect_error(Status.LOAD, ErrorKind.MALFORMED_JSON):
        SkeletonData.load_json('{"skeleton": ')


def test_wrong_version_json():
    with expect_error(Status.LOAD, ErrorKind.VERSION):
        SkeletonData.load_json('{"skeleton": {"spine": "3.8.99"}, "bones": [{"name": "root"}]}')


def test_invalid_atlas_text():
    with expect_error(Status.LOAD, ErrorKind.INVALID_ATLAS):
        Atlas.load("page.png\nsize: banana\n")


def test_not_utf8_text():
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        Atlas.load(b"\xff\xfe")
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        SkeletonData.load_json(b"\xff")


def test_invalid_scale(rig):
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        SkeletonData.load_file(rig["json"], None, 0.0)
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        SkeletonData.load_file(rig["json"], None, math.nan)


def test_invalid_item(rig):
    with SkeletonData.load_file(rig["json"]) as data:
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            data.count(99)


def test_missing_region(rig, other):
    with Atlas.load_file(other["atlas"]) as atlas:
        with expect_error(Status.LOAD, ErrorKind.MISSING_REGION):
            SkeletonData.load_file(rig["json"], atlas)


def test_error_str_has_status_and_kind():
    with expect_error(Status.LOAD, ErrorKind.MALFORMED_JSON) as check:
        SkeletonData.load_json("{")
    assert "LOAD" in str(check.error) and "MALFORMED_JSON" in str(check.error)


def test_last_error_is_per_thread():
    with expect_error(Status.LOAD, ErrorKind.MALFORMED_JSON):
        SkeletonData.load_json("{")
    mine = sn.last_error_message()

    def fail():
        try:
            Atlas.load_file("/nonexistent/other-thread.atlas")
        except SpineError:
            pass

    thread = threading.Thread(target=fail)
    thread.start()
    thread.join()
    assert sn.last_error_message() == mine
    assert sn.last_error_kind() == ErrorKind.MALFORMED_JSON


def test_status_and_error_kind_strings_name_the_values():
    assert sn.status_string(Status.OK) == "SPN_OK"
    assert sn.status_string(Status.STALE_HANDLE) == "SPN_ERROR_STALE_HANDLE"
    assert sn.status_string(Status.BUSY) == "SPN_ERROR_BUSY"
    assert sn.status_string(99) == "SPN_STATUS_UNKNOWN"
    assert sn.error_kind_string(ErrorKind.NONE) == "SPN_ERROR_KIND_NONE"
    assert sn.error_kind_string(ErrorKind.MALFORMED_JSON) == "SPN_ERROR_KIND_MALFORMED_JSON"
    assert sn.error_kind_string(99) == "SPN_ERROR_KIND_UNKNOWN"
    with pytest.raises(SpineError) as raised:
        SkeletonData.load_json("{")
    assert sn.status_string(raised.value.status) == "SPN_ERROR_LOAD"
    assert sn.error_kind_string(raised.value.kind) == "SPN_ERROR_KIND_MALFORMED_JSON"


# ---------------------------------------------------------------------------------------
# Playback: skeleton, animation state, track entries, events, renderer

from spine_native import (  # noqa: E402
    GPU_VERTEX_SIZE, NO_BLOCK, AnimationState, AnimationStateData, CpuReason, EntryField, EventType, Physics, Renderer,
    Skeleton)

DT = 1.0 / 60.0


def _playback_rig():
    """spineboy when present, else the first rig with an animation that has event keys."""
    for rig in RIGS:
        if rig["name"] == "spineboy":
            return rig
    for rig in RIGS:
        if any(rig["animation_events"]):
            return rig
    return RIGS[0] if RIGS else None


PLAYBACK = _playback_rig()


def _walk_or_first(rig):
    names = rig["names"]["animation"]
    return "walk" if "walk" in names else names[0]


def _event_animation(rig):
    with_events = [n for n, e in zip(rig["names"]["animation"], rig["animation_events"]) if e]
    return "walk" if "walk" in with_events else (with_events[0] if with_events else None)


class Player:
    """A loaded rig with a skeleton (default skin when there is one), a state and a renderer."""

    def __init__(self, rig):
        with Atlas.load_file(rig["atlas"]) as atlas:
            self.data = SkeletonData.load_file(rig["skel"], atlas)
        self.skeleton = Skeleton.create(self.data)
        if self.data.find(Item.SKIN, "default") is not None:
            self.skeleton.set_skin("default")
        self.skeleton.setup_pose()
        self.state_data = AnimationStateData.create(self.data)
        self.state = AnimationState.create(self.state_data)
        self.renderer = Renderer.create()

    def frame(self, dt=DT):
        self.state.update(dt)
        self.state.apply(self.skeleton)
        self.skeleton.update(dt)
        self.skeleton.update_world_transform(Physics.UPDATE)
        return self.renderer.render(self.skeleton)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for obj in (self.renderer, self.state, self.state_data, self.skeleton, self.data):
            obj.close()


@pytest.fixture
def player():
    with Player(PLAYBACK) as p:
        yield p


def test_playback_render_60_frames(player):
    rig = PLAYBACK
    player.skeleton.position = (100.0, 50.0)
    player.skeleton.scale = (1.0, 1.0)
    assert player.skeleton.position == (100.0, 50.0)
    anim = _walk_or_first(rig)
    entry = player.state.set_animation(0, anim, loop=True)
    assert entry and entry.track_index == 0
    assert player.data.name(Item.ANIMATION, entry.animation) == anim
    for _ in range(60):
        out = player.frame()
    assert player.skeleton.time == pytest.approx(1.0, abs=1e-6)
    assert entry.track_time == pytest.approx(1.0, abs=1e-6)
    assert out.vertex_count > 0 and out.index_count > 0
    assert out.index_size == 2 and out.position_stride == 2
    assert len(out.positions) == 2 * out.vertex_count and out.positions.format == "f"
    assert len(out.uvs) == 2 * out.vertex_count
    assert len(out.colors) == out.vertex_count
    assert len(out.indices) == out.index_count and out.indices.format == "H"
    positions = out.positions.tolist()
    assert all(math.isfinite(v) for v in positions)
    indices = out.indices.tolist()
    assert out.ranges and sum(r.index_count for r in out.ranges) == out.index_count
    for r in out.ranges:
        assert r.first_vertex + r.vertex_count <= out.vertex_count
        assert all(i < r.vertex_count for i in indices[r.first_index:r.first_index + r.index_count])
    # Zero copy: the views point at the renderer's buffers, which spn_renderer_output
    # (a second path) describes identically.
    again = player.renderer.output()
    assert (again.vertex_count, again.index_count) == (out.vertex_count, out.index_count)
    assert again.raw.positions == out.raw.positions and again.raw.indices == out.raw.indices
    assert sn.ctypes.c_float.from_address(out.raw.positions).value == out.positions[0]
    raw = sn.spn_render_output(size=sn.ctypes.sizeof(sn.spn_render_output))
    assert sn._lib.spn_renderer_output(player.renderer.handle, sn.ctypes.byref(raw)) == Status.OK
    assert (raw.vertex_count, raw.index_count, raw.range_count) == (out.vertex_count, out.index_count,
                                                                    len(out.ranges))
    # The root bone follows the skeleton position.
    root = player.skeleton.bone_world(0)
    assert all(math.isfinite(v) for v in root)
    player.skeleton.position = (0.0, 0.0)
    player.skeleton.update_world_transform(Physics.POSE)
    assert root.world_x - player.skeleton.bone_world(0).world_x == pytest.approx(100.0, abs=1e-3)
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        player.skeleton.bone_world(rig["counts"]["bone"])


def test_render_output_numpy_optional(player):
    np = pytest.importorskip("numpy")
    player.state.set_animation(0, _walk_or_first(PLAYBACK), True)
    out = player.frame()
    arrays = out.numpy()
    assert arrays["positions"].shape == (out.vertex_count, 2)
    assert arrays["indices"].dtype == np.uint16 and len(arrays["indices"]) == out.index_count


def test_state_data_and_track_entry(player):
    names = PLAYBACK["names"]["animation"]
    assert player.state_data.default_mix == 0.0
    player.state_data.default_mix = 0.25
    assert player.state_data.default_mix == 0.25
    player.state_data.set_mix(names[0], names[-1], 0.5)
    assert player.state_data.mix(0, len(names) - 1) == 0.5
    assert player.state_data.mix(-1, 0) == 0.25
    with expect_error(Status.NOT_FOUND, ErrorKind.NONE):
        player.state_data.set_mix("no such animation", names[0], 1.0)
    with expect_error(Status.NOT_FOUND, ErrorKind.NONE):
        player.state.set_animation(0, "no such animation", True)
    with expect_error(Status.NOT_FOUND, ErrorKind.NONE):
        player.skeleton.set_skin("no such skin")
    assert player.state.current(0) is None
    entry = player.state.set_animation(0, names[0], False)
    queued = player.state.add_animation(0, names[-1], True, 0.5)
    assert player.state.current(0) == entry
    assert queued.get(EntryField.DELAY) == 0.5
    assert entry.alpha == 1.0
    entry.alpha = 0.5
    assert entry.alpha == 0.5
    entry.time_scale = 2.0
    assert entry.time_scale == 2.0
    player.state.time_scale = 0.5
    assert player.state.time_scale == 0.5
    player.state.update(0.1)  # 0.1 * 0.5 (state) * 2 (entry)
    assert entry.track_time == pytest.approx(0.1, abs=1e-9)
    entry.track_time = 0.0
    assert entry.track_time == 0.0
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        entry.set(EntryField.TRACK_INDEX, 1.0)
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        entry.alpha = math.nan
    if player.data.find(Item.SKIN, "default") is not None:
        assert player.skeleton.skin_name == "default"


def test_stale_track_entry_after_state_closed(player):
    entry = player.state.set_animation(0, _walk_or_first(PLAYBACK), True)
    assert entry.alpha == 1.0
    player.state.close()
    with expect_error(Status.STALE_HANDLE, ErrorKind.NONE):
        entry.alpha
    with expect_error(Status.STALE_HANDLE, ErrorKind.NONE):
        entry.track_time = 1.0
    with expect_error(Status.NULL_ARGUMENT, ErrorKind.NONE):
        player.state.update(0.1)
    player.renderer.close()
    with expect_error(Status.NULL_ARGUMENT, ErrorKind.NONE):
        player.renderer.render(player.skeleton)


@pytest.mark.skipif(PLAYBACK is None or _event_animation(PLAYBACK) is None, reason="no rig with event keys")
def test_polled_events(player):
    rig = PLAYBACK
    anim = _event_animation(rig)
    anims = rig["names"]["animation"]
    index = anims.index(anim)
    duration = rig["durations"][index]
    player.state.set_animation(0, anim, True)
    polled = []
    for _ in range(math.ceil(duration / DT) + 2):
        player.frame()
        polled += player.state.events()
    assert polled and polled[0].type == EventType.START and polled[0].track == 0
    fired = [e for e in polled if e.type == EventType.EVENT]
    assert fired, f"no event key fired in {anim}"
    for e in polled:
        assert e.animation == index
        if e.type != EventType.EVENT:
            assert e.name is None and e.event == -1
    for e in fired:
        assert e.name == rig["names"]["event"][e.event]
        assert isinstance(e.string_value, str)
        assert 0.0 <= e.time <= duration + 1e-3
    # The animation's event keys (ABI 1.3) are what one pass through it fires, in order.
    keys = player.data.animation_event_keys(index)
    assert keys and len(fired) >= len(keys)
    for e, k in zip(fired, keys):
        assert (e.event, e.time, e.int_value, e.float_value, e.string_value) == \
            (k.event, k.time, k.int_value, k.float_value, k.string_value)
    # What it keys: ascending indices in range; an event-only list is not an item.
    for item, count in ((Item.BONE, len(rig["names"]["bone"])), (Item.SLOT, len(rig["names"]["slot"])),
                        (Item.CONSTRAINT, len(rig["names"]["constraint"]))):
        keyed = player.data.animation_keyed(index, item)
        assert all(0 <= i < count for i in keyed) and keyed == sorted(set(keyed))
    with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
        player.data.animation_keyed(index, Item.SKIN)
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        player.data.animation_event_keys(len(anims))
    assert any(e.type == EventType.COMPLETE for e in polled)
    assert player.state.events() == []


def test_playback_objects_closed_by_del(player):
    raws = []
    for _ in range(10):
        skeleton = Skeleton.create(player.data)
        raws.append(skeleton.handle)
        del skeleton
    gc.collect()
    for raw in raws:
        assert sn._lib.spn_skeleton_setup_pose(raw) == Status.STALE_HANDLE


# --------------------------------------------------------------------------------------
# Stale render views, the rest of the API, library lookup


def test_output_read_after_next_render_raises(player):
    player.state.set_animation(0, player.data.names(Item.ANIMATION)[0], True)
    first = player.frame()
    positions = first.positions  # a view handed out before the next render
    assert first.is_valid and len(positions) == 2 * first.vertex_count
    generation = first.generation
    second = player.frame()
    assert second.generation == generation + 1
    assert not first.is_valid and second.is_valid
    with pytest.raises(sn.StaleOutputError):
        first.positions
    with pytest.raises(sn.StaleOutputError):
        first.numpy()
    with pytest.raises(ValueError):  # the memoryview itself was released
        positions[0]
    assert len(second.positions) == 2 * second.vertex_count


def test_output_read_after_close_raises(player):
    out = player.frame()
    colors = out.colors
    player.renderer.close()
    assert not out.is_valid
    with pytest.raises(sn.StaleOutputError, match="closed"):
        out.indices
    with pytest.raises(ValueError):
        colors[0]


def test_output_stale_after_option_change_and_crowd_update(player):
    out = player.frame()
    player.renderer.options = sn.RenderOptions(premultiplied_alpha=True)
    with pytest.raises(sn.StaleOutputError):
        out.uvs
    fresh = player.renderer.render(player.skeleton)
    assert player.renderer.options.premultiplied_alpha
    with sn.Crowd.create(1) as crowd:
        crowd.add(player.skeleton, player.state, player.renderer)
        assert len(crowd) == 1
        crowd.update(DT)
    with pytest.raises(sn.StaleOutputError):
        fresh.positions
    after = player.renderer.output()
    assert after.generation == fresh.generation + 1 and after.vertex_count > 0


def test_output_stale_after_a_render_the_wrapper_did_not_see(player):
    """The library's generation counter catches renders made behind the wrapper's back."""
    out = player.frame()
    raw = sn.spn_render_output(size=ctypes.sizeof(sn.spn_render_output))
    assert sn._lib.spn_renderer_render(player.renderer.handle, player.skeleton.handle, ctypes.byref(raw)) == 0
    assert raw.generation == out.generation + 1
    with pytest.raises(sn.StaleOutputError):
        out.positions


def test_interleaved_output_matches_separate(player):
    player.state.set_animation(0, player.data.names(Item.ANIMATION)[0], True)
    out = player.frame()
    separate = (list(out.positions), list(out.colors))
    with Renderer.create(sn.RenderOptions(layout=sn.VertexLayout.INTERLEAVED, indices_u32=True)) as r:
        inter = r.render(player.skeleton)
        assert inter.layout == sn.VertexLayout.INTERLEAVED and inter.index_size == 4
        assert len(inter.vertices) == inter.vertex_count == len(separate[1])
        assert [c for c in (v.color for v in inter.vertices)] == separate[1]
        assert [p for v in inter.vertices for p in (v.x, v.y)] == separate[0]


def test_data_records_and_iteration(player):
    data = player.data
    # Texture sequences (ABI 1.3): regions and meshes have one, other attachments none.
    textured = (sn.AttachmentType.REGION, sn.AttachmentType.MESH, sn.AttachmentType.LINKED_MESH)
    for id in range(data.count(Item.ATTACHMENT)):
        if data.attachment(id).type in textured:
            s = data.attachment_sequence(id)
            assert s.count >= 1 and 0 <= s.setup_index < s.count
        else:
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                data.attachment_sequence(id)
    bones = data.bones
    assert bones[0].parent is None and all(b.parent < b.index for b in bones[1:])
    assert [b.name for b in bones] == data.names(Item.BONE)
    assert [s.name for s in data.slots] == data.names(Item.SLOT)
    assert all(0 <= s.bone < len(bones) for s in data.slots)
    assert data.animations == data.names(Item.ANIMATION) and data.skins == data.names(Item.SKIN)
    assert data.info.version.startswith("4.")
    for c in data.constraints:
        assert isinstance(c.type, sn.ConstraintType)
    setup = data.bone_setup(0)
    assert player.skeleton.bone_local(0) == setup


def test_skeleton_setters_round_trip(player):
    sk = player.skeleton
    sk.color = (1.0, 0.5, 0.25, 0.75)
    assert sk.color == sn.Color(1.0, 0.5, 0.25, 0.75)
    sk.y_down = True
    assert sk.y_down
    sk.wind = (2.0, 3.0)
    sk.gravity = (0.0, -5.0)
    assert sk.wind == (2.0, 3.0) and sk.gravity == (0.0, -5.0)
    sk.time = 4.5
    assert sk.time == 4.5
    order = sk.draw_order()
    assert sorted(order) == list(range(len(player.data.slots)))
    sk.set_draw_order(list(reversed(order)), sn.Pose.ANIMATED)
    assert sk.draw_order(sn.Pose.ANIMATED) == list(reversed(order))
    local = sk.bone_local(0)._replace(x=12.5, rotation=30.0)
    sk.set_bone_local(0, local)
    assert sk.bone_local(0) == local
    sk.update_world_transform(Physics.UPDATE)
    wx, wy = sk.local_to_world(0, 1.0, 2.0)
    lx, ly = sk.world_to_local(0, wx, wy)
    assert abs(lx - 1.0) < 1e-3 and abs(ly - 2.0) < 1e-3
    assert sk.bone_active(0)
    # World rotation and scale of the axes, parent space (ABI 1.3). Bone 1's parent is the
    # root (parents come first), so its parent space is bone 0's local space.
    w0 = sk.bone_world(0)
    info = sk.bone_world_info(0)
    assert abs(info.rotation_x - math.degrees(math.atan2(w0.c, w0.a))) < 1e-3
    assert abs(info.rotation_y - math.degrees(math.atan2(w0.d, w0.b))) < 1e-3
    assert abs(info.scale_x - math.hypot(w0.a, w0.c)) < 1e-5
    assert abs(info.scale_y - math.hypot(w0.b, w0.d)) < 1e-5
    assert sk.world_to_parent(0, 3.0, 4.0) == (3.0, 4.0)
    assert sk.parent_to_world(0, 3.0, 4.0) == (3.0, 4.0)
    if len(player.data.bones) > 1:
        assert sk.parent_to_world(1, 3.0, 4.0) == sk.local_to_world(0, 3.0, 4.0)
        assert sk.world_to_parent(1, 3.0, 4.0) == sk.world_to_local(0, 3.0, 4.0)
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        sk.bone_world_info(len(player.data.bones))


def test_physics_constraint_control_one_by_one_is_the_whole_translate():
    # Translating each physics constraint by itself is the whole-skeleton translate (ABI 1.3).
    with Player(PLAYBACK) as whole, Player(PLAYBACK) as each:
        whole.skeleton.physics_translate(30.0, -20.0)
        constraints = each.data.constraints
        for info in constraints:
            if info.type == sn.ConstraintType.PHYSICS:
                each.skeleton.physics_constraint_translate(info.index, 30.0, -20.0)
                each.skeleton.physics_constraint_rotate(info.index, 0.0, 0.0, 0.0)
            else:
                with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                    each.skeleton.physics_constraint_reset(info.index)
        for _ in range(5):
            whole.frame(1.0 / 60.0)
            each.frame(1.0 / 60.0)
        for b in range(len(each.data.bones)):
            assert whole.skeleton.bone_world(b) == each.skeleton.bone_world(b)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            each.skeleton.physics_constraint_translate(len(constraints), 1.0, 0.0)


def test_physics_move_is_scaled_translate_and_rotate_around_the_position():
    with Player(PLAYBACK) as helper, Player(PLAYBACK) as by_hand:
        sx, sy = by_hand.skeleton.position
        helper.skeleton.physics_move(40.0, -25.0, 30.0, 0.5, 0.25, 0.75)
        by_hand.skeleton.physics_translate(20.0, -6.25)
        by_hand.skeleton.physics_rotate(sx, sy, 22.5)
        for _ in range(5):
            helper.frame(1.0 / 60.0)
            by_hand.frame(1.0 / 60.0)
        for b in range(len(helper.data.bones)):
            assert helper.skeleton.bone_world(b) == by_hand.skeleton.bone_world(b)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            helper.skeleton.physics_move(math.nan, 0.0, 0.0)


def test_library_not_found_message_names_the_variable(tmp_path):
    import subprocess
    env = dict(os.environ, SPINE_NATIVE_LIB=str(tmp_path / "nowhere" / "libspine_native.so"))
    code = "import spine_native"
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=str(HERE.parent), capture_output=True, text=True)
    assert result.returncode != 0
    assert "SPINE_NATIVE_LIB" in result.stderr and str(tmp_path / "nowhere") in result.stderr
    assert "LibraryNotFoundError" in result.stderr


def _bounding_box_slot(data, skeleton):
    """(slot, placeholder) of the first bounding-box attachment of the data, or None."""
    for info in data.attachments:
        if info.type != sn.AttachmentType.BOUNDING_BOX:
            continue
        for slot in range(len(data.slots)):
            if skeleton.find_attachment(slot, info.name) == info.id:
                return slot, info.name
    return None


def test_bounding_box_hit_tests():
    """Every rig with a bounding-box attachment: shown on its slot, it is collected, and
    points and segments hit it (the corpus goldens never show one, so this is checked here)."""
    tested = [rig["name"] for rig in RIGS if _hit_tests(rig)]
    if not tested:
        pytest.skip("no rig has a bounding-box attachment")


def _hit_tests(rig) -> bool:
    with Atlas.load_file(rig["atlas"]) as atlas, SkeletonData.load_file(rig["skel"], atlas) as data, \
            Skeleton.create(data) as skeleton, sn.Bounds.create() as bounds, sn.Bounds.create() as empty:
        found = _bounding_box_slot(data, skeleton)
        if found is None:
            return False
        slot, name = found
        skeleton.set_attachment(slot, name)
        skeleton.update_world_transform(Physics.UPDATE)
        bounds.update(skeleton, True)
        boxes = list(bounds)
        assert [b.slot for b in boxes] == [slot]
        xs, ys = boxes[0].vertices[0::2], boxes[0].vertices[1::2]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        aabb = bounds.aabb
        assert aabb.x == min(xs) and aabb.y == min(ys)
        assert abs(aabb.x + aabb.width - max(xs)) < 1e-3 and abs(aabb.y + aabb.height - max(ys)) < 1e-3
        assert bounds.aabb_contains_point(cx, cy) and bounds.contains_point(cx, cy) == slot
        far = max(aabb.width, aabb.height) * 10 + 1000
        assert bounds.contains_point(cx + far, cy) is None and not bounds.aabb_contains_point(cx + far, cy)
        assert bounds.intersects_segment(cx - far, cy, cx + far, cy) == slot
        assert bounds.aabb_intersects_segment(cx - far, cy, cx + far, cy)
        assert bounds.intersects_segment(cx + far, cy + far, cx + 2 * far, cy + far) is None
        empty.update(skeleton, True)  # same skeleton: the boxes overlap themselves
        assert bounds.aabb_intersects(empty)
        skeleton.set_attachment(slot, None)
        skeleton.update_world_transform(Physics.UPDATE)
        bounds.update(skeleton, True)
        assert len(bounds) == 0 and bounds.contains_point(cx, cy) is None
        return True


# --- geometry (ABI 1.4) ---
def test_attachment_geometry_and_slot_world_vertices(player):
    data, skeleton = player.data, player.skeleton
    for id in range(data.count(Item.ATTACHMENT)):
        info, g = data.attachment(id), data.attachment_geometry(id)
        assert g.type == info.type and g.id == id
        if g.type == sn.AttachmentType.REGION:
            assert g.vertex_count == 4 and len(data.attachment_floats(id, sn.AttachmentArray.OFFSETS)) == 8
            assert g.region_name.startswith(g.path) and g.page is not None
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                data.attachment_floats(id, sn.AttachmentArray.VERTICES)
        elif g.type == sn.AttachmentType.POINT:
            assert g.vertex_count == 1
        else:
            vertices = data.attachment_floats(id, sn.AttachmentArray.VERTICES)
            bones = data.attachment_indices(id, sn.AttachmentArray.BONES)
            if g.weighted:
                assert len(vertices) == (len(bones) - g.vertex_count) * 3
            else:
                assert len(vertices) == 2 * g.vertex_count and bones == []
        if g.type in (sn.AttachmentType.MESH, sn.AttachmentType.LINKED_MESH):
            assert len(data.attachment_floats(id, sn.AttachmentArray.UVS)) == 2 * g.vertex_count
            triangles = data.attachment_indices(id, sn.AttachmentArray.TRIANGLES)
            assert len(triangles) % 3 == 0 and all(t < g.vertex_count for t in triangles)
            assert (g.source is not None) == (g.type == sn.AttachmentType.LINKED_MESH)
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        data.attachment_geometry(data.count(Item.ATTACHMENT))
    player.state.set_animation(0, data.animations[0], True)
    player.frame(0.25)
    buffer = (ctypes.c_float * 4096)()
    shown = 0
    for slot in range(data.count(Item.SLOT)):
        id = skeleton.slot_attachment(slot)
        vertices = skeleton.slot_world_vertices(slot)
        if id is None:
            assert vertices == []
            continue
        shown += 1
        assert len(vertices) == 2 * data.attachment_geometry(id).vertex_count
        assert skeleton.slot_world_vertices(slot, buffer) == len(vertices)
        assert list(buffer[:len(vertices)]) == vertices
    assert shown > 0
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        skeleton.slot_world_vertices(data.count(Item.SLOT))
    # Clipped skeleton bounds (ABI 1.4) lie inside the unclipped ones.
    with sn.Bounds.create() as bounds:
        clipped, unclipped = bounds.skeleton_clipped(skeleton), skeleton.bounds()
        assert clipped is None or unclipped is not None
        if clipped and unclipped:
            e = 1e-3 * (1 + unclipped.width + unclipped.height)
            assert clipped.x >= unclipped.x - e and clipped.y >= unclipped.y - e
            assert clipped.x + clipped.width <= unclipped.x + unclipped.width + e
            assert clipped.y + clipped.height <= unclipped.y + unclipped.height + e


# --- constraint data (ABI 1.4) ---
def test_constraint_data_by_type(player):
    data = player.data
    for index in range(data.count(Item.CONSTRAINT)):
        info, c = data.constraint(index), data.constraint_data(index)
        assert c.kind == info.type
        assert all(b < data.count(Item.BONE) for b in data.constraint_bones(index))
        if c.kind == sn.ConstraintType.TRANSFORM:
            assert len(data.constraint_transform_mappings(index)) == c.mapping_count
        else:
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                data.constraint_transform_mappings(index)
        if c.kind == sn.ConstraintType.IK:
            assert c.bend_direction in (1, -1) and c.target >= 0
        if c.kind == sn.ConstraintType.PHYSICS:
            assert c.step > 0 and len(data.constraint_bones(index)) == 1
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        data.constraint_data(data.count(Item.CONSTRAINT))


def test_animation_sequence_keys(player):
    data = player.data
    for animation in range(data.count(Item.ANIMATION)):
        for k in data.animation_sequence_keys(animation):
            assert k.slot < data.count(Item.SLOT) and k.attachment < data.count(Item.ATTACHMENT)
            assert 0 <= k.mode <= 6 and k.time >= 0
    with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
        data.animation_sequence_keys(data.count(Item.ANIMATION))


# --- crowd branch (ABI 1.4) ---

def test_direct_apply_equals_the_state_and_fires_the_event_keys():
    # Direct apply at the state's track time, from the setup pose, is the state's pose.
    with Player(PLAYBACK) as state, Player(PLAYBACK) as direct:
        animations = state.data.count(Item.ANIMATION)
        assert animations > 0
        for a in range(animations):
            state.skeleton.setup_pose()
            direct.skeleton.setup_pose()
            with sn.AnimationState.create(state.state_data) as fresh:
                fresh.set_animation_by_index(0, a, True)
                fresh.update(0.4)
                fresh.apply(state.skeleton)
            direct.skeleton.apply_animation(a, -1.0, 0.4, True)
            state.skeleton.update_world_transform(Physics.POSE)
            direct.skeleton.update_world_transform(Physics.POSE)
            for b in range(len(state.data.bones)):
                assert state.skeleton.bone_world(b) == direct.skeleton.bone_world(b)
            # Over the whole animation every event key fires, in key order.
            keys = direct.data.animation_event_keys(a)
            fired = direct.skeleton.apply_animation(a, -1.0, direct.data.animation_duration(a), False,
                                                    capacity=len(keys) + 1)
            assert [(f.key, f.time, f.event) for f in fired] == [(i, k.time, k.event) for i, k in enumerate(keys)]
            assert len(direct.skeleton.apply_animation(a, -1.0, 1e9, False, 1.0, sn.MixBlend.REPLACE,
                                                       sn.MixDirection.OUT, capacity=1)) == min(len(keys), 1)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            direct.skeleton.apply_animation(animations, 0.0, 1.0, False)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            direct.skeleton.apply_animation(0, 0.0, math.nan, False)


def test_crowd_members_ranges_from_threads_disabled_and_time_scaled():
    players = [Player(PLAYBACK) for _ in range(6)]
    try:
        (a, b, c), (ra, rb, rc) = players[:3], players[3:]
        for p in players:
            p.state.set_animation_by_index(0, 0, True)
        with sn.Crowd.create(1) as crowd:
            for p in (a, b, c):
                crowd.add(p.skeleton, p.state, p.renderer)
            crowd.set_time_scale(1, 0.5)
            crowd.set_enabled(2, False)
            assert crowd.enabled(0) and not crowd.enabled(2) and crowd.time_scale(1) == 0.5
            for _ in range(10):
                other = threading.Thread(target=crowd.update_range, args=(1, 2, DT))
                other.start()
                crowd.update_range(0, 1, DT)
                other.join()
                ra.frame(DT)
                rb.frame(DT * 0.5)
            for b_ in range(len(a.data.bones)):
                assert a.skeleton.bone_world(b_) == ra.skeleton.bone_world(b_)
                assert b.skeleton.bone_world(b_) == rb.skeleton.bone_world(b_)
                assert c.skeleton.bone_world(b_) == rc.skeleton.bone_world(b_)
            crowd.remove(0)
            assert len(crowd) == 2 and crowd.time_scale(0) == 0.5 and not crowd.enabled(1)
            with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
                crowd.update_range(1, 2, DT)
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                crowd.set_time_scale(0, math.nan)
            with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
                crowd.remove(2)
    finally:
        for p in players:
            p.__exit__(None, None, None)


def test_crowd_render_batched_concatenates_members_moved_by_their_offsets():
    players = [Player(PLAYBACK) for _ in range(2)]
    try:
        a, b = players
        for p in players:
            p.state.set_animation_by_index(0, 0, True)
        with sn.Crowd.create(1) as crowd, sn.Renderer.create() as batched:
            crowd.add(a.skeleton, a.state, a.renderer)
            crowd.add(b.skeleton, b.state, b.renderer)
            crowd.set_offset(1, 100.0, -50.5)
            assert crowd.offset(1) == (100.0, -50.5) and crowd.offset(0) == (0.0, 0.0)
            crowd.update(DT)
            oa, ob = a.renderer.output(), b.renderer.output()
            out = crowd.render_batched(batched)
            assert out.vertex_count == oa.vertex_count + ob.vertex_count > 0
            assert out.index_count == oa.index_count + ob.index_count
            k = oa.vertex_count * 2
            assert out.positions[0] == oa.positions[0] and out.positions[1] == oa.positions[1]
            f32 = lambda v: ctypes.c_float(v).value  # the library adds in float
            assert out.positions[k] == f32(ob.positions[0] + 100.0)
            assert out.positions[k + 1] == f32(ob.positions[1] - 50.5)
            with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
                crowd.set_offset(2, 0.0, 0.0)
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                crowd.set_offset(0, math.nan, 0.0)
    finally:
        for p in players:
            p.__exit__(None, None, None)


def test_snapshot_restore_replays_bit_for_bit():
    with Player(PLAYBACK) as a, Player(PLAYBACK) as b:
        a.state.set_animation_by_index(0, 0, True)
        for _ in range(20):
            a.frame(DT)
        data = sn.snapshot(a.skeleton, a.state)
        assert data[:4] == b"SPNS"
        sn.restore(b.skeleton, b.state, data)
        for _ in range(30):
            a.frame(DT)
            b.frame(DT)
        for k in range(len(a.data.bones)):
            assert a.skeleton.bone_world(k) == b.skeleton.bone_world(k)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            sn.restore(b.skeleton, b.state, data[:-1])
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            sn.restore(b.skeleton, None, data)


def test_snapshot_bound_holds_across_frames_with_mixes_and_physics():
    with Player(PLAYBACK) as a, Player(PLAYBACK) as b:
        animations = a.data.count(Item.ANIMATION)
        # Two tracks, at most four entries alive at once, callbacks polled every frame.
        bound = sn.snapshot_bound(a.skeleton, True, 2, 4, 64)
        bare = sn.snapshot_bound(a.skeleton, False)
        assert 36 < bare < bound
        a.state.set_animation_by_index(0, 0, True)
        largest = 0
        for f in range(90):
            if f == 30:
                a.state.set_animation_by_index(0, 1 % animations, True)
            if f == 40:
                a.state.set_animation_by_index(1, 2 % animations, False)
            a.frame(DT)
            a.state.clear_events()
            size = len(sn.snapshot(a.skeleton, a.state))
            assert size <= bound, f"frame {f}: {size} > {bound}"
            assert len(sn.snapshot(a.skeleton)) <= bare
            largest = max(largest, size)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            sn.snapshot_bound(a.skeleton, False, 1)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            sn.snapshot_bound(a.skeleton, True, 1025)
        with pytest.raises(ValueError):
            sn.snapshot_bound(a.skeleton, True, -1)
        # A longer buffer says so.
        data = sn.snapshot(a.skeleton, a.state)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE) as e:
            sn.restore(b.skeleton, b.state, data + b"\0\0")
        assert "2 trailing bytes after the snapshot" in e.error.message


# ---------------------------------------------------------------------------------------
# Render separation (ABI 1.4)

def _flat(out):
    """Vertices (x, y, u, v, color, dark, slot), absolute indices, ranges and infos of a render."""
    n = out.vertex_count
    p, t, c, d, s = out.positions, out.uvs, out.colors, out.dark_colors, out.slots
    vertices = [(p[i * 2], p[i * 2 + 1], t[i * 2], t[i * 2 + 1], c[i], d[i], s[i]) for i in range(n)]
    indices = [out.indices[k] + r.first_vertex for r in out.ranges
               for k in range(r.first_index, r.first_index + r.index_count)]
    return vertices, indices, list(out.ranges), list(out.range_infos)


def _swap_red_blue(c):
    return (c & 0xFF00FF00) | ((c >> 16) & 0xFF) | ((c & 0xFF) << 16)


def test_gpu_output_conventions(player):
    """ABI 1.8: whole-buffer indices, RGBA byte order, per-page premultiplied alpha and the
    separator slot each range ends at, each against the default render of the same pose."""
    with Atlas.load_file(PLAYBACK["atlas"]) as atlas:
        atlas_pma = all(p.pma for p in atlas.pages())
    with Renderer.create(sn.RenderOptions(slot_indices=True)) as plain, \
            Renderer.create(sn.RenderOptions(absolute_indices=True)) as whole, \
            Renderer.create(sn.RenderOptions(color_order=sn.ColorOrder.RGBA_BYTES)) as rgba, \
            Renderer.create(sn.RenderOptions(premultiplied_alpha=atlas_pma)) as expected_pma, \
            Renderer.create(sn.RenderOptions(pma_per_page=True, premultiplied_alpha=not atlas_pma)) as per_page:
        assert whole.options.absolute_indices and rgba.options.color_order == sn.ColorOrder.RGBA_BYTES
        assert per_page.options.pma_per_page
        for _ in range(10):
            player.frame(0.1)
        base = _flat(plain.render(player.skeleton))
        out = whole.render(player.skeleton)
        assert out.absolute_indices and not plain.render(player.skeleton).absolute_indices
        assert out.index_size == 2 and out.vertex_count == len(base[0])
        assert list(out.indices) == base[1], "relative index + the range's first vertex"
        out = rgba.render(player.skeleton)
        colors = list(out.colors)
        assert colors == [_swap_red_blue(v[4]) for v in base[0]]
        assert bytes(out.colors)[:4] == bytes([(base[0][0][4] >> s) & 0xFF for s in (16, 8, 0, 24)]), "R, G, B, A"
        assert [r.color for r in out.ranges] == [_swap_red_blue(r.color) for r in base[2]]
        assert list(per_page.render(player.skeleton).colors) == list(expected_pma.render(player.skeleton).colors)
        with expect_error(Status.INVALID_ARGUMENT):
            Renderer.create(sn.RenderOptions(color_order=2))
        # Each range names the first separator slot between it and the next range.
        order = player.skeleton.draw_order()
        separators = order[1::3]
        plain.set_separator_slots(separators)
        out = plain.render(player.skeleton)
        infos, ends = list(out.range_infos), list(out.range_separators)
        assert len(ends) == len(infos) > 0
        for i, info in enumerate(infos):
            end = infos[i + 1].first_draw if i + 1 < len(infos) else len(order)
            gap = [s for s in order[info.last_draw:end] if s in separators]
            assert ends[i] == (gap[0] if gap else sn.NO_SEPARATOR)
        assert any(e != sn.NO_SEPARATOR for e in ends)


def test_data_skin_entries_and_stable_crowd_ids(player):
    """ABI 1.8: a data skin's own entries are those of a runtime skin made from it alone;
    a crowd member's id names it through the removal of others."""
    data = player.data
    skins = data.count(Item.SKIN)
    total = 0
    for s in range(skins):
        own = data.skin_entries(s)
        with sn.Skin.create(data, "alone") as skin:
            skin.add_data_skin(s)
            assert own == skin.entries()
        total += len(own)
    assert total > 0
    with expect_error(Status.OUT_OF_RANGE):
        data.skin_entries(skins)
    # The data's own atlas (ABI 1.8): alive after the load's handle is gone, shared ids.
    with data.atlas() as own, data.atlas() as again:
        assert own.page_count > 0
        own.set_page_texture(0, 4321)
        assert again.page_texture(0) == 4321
    with sn.Crowd.create(1) as crowd, sn.Skeleton.create(data) as a, sn.Skeleton.create(data) as b, \
            sn.Skeleton.create(data) as c:
        ia, ib = crowd.add_member(a), crowd.add_member(b)
        crowd.add(c)
        ic = crowd.member_id(2)
        assert 0 < ia < ib < ic
        crowd.remove_member(ia)
        assert len(crowd) == 2 and crowd.index_of(ib) == 0 and crowd.index_of(ic) == 1
        assert crowd.member_id(0) == ib
        with expect_error(Status.NOT_FOUND):
            crowd.index_of(ia)
        with expect_error(Status.NOT_FOUND):
            crowd.remove_member(ia)
        assert crowd.add_member(a) > ic


def test_separated_spans_concatenate_to_the_separated_render(player):
    options = sn.RenderOptions(slot_indices=True)
    with Renderer.create(options) as plain, Renderer.create(options) as separated:
        for _ in range(10):
            player.frame(0.1)
        order = player.skeleton.draw_order()
        separators = order[1::3]
        separated.set_separator_slots(separators)
        assert separated.options.slot_indices
        whole = _flat(plain.render(player.skeleton))
        split = _flat(separated.render(player.skeleton))
        assert whole[0] and split[0] == whole[0] and split[1] == whole[1]
        assert len(split[2]) >= len(whole[2]) and len(split[3]) == len(split[2])
        for info in split[3]:
            assert order[info.first_draw] == info.first_slot and order[info.last_draw] == info.last_slot
            assert not any(order[p] in separators for p in range(info.first_draw, info.last_draw))
        # Spans between separators, rendered alone and concatenated.
        vertices, indices, start = [], [], 0
        for p, slot in enumerate(order):
            if slot in separators or p + 1 == len(order):
                part = _flat(separated.render_slots(player.skeleton, start, p))
                indices += [i + len(vertices) for i in part[1]]
                vertices += part[0]
                start = p + 1
        assert (vertices, indices) == split[:2]
        # Each vertex's slot: a render of that slot alone gives its vertices.
        slot = split[0][0][6]
        alone = _flat(plain.render_slots(player.skeleton, order.index(slot), order.index(slot)))
        assert alone[0] == [v for v in whole[0] if v[6] == slot]
        # Kept through option changes; removed with an empty list.
        separated.options = sn.RenderOptions()
        assert len(separated.render(player.skeleton).ranges) == len(split[2])
        assert len(separated.output().slots) == 0
        separated.set_separator_slots([])
        assert len(separated.render(player.skeleton).ranges) == len(whole[2])
        with expect_error(Status.OUT_OF_RANGE):
            plain.render_slots(player.skeleton, 0, len(order))
        with expect_error(Status.INVALID_ARGUMENT):
            plain.render_slots(player.skeleton, 1, 0)


# ---------------------------------------------------------------------------------------
# Atlas page textures (ABI 1.4)

def test_texture_ids_from_the_loader_and_setter_show_in_draw_ranges(rig):
    text = Path(rig["atlas"]).read_text(encoding="utf-8")
    calls = []

    def loader(page, details):
        assert details.width > 0 and details.texture_id == 0
        calls.append(page)
        return (1 << 63) + page  # the full 64-bit range round-trips

    with Atlas.load_with_textures(text, loader) as atlas:
        assert calls == list(range(atlas.page_count))
        for page, info in enumerate(atlas.pages()):
            details = atlas.page_details(page)
            assert (details.name, details.width, details.height, details.pma) == tuple(info)
            assert details.format and isinstance(details.min_filter, sn.TextureFilter)
            assert details.texture_id == atlas.page_texture(page) == (1 << 63) + page
        data = SkeletonData.load_file(rig["skel"], atlas)
        with data, Skeleton.create(data) as skeleton, Renderer.create() as renderer:
            if data.find(Item.SKIN, "default") is not None:
                skeleton.set_skin("default")
            skeleton.setup_pose()
            skeleton.update_world_transform(Physics.UPDATE)
            out = renderer.render(skeleton)
            assert [i.texture_id for i in out.range_infos] == [(1 << 63) + r.page for r in out.ranges]
            for page in range(atlas.page_count):
                atlas.set_page_texture(page, 5 + page)
            out = renderer.render(skeleton)
            assert [i.texture_id for i in out.range_infos] == [5 + r.page for r in out.ranges]
        with expect_error(Status.OUT_OF_RANGE):
            atlas.page_details(atlas.page_count)

    def failing(page, details):
        raise KeyError("no texture")

    with pytest.raises(KeyError):
        Atlas.load_with_textures(text, failing)

    # The file loader (ABI 1.8) gets the atlas's folder; its exception reaches the caller.
    seen = []

    def from_file(folder, page, details):
        seen.append((folder, page))
        assert details.width > 0
        return 300 + page

    with Atlas.load_file_with_textures(rig["atlas"], from_file) as atlas:
        folder = os.path.dirname(rig["atlas"])
        assert seen == [(folder, p) for p in range(atlas.page_count)]
        assert [atlas.page_texture(p) for p in range(atlas.page_count)] == [300 + p for p in range(atlas.page_count)]

    def failing_file(folder, page, details):
        raise FileNotFoundError("no image")

    with pytest.raises(FileNotFoundError):
        Atlas.load_file_with_textures(rig["atlas"], failing_file)
    with expect_error(Status.IO):
        Atlas.load_file_with_textures("/no/such.atlas", from_file)


# ---------------------------------------------------------------------------------------
# Runtime skin entries (ABI 1.4)

def test_skin_entries_round_trip(rig):
    with Atlas.load_file(rig["atlas"]) as atlas, SkeletonData.load_file(rig["skel"], atlas) as data, \
            sn.Skin.create(data, "all") as skin, sn.Skin.create(data, "rebuilt") as rebuilt:
        for i in range(data.count(Item.SKIN)):
            skin.add_data_skin(i)
        entries = skin.entries()
        assert entries and len(entries) == skin.attachment_count
        for e in entries:
            rebuilt.set_attachment(e.slot, e.name, e.attachment)
        assert rebuilt.entries() == entries
        with skin.copy() as copy:
            assert copy.name == "all" and copy.entries() == entries
            copy.remove_attachment(entries[0].slot, entries[0].name)
            assert copy.entries() == entries[1:] and skin.entries() == entries
            with expect_error(Status.NOT_FOUND):
                copy.remove_attachment(entries[0].slot, entries[0].name)
            copy.clear()
            assert copy.attachment_count == 0 and copy.entries() == []


# ---------------------------------------------------------------------------------------
# Runtime attachments (ABI 1.6)

def _setup_frame(renderer, skeleton, skin):
    """(x, y, u, v) of every vertex by slot, of a setup-pose render of ``skeleton`` with ``skin``."""
    skeleton.set_skin(skin)
    skeleton.setup_pose()
    skeleton.update_world_transform(Physics.UPDATE)
    out = renderer.render(skeleton)
    p, t, s = out.positions.tolist(), out.uvs.tolist(), out.slots.tolist()
    frame = {}
    for i, slot in enumerate(s):
        frame.setdefault(slot, []).append((p[i * 2], p[i * 2 + 1], t[i * 2], t[i * 2 + 1]))
    return frame


def _near(a, b, tolerance=1e-5):
    return len(a) == len(b) and all(abs(x - y) <= tolerance for u, w in zip(a, b) for x, y in zip(u, w))


@pytest.mark.skipif(PLAYBACK is None, reason="no rig")
def test_runtime_region_attachment_renders_as_the_data_one():
    rig = PLAYBACK
    assert sn.ABI_VERSION == (1 << 16) | 9 and sn.abi_version() >= sn.ABI_VERSION
    with Atlas.load_file(rig["atlas"]) as atlas, Atlas.load_file(rig["atlas"]) as second, \
            SkeletonData.load_file(rig["skel"], atlas) as data, \
            Renderer.create(sn.RenderOptions(slot_indices=True)) as renderer, \
            sn.Skin.create(data, "base") as base_skin, sn.Skin.create(data, "runtime") as skin, \
            sn.Skin.create(data, "cloned") as cloned, \
            Skeleton.create(data) as base_skeleton, Skeleton.create(data) as skeleton:
        default = data.default_skin
        assert default is not None
        for s in (base_skin, skin, cloned):
            s.add_data_skin(default)
        base = _setup_frame(renderer, base_skeleton, base_skin)
        assert base

        # The first slot showing a region attachment, and one showing a mesh.
        region_slot = mesh_slot = None
        for slot in range(data.count(Item.SLOT)):
            shown = base_skeleton.slot_attachment(slot)
            if shown is None or slot not in base:
                continue
            g = data.attachment_geometry(shown)
            if g.region is None:
                continue
            if region_slot is None and g.type == sn.AttachmentType.REGION:
                region_slot = slot
            if mesh_slot is None and g.type == sn.AttachmentType.MESH:
                mesh_slot = slot
        assert region_slot is not None and mesh_slot is not None

        slot = region_slot
        placeholder = data.slot(slot).attachment
        data_id = base_skeleton.slot_attachment(slot)
        g = data.attachment_geometry(data_id)
        region = atlas.find_region(g.region_name)
        assert region is not None and region == g.region
        placement = sn.RegionPlacement(g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width, g.height, g.color)
        assert placement.size == sn.ctypes.sizeof(sn.RegionPlacement) == 48
        count = skin.attachment_count
        id = skin.create_region_attachment(slot, placeholder, atlas, region, placement)
        assert sn.is_runtime_attachment(id) and id & sn.RUNTIME_ATTACHMENT_BIT and id < 1 << 32
        assert not sn.is_runtime_attachment(data_id)
        assert skin.attachment_count == count  # replaced the entry under the placeholder
        assert sn.SkinEntry(slot, placeholder, id) in skin.entries()

        made = _setup_frame(renderer, skeleton, skin)
        assert skeleton.slot_attachment(slot) == id
        raw = sn.ctypes.c_int32()
        assert sn._lib.spn_skeleton_slot_attachment(skeleton.handle, slot, sn.Pose.APPLIED, sn.ctypes.byref(raw)) == 0
        assert raw.value < -1 and raw.value & 0xFFFFFFFF == id
        assert skeleton.find_attachment(slot, placeholder) == id
        assert len(made[slot]) == 4
        assert _near(made[slot], base[slot])
        assert made.keys() == base.keys() and all(_near(made[k], base[k]) for k in base)

        # By id: the skin takes its own runtime id, the skeleton one of its skin's.
        skin.set_attachment(slot, placeholder, id)
        skeleton.set_slot_attachment(slot, None)
        assert skeleton.slot_attachment(slot, sn.Pose.ANIMATED) is None
        skeleton.set_slot_attachment(slot, id)
        assert skeleton.slot_attachment(slot, sn.Pose.ANIMATED) == id
        plain = skin.create_region_attachment(slot, placeholder, atlas, region)
        assert sn.is_runtime_attachment(plain) and plain != id
        default_placement = sn.RegionPlacement()
        assert (default_placement.scale_x, default_placement.scale_y, default_placement.color.a) == (1.0, 1.0, 1.0)

        # A page rectangle: the region's own UV box.
        info = atlas.region(region)
        uv_id = skin.create_region_attachment_uv(slot, placeholder, info.page, info.u, info.v, info.u2, info.v2,
                                                 placement)
        assert sn.is_runtime_attachment(uv_id)
        boxed = _setup_frame(renderer, skeleton, skin)[slot]
        assert skeleton.slot_attachment(slot) == uv_id and len(boxed) == 4
        for _, _, u, v in boxed:
            assert min(abs(u - info.u), abs(u - info.u2)) < 1e-6
            assert min(abs(v - info.v), abs(v - info.v2)) < 1e-6

        # A mesh cloned with another region: same positions, UVs inside the new region.
        mslot = mesh_slot
        mesh_placeholder = data.slot(mslot).attachment
        mesh_id = base_skeleton.slot_attachment(mslot)
        mesh = data.attachment_geometry(mesh_id)
        other = 1 if mesh.region == 0 else 0
        target = atlas.region(other)
        clone = cloned.clone_attachment(mslot, mesh_placeholder, mesh_id, atlas, other)
        assert sn.is_runtime_attachment(clone)
        recolored = _setup_frame(renderer, skeleton, cloned)
        assert skeleton.slot_attachment(mslot) == clone
        assert _near([v[:2] for v in recolored[mslot]], [v[:2] for v in base[mslot]])
        assert [v[2:] for v in recolored[mslot]] != [v[2:] for v in base[mslot]]
        u0, u1 = sorted((target.u, target.u2))
        v0, v1 = sorted((target.v, target.v2))
        for _, _, u, v in recolored[mslot]:
            assert u0 - 1e-6 <= u <= u1 + 1e-6 and v0 - 1e-6 <= v <= v1 + 1e-6
        again = cloned.clone_attachment(mslot, mesh_placeholder, clone, atlas, mesh.region)
        assert sn.is_runtime_attachment(again) and again != clone
        assert _near(_setup_frame(renderer, skeleton, cloned)[mslot], base[mslot])

        # Misuse.
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            skin.create_region_attachment(slot, placeholder, second, region)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            skin.clone_attachment(mslot, mesh_placeholder, mesh_id, second, other)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skin.create_region_attachment(slot, placeholder, atlas, atlas.region_count)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skin.create_region_attachment(data.count(Item.SLOT), placeholder, atlas, region)
        with expect_error(Status.NOT_FOUND, ErrorKind.NONE):
            skin.create_region_attachment(slot, "no such placeholder", atlas, region)
        with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
            skin.create_region_attachment_uv(slot, placeholder, info.page, 0, 0, 1, 1, sn.RegionPlacement(height=10))
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skin.create_region_attachment_uv(slot, placeholder, atlas.page_count, 0, 0, 1, 1, placement)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skin.clone_attachment(mslot, mesh_placeholder, data.count(Item.ATTACHMENT), atlas, other)
        untextured = [a for a in range(data.count(Item.ATTACHMENT))
                      if data.attachment(a).type in (sn.AttachmentType.BOUNDING_BOX, sn.AttachmentType.POINT,
                                                     sn.AttachmentType.PATH, sn.AttachmentType.CLIPPING)]
        if untextured:
            with expect_error(Status.INVALID_ARGUMENT, ErrorKind.NONE):
                skin.clone_attachment(slot, placeholder, untextured[0], atlas, region)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            base_skin.set_attachment(slot, placeholder, id)

        # ABI 1.9: the skin reports its runtime attachments as the data reports its own.
        made_info = skin.attachment(uv_id)
        assert (made_info.type, made_info.skin, made_info.name) == (sn.AttachmentType.REGION, 0xFFFFFFFF, placeholder)
        rect = skin.attachment_geometry(uv_id)
        assert (rect.x, rect.width, rect.rotation) == (g.x, g.width, g.rotation)
        assert (rect.page, rect.region) == (info.page, None)
        uvs = skin.attachment_floats(uv_id, sn.AttachmentArray.TEXTURE_UVS)
        assert len(uvs) == 8 and (uvs[0], uvs[1], uvs[4], uvs[5]) == (info.u, info.v2, info.u2, info.v)
        assert skin.attachment_geometry(data_id) == data.attachment_geometry(data_id)
        assert cloned.attachment_geometry(again).region == mesh.region
        assert cloned.attachment_indices(again, sn.AttachmentArray.TRIANGLES) == \
            data.attachment_indices(mesh_id, sn.AttachmentArray.TRIANGLES)
        assert cloned.attachment_floats(again, sn.AttachmentArray.TEXTURE_UVS) == \
            data.attachment_floats(mesh_id, sn.AttachmentArray.TEXTURE_UVS)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            base_skin.attachment(uv_id)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            data.attachment_geometry(uv_id)

        # ABI 1.9: a new socket, refused until its name is added to the data.
        with expect_error(Status.NOT_FOUND, ErrorKind.NONE):
            skin.create_region_attachment(slot, "py socket", atlas, region, placement)
        data.add_placeholder("py socket")
        data.add_placeholder("py socket")
        socket = skin.create_region_attachment(slot, "py socket", atlas, region, placement)
        assert sn.SkinEntry(slot, "py socket", socket) in skin.entries()
        assert skin.attachment(socket).name == "py socket"
        skeleton.set_skin(skin)
        assert skeleton.find_attachment(slot, "py socket") == socket
        skeleton.set_attachment(slot, "py socket")
        assert skeleton.slot_attachment(slot, sn.Pose.ANIMATED) == socket
        # The skeleton reports what it shows, also once the skin forgets it.
        skin.set_attachment(slot, "py socket", data_id)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skin.attachment(socket)
        worn = skeleton.attachment_geometry(socket)
        assert (worn.x, worn.width, worn.region) == (g.x, g.width, region)
        assert (skeleton.attachment(socket).name, skeleton.attachment(socket).skin) == ("py socket", 0xFFFFFFFF)
        assert skeleton.attachment_floats(socket, sn.AttachmentArray.TEXTURE_UVS) == \
            data.attachment_floats(data_id, sn.AttachmentArray.TEXTURE_UVS)
        assert skeleton.attachment_indices(mesh_id, sn.AttachmentArray.TRIANGLES) == \
            data.attachment_indices(mesh_id, sn.AttachmentArray.TRIANGLES)
        with expect_error(Status.OUT_OF_RANGE, ErrorKind.NONE):
            skeleton.attachment_geometry(again)


def _f32(x):
    """x rounded to float32 (each operation of the shader rounds)."""
    return sn.ctypes.c_float(x).value


def _shade(palette, bones, weights, positions):
    """The vertex shader of ``spn_gpu_vertex`` in float32: influences in order, no fused
    multiply-adds."""
    sx = sy = 0.0
    for i in range(4):
        a, c, b, d, x, y = palette[6 * bones[i]:6 * bones[i] + 6]
        lx, ly, w = positions[2 * i], positions[2 * i + 1], weights[i]
        p = _f32(_f32(_f32(lx * a) + _f32(ly * b)) + x)
        q = _f32(_f32(_f32(lx * c) + _f32(ly * d)) + y)
        sx, sy = _f32(sx + _f32(p * w)), _f32(sy + _f32(q * w))
    return sx, sy


def test_gpu_render_with_the_shader_is_the_cpu_render(player):
    """GPU skinning (ABI 1.9): the static streams once per data, and each frame's draws with
    the shader applied here are the CPU render's vertices, uvs, colors and triangles; all
    read through zero-copy views."""
    player.state.set_animation(0, _walk_or_first(PLAYBACK), True)
    streams = player.data.gpu_streams()
    assert isinstance(streams.vertices, memoryview) and isinstance(streams.indices, memoryview)
    assert len(streams.vertices) == GPU_VERTEX_SIZE * sum(b.vertex_count for b in streams.blocks)
    assert streams.eligible_attachments > 0
    again = player.data.gpu_streams()
    assert sn.ctypes.addressof(again.vertex_records) == sn.ctypes.addressof(streams.vertex_records), "shared, not copied"
    assert again.vertices == streams.vertices
    gpu_vertices = 0
    for _ in range(20):
        cpu = player.frame()
        positions, uvs, colors = cpu.positions.tolist(), cpu.uvs.tolist(), cpu.colors.tolist()
        indices, ranges = cpu.indices.tolist(), list(cpu.ranges)
        frame = player.renderer.render_gpu(player.skeleton)
        with pytest.raises(sn.StaleOutputError):
            cpu.positions  # the GPU render made the CPU output's views stale
        assert isinstance(frame.palette, memoryview) and frame.palette.format == "f"
        assert len(frame.palette) == 6 * player.data.count(Item.BONE) == 6 * frame.bone_count
        assert frame.draw_count == len(frame.draws) == frame.coverage.gpu_draws + frame.coverage.cpu_draws
        assert len(frame.draw_bytes) == frame.draw_count * sn.ctypes.sizeof(sn.spn_gpu_draw)
        absolute = []
        for r in ranges:
            absolute += [i + r.first_vertex for i in indices[r.first_index:r.first_index + r.index_count]]
        vertex = index = 0
        palette = frame.palette
        for i, draw in enumerate(frame.draws):
            assert (draw.block == NO_BLOCK) == (draw.cpu_reason != CpuReason.NONE)
            assert frame.draw(i).slot == draw.slot
            for k in range(draw.vertex_count):
                if draw.block != NO_BLOCK:
                    bones, weights, local, u, v = streams.vertex(draw.first_vertex + k)
                    xy = _shade(palette, bones, weights, local)
                else:
                    j = 2 * (draw.first_vertex + k)
                    xy, (u, v) = tuple(frame.cpu_positions[j:j + 2]), frame.cpu_uvs[j:j + 2]
                assert xy == tuple(positions[2 * vertex:2 * vertex + 2]), f"vertex {vertex}"
                assert (u, v) == tuple(uvs[2 * vertex:2 * vertex + 2])
                assert draw.color == colors[vertex]
                vertex += 1
            triangles = (streams.indices if draw.block != NO_BLOCK else frame.cpu_indices)[
                draw.first_index:draw.first_index + draw.index_count]
            base = vertex - draw.vertex_count
            assert [t + base for t in triangles] == absolute[index:index + draw.index_count]
            index += draw.index_count
        assert (vertex, index) == (len(colors), len(indices))
        assert frame.coverage.gpu_vertices + frame.coverage.cpu_vertices == vertex
        gpu_vertices += frame.coverage.gpu_vertices
    assert gpu_vertices > 0


def test_gpu_palette_is_the_bone_world_transforms(player):
    """Each palette entry is (a, c, b, d, x, y) of the bone's world transform as the skeleton
    API reads it, float for float."""
    player.state.set_animation(0, _walk_or_first(PLAYBACK), True)
    for _ in range(5):
        player.frame(0.1)
    frame = player.renderer.render_gpu(player.skeleton)
    bones = player.data.count(Item.BONE)
    assert frame.bone_count == bones
    moved = 0
    for b in range(bones):
        w = player.skeleton.bone_world(b)
        assert tuple(frame.palette[6 * b:6 * b + 6]) == (w.a, w.c, w.b, w.d, w.world_x, w.world_y), f"bone {b}"
        moved += (w.world_x, w.world_y) != (0.0, 0.0)
    assert moved > 0


def test_gpu_views_go_stale(player):
    """The GPU frame's views die with the renderer's next render, option change or closing;
    the static streams' with the data's closing: no read shows stale or freed memory."""
    player.frame()
    frame = player.renderer.render_gpu(player.skeleton)
    palette, draws = frame.palette, frame.draws
    assert len(palette) > 0 and len(draws) > 0 and frame.is_valid
    assert frame.generation == player.renderer.output().generation
    player.renderer.render(player.skeleton)
    assert not frame.is_valid
    with pytest.raises(sn.StaleOutputError):
        frame.palette
    with pytest.raises(sn.StaleOutputError):
        frame.draw(0)
    with pytest.raises(ValueError):
        palette[0]  # the memoryview handed out was released
    frame = player.renderer.render_gpu(player.skeleton)
    player.renderer.options = sn.RenderOptions()
    with pytest.raises(sn.StaleOutputError):
        frame.cpu_indices
    with Atlas.load_file(PLAYBACK["atlas"]) as atlas:
        data = sn.SkeletonData.load_file(PLAYBACK["skel"], atlas)
        streams = data.gpu_streams()
        vertices = streams.vertices
        assert streams.block(0).first_vertex == 0 and len(vertices) > 0
        data.close()
        assert not streams.is_valid
        with pytest.raises(RuntimeError):
            streams.blocks
        with pytest.raises(ValueError):
            vertices[0]


def test_gpu_calls_on_closed_objects_raise(player):
    """A closed renderer or data refuses the GPU calls with the handle's status."""
    renderer = Renderer.create()
    renderer.close()
    with pytest.raises(Exception):
        renderer.render_gpu(player.skeleton)
    raw = sn.spn_gpu_streams(size=4)
    assert sn._lib.spn_skeleton_data_gpu_streams(player.data.handle, sn.ctypes.byref(raw)) == Status.INVALID_ARGUMENT
    out = sn.spn_gpu_output(size=sn.ctypes.sizeof(sn.spn_gpu_output))
    assert sn._lib.spn_renderer_render_gpu(player.renderer.handle, player.skeleton.handle, None) == \
        Status.NULL_ARGUMENT
    assert sn._lib.spn_renderer_render_gpu(player.renderer.handle, player.skeleton.handle,
                                           sn.ctypes.byref(out)) == Status.OK
