"""Thin ctypes wrapper of the spine_native C ABI (include/spine_native.h).

- Every failing C call raises :class:`SpineError` carrying ``status`` (:class:`Status`),
  ``kind`` (:class:`ErrorKind`) and the library's message (read on the calling thread right
  after the call).
- :class:`Atlas` and :class:`SkeletonData` own one handle each. Use them as context
  managers (``with``) or call ``close()``; an object that is garbage-collected unclosed
  destroys its handle in ``__del__``. A closed object holds the zero handle; calling it
  raises ``SpineError`` with ``Status.NULL_ARGUMENT`` (reported by the library).
- Names are returned as ``str`` (copied out of the library, so they outlive the object).
- :class:`Skeleton`, :class:`AnimationStateData`, :class:`AnimationState` and
  :class:`Renderer` follow the same ownership rules. :class:`TrackEntry` is a plain value:
  calls on a disposed entry, or after its state is closed, raise ``SpineError`` with
  ``Status.STALE_HANDLE``. Polled events are copied into :class:`Event` tuples.
  :class:`RenderOutput` exposes the renderer's buffers as zero-copy ``memoryview``s (and
  numpy arrays via ``numpy()`` when numpy is installed), valid until the next render.

The shared library is found, in order, at ``$SPINE_NATIVE_LIB`` (the library file or the
folder holding it), ``<repo>/target/release``, ``<repo>/target/debug``, then by the system
loader.
"""

import ctypes
import enum
import os
import sys
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

__all__ = [
    "ABI_VERSION", "Status", "ErrorKind", "Item", "SpineError", "AtlasPage", "Atlas", "SkeletonData",
    "abi_version", "abi_compatible", "version", "last_error_message", "last_error_kind", "library_path",
    "status_string", "error_kind_string",
    "Physics", "EventType", "EntryField", "BoneWorld", "BoneWorldInfo", "EventKey", "SequenceData", "DrawRange", "DrawRangeInfo", "TextureFilter", "TextureWrap", "PageDetails", "SkinEntry", "Event", "TrackEntry", "Skeleton",
    "AnimationStateData", "AnimationState", "RenderOutput", "Renderer",
    "AttachmentArray", "AttachmentGeometry", "ConstraintData", "TransformMapping", "SequenceKey", "Pose", "Blend", "Inherit", "ConstraintType", "AttachmentType", "ConstraintProperty", "EntryLink",
    "Interpolation", "VertexLayout", "AtlasRegion", "SkeletonInfo", "BoneData", "SlotData", "EventData",
    "AttachmentInfo", "ConstraintInfo", "BoneLocal", "Color", "Rect", "Point", "Skin", "Bounds", "BoundingBox",
    "Crowd", "RenderOptions", "ColorOrder", "NO_SEPARATOR", "StaleOutputError", "LibraryNotFoundError",
    "MixBlend", "MixDirection", "FiredEvent", "snapshot", "snapshot_bound", "restore",
    "RUNTIME_ATTACHMENT_BIT", "RegionPlacement", "is_runtime_attachment",
    "NO_BLOCK", "GPU_VERTEX_SIZE", "CpuReason", "GpuBlock", "GpuStreams", "GpuDraw", "GpuCoverage", "GpuFrame",
]

#: SPN_ABI_VERSION of the header these declarations were written from.
ABI_VERSION = (1 << 16) | 9

#: SPN_RUNTIME_ATTACHMENT_BIT: set in the id of every attachment made at runtime (ABI 1.6);
#: ids of the data's attachments are below it.
RUNTIME_ATTACHMENT_BIT = 0x80000000


class Status(enum.IntEnum):
    """spn_status."""
    OK = 0
    NULL_ARGUMENT = 1
    STALE_HANDLE = 2
    WRONG_TYPE = 3
    OUT_OF_RANGE = 4
    INVALID_ARGUMENT = 5
    LOAD = 6
    IO = 7
    PANIC = 8
    NOT_FOUND = 9
    BUSY = 10


class ErrorKind(enum.IntEnum):
    """spn_error_kind."""
    NONE = 0
    VERSION = 1
    TRUNCATED = 2
    OUT_OF_RANGE = 3
    INVALID_VALUE = 4
    MALFORMED_JSON = 5
    MISSING_REGION = 6
    TRAILING_BYTES = 7
    INVALID_ATLAS = 8
    IO = 9


class Item(enum.IntEnum):
    """spn_item: which list of a skeleton data count/name/find read."""
    BONE = 0
    SLOT = 1
    SKIN = 2
    ANIMATION = 3
    EVENT = 4
    CONSTRAINT = 5
    ATTACHMENT = 6


class Physics(enum.IntEnum):
    """spn_physics: what physics constraints do in :meth:`Skeleton.update_world_transform`."""
    NONE = 0
    RESET = 1
    UPDATE = 2
    POSE = 3


class EventType(enum.IntEnum):
    """spn_event_type: what a polled event record reports."""
    START = 0
    INTERRUPT = 1
    END = 2
    DISPOSE = 3
    COMPLETE = 4
    EVENT = 5


class EntryField(enum.IntEnum):
    """spn_entry_field: a field of a track entry (values are floats)."""
    LOOP = 0
    ADDITIVE = 1
    REVERSE = 2
    SHORTEST_ROTATION = 3
    ALPHA = 4
    TIME_SCALE = 5
    TRACK_TIME = 6
    TRACK_END = 7
    DELAY = 8
    ANIMATION_START = 9
    ANIMATION_END = 10
    ANIMATION_LAST = 11
    MIX_TIME = 12
    MIX_DURATION = 13
    MIX_INTERPOLATION = 14
    EVENT_THRESHOLD = 15
    MIX_ATTACHMENT_THRESHOLD = 16
    ALPHA_ATTACHMENT_THRESHOLD = 17
    MIX_DRAW_ORDER_THRESHOLD = 18
    TRACK_INDEX = 19
    ANIMATION = 20
    ANIMATION_TIME = 21
    IS_COMPLETE = 22
    TRACK_COMPLETE = 23
    TRACK_LAST = 24
    WAS_APPLIED = 25
    IS_EMPTY_ANIMATION = 26
    IS_NEXT_READY = 27
    MIX = 28
    TOTAL_ALPHA = 29


class Pose(enum.IntEnum):
    """spn_pose: which of an object's two poses a call reads or writes."""
    ANIMATED = 0
    APPLIED = 1


class Blend(enum.IntEnum):
    NORMAL = 0
    ADDITIVE = 1
    MULTIPLY = 2
    SCREEN = 3


class Inherit(enum.IntEnum):
    NORMAL = 0
    ONLY_TRANSLATION = 1
    NO_ROTATION_OR_REFLECTION = 2
    NO_SCALE = 3
    NO_SCALE_OR_REFLECTION = 4


class ConstraintType(enum.IntEnum):
    IK = 0
    TRANSFORM = 1
    PATH = 2
    PHYSICS = 3
    SLIDER = 4


class AttachmentType(enum.IntEnum):
    REGION = 0
    BOUNDING_BOX = 1
    MESH = 2
    LINKED_MESH = 3
    PATH = 4
    POINT = 5
    CLIPPING = 6


class ConstraintProperty(enum.IntEnum):
    """spn_constraint_property: a property of a constraint's pose."""
    MIX = 0
    SOFTNESS = 1
    BEND_DIRECTION = 2
    COMPRESS = 3
    STRETCH = 4
    MIX_ROTATE = 5
    MIX_X = 6
    MIX_Y = 7
    MIX_SCALE_X = 8
    MIX_SCALE_Y = 9
    MIX_SHEAR_Y = 10
    POSITION = 11
    SPACING = 12
    INERTIA = 13
    STRENGTH = 14
    DAMPING = 15
    MASS_INVERSE = 16
    WIND = 17
    GRAVITY = 18
    TIME = 19


class EntryLink(enum.IntEnum):
    NEXT = 0
    PREVIOUS = 1
    MIXING_FROM = 2
    MIXING_TO = 3


class Interpolation(enum.IntEnum):
    LINEAR = 0
    SMOOTH = 1
    SLOW_FAST = 2
    FAST_SLOW = 3
    CIRCLE = 4


class VertexLayout(enum.IntEnum):
    SEPARATE = 0
    INTERLEAVED = 1


class SpineError(Exception):
    """A failed spine_native call."""

    def __init__(self, status: Status, kind: ErrorKind, message: str):
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.status.name}, kind {self.kind.name}]"


class AtlasPage(NamedTuple):
    name: str
    width: int
    height: int
    pma: bool


class AtlasRegion(NamedTuple):
    """One atlas region (packed rectangle in pixels, texture coordinates, whitespace, rotation)."""
    name: str
    page: int
    x: int
    y: int
    width: int
    height: int
    u: float
    v: float
    u2: float
    v2: float
    offset_x: float
    offset_y: float
    original_width: float
    original_height: float
    degrees: int
    index: int


class SkeletonInfo(NamedTuple):
    nonessential: bool
    version: str
    hash: str
    x: float
    y: float
    width: float
    height: float
    reference_scale: float
    fps: float


class BoneData(NamedTuple):
    index: int
    name: str
    parent: Optional[int]
    length: float
    skin_required: bool


class Color(NamedTuple):
    r: float
    g: float
    b: float
    a: float = 1.0


class SlotData(NamedTuple):
    index: int
    name: str
    bone: int
    attachment: Optional[str]
    blend: "Blend"
    has_dark_color: bool
    color: Color
    dark_color: Color


class EventData(NamedTuple):
    index: int
    name: str
    int_value: int
    float_value: float
    string_value: str
    audio_path: str
    volume: float
    balance: float


class SequenceData(NamedTuple):
    """The texture sequence of a region or mesh attachment (ABI 1.3)."""
    count: int
    start: int
    digits: int
    setup_index: int
    path_suffix: bool


class EventKey(NamedTuple):
    """One event key of an animation (ABI 1.3)."""
    time: float
    event: int
    int_value: int
    float_value: float
    string_value: str
    volume: float
    balance: float


class AttachmentInfo(NamedTuple):
    id: int
    name: str
    type: "AttachmentType"
    skin: int


class ConstraintInfo(NamedTuple):
    index: int
    name: str
    type: "ConstraintType"
    skin_required: bool


class BoneLocal(NamedTuple):
    """A bone's local transform (degrees for rotation and shear)."""
    x: float = 0.0
    y: float = 0.0
    rotation: float = 0.0
    scale_x: float = 1.0
    scale_y: float = 1.0
    shear_x: float = 0.0
    shear_y: float = 0.0
    inherit: "Inherit" = 0


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float


class Point(NamedTuple):
    x: float
    y: float
    rotation: float


class RenderOptions(NamedTuple):
    """spn_render_options. All defaults reproduce the reference runtime's output."""
    premultiplied_alpha: bool = False
    use_z: bool = False
    z_spacing: float = 0.0
    indices_u32: bool = False
    merge_colors: bool = False
    layout: "VertexLayout" = 0
    slot_indices: bool = False  # ABI 1.4: the output's ``slots`` stream
    #: ABI 1.8: indices relative to the whole vertex buffer (no base-vertex draw needed);
    #: 16-bit while a frame has at most 65,536 vertices (and not ``indices_u32``), else 32-bit.
    absolute_indices: bool = False
    #: ABI 1.8: a :class:`ColorOrder`: ``RGBA_BYTES`` packs colors as R, G, B, A bytes in memory.
    color_order: int = 0
    #: ABI 1.8: premultiplied alpha per atlas page (its ``pma`` flag); ``premultiplied_alpha`` ignored.
    pma_per_page: bool = False


class ColorOrder(enum.IntEnum):
    """spn_color_order (ABI 1.8): the byte order of packed colors."""
    ARGB = 0  #: ``A<<24 | R<<16 | G<<8 | B`` (B, G, R, A bytes in memory; swizzle ``.bgra`` in a GL shader)
    RGBA_BYTES = 1  #: ``A<<24 | B<<16 | G<<8 | R`` (R, G, B, A bytes in memory: GLES/WebGL as they are)


#: ``RenderOutput.range_separators`` of a range that ends at no separator slot (ABI 1.8).
NO_SEPARATOR = 0xFFFFFFFF


class StaleOutputError(RuntimeError):
    """A render output (or one of its views) was read after the renderer rendered again,
    changed its options or was closed."""


# --------------------------------------------------------------------------------------
# The raw C declarations


class spn_atlas(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_skeleton_data(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_atlas_page_info(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("width", ctypes.c_uint32),
        ("height", ctypes.c_uint32),
        ("pma", ctypes.c_uint32),
    ]


class spn_skeleton(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_skin(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_animation_state_data(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_animation_state(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_renderer(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_track_entry(ctypes.Structure):
    _fields_ = [("state", ctypes.c_uint64), ("entry", ctypes.c_uint64)]


class spn_bone_world(ctypes.Structure):
    _fields_ = [(name, ctypes.c_float) for name in ("a", "b", "c", "d", "world_x", "world_y")]


class spn_bone_world_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [
        (name, ctypes.c_float) for name in ("rotation_x", "rotation_y", "scale_x", "scale_y")]


class spn_event(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("track", ctypes.c_uint32),
        ("entry", spn_track_entry),
        ("animation", ctypes.c_int32),
        ("event", ctypes.c_int32),
        ("time", ctypes.c_float),
        ("int_value", ctypes.c_int32),
        ("float_value", ctypes.c_float),
        ("volume", ctypes.c_float),
        ("balance", ctypes.c_float),
        ("name", ctypes.c_char_p),
        ("string_value", ctypes.c_char_p),
    ]


class spn_draw_range(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "first_index", "index_count", "first_vertex", "vertex_count", "page", "blend", "color", "dark_color")]


class spn_render_output(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "size", "layout", "vertex_count", "index_count", "range_count", "position_stride", "index_size",
        "vertex_size")] + [(name, ctypes.c_void_p) for name in (
            "positions", "uvs", "colors", "dark_colors", "vertices", "indices", "ranges")] + [
                ("generation", ctypes.c_uint64), ("range_infos", ctypes.c_void_p), ("slots", ctypes.c_void_p),
                ("range_separators", ctypes.c_void_p), ("absolute_indices", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32)]


class spn_draw_range_info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("first_draw", "last_draw", "first_slot", "last_slot")] + [
        ("texture_id", ctypes.c_uint64)]


class spn_gpu_vertex(ctypes.Structure):
    _fields_ = [("bones", ctypes.c_uint16 * 4), ("weights", ctypes.c_float * 4), ("positions", ctypes.c_float * 8),
                ("u", ctypes.c_float), ("v", ctypes.c_float)]


class spn_gpu_block(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "first_vertex", "vertex_count", "first_index", "index_count", "rigid_bone")]


class spn_gpu_streams(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("size", "vertex_count", "index_count", "block_count")] + [
        (name, ctypes.c_void_p) for name in ("vertices", "indices", "blocks")] + [
            (name, ctypes.c_uint32) for name in (
                "eligible_attachments", "too_many_influences", "no_single_bone", "reserved")]


class spn_gpu_draw(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "block", "first_vertex", "vertex_count", "first_index", "index_count", "page", "blend", "color",
        "dark_color", "draw", "slot", "cpu_reason")] + [("texture_id", ctypes.c_uint64)]


class spn_gpu_coverage(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "gpu_draws", "cpu_draws", "gpu_vertices", "cpu_vertices", "clipped_draws", "deformed_draws",
        "ineligible_draws", "runtime_draws")]


class spn_gpu_output(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "size", "bone_count", "draw_count", "cpu_vertex_count", "cpu_index_count", "reserved")] + [
            (name, ctypes.c_void_p) for name in (
                "palette", "draws", "cpu_positions", "cpu_uvs", "cpu_indices")] + [
                    ("coverage", spn_gpu_coverage), ("generation", ctypes.c_uint64)]


class spn_skin_entry(ctypes.Structure):
    _fields_ = [("slot", ctypes.c_uint32), ("attachment", ctypes.c_uint32), ("name", ctypes.c_char_p)]


class spn_page_details(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "size", "width", "height", "min_filter", "mag_filter", "u_wrap", "v_wrap", "pma")] + [
            ("name", ctypes.c_char_p), ("format", ctypes.c_char_p), ("texture_id", ctypes.c_uint64)]


# uint64_t (*spn_texture_loader)(void *user_data, uint32_t page, const spn_page_details *details)
spn_texture_loader = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint32,
                                      ctypes.POINTER(spn_page_details))
# uint32_t (*spn_texture_file_loader)(void *user_data, const char *folder, uint32_t page,
#                                     const spn_page_details *details, uint64_t *out_texture_id)
spn_texture_file_loader = ctypes.CFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32,
                                           ctypes.POINTER(spn_page_details), ctypes.POINTER(ctypes.c_uint64))


class spn_atlas_region_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("page", ctypes.c_uint32), ("name", ctypes.c_char_p)] + [
        (n, ctypes.c_int32) for n in ("x", "y", "width", "height")] + [
        (n, ctypes.c_float) for n in ("u", "v", "u2", "v2", "offset_x", "offset_y", "original_width",
                                       "original_height")] + [("degrees", ctypes.c_int32), ("index", ctypes.c_int32)]


class spn_skeleton_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("nonessential", ctypes.c_uint32), ("version", ctypes.c_char_p),
                ("hash", ctypes.c_char_p)] + [
        (n, ctypes.c_float) for n in ("x", "y", "width", "height", "reference_scale", "fps")]


class spn_bone_data(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("parent", ctypes.c_int32), ("name", ctypes.c_char_p),
                ("length", ctypes.c_float), ("skin_required", ctypes.c_uint32)]


class spn_bone_local(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("inherit", ctypes.c_uint32)] + [
        (n, ctypes.c_float) for n in ("x", "y", "rotation", "scale_x", "scale_y", "shear_x", "shear_y")]


class spn_color(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("r", "g", "b", "a")]


class spn_slot_data(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("bone", ctypes.c_uint32), ("name", ctypes.c_char_p),
                ("attachment", ctypes.c_char_p), ("blend", ctypes.c_uint32), ("has_dark_color", ctypes.c_uint32),
                ("color", spn_color), ("dark_color", spn_color)]


class spn_event_data(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("int_value", ctypes.c_int32), ("name", ctypes.c_char_p),
                ("string_value", ctypes.c_char_p), ("audio_path", ctypes.c_char_p)] + [
        (n, ctypes.c_float) for n in ("float_value", "volume", "balance")]


class spn_sequence_data(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("count", ctypes.c_uint32), ("start", ctypes.c_int32),
                ("digits", ctypes.c_int32), ("setup_index", ctypes.c_int32), ("path_suffix", ctypes.c_uint32)]


class spn_event_key(ctypes.Structure):
    _fields_ = [("time", ctypes.c_float), ("event", ctypes.c_uint32), ("int_value", ctypes.c_int32),
                ("float_value", ctypes.c_float), ("string_value", ctypes.c_char_p), ("volume", ctypes.c_float),
                ("balance", ctypes.c_float)]


class spn_attachment_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", ctypes.c_uint32), ("name", ctypes.c_char_p),
                ("skin", ctypes.c_uint32)]


class spn_constraint_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", ctypes.c_uint32), ("name", ctypes.c_char_p),
                ("skin_required", ctypes.c_uint32)]


class spn_bounds(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_crowd(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_rect(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "width", "height")]


class spn_bounding_box(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("slot", ctypes.c_uint32), ("attachment", ctypes.c_uint32),
                ("vertex_count", ctypes.c_uint32), ("vertices", ctypes.c_void_p)]


class spn_render_options(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("premultiplied_alpha", ctypes.c_uint32), ("use_z", ctypes.c_uint32),
                ("z_spacing", ctypes.c_float), ("indices_u32", ctypes.c_uint32), ("merge_colors", ctypes.c_uint32),
                ("layout", ctypes.c_uint32), ("slot_indices", ctypes.c_uint32),
                ("absolute_indices", ctypes.c_uint32), ("color_order", ctypes.c_uint32),
                ("pma_per_page", ctypes.c_uint32)]


class spn_point(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "rotation")]


class spn_vertex(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "u", "v")] + [
        ("color", ctypes.c_uint32), ("dark_color", ctypes.c_uint32)]


class spn_vertex_z(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "z", "u", "v")] + [
        ("color", ctypes.c_uint32), ("dark_color", ctypes.c_uint32)]


def _library_name() -> str:
    if sys.platform == "win32":
        return "spine_native.dll"
    if sys.platform == "darwin":
        return "libspine_native.dylib"
    return "libspine_native.so"


class LibraryNotFoundError(ImportError):
    """The shared library could not be loaded; the message lists where it was looked for."""


def _candidates():
    """(path or bare name, how it was chosen) in lookup order."""
    name = _library_name()
    env = os.environ.get("SPINE_NATIVE_LIB")
    if env:
        path = Path(env)
        return [(str(path / name if path.is_dir() else path), "$SPINE_NATIVE_LIB")]
    here = Path(__file__).resolve().parent
    found = [(str(here / name), "inside the package (wheel)")]
    if len(here.parents) > 2:
        repo = here.parents[2]
        for profile in ("release", "debug"):
            found.append((str(repo / "target" / profile / name), f"the source tree's target/{profile}"))
    found.append((name, "the system loader (LD_LIBRARY_PATH, ldconfig)"))
    return found


def _load_library() -> ctypes.CDLL:
    tried = []
    candidates = _candidates()
    for index, (path, how) in enumerate(candidates):
        is_last = index == len(candidates) - 1
        if os.sep in path and not Path(path).is_file() and not is_last:
            tried.append(f"  {path} ({how}): no such file")
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"  {path} ({how}): {error}")
    raise LibraryNotFoundError(
        "spine_native: cannot load the shared library " + _library_name() + ". Looked at:\n" + "\n".join(tried) +
        "\nSet SPINE_NATIVE_LIB to the library file (or the folder holding it), e.g. "
        "SPINE_NATIVE_LIB=/path/to/target/release, or install a wheel that contains it.")


# --- crowd branch: direct apply (ABI 1.4) ---
class MixBlend(enum.IntEnum):
    """What a direct apply's alpha mixes from (``spn_mix_blend``; ABI 1.4)."""
    SETUP = 0
    FIRST = 1
    REPLACE = 2
    ADD = 3


class MixDirection(enum.IntEnum):
    """Whether a directly applied animation mixes in or out (``spn_mix_direction``; ABI 1.4)."""
    IN = 0
    OUT = 1


class FiredEvent(NamedTuple):
    """An event key fired by :meth:`Skeleton.apply_animation` (ABI 1.4); ``key`` indexes
    :meth:`SkeletonData.animation_event_keys`."""
    time: float
    event: int
    key: int
    int_value: int
    float_value: float
    volume: float
    balance: float


class spn_fired_event(ctypes.Structure):
    _fields_ = [("time", ctypes.c_float), ("event", ctypes.c_uint32), ("key", ctypes.c_uint32),
                ("int_value", ctypes.c_int32), ("float_value", ctypes.c_float), ("volume", ctypes.c_float),
                ("balance", ctypes.c_float)]


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    c = ctypes
    u8p = c.c_char_p  # `const uint8_t*` inputs: bytes objects pass as pointers
    signatures = {
        "spn_abi_version": (c.c_uint32, []),
        "spn_version_string": (c.c_char_p, []),
        "spn_last_error_message": (c.c_char_p, []),
        "spn_last_error_kind": (c.c_int, []),
        "spn_status_string": (c.c_char_p, [c.c_uint32]),
        "spn_error_kind_string": (c.c_char_p, [c.c_uint32]),
        "spn_atlas_load": (c.c_int, [u8p, c.c_size_t, c.POINTER(spn_atlas)]),
        "spn_atlas_load_file": (c.c_int, [c.c_char_p, c.POINTER(spn_atlas)]),
        "spn_atlas_destroy": (c.c_int, [spn_atlas]),
        "spn_atlas_page_count": (c.c_int, [spn_atlas, c.POINTER(c.c_uint32)]),
        "spn_atlas_region_count": (c.c_int, [spn_atlas, c.POINTER(c.c_uint32)]),
        "spn_atlas_page": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_atlas_page_info)]),
        "spn_skeleton_data_load_binary":
            (c.c_int, [u8p, c.c_size_t, spn_atlas, c.c_float, c.POINTER(spn_skeleton_data)]),
        "spn_skeleton_data_load_json":
            (c.c_int, [u8p, c.c_size_t, spn_atlas, c.c_float, c.POINTER(spn_skeleton_data)]),
        "spn_skeleton_data_load_file":
            (c.c_int, [c.c_char_p, spn_atlas, c.c_float, c.POINTER(spn_skeleton_data)]),
        "spn_skeleton_data_destroy": (c.c_int, [spn_skeleton_data]),
        "spn_skeleton_data_count": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_name":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(c.c_char_p)]),
        "spn_skeleton_data_find": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_char_p, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_keyed":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_event_keys":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_event_key), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_duration":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(c.c_float)]),
        "spn_skeleton_create": (c.c_int, [spn_skeleton_data, c.POINTER(spn_skeleton)]),
        "spn_skeleton_destroy": (c.c_int, [spn_skeleton]),
        "spn_skeleton_set_skin_by_name": (c.c_int, [spn_skeleton, c.c_char_p]),
        "spn_skeleton_set_skin": (c.c_int, [spn_skeleton, spn_skin]),
        "spn_skeleton_skin_name": (c.c_int, [spn_skeleton, c.POINTER(c.c_char_p)]),
        "spn_skeleton_setup_pose": (c.c_int, [spn_skeleton]),
        "spn_skeleton_position": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_position": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_scale": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_scale": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_time": (c.c_int, [spn_skeleton, c.POINTER(c.c_double)]),
        "spn_skeleton_update": (c.c_int, [spn_skeleton, c.c_double]),
        "spn_skeleton_update_world_transform": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_bone_world": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_bone_world)]),
        "spn_animation_state_data_create": (c.c_int, [spn_skeleton_data, c.POINTER(spn_animation_state_data)]),
        "spn_animation_state_data_destroy": (c.c_int, [spn_animation_state_data]),
        "spn_animation_state_data_default_mix": (c.c_int, [spn_animation_state_data, c.POINTER(c.c_double)]),
        "spn_animation_state_data_set_default_mix": (c.c_int, [spn_animation_state_data, c.c_double]),
        "spn_animation_state_data_set_mix_by_name":
            (c.c_int, [spn_animation_state_data, c.c_char_p, c.c_char_p, c.c_double]),
        "spn_animation_state_data_mix":
            (c.c_int, [spn_animation_state_data, c.c_int32, c.c_int32, c.POINTER(c.c_double)]),
        "spn_animation_state_create": (c.c_int, [spn_animation_state_data, c.POINTER(spn_animation_state)]),
        "spn_animation_state_destroy": (c.c_int, [spn_animation_state]),
        "spn_animation_state_update": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_apply": (c.c_int, [spn_animation_state, spn_skeleton]),
        "spn_animation_state_set_animation_by_name":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_char_p, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_animation_by_name":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_char_p, c.c_uint32, c.c_double,
                       c.POINTER(spn_track_entry)]),
        "spn_animation_state_current": (c.c_int, [spn_animation_state, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_time_scale": (c.c_int, [spn_animation_state, c.POINTER(c.c_double)]),
        "spn_animation_state_set_time_scale": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_clear_tracks": (c.c_int, [spn_animation_state]),
        "spn_animation_state_events":
            (c.c_int, [spn_animation_state, c.c_uint32, c.POINTER(c.POINTER(spn_event)), c.POINTER(c.c_uint32)]),
        "spn_track_entry_get": (c.c_int, [spn_track_entry, c.c_uint32, c.POINTER(c.c_double)]),
        "spn_track_entry_set": (c.c_int, [spn_track_entry, c.c_uint32, c.c_double]),
        "spn_track_entry_animation": (c.c_int, [spn_track_entry, c.POINTER(c.c_int32)]),
        "spn_track_entry_track_index": (c.c_int, [spn_track_entry, c.POINTER(c.c_uint32)]),
        "spn_renderer_create": (c.c_int, [c.POINTER(spn_render_options), c.POINTER(spn_renderer)]),
        "spn_renderer_destroy": (c.c_int, [spn_renderer]),
        "spn_renderer_render": (c.c_int, [spn_renderer, spn_skeleton, c.POINTER(spn_render_output)]),
        "spn_renderer_render_gpu": (c.c_int, [spn_renderer, spn_skeleton, c.POINTER(spn_gpu_output)]),
        "spn_renderer_output": (c.c_int, [spn_renderer, c.POINTER(spn_render_output)]),
        "spn_renderer_options": (c.c_int, [spn_renderer, c.POINTER(spn_render_options)]),
        "spn_renderer_set_options": (c.c_int, [spn_renderer, c.POINTER(spn_render_options)]),
        "spn_atlas_region": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_atlas_region_info)]),
        "spn_atlas_find_region": (c.c_int, [spn_atlas, c.c_char_p, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_info": (c.c_int, [spn_skeleton_data, c.POINTER(spn_skeleton_info)]),
        "spn_skeleton_data_bone": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_bone_data)]),
        "spn_skeleton_data_bone_setup": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_bone_local)]),
        "spn_skeleton_data_slot": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_slot_data)]),
        "spn_skeleton_data_event": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_event_data)]),
        "spn_skeleton_data_attachment": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_attachment_info)]),
        "spn_skeleton_data_attachment_sequence":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_sequence_data)]),
        "spn_skeleton_data_constraint": (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_constraint_info)]),
        "spn_skeleton_data_default_skin": (c.c_int, [spn_skeleton_data, c.POINTER(c.c_int32)]),
        "spn_skin_create": (c.c_int, [spn_skeleton_data, c.c_char_p, c.POINTER(spn_skin)]),
        "spn_skin_destroy": (c.c_int, [spn_skin]),
        "spn_skin_add_data_skin": (c.c_int, [spn_skin, c.c_uint32]),
        "spn_skin_add_skin": (c.c_int, [spn_skin, spn_skin]),
        "spn_skin_set_attachment": (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32]),
        "spn_skin_attachment_count": (c.c_int, [spn_skin, c.POINTER(c.c_uint32)]),
        "spn_skin_name": (c.c_int, [spn_skin, c.POINTER(c.c_char_p)]),
        "spn_bounds_create": (c.c_int, [c.POINTER(spn_bounds)]),
        "spn_bounds_destroy": (c.c_int, [spn_bounds]),
        "spn_bounds_update": (c.c_int, [spn_bounds, spn_skeleton, c.c_uint32]),
        "spn_bounds_aabb": (c.c_int, [spn_bounds, c.POINTER(spn_rect)]),
        "spn_bounds_count": (c.c_int, [spn_bounds, c.POINTER(c.c_uint32)]),
        "spn_bounds_box": (c.c_int, [spn_bounds, c.c_uint32, c.POINTER(spn_bounding_box)]),
        "spn_bounds_aabb_contains_point": (c.c_int, [spn_bounds, c.c_float, c.c_float, c.POINTER(c.c_uint32)]),
        "spn_bounds_aabb_intersects_segment":
            (c.c_int, [spn_bounds, c.c_float, c.c_float, c.c_float, c.c_float, c.POINTER(c.c_uint32)]),
        "spn_bounds_aabb_intersects_bounds": (c.c_int, [spn_bounds, spn_bounds, c.POINTER(c.c_uint32)]),
        "spn_bounds_contains_point": (c.c_int, [spn_bounds, c.c_float, c.c_float, c.POINTER(c.c_int32)]),
        "spn_bounds_intersects_segment":
            (c.c_int, [spn_bounds, c.c_float, c.c_float, c.c_float, c.c_float, c.POINTER(c.c_int32)]),
        "spn_skeleton_setup_pose_bones": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose_slots": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose_slot": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_update_cache": (c.c_int, [spn_skeleton]),
        "spn_skeleton_set_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_char_p]),
        "spn_skeleton_find_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_char_p, c.POINTER(c.c_uint32)]),
        "spn_skeleton_slot_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(c.c_int32)]),
        "spn_skeleton_set_slot_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_int32]),
        "spn_skeleton_point_attachment_world":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_point)]),
        "spn_skeleton_bone_local": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_bone_local)]),
        "spn_skeleton_set_bone_local":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_bone_local)]),
        "spn_skeleton_set_bone_world": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_bone_world)]),
        "spn_skeleton_bone_active": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_bone_world_to_local":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_bone_local_to_world":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_bone_world_info": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_bone_world_info)]),
        "spn_skeleton_bone_world_to_parent":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_bone_parent_to_world":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_bone_world_to_local_rotation":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.POINTER(c.c_float)]),
        "spn_skeleton_bone_local_to_world_rotation":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.POINTER(c.c_float)]),
        "spn_skeleton_slot_color": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_color)]),
        "spn_skeleton_set_slot_color": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_color)]),
        "spn_skeleton_slot_dark_color": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_color)]),
        "spn_skeleton_set_slot_dark_color":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_color)]),
        "spn_skeleton_slot_sequence_index":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(c.c_int32)]),
        "spn_skeleton_set_slot_sequence_index": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_int32]),
        "spn_skeleton_draw_order":
            (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_set_draw_order": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32]),
        "spn_skeleton_color": (c.c_int, [spn_skeleton, c.POINTER(spn_color)]),
        "spn_skeleton_set_color": (c.c_int, [spn_skeleton, c.POINTER(spn_color)]),
        "spn_skeleton_y_down": (c.c_int, [spn_skeleton, c.POINTER(c.c_uint32)]),
        "spn_skeleton_set_y_down": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_set_time": (c.c_int, [spn_skeleton, c.c_double]),
        "spn_skeleton_wind": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_wind": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_gravity": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_gravity": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_physics_translate": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_physics_rotate": (c.c_int, [spn_skeleton, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_physics_move":
            (c.c_int, [spn_skeleton, c.c_float, c.c_float, c.c_float, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_physics_constraint_reset": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_physics_constraint_translate": (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float]),
        "spn_skeleton_physics_constraint_rotate":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_constraint_get":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(c.c_float)]),
        "spn_skeleton_constraint_set": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.c_float]),
        "spn_skeleton_constraint_active": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_bounds": (c.c_int, [spn_skeleton, c.POINTER(spn_rect), c.POINTER(c.c_uint32)]),
        "spn_animation_state_data_set_mix":
            (c.c_int, [spn_animation_state_data, c.c_uint32, c.c_uint32, c.c_double]),
        "spn_animation_state_data_clear_mixes": (c.c_int, [spn_animation_state_data]),
        "spn_animation_state_set_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_uint32, c.c_uint32, c.c_double,
                       c.POINTER(spn_track_entry)]),
        "spn_animation_state_set_empty_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_double, c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_empty_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_double, c.c_double, c.POINTER(spn_track_entry)]),
        "spn_animation_state_set_empty_animations": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_clear_track": (c.c_int, [spn_animation_state, c.c_uint32]),
        "spn_animation_state_track_count": (c.c_int, [spn_animation_state, c.POINTER(c.c_uint32)]),
        "spn_animation_state_clear_events": (c.c_int, [spn_animation_state]),
        "spn_track_entry_animation_time": (c.c_int, [spn_track_entry, c.POINTER(c.c_double)]),
        "spn_track_entry_is_complete": (c.c_int, [spn_track_entry, c.POINTER(c.c_uint32)]),
        "spn_track_entry_set_mix_duration": (c.c_int, [spn_track_entry, c.c_double, c.c_double]),
        "spn_track_entry_link": (c.c_int, [spn_track_entry, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_track_entry_reset_rotation_directions": (c.c_int, [spn_track_entry]),
        "spn_crowd_create": (c.c_int, [c.c_uint32, c.POINTER(spn_crowd)]),
        "spn_crowd_destroy": (c.c_int, [spn_crowd]),
        "spn_crowd_add": (c.c_int, [spn_crowd, spn_skeleton, spn_animation_state, spn_renderer]),
        "spn_crowd_clear": (c.c_int, [spn_crowd]),
        "spn_crowd_count": (c.c_int, [spn_crowd, c.POINTER(c.c_uint32)]),
        "spn_crowd_set_threads": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_update": (c.c_int, [spn_crowd, c.c_double, c.c_uint32]),
        # --- crowd branch: direct apply, crowd members, snapshots (ABI 1.4) ---
        "spn_skeleton_apply_animation":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_double, c.c_double, c.c_uint32, c.c_float, c.c_uint32,
                       c.c_uint32, c.c_uint32, c.POINTER(spn_fired_event), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_crowd_remove": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_set_enabled": (c.c_int, [spn_crowd, c.c_uint32, c.c_uint32]),
        "spn_crowd_enabled": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_crowd_set_time_scale": (c.c_int, [spn_crowd, c.c_uint32, c.c_double]),
        "spn_crowd_time_scale": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_double)]),
        "spn_crowd_update_range": (c.c_int, [spn_crowd, c.c_uint32, c.c_uint32, c.c_double, c.c_uint32]),
        "spn_skeleton_snapshot":
            (c.c_int, [spn_skeleton, spn_animation_state, c.c_void_p, c.c_size_t, c.POINTER(c.c_size_t)]),
        "spn_skeleton_restore": (c.c_int, [spn_skeleton, spn_animation_state, c.c_char_p, c.c_size_t]),
        "spn_skeleton_snapshot_bound":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(c.c_size_t)]),
        # --- skin entries (ABI 1.4) ---
        "spn_skin_entries": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_skin_entry), c.c_uint32,
                                       c.POINTER(c.c_uint32)]),
        "spn_skin_remove_attachment": (c.c_int, [spn_skin, c.c_uint32, c.c_char_p]),
        # --- data skin entries, stable crowd ids (ABI 1.8) ---
        "spn_skeleton_data_skin_entries": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                     c.POINTER(spn_skin_entry), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_atlas": (c.c_int, [spn_skeleton_data, c.POINTER(spn_atlas)]),
        "spn_skeleton_data_gpu_streams": (c.c_int, [spn_skeleton_data, c.POINTER(spn_gpu_streams)]),
        "spn_crowd_add_member": (c.c_int, [spn_crowd, spn_skeleton, spn_animation_state, spn_renderer,
                                           c.POINTER(c.c_uint32)]),
        "spn_crowd_remove_member": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_member_index": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_crowd_member_id": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skin_clear": (c.c_int, [spn_skin]),
        "spn_skin_copy": (c.c_int, [spn_skin, c.POINTER(spn_skin)]),
        # --- textures (ABI 1.4) ---
        "spn_atlas_page_details": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_page_details)]),
        "spn_atlas_page_texture": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(c.c_uint64)]),
        "spn_atlas_set_page_texture": (c.c_int, [spn_atlas, c.c_uint32, c.c_uint64]),
        "spn_atlas_load_with_textures": (c.c_int, [u8p, c.c_size_t, spn_texture_loader, c.c_void_p,
                                                   c.POINTER(spn_atlas)]),
        "spn_atlas_load_file_with_textures": (c.c_int, [c.c_char_p, spn_texture_file_loader, c.c_void_p,
                                                        c.POINTER(spn_atlas)]),
        # --- render separation (ABI 1.4) ---
        "spn_renderer_set_separator_slots": (c.c_int, [spn_renderer, c.POINTER(c.c_uint32), c.c_uint32]),
        "spn_renderer_render_slots": (c.c_int, [spn_renderer, spn_skeleton, c.c_uint32, c.c_uint32,
                                                c.POINTER(spn_render_output)]),
        # --- crowd render (ABI 1.5) ---
        "spn_crowd_set_offset": (c.c_int, [spn_crowd, c.c_uint32, c.c_float, c.c_float]),
        "spn_crowd_offset": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_crowd_render_batched": (c.c_int, [spn_crowd, spn_renderer, c.POINTER(spn_render_output)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _declare(_load_library())


# --- geometry (ABI 1.4) ---
class AttachmentArray(enum.IntEnum):
    """The arrays of an attachment's setup data (ABI 1.4): VERTICES..LENGTHS are float arrays
    (``SkeletonData.attachment_floats``), BONES..EDGES index arrays (``attachment_indices``)."""
    VERTICES = 0
    UVS = 1
    TEXTURE_UVS = 2
    OFFSETS = 3
    LENGTHS = 4
    BONES = 5
    TRIANGLES = 6
    EDGES = 7


class spn_attachment_geometry(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", ctypes.c_uint32), ("path", ctypes.c_char_p),
                ("region_name", ctypes.c_char_p), ("page", ctypes.c_int32), ("region", ctypes.c_int32),
                ("color", spn_color)] + [
        (n, ctypes.c_float) for n in ("x", "y", "rotation", "scale_x", "scale_y", "width", "height")] + [
        (n, ctypes.c_uint32) for n in ("vertex_count", "weighted", "hull_length")] + [
        (n, ctypes.c_int32) for n in ("source", "timeline_attachment", "end_slot")] + [
        (n, ctypes.c_uint32) for n in ("closed", "constant_speed", "convex", "inverse")]


class AttachmentGeometry(NamedTuple):
    """The setup data of one attachment (ABI 1.4); fields its kind lacks are 0, None or ''."""
    id: int
    type: "AttachmentType"
    path: str
    region_name: str
    page: Optional[int]
    region: Optional[int]
    color: "Color"
    x: float
    y: float
    rotation: float
    scale_x: float
    scale_y: float
    width: float
    height: float
    vertex_count: int
    weighted: bool
    hull_length: int
    source: Optional[int]
    timeline_attachment: Optional[int]
    end_slot: Optional[int]
    closed: bool
    constant_speed: bool
    convex: bool
    inverse: bool


def _declare_geometry(lib: ctypes.CDLL) -> None:
    c = ctypes
    signatures = {
        "spn_skeleton_data_attachment_geometry":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skeleton_data_attachment_floats": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                          c.POINTER(c.c_float), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_attachment_indices": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                           c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_slot_world_vertices":
            (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_float), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_bounds_skeleton_clipped":
            (c.c_int, [spn_bounds, spn_skeleton, c.POINTER(spn_rect), c.POINTER(c.c_uint32)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


_declare_geometry(_lib)


def _optional(index: int) -> Optional[int]:
    return None if index < 0 else index


# --- constraint data and sequence keys (ABI 1.4) ---
_U, _I, _F = ctypes.c_uint32, ctypes.c_int32, ctypes.c_float
_CONSTRAINT_DATA_FIELDS = [
    ("size", _U), ("kind", _U), ("target", _I), ("animation", _I), ("mix", _F), ("softness", _F),
    ("bend_direction", _I), ("compress", _U), ("stretch", _U), ("scale_y_mode", _U), ("local_source", _U),
    ("local_target", _U), ("additive", _U), ("clamp", _U), ("offset_rotation", _F), ("offset_x", _F),
    ("offset_y", _F), ("offset_scale_x", _F), ("offset_scale_y", _F), ("offset_shear_y", _F), ("mix_rotate", _F),
    ("mix_x", _F), ("mix_y", _F), ("mix_scale_x", _F), ("mix_scale_y", _F), ("mix_shear_y", _F),
    ("mapping_count", _U), ("position_mode", _U), ("spacing_mode", _U), ("rotate_mode", _U), ("position", _F),
    ("spacing", _F), ("inherit_x", _F), ("inherit_y", _F), ("inherit_rotate", _F), ("inherit_scale_x", _F),
    ("inherit_shear_x", _F), ("limit", _F), ("step", ctypes.c_double), ("inertia", _F), ("strength", _F),
    ("damping", _F), ("mass_inverse", _F), ("wind", _F), ("gravity", _F), ("global_", _U), ("time", _F),
    ("looped", _U), ("drive_property", _U), ("drive_from", _F), ("drive_to", _F), ("drive_scale", _F),
    ("drive_max", _F), ("drive_local", _U)]


class spn_constraint_data(ctypes.Structure):
    _fields_ = _CONSTRAINT_DATA_FIELDS


class spn_sequence_key(ctypes.Structure):
    _fields_ = [("time", _F), ("mode", _U), ("index", _I), ("delay", _F), ("slot", _U), ("attachment", _U)]


class SequenceKey(NamedTuple):
    """One key of a sequence timeline (ABI 1.4): mode 0 hold, 1 once, 2 loop, 3 ping-pong,
    4 once reverse, 5 loop reverse, 6 ping-pong reverse."""
    time: float
    mode: int
    index: int
    delay: float
    slot: int
    attachment: int


class spn_transform_mapping(ctypes.Structure):
    _fields_ = [("from_", _U), ("from_offset", _F), ("to", _U), ("offset", _F), ("max", _F), ("scale", _F)]


# The setup values of one constraint by its type (ABI 1.4): the fields of spn_constraint_data
# but ``size`` (``global_`` is the C ``global`` bit set; ``kind`` a ConstraintType); fields
# another type uses are 0, indices -1.
ConstraintData = NamedTuple("ConstraintData", [(n, object) for n, _ in _CONSTRAINT_DATA_FIELDS[1:]])


class TransformMapping(NamedTuple):
    """One property mapping of a transform constraint (ABI 1.4): properties 0 rotate, 1 x,
    2 y, 3 scale X, 4 scale Y, 5 shear Y."""
    from_: int
    from_offset: float
    to: int
    offset: float
    max: float
    scale: float


def _declare_constraint_data(lib: ctypes.CDLL) -> None:
    c = ctypes
    signatures = {
        "spn_skeleton_data_constraint_data":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_constraint_data)]),
        "spn_skeleton_data_constraint_bones":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_sequence_keys":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_sequence_key), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_constraint_transform_mappings":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_transform_mapping), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


_declare_constraint_data(_lib)


# --- runtime attachments (ABI 1.6) ---
class RegionPlacement(ctypes.Structure):
    """Where a runtime region attachment sits on its slot's bone, its size and tint
    (``spn_region_placement``, ABI 1.6): offset ``x``, ``y`` from the bone, ``rotation``
    (degrees), ``scale_x``, ``scale_y``, ``width``, ``height`` in skeleton units (0: the
    atlas region's original size) and ``color`` (an ``(r, g, b[, a])`` sequence). ``size``
    is set; the defaults are what no placement means."""
    _fields_ = [("size", ctypes.c_uint32)] + [
        (n, ctypes.c_float) for n in ("x", "y", "rotation", "scale_x", "scale_y", "width", "height")] + [
        ("color", spn_color)]

    def __init__(self, x: float = 0.0, y: float = 0.0, rotation: float = 0.0, scale_x: float = 1.0,
                 scale_y: float = 1.0, width: float = 0.0, height: float = 0.0,
                 color: Sequence[float] = (1.0, 1.0, 1.0, 1.0)):
        super().__init__(ctypes.sizeof(RegionPlacement), x, y, rotation, scale_x, scale_y, width, height,
                         _spn_color(color))


spn_region_placement = RegionPlacement


def is_runtime_attachment(id: int) -> bool:
    """Whether attachment id ``id`` names an attachment made at runtime (ABI 1.6)."""
    return id is not None and id >= 0 and bool(id & RUNTIME_ATTACHMENT_BIT)


def _declare_runtime_attachments(lib: ctypes.CDLL) -> None:
    c = ctypes
    signatures = {
        "spn_skin_create_region_attachment":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, spn_atlas, c.c_uint32, c.POINTER(RegionPlacement),
                       c.POINTER(c.c_uint32)]),
        "spn_skin_create_region_attachment_uv":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32, c.c_float, c.c_float, c.c_float, c.c_float,
                       c.POINTER(RegionPlacement), c.POINTER(c.c_uint32)]),
        "spn_skin_clone_attachment":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32, spn_atlas, c.c_uint32, c.POINTER(c.c_uint32)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


_declare_runtime_attachments(_lib)


def library_path() -> str:
    """Path of the loaded shared library."""
    return _lib._name


def _check(status: int) -> None:
    if status != Status.OK:
        raise SpineError(Status(status), last_error_kind(), last_error_message())


def _path(path: Union[str, bytes, os.PathLike]) -> bytes:
    return os.fsencode(path)


def _text(text: Union[str, bytes, bytearray, memoryview]) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else bytes(text)


# --------------------------------------------------------------------------------------
# Library


def abi_version() -> int:
    """ABI version of the loaded library (``major << 16 | minor``)."""
    return _lib.spn_abi_version()


def abi_compatible() -> bool:
    """True when the loaded library's ABI major matches these declarations."""
    return abi_version() >> 16 == ABI_VERSION >> 16


def version() -> str:
    """Library version such as ``"1.9.0"`` (major.minor: the ABI's)."""
    return _lib.spn_version_string().decode("utf-8")


def last_error_message() -> str:
    """Message of the last failed call on this thread (empty if none). Only meaningful right
    after a call failed (a success does not clear it); ``SpineError`` carries its own copy."""
    return (_lib.spn_last_error_message() or b"").decode("utf-8", "replace")


def last_error_kind() -> ErrorKind:
    """Kind of the last failure on this thread (meaningful right after a failure)."""
    return ErrorKind(_lib.spn_last_error_kind())


def status_string(status: int) -> str:
    """Name of a status, e.g. ``"SPN_ERROR_STALE_HANDLE"`` (``"SPN_STATUS_UNKNOWN"`` for other
    values) (ABI 1.7)."""
    return _lib.spn_status_string(int(status)).decode("utf-8")


def error_kind_string(kind: int) -> str:
    """Name of an error kind, e.g. ``"SPN_ERROR_KIND_TRUNCATED"`` (``"SPN_ERROR_KIND_UNKNOWN"``
    for other values) (ABI 1.7)."""
    return _lib.spn_error_kind_string(int(kind)).decode("utf-8")


# --------------------------------------------------------------------------------------
# Objects


class _Owned:
    """One owned handle: close() / with / __del__ destroy it once."""

    _handle_type = None  # the ctypes handle struct
    _destroy_name = None  # the spn_*_destroy function

    def __init__(self, handle):
        self._handle = handle

    @property
    def handle(self):
        """The raw handle (zero once closed); still owned by this object."""
        return self._handle_type(self._handle.bits)

    @property
    def closed(self) -> bool:
        return self._handle.bits == 0

    def close(self) -> None:
        """Destroys the handle (once; later calls do nothing)."""
        handle, self._handle = self._handle, self._handle_type(0)
        if handle.bits != 0:
            getattr(_lib, self._destroy_name)(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __del__(self):
        # Interpreter shutdown may already have torn down module globals: never raise here.
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return f"<{type(self).__name__} handle=0x{self._handle.bits:016x}{' closed' if self.closed else ''}>"


class Atlas(_Owned):
    """A loaded texture atlas (owns one ``spn_atlas`` handle)."""

    _handle_type = spn_atlas
    _destroy_name = "spn_atlas_destroy"

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Atlas":
        """Parses atlas text (``str``, or UTF-8 ``bytes``). The text is not retained."""
        data = _text(text)
        handle = spn_atlas(0)
        _check(_lib.spn_atlas_load(data, len(data), ctypes.byref(handle)))
        return cls(handle)

    @classmethod
    def load_file(cls, path: Union[str, bytes, os.PathLike]) -> "Atlas":
        """Reads and parses the atlas file at ``path``."""
        handle = spn_atlas(0)
        _check(_lib.spn_atlas_load_file(_path(path), ctypes.byref(handle)))
        return cls(handle)

    @property
    def page_count(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_atlas_page_count(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def region_count(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_atlas_region_count(self._handle, ctypes.byref(out)))
        return out.value

    def page(self, index: int) -> AtlasPage:
        info = spn_atlas_page_info()
        _check(_lib.spn_atlas_page(self._handle, index, ctypes.byref(info)))
        return AtlasPage(info.name.decode("utf-8"), info.width, info.height, info.pma != 0)

    def pages(self) -> List[AtlasPage]:
        return [self.page(i) for i in range(self.page_count)]

    def region(self, index: int) -> AtlasRegion:
        r = spn_atlas_region_info(size=ctypes.sizeof(spn_atlas_region_info))
        _check(_lib.spn_atlas_region(self._handle, index, ctypes.byref(r)))
        return AtlasRegion(r.name.decode("utf-8"), r.page, r.x, r.y, r.width, r.height, r.u, r.v, r.u2, r.v2,
                           r.offset_x, r.offset_y, r.original_width, r.original_height, r.degrees, r.index)

    @property
    def regions(self) -> List[AtlasRegion]:
        return [self.region(i) for i in range(self.region_count)]

    def find_region(self, name: str) -> Optional[int]:
        """Index of the first region named ``name``, or ``None``."""
        out = ctypes.c_uint32()
        status = _lib.spn_atlas_find_region(self._handle, name.encode("utf-8"), ctypes.byref(out))
        if status == Status.NOT_FOUND:
            return None
        _check(status)
        return out.value

    @classmethod
    def load_file_with_textures(cls, path: Union[str, bytes, os.PathLike], loader) -> "Atlas":
        """Reads the atlas file at ``path`` and sets every page's texture id to
        ``loader(folder, page, details)`` (ABI 1.8): ``folder`` is the atlas file's folder
        (a str; the image is ``os.path.join(folder, details.name)``). An exception from the
        loader stops the load and is raised here; no atlas is made."""
        errors = []

        def trampoline(_user_data, folder, page, details, out_id):
            try:
                out_id[0] = int(loader(folder.decode("utf-8"), page, PageDetails._from(details.contents))) \
                    & 0xFFFF_FFFF_FFFF_FFFF
                return int(Status.OK)
            except BaseException as e:  # reaches the caller below
                errors.append(e)
                return int(Status.IO)

        callback = spn_texture_file_loader(trampoline)
        handle = spn_atlas(0)
        status = _lib.spn_atlas_load_file_with_textures(os.fsencode(path), callback, None, ctypes.byref(handle))
        if errors:
            raise errors[0]
        _check(status)
        return cls(handle)

    @classmethod
    def load_with_textures(cls, text: Union[str, bytes], loader) -> "Atlas":
        """Parses atlas text and sets every page's texture id to ``loader(page, details)``
        (an int, 0..2**64-1; ``details`` a :class:`PageDetails`), called once per page in
        order while loading (ABI 1.4). An exception from the loader is raised here."""
        data = _text(text)
        errors = []

        def trampoline(_user_data, page, details):
            if errors:
                return 0
            try:
                return int(loader(page, PageDetails._from(details.contents))) & 0xFFFF_FFFF_FFFF_FFFF
            except BaseException as e:  # reaches the caller below
                errors.append(e)
                return 0

        callback = spn_texture_loader(trampoline)
        handle = spn_atlas(0)
        _check(_lib.spn_atlas_load_with_textures(data, len(data), callback, None, ctypes.byref(handle)))
        atlas = cls(handle)
        if errors:
            atlas.close()
            raise errors[0]
        return atlas

    def page_details(self, index: int) -> "PageDetails":
        """Texture settings and texture id of page ``index`` (ABI 1.4)."""
        d = spn_page_details(size=ctypes.sizeof(spn_page_details))
        _check(_lib.spn_atlas_page_details(self._handle, index, ctypes.byref(d)))
        return PageDetails._from(d)

    def page_texture(self, page: int) -> int:
        """The caller-set texture id of page ``page`` (0 until set; ABI 1.4)."""
        out = ctypes.c_uint64()
        _check(_lib.spn_atlas_page_texture(self._handle, page, ctypes.byref(out)))
        return out.value

    def set_page_texture(self, page: int, texture_id: int) -> None:
        """Sets the texture id every draw range of page ``page`` reports (ABI 1.4), for
        skeleton data loaded before or after."""
        _check(_lib.spn_atlas_set_page_texture(self._handle, page, texture_id))


class SkeletonData(_Owned):
    """Loaded skeleton data (owns one ``spn_skeleton_data`` handle). Stays valid after the
    atlas it was loaded with is closed."""

    _handle_type = spn_skeleton_data
    _destroy_name = "spn_skeleton_data_destroy"

    @staticmethod
    def _atlas(atlas: Optional[Atlas]):
        return spn_atlas(0) if atlas is None else atlas._handle

    @classmethod
    def load_binary(cls, data: bytes, atlas: Optional[Atlas] = None, scale: float = 1.0) -> "SkeletonData":
        """Loads a binary ``.skel`` export. ``atlas=None`` loads without textures; ``scale``
        multiplies positions and lengths. The bytes are not retained."""
        data = bytes(data)
        handle = spn_skeleton_data(0)
        _check(_lib.spn_skeleton_data_load_binary(data, len(data), cls._atlas(atlas), scale, ctypes.byref(handle)))
        return cls(handle)

    @classmethod
    def load_json(cls, text: Union[str, bytes], atlas: Optional[Atlas] = None, scale: float = 1.0) -> "SkeletonData":
        """Loads a JSON export (``str``, or UTF-8 ``bytes``). See :meth:`load_binary`."""
        data = _text(text)
        handle = spn_skeleton_data(0)
        _check(_lib.spn_skeleton_data_load_json(data, len(data), cls._atlas(atlas), scale, ctypes.byref(handle)))
        return cls(handle)

    @classmethod
    def load_file(cls, path: Union[str, bytes, os.PathLike], atlas: Optional[Atlas] = None,
                  scale: float = 1.0) -> "SkeletonData":
        """Loads a ``.skel`` or ``.json`` file (chosen by content). See :meth:`load_binary`."""
        handle = spn_skeleton_data(0)
        _check(_lib.spn_skeleton_data_load_file(_path(path), cls._atlas(atlas), scale, ctypes.byref(handle)))
        return cls(handle)

    def atlas(self) -> "Atlas":
        """The atlas this data was loaded with (ABI 1.8): a new handle to the same atlas (page
        texture ids shared), kept alive by the data. NOT_FOUND when loaded without one."""
        handle = spn_atlas(0)
        _check(_lib.spn_skeleton_data_atlas(self._handle, ctypes.byref(handle)))
        return Atlas(handle)

    def gpu_streams(self) -> "GpuStreams":
        """The static streams of GPU skinning (ABI 1.9), made once per data and shared by every
        skeleton: ``vertices`` (``GPU_VERTEX_SIZE`` bytes each, the ``spn_gpu_vertex``
        layout, ready to upload), ``indices`` (16-bit, relative to their block's first
        vertex), ``blocks`` (one per attachment and sequence frame). Copied."""
        out = spn_gpu_streams(size=ctypes.sizeof(spn_gpu_streams))
        _check(_lib.spn_skeleton_data_gpu_streams(self._handle, ctypes.byref(out)))
        blocks = [GpuBlock(b.first_vertex, b.vertex_count, b.first_index, b.index_count, b.rigid_bone)
                  for b in _array(out.blocks, spn_gpu_block, out.block_count)]
        return GpuStreams(ctypes.string_at(out.vertices, out.vertex_count * GPU_VERTEX_SIZE) if out.vertices else b"",
                          list(_view(out.indices, ctypes.c_uint16, out.index_count, "H")), blocks,
                          out.eligible_attachments, out.too_many_influences, out.no_single_bone)

    def skin_entries(self, skin: int) -> List["SkinEntry"]:
        """The entries of data skin ``skin`` (an ``Item.SKIN`` index) in load order, with no
        runtime skin (ABI 1.8)."""
        count = ctypes.c_uint32()
        size = ctypes.sizeof(spn_skin_entry)
        _check(_lib.spn_skeleton_data_skin_entries(self._handle, skin, size, None, 0, ctypes.byref(count)))
        records = (spn_skin_entry * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_skin_entries(self._handle, skin, size, records, count.value, ctypes.byref(count)))
        return [SkinEntry(r.slot, r.name.decode("utf-8"), r.attachment) for r in records[:count.value]]

    def count(self, item: Item) -> int:
        """Number of entries of list ``item``."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skeleton_data_count(self._handle, item, ctypes.byref(out)))
        return out.value

    def name(self, item: Item, index: int) -> str:
        """Name of entry ``index`` of list ``item``."""
        out = ctypes.c_char_p()
        _check(_lib.spn_skeleton_data_name(self._handle, item, index, ctypes.byref(out)))
        return out.value.decode("utf-8")

    def names(self, item: Item) -> List[str]:
        """All names of list ``item``."""
        return [self.name(item, i) for i in range(self.count(item))]

    def find(self, item: Item, name: str) -> Optional[int]:
        """Index of the entry of list ``item`` named ``name``, or ``None`` when there is none
        (the library's ``SPN_ERROR_NOT_FOUND``); other failures raise."""
        out = ctypes.c_uint32()
        status = _lib.spn_skeleton_data_find(self._handle, item, name.encode("utf-8"), ctypes.byref(out))
        if status == Status.NOT_FOUND:
            return None
        _check(status)
        return out.value

    def animation_keyed(self, index: int, item: "Item") -> List[int]:
        """The bones, slots or constraints (``item``) animation ``index`` keys, ascending (ABI 1.3)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_data_animation_keyed(self._handle, index, int(item), None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_animation_keyed(self._handle, index, int(item), out, count.value,
                                                      ctypes.byref(count)))
        return list(out[:count.value])

    def animation_event_keys(self, index: int) -> List[EventKey]:
        """The event keys of animation ``index`` in key order (ABI 1.3)."""
        count, size = ctypes.c_uint32(), ctypes.sizeof(spn_event_key)
        _check(_lib.spn_skeleton_data_animation_event_keys(self._handle, index, size, None, 0, ctypes.byref(count)))
        out = (spn_event_key * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_animation_event_keys(self._handle, index, size, out, count.value,
                                                           ctypes.byref(count)))
        return [EventKey(k.time, k.event, k.int_value, k.float_value, (k.string_value or b"").decode("utf-8"),
                         k.volume, k.balance) for k in out[:count.value]]

    def animation_duration(self, index: int) -> float:
        """Duration in seconds of animation ``index``."""
        out = ctypes.c_float()
        _check(_lib.spn_skeleton_data_animation_duration(self._handle, index, ctypes.byref(out)))
        return out.value

    @property
    def info(self) -> SkeletonInfo:
        i = spn_skeleton_info(size=ctypes.sizeof(spn_skeleton_info))
        _check(_lib.spn_skeleton_data_info(self._handle, ctypes.byref(i)))
        return SkeletonInfo(i.nonessential != 0, _decode(i.version) or "", _decode(i.hash) or "", i.x, i.y,
                            i.width, i.height, i.reference_scale, i.fps)

    def bone(self, index: int) -> BoneData:
        b = spn_bone_data(size=ctypes.sizeof(spn_bone_data))
        _check(_lib.spn_skeleton_data_bone(self._handle, index, ctypes.byref(b)))
        return BoneData(index, b.name.decode("utf-8"), None if b.parent < 0 else b.parent, b.length,
                        b.skin_required != 0)

    def bone_setup(self, index: int) -> BoneLocal:
        """The setup pose of bone ``index``."""
        out = spn_bone_local(size=ctypes.sizeof(spn_bone_local))
        _check(_lib.spn_skeleton_data_bone_setup(self._handle, index, ctypes.byref(out)))
        return _bone_local(out)

    def slot(self, index: int) -> SlotData:
        d = spn_slot_data(size=ctypes.sizeof(spn_slot_data))
        _check(_lib.spn_skeleton_data_slot(self._handle, index, ctypes.byref(d)))
        return SlotData(index, d.name.decode("utf-8"), d.bone, _decode(d.attachment), Blend(d.blend),
                        d.has_dark_color != 0, _color(d.color), _color(d.dark_color))

    def event(self, index: int) -> EventData:
        e = spn_event_data(size=ctypes.sizeof(spn_event_data))
        _check(_lib.spn_skeleton_data_event(self._handle, index, ctypes.byref(e)))
        return EventData(index, e.name.decode("utf-8"), e.int_value, e.float_value, _decode(e.string_value) or "",
                         _decode(e.audio_path) or "", e.volume, e.balance)

    def attachment(self, id: int) -> AttachmentInfo:
        """Attachment ``id`` (an index of the ``Item.ATTACHMENT`` list)."""
        a = spn_attachment_info(size=ctypes.sizeof(spn_attachment_info))
        _check(_lib.spn_skeleton_data_attachment(self._handle, id, ctypes.byref(a)))
        return AttachmentInfo(id, a.name.decode("utf-8"), AttachmentType(a.kind), a.skin)

    def attachment_sequence(self, id: int) -> SequenceData:
        """The texture sequence of region or mesh attachment ``id`` (ABI 1.3)."""
        s = spn_sequence_data(size=ctypes.sizeof(spn_sequence_data))
        _check(_lib.spn_skeleton_data_attachment_sequence(self._handle, id, ctypes.byref(s)))
        return SequenceData(s.count, s.start, s.digits, s.setup_index, s.path_suffix != 0)

    def constraint(self, index: int) -> ConstraintInfo:
        c = spn_constraint_info(size=ctypes.sizeof(spn_constraint_info))
        _check(_lib.spn_skeleton_data_constraint(self._handle, index, ctypes.byref(c)))
        return ConstraintInfo(index, c.name.decode("utf-8"), ConstraintType(c.kind), c.skin_required != 0)

    @property
    def default_skin(self) -> Optional[int]:
        """Index of the skin named ``default``, or ``None``."""
        out = ctypes.c_int32()
        _check(_lib.spn_skeleton_data_default_skin(self._handle, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    @property
    def bones(self) -> List[BoneData]:
        return [self.bone(i) for i in range(self.count(Item.BONE))]

    @property
    def slots(self) -> List[SlotData]:
        return [self.slot(i) for i in range(self.count(Item.SLOT))]

    @property
    def events(self) -> List[EventData]:
        return [self.event(i) for i in range(self.count(Item.EVENT))]

    @property
    def constraints(self) -> List[ConstraintInfo]:
        return [self.constraint(i) for i in range(self.count(Item.CONSTRAINT))]

    @property
    def attachments(self) -> List[AttachmentInfo]:
        return [self.attachment(i) for i in range(self.count(Item.ATTACHMENT))]

    @property
    def animations(self) -> List[str]:
        return self.names(Item.ANIMATION)

    @property
    def skins(self) -> List[str]:
        return self.names(Item.SKIN)

    def attachment_geometry(self, id: int) -> "AttachmentGeometry":
        """The setup geometry of attachment ``id`` (ABI 1.4)."""
        g = spn_attachment_geometry(size=ctypes.sizeof(spn_attachment_geometry))
        _check(_lib.spn_skeleton_data_attachment_geometry(self._handle, id, ctypes.byref(g)))
        return _geometry(id, g)

    def add_placeholder(self, name: str) -> None:
        """Adds placeholder name ``name`` for new sockets (ABI 1.9): skins then store
        attachments under it for any slot and skeletons find them by it. Without it a name
        the data does not use is ``NOT_FOUND`` (a misspelt placeholder is still reported).
        The data keeps a copy while it lives; adding again changes nothing. Any thread."""
        _check(_lib.spn_skeleton_data_add_placeholder(self._handle, name.encode("utf-8")))

    def attachment_floats(self, id: int, array: "AttachmentArray") -> List[float]:
        """Float array ``array`` of attachment ``id`` (ABI 1.4)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_data_attachment_floats(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_float * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_attachment_floats(self._handle, id, int(array), out, count.value,
                                                        ctypes.byref(count)))
        return list(out[:count.value])

    def attachment_indices(self, id: int, array: "AttachmentArray") -> List[int]:
        """Index array ``array`` of attachment ``id`` (ABI 1.4)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_data_attachment_indices(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_attachment_indices(self._handle, id, int(array), out, count.value,
                                                         ctypes.byref(count)))
        return list(out[:count.value])

    def constraint_data(self, index: int) -> "ConstraintData":
        """The setup values of constraint ``index`` by its type (ABI 1.4)."""
        c = spn_constraint_data(size=ctypes.sizeof(spn_constraint_data))
        _check(_lib.spn_skeleton_data_constraint_data(self._handle, index, ctypes.byref(c)))
        values = [getattr(c, n) for n, _ in _CONSTRAINT_DATA_FIELDS[1:]]
        values[0] = ConstraintType(values[0])
        return ConstraintData(*values)

    def constraint_bones(self, index: int) -> List[int]:
        """The bones constraint ``index`` poses (ABI 1.4)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_data_constraint_bones(self._handle, index, None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_constraint_bones(self._handle, index, out, count.value, ctypes.byref(count)))
        return list(out[:count.value])

    def constraint_transform_mappings(self, index: int) -> List["TransformMapping"]:
        """The property mappings of transform constraint ``index`` (ABI 1.4)."""
        count, size = ctypes.c_uint32(), ctypes.sizeof(spn_transform_mapping)
        _check(_lib.spn_skeleton_data_constraint_transform_mappings(self._handle, index, size, None, 0,
                                                                    ctypes.byref(count)))
        out = (spn_transform_mapping * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_constraint_transform_mappings(self._handle, index, size, out, count.value,
                                                                    ctypes.byref(count)))
        return [TransformMapping(m.from_, m.from_offset, m.to, m.offset, m.max, m.scale) for m in out[:count.value]]

    def animation_sequence_keys(self, animation: int) -> List["SequenceKey"]:
        """The sequence timeline keys of animation ``animation`` (ABI 1.4)."""
        count, size = ctypes.c_uint32(), ctypes.sizeof(spn_sequence_key)
        _check(_lib.spn_skeleton_data_animation_sequence_keys(self._handle, animation, size, None, 0,
                                                              ctypes.byref(count)))
        out = (spn_sequence_key * max(count.value, 1))()
        _check(_lib.spn_skeleton_data_animation_sequence_keys(self._handle, animation, size, out, count.value,
                                                              ctypes.byref(count)))
        return [SequenceKey(k.time, k.mode, k.index, k.delay, k.slot, k.attachment) for k in out[:count.value]]


def _color(c) -> Color:
    return Color(c.r, c.g, c.b, c.a)


def _bone_local(l) -> BoneLocal:
    return BoneLocal(l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y, Inherit(l.inherit))


def _spn_color(color) -> spn_color:
    r, g, b, *a = color
    return spn_color(r, g, b, a[0] if a else 1.0)


class Skin(_Owned):
    """A runtime skin (owns one ``spn_skin`` handle), built from data skins, other skins and
    single attachments; skeletons copy its contents when it is set. Any thread."""

    _handle_type = spn_skin
    _destroy_name = "spn_skin_destroy"

    @classmethod
    def create(cls, data: SkeletonData, name: str) -> "Skin":
        handle = spn_skin(0)
        _check(_lib.spn_skin_create(data._handle, name.encode("utf-8"), ctypes.byref(handle)))
        skin = cls(handle)
        skin._data = data
        return skin

    def add_data_skin(self, skin: Union[int, str]) -> "Skin":
        """Adds a data skin by index or name (``SpineError`` NOT_FOUND for an unknown name)."""
        if isinstance(skin, str):
            index = self._data.find(Item.SKIN, skin)
            if index is None:
                raise SpineError(Status.NOT_FOUND, ErrorKind.NONE, f"no skin named '{skin}'")
            skin = index
        _check(_lib.spn_skin_add_data_skin(self._handle, skin))
        return self

    def add_skin(self, other: "Skin") -> "Skin":
        _check(_lib.spn_skin_add_skin(self._handle, other._handle))
        return self

    def set_attachment(self, slot: int, name: str, attachment: int) -> "Skin":
        _check(_lib.spn_skin_set_attachment(self._handle, slot, name.encode("utf-8"), attachment))
        return self

    @property
    def attachment_count(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_count(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def name(self) -> str:
        out = ctypes.c_char_p()
        _check(_lib.spn_skin_name(self._handle, ctypes.byref(out)))
        return out.value.decode("utf-8")

    def entries(self) -> List["SkinEntry"]:
        """The entries in insertion order (ABI 1.4)."""
        count = ctypes.c_uint32()
        size = ctypes.sizeof(spn_skin_entry)
        _check(_lib.spn_skin_entries(self._handle, size, None, 0, ctypes.byref(count)))
        records = (spn_skin_entry * max(count.value, 1))()
        _check(_lib.spn_skin_entries(self._handle, size, records, count.value, ctypes.byref(count)))
        return [SkinEntry(r.slot, r.name.decode("utf-8"), r.attachment) for r in records[:count.value]]

    def remove_attachment(self, slot: int, name: str) -> "Skin":
        """Removes the entry of ``slot`` under placeholder ``name`` (ABI 1.4; NOT_FOUND if absent)."""
        _check(_lib.spn_skin_remove_attachment(self._handle, slot, name.encode("utf-8")))
        return self

    def clear(self) -> "Skin":
        """Removes every entry, bone and constraint (ABI 1.4)."""
        _check(_lib.spn_skin_clear(self._handle))
        return self

    def copy(self) -> "Skin":
        """An independent skin with this one's name and contents (ABI 1.4)."""
        handle = spn_skin(0)
        _check(_lib.spn_skin_copy(self._handle, ctypes.byref(handle)))
        skin = Skin(handle)
        skin._data = self._data
        return skin

    def create_region_attachment(self, slot: int, name: str, atlas: "Atlas", region: int,
                                 placement: Optional[RegionPlacement] = None) -> int:
        """Makes a region attachment showing region ``region`` (an index of ``atlas``'s
        regions; ``atlas`` must be the one the data was loaded with), placed by ``placement``
        (``None``: at the bone's origin, unscaled, white, the region's original size), and
        stores it for ``slot`` under placeholder ``name`` (ABI 1.6). Returns its id
        (:func:`is_runtime_attachment`); skeletons see it once the skin is set on them."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_create_region_attachment(
            self._handle, slot, name.encode("utf-8"), atlas._handle, region,
            None if placement is None else ctypes.byref(placement), ctypes.byref(out)))
        return out.value

    def create_region_attachment_uv(self, slot: int, name: str, page: int, u: float, v: float, u2: float,
                                    v2: float, placement: RegionPlacement) -> int:
        """Makes a region attachment showing the rectangle ``(u, v)`` top left to ``(u2, v2)``
        bottom right of page ``page`` of the data's atlas, unrotated, placed by ``placement``
        (``width`` and ``height`` must be positive), and stores it as
        :meth:`create_region_attachment` does (ABI 1.6). Returns its id."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_create_region_attachment_uv(self._handle, slot, name.encode("utf-8"), page, u, v, u2,
                                                         v2, ctypes.byref(placement), ctypes.byref(out)))
        return out.value

    def clone_attachment(self, slot: int, name: str, attachment: int, atlas: "Atlas", region: int) -> int:
        """Copies region or mesh attachment ``attachment`` (a data id, or a runtime id this
        skin holds) with region ``region`` of ``atlas`` (the data's atlas) instead of its
        texture and stores the copy for ``slot`` under placeholder ``name`` (ABI 1.6).
        Returns the copy's id."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_clone_attachment(self._handle, slot, name.encode("utf-8"), attachment, atlas._handle,
                                              region, ctypes.byref(out)))
        return out.value

    def attachment(self, id: int) -> AttachmentInfo:
        """Attachment ``id`` as this skin knows it (ABI 1.9): a data id, or a runtime id the
        skin holds (``OUT_OF_RANGE`` otherwise). A runtime attachment's ``skin`` is 0xFFFFFFFF."""
        a = spn_attachment_info(size=ctypes.sizeof(spn_attachment_info))
        _check(_lib.spn_skin_attachment(self._handle, id, ctypes.byref(a)))
        return AttachmentInfo(id, a.name.decode("utf-8"), AttachmentType(a.kind), a.skin)

    def attachment_geometry(self, id: int) -> "AttachmentGeometry":
        """The geometry of attachment ``id`` as this skin knows it (ABI 1.9): for a runtime
        region the placement it was made with, its page and region (``None`` for a page
        rectangle)."""
        g = spn_attachment_geometry(size=ctypes.sizeof(spn_attachment_geometry))
        _check(_lib.spn_skin_attachment_geometry(self._handle, id, ctypes.byref(g)))
        return _geometry(id, g)

    def attachment_floats(self, id: int, array: "AttachmentArray") -> List[float]:
        """Float array ``array`` of attachment ``id`` as this skin knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_floats(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_float * max(count.value, 1))()
        _check(_lib.spn_skin_attachment_floats(self._handle, id, int(array), out, count.value, ctypes.byref(count)))
        return list(out[:count.value])

    def attachment_indices(self, id: int, array: "AttachmentArray") -> List[int]:
        """Index array ``array`` of attachment ``id`` as this skin knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_indices(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skin_attachment_indices(self._handle, id, int(array), out, count.value, ctypes.byref(count)))
        return list(out[:count.value])


def _geometry(id: int, g: "spn_attachment_geometry") -> "AttachmentGeometry":
    text = lambda b: b.decode("utf-8") if b else ""
    return AttachmentGeometry(
        id, AttachmentType(g.kind), text(g.path), text(g.region_name), _optional(g.page), _optional(g.region),
        _color(g.color), g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width, g.height, g.vertex_count,
        g.weighted != 0, g.hull_length, _optional(g.source), _optional(g.timeline_attachment),
        _optional(g.end_slot), g.closed != 0, g.constant_speed != 0, g.convex != 0, g.inverse != 0)


def _declare_skin_attachments(lib: ctypes.CDLL) -> None:
    c = ctypes
    signatures = {
        "spn_skeleton_data_add_placeholder": (c.c_int, [spn_skeleton_data, c.c_char_p]),
        "spn_skin_attachment": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_attachment_info)]),
        "spn_skin_attachment_geometry": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skin_attachment_floats": (c.c_int, [spn_skin, c.c_uint32, c.c_uint32, c.POINTER(c.c_float),
                                                 c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skin_attachment_indices": (c.c_int, [spn_skin, c.c_uint32, c.c_uint32, c.POINTER(c.c_uint32),
                                                  c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_attachment_info)]),
        "spn_skeleton_attachment_geometry":
            (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skeleton_attachment_floats": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(c.c_float),
                                                     c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_attachment_indices": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32,
                                                      c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes


_declare_skin_attachments(_lib)


# --------------------------------------------------------------------------------------
# Playback


class BoneWorldInfo(NamedTuple):
    """World rotation (degrees) and scale of a bone's X and Y axes (ABI 1.3)."""
    rotation_x: float
    rotation_y: float
    scale_x: float
    scale_y: float


class BoneWorld(NamedTuple):
    """A bone's world transform: a bone-local (x, y) is at (a·x + b·y + world_x, c·x + d·y + world_y)."""
    a: float
    b: float
    c: float
    d: float
    world_x: float
    world_y: float


class DrawRange(NamedTuple):
    """One draw call: ``index_count`` indices from ``first_index``, relative to vertex ``first_vertex``."""
    first_index: int
    index_count: int
    first_vertex: int
    vertex_count: int
    page: int
    blend: int
    color: int
    dark_color: int


class DrawRangeInfo(NamedTuple):
    """The draw-order span a draw range covers (ABI 1.4): positions ``first_draw`` to
    ``last_draw`` (inclusive) of the applied draw order, and the slots there."""
    first_draw: int
    last_draw: int
    first_slot: int
    last_slot: int
    texture_id: int = 0  # the page's caller-set texture id (Atlas.set_page_texture)


class SkinEntry(NamedTuple):
    """One entry of a runtime skin (ABI 1.4): ``attachment`` shown by ``slot`` under ``name``."""
    slot: int
    name: str
    attachment: int


class TextureFilter(enum.IntEnum):
    """spn_texture_filter (ABI 1.4)."""
    NEAREST = 0
    LINEAR = 1
    MIPMAP = 2
    MIPMAP_NEAREST_NEAREST = 3
    MIPMAP_LINEAR_NEAREST = 4
    MIPMAP_NEAREST_LINEAR = 5
    MIPMAP_LINEAR_LINEAR = 6


class TextureWrap(enum.IntEnum):
    """spn_texture_wrap (ABI 1.4)."""
    MIRRORED_REPEAT = 0
    CLAMP_TO_EDGE = 1
    REPEAT = 2


class PageDetails(NamedTuple):
    """Texture settings of an atlas page (spn_page_details, ABI 1.4)."""
    name: str
    width: int
    height: int
    format: str
    min_filter: TextureFilter
    mag_filter: TextureFilter
    u_wrap: TextureWrap
    v_wrap: TextureWrap
    pma: bool
    texture_id: int

    @staticmethod
    def _from(d: "spn_page_details") -> "PageDetails":
        return PageDetails(d.name.decode("utf-8"), d.width, d.height, d.format.decode("utf-8"),
                           TextureFilter(d.min_filter), TextureFilter(d.mag_filter), TextureWrap(d.u_wrap),
                           TextureWrap(d.v_wrap), d.pma != 0, d.texture_id)


class Skeleton(_Owned):
    """A skeleton instance (owns one ``spn_skeleton`` handle). Use from one thread at a time."""

    _handle_type = spn_skeleton
    _destroy_name = "spn_skeleton_destroy"

    @classmethod
    def create(cls, data: SkeletonData) -> "Skeleton":
        """A skeleton of ``data`` in the setup pose (no skin). It keeps the data alive."""
        handle = spn_skeleton(0)
        _check(_lib.spn_skeleton_create(data._handle, ctypes.byref(handle)))
        return cls(handle)

    def set_skin(self, name: Union[None, str, "Skin"]) -> None:
        """Sets the data skin named ``name`` (``SpineError`` NOT_FOUND if none) or a runtime
        :class:`Skin` (its contents as they are now); ``None`` clears it."""
        if name is None:
            _check(_lib.spn_skeleton_set_skin(self._handle, spn_skin(0)))
        elif isinstance(name, Skin):
            _check(_lib.spn_skeleton_set_skin(self._handle, name._handle))
        else:
            _check(_lib.spn_skeleton_set_skin_by_name(self._handle, name.encode("utf-8")))

    @property
    def skin_name(self) -> Optional[str]:
        out = ctypes.c_char_p()
        _check(_lib.spn_skeleton_skin_name(self._handle, ctypes.byref(out)))
        return None if out.value is None else out.value.decode("utf-8")

    def setup_pose(self) -> None:
        _check(_lib.spn_skeleton_setup_pose(self._handle))

    @property
    def position(self):
        x, y = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_position(self._handle, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    @position.setter
    def position(self, xy) -> None:
        _check(_lib.spn_skeleton_set_position(self._handle, xy[0], xy[1]))

    @property
    def scale(self):
        x, y = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_scale(self._handle, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    @scale.setter
    def scale(self, xy) -> None:
        _check(_lib.spn_skeleton_set_scale(self._handle, xy[0], xy[1]))

    @property
    def time(self) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_skeleton_time(self._handle, ctypes.byref(out)))
        return out.value

    def update(self, delta: float) -> None:
        """Advances the skeleton time (drives physics) by ``delta`` seconds."""
        _check(_lib.spn_skeleton_update(self._handle, delta))

    def update_world_transform(self, physics: Physics = Physics.UPDATE) -> None:
        _check(_lib.spn_skeleton_update_world_transform(self._handle, physics))

    def bone_world(self, index: int) -> BoneWorld:
        """World transform of bone ``index`` as of the last world transform update."""
        out = spn_bone_world()
        _check(_lib.spn_skeleton_bone_world(self._handle, index, ctypes.byref(out)))
        return BoneWorld(out.a, out.b, out.c, out.d, out.world_x, out.world_y)

    def set_bone_world(self, index: int, world: BoneWorld) -> None:
        _check(_lib.spn_skeleton_set_bone_world(self._handle, index, ctypes.byref(spn_bone_world(*world))))

    def setup_pose_bones(self) -> None:
        _check(_lib.spn_skeleton_setup_pose_bones(self._handle))

    def setup_pose_slots(self) -> None:
        _check(_lib.spn_skeleton_setup_pose_slots(self._handle))

    def setup_pose_slot(self, slot: int) -> None:
        _check(_lib.spn_skeleton_setup_pose_slot(self._handle, slot))

    def update_cache(self) -> None:
        _check(_lib.spn_skeleton_update_cache(self._handle))

    def set_attachment(self, slot: int, name: Optional[str]) -> None:
        """Slot attachment by placeholder name (current skin, then default skin); ``None`` clears it."""
        _check(_lib.spn_skeleton_set_attachment(self._handle, slot, None if name is None else name.encode("utf-8")))

    def find_attachment(self, slot: int, name: str) -> Optional[int]:
        out = ctypes.c_uint32()
        status = _lib.spn_skeleton_find_attachment(self._handle, slot, name.encode("utf-8"), ctypes.byref(out))
        if status == Status.NOT_FOUND:
            return None
        _check(status)
        return out.value

    def attachment(self, id: int) -> AttachmentInfo:
        """Attachment ``id`` as this skeleton knows it (ABI 1.9): a data id, or a runtime id it
        holds (what its slots show, its skin's), also after the skin that made it is gone
        (``OUT_OF_RANGE`` otherwise). A runtime attachment's ``skin`` is 0xFFFFFFFF."""
        a = spn_attachment_info(size=ctypes.sizeof(spn_attachment_info))
        _check(_lib.spn_skeleton_attachment(self._handle, id, ctypes.byref(a)))
        return AttachmentInfo(id, a.name.decode("utf-8"), AttachmentType(a.kind), a.skin)

    def attachment_geometry(self, id: int) -> "AttachmentGeometry":
        """The setup geometry of attachment ``id`` as this skeleton knows it (ABI 1.9)."""
        g = spn_attachment_geometry(size=ctypes.sizeof(spn_attachment_geometry))
        _check(_lib.spn_skeleton_attachment_geometry(self._handle, id, ctypes.byref(g)))
        return _geometry(id, g)

    def attachment_floats(self, id: int, array: "AttachmentArray") -> List[float]:
        """Float array ``array`` of attachment ``id`` as this skeleton knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_attachment_floats(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_float * max(count.value, 1))()
        _check(_lib.spn_skeleton_attachment_floats(self._handle, id, int(array), out, count.value,
                                                   ctypes.byref(count)))
        return list(out[:count.value])

    def attachment_indices(self, id: int, array: "AttachmentArray") -> List[int]:
        """Index array ``array`` of attachment ``id`` as this skeleton knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_attachment_indices(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skeleton_attachment_indices(self._handle, id, int(array), out, count.value,
                                                    ctypes.byref(count)))
        return list(out[:count.value])

    def slot_attachment(self, slot: int, pose: Pose = Pose.APPLIED) -> Optional[int]:
        """Attachment id shown by ``slot``, or ``None``. A runtime attachment's id (ABI 1.6)
        comes back as the id :meth:`Skin.create_region_attachment` returned."""
        out = ctypes.c_int32()
        _check(_lib.spn_skeleton_slot_attachment(self._handle, slot, pose, ctypes.byref(out)))
        return None if out.value == -1 else out.value & 0xFFFFFFFF

    def set_slot_attachment(self, slot: int, attachment: Optional[int], pose: Pose = Pose.ANIMATED) -> None:
        """Sets ``slot``'s attachment by id (a data id, or since ABI 1.6 a runtime id of a skin
        set on this skeleton); ``None`` clears it."""
        if attachment is None:
            attachment = -1
        elif attachment >= RUNTIME_ATTACHMENT_BIT:
            attachment -= 1 << 32  # the int32 the C call takes
        _check(_lib.spn_skeleton_set_slot_attachment(self._handle, slot, pose, attachment))

    def point_attachment_world(self, slot: int, attachment: int) -> Point:
        out = spn_point()
        _check(_lib.spn_skeleton_point_attachment_world(self._handle, slot, attachment, ctypes.byref(out)))
        return Point(out.x, out.y, out.rotation)

    def bone_local(self, bone: int, pose: Pose = Pose.ANIMATED) -> BoneLocal:
        out = spn_bone_local(size=ctypes.sizeof(spn_bone_local))
        _check(_lib.spn_skeleton_bone_local(self._handle, bone, pose, ctypes.byref(out)))
        return _bone_local(out)

    def set_bone_local(self, bone: int, local: BoneLocal, pose: Pose = Pose.ANIMATED) -> None:
        raw = spn_bone_local(ctypes.sizeof(spn_bone_local), int(local.inherit), local.x, local.y, local.rotation,
                             local.scale_x, local.scale_y, local.shear_x, local.shear_y)
        _check(_lib.spn_skeleton_set_bone_local(self._handle, bone, pose, ctypes.byref(raw)))

    def bone_active(self, bone: int) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_skeleton_bone_active(self._handle, bone, ctypes.byref(out)))
        return out.value != 0

    def world_to_local(self, bone: int, x: float, y: float):
        ox, oy = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_bone_world_to_local(self._handle, bone, x, y, ctypes.byref(ox), ctypes.byref(oy)))
        return (ox.value, oy.value)

    def local_to_world(self, bone: int, x: float, y: float):
        ox, oy = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_bone_local_to_world(self._handle, bone, x, y, ctypes.byref(ox), ctypes.byref(oy)))
        return (ox.value, oy.value)

    def bone_world_info(self, bone: int) -> "BoneWorldInfo":
        """World rotation (degrees) and scale of bone `bone`'s X and Y axes (ABI 1.3)."""
        out = spn_bone_world_info(size=ctypes.sizeof(spn_bone_world_info))
        _check(_lib.spn_skeleton_bone_world_info(self._handle, bone, ctypes.byref(out)))
        return BoneWorldInfo(out.rotation_x, out.rotation_y, out.scale_x, out.scale_y)

    def world_to_parent(self, bone: int, x: float, y: float):
        """A world point in the space of bone `bone`'s parent (the root: unchanged; ABI 1.3)."""
        ox, oy = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_bone_world_to_parent(self._handle, bone, x, y, ctypes.byref(ox), ctypes.byref(oy)))
        return (ox.value, oy.value)

    def parent_to_world(self, bone: int, x: float, y: float):
        """A point in the space of bone `bone`'s parent in world space (ABI 1.3)."""
        ox, oy = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_bone_parent_to_world(self._handle, bone, x, y, ctypes.byref(ox), ctypes.byref(oy)))
        return (ox.value, oy.value)

    def world_to_local_rotation(self, bone: int, degrees: float) -> float:
        out = ctypes.c_float()
        _check(_lib.spn_skeleton_bone_world_to_local_rotation(self._handle, bone, degrees, ctypes.byref(out)))
        return out.value

    def local_to_world_rotation(self, bone: int, degrees: float) -> float:
        out = ctypes.c_float()
        _check(_lib.spn_skeleton_bone_local_to_world_rotation(self._handle, bone, degrees, ctypes.byref(out)))
        return out.value

    def slot_color(self, slot: int, pose: Pose = Pose.APPLIED) -> Color:
        out = spn_color()
        _check(_lib.spn_skeleton_slot_color(self._handle, slot, pose, ctypes.byref(out)))
        return _color(out)

    def set_slot_color(self, slot: int, color, pose: Pose = Pose.ANIMATED) -> None:
        _check(_lib.spn_skeleton_set_slot_color(self._handle, slot, pose, ctypes.byref(_spn_color(color))))

    def slot_dark_color(self, slot: int, pose: Pose = Pose.APPLIED) -> Color:
        out = spn_color()
        _check(_lib.spn_skeleton_slot_dark_color(self._handle, slot, pose, ctypes.byref(out)))
        return _color(out)

    def set_slot_dark_color(self, slot: int, color, pose: Pose = Pose.ANIMATED) -> None:
        _check(_lib.spn_skeleton_set_slot_dark_color(self._handle, slot, pose, ctypes.byref(_spn_color(color))))

    def slot_sequence_index(self, slot: int, pose: Pose = Pose.APPLIED) -> int:
        out = ctypes.c_int32()
        _check(_lib.spn_skeleton_slot_sequence_index(self._handle, slot, pose, ctypes.byref(out)))
        return out.value

    def set_slot_sequence_index(self, slot: int, index: int, pose: Pose = Pose.ANIMATED) -> None:
        _check(_lib.spn_skeleton_set_slot_sequence_index(self._handle, slot, pose, index))

    def draw_order(self, pose: Pose = Pose.APPLIED) -> List[int]:
        """Slot indices, back to front."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_draw_order(self._handle, pose, None, 0, ctypes.byref(count)))
        slots = (ctypes.c_uint32 * count.value)()
        _check(_lib.spn_skeleton_draw_order(self._handle, pose, slots, count.value, ctypes.byref(count)))
        return list(slots)

    def set_draw_order(self, slots, pose: Pose = Pose.ANIMATED) -> None:
        array = (ctypes.c_uint32 * len(slots))(*slots)
        _check(_lib.spn_skeleton_set_draw_order(self._handle, pose, array, len(slots)))

    @property
    def color(self) -> Color:
        out = spn_color()
        _check(_lib.spn_skeleton_color(self._handle, ctypes.byref(out)))
        return _color(out)

    @color.setter
    def color(self, color) -> None:
        _check(_lib.spn_skeleton_set_color(self._handle, ctypes.byref(_spn_color(color))))

    @property
    def y_down(self) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_skeleton_y_down(self._handle, ctypes.byref(out)))
        return out.value != 0

    @y_down.setter
    def y_down(self, value: bool) -> None:
        _check(_lib.spn_skeleton_set_y_down(self._handle, 1 if value else 0))

    @time.setter
    def time(self, value: float) -> None:
        _check(_lib.spn_skeleton_set_time(self._handle, value))

    @property
    def wind(self):
        x, y = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_wind(self._handle, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    @wind.setter
    def wind(self, xy) -> None:
        _check(_lib.spn_skeleton_set_wind(self._handle, xy[0], xy[1]))

    @property
    def gravity(self):
        x, y = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_skeleton_gravity(self._handle, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    @gravity.setter
    def gravity(self, xy) -> None:
        _check(_lib.spn_skeleton_set_gravity(self._handle, xy[0], xy[1]))

    def physics_translate(self, x: float, y: float) -> None:
        _check(_lib.spn_skeleton_physics_translate(self._handle, x, y))

    def physics_rotate(self, x: float, y: float, degrees: float) -> None:
        _check(_lib.spn_skeleton_physics_rotate(self._handle, x, y, degrees))

    def physics_move(self, dx: float, dy: float, degrees: float, inherit_x: float = 1.0, inherit_y: float = 1.0,
                     inherit_rotation: float = 1.0) -> None:
        """Feeds one frame of the host object's movement into physics with inheritance factors
        (ABI 1.3): translate (dx * inherit_x, dy * inherit_y), rotate degrees * inherit_rotation
        around the skeleton position."""
        _check(_lib.spn_skeleton_physics_move(self._handle, dx, dy, degrees, inherit_x, inherit_y, inherit_rotation))

    def physics_constraint_reset(self, constraint: int) -> None:
        """Forgets the motion of physics constraint `constraint` only (ABI 1.3)."""
        _check(_lib.spn_skeleton_physics_constraint_reset(self._handle, constraint))

    def physics_constraint_translate(self, constraint: int, x: float, y: float) -> None:
        """Moves physics constraint `constraint`'s simulation by (x, y) world units."""
        _check(_lib.spn_skeleton_physics_constraint_translate(self._handle, constraint, x, y))

    def physics_constraint_rotate(self, constraint: int, x: float, y: float, degrees: float) -> None:
        """Rotates physics constraint `constraint`'s simulation by `degrees` around world (x, y)."""
        _check(_lib.spn_skeleton_physics_constraint_rotate(self._handle, constraint, x, y, degrees))

    def constraint(self, constraint: int, prop: ConstraintProperty, pose: Pose = Pose.APPLIED) -> float:
        out = ctypes.c_float()
        _check(_lib.spn_skeleton_constraint_get(self._handle, constraint, pose, prop, ctypes.byref(out)))
        return out.value

    def set_constraint(self, constraint: int, prop: ConstraintProperty, value: float,
                       pose: Pose = Pose.ANIMATED) -> None:
        _check(_lib.spn_skeleton_constraint_set(self._handle, constraint, pose, prop, value))

    def constraint_active(self, constraint: int) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_skeleton_constraint_active(self._handle, constraint, ctypes.byref(out)))
        return out.value != 0

    def bounds(self) -> Optional[Rect]:
        """Box around region and mesh attachments of active bones, or ``None``."""
        out, found = spn_rect(), ctypes.c_uint32()
        _check(_lib.spn_skeleton_bounds(self._handle, ctypes.byref(out), ctypes.byref(found)))
        return Rect(out.x, out.y, out.width, out.height) if found.value else None

    def slot_world_vertices(self, slot: int, out=None):
        """World vertices (x, y pairs) of the attachment slot ``slot`` shows (ABI 1.4), as a
        list; or, given a ctypes float array ``out``, fills it (the whole vertices that fit)
        and returns the float count of all of them."""
        count = ctypes.c_uint32()
        if out is not None:
            _check(_lib.spn_skeleton_slot_world_vertices(self._handle, slot, out, len(out), ctypes.byref(count)))
            return count.value
        _check(_lib.spn_skeleton_slot_world_vertices(self._handle, slot, None, 0, ctypes.byref(count)))
        values = (ctypes.c_float * max(count.value, 1))()
        _check(_lib.spn_skeleton_slot_world_vertices(self._handle, slot, values, count.value, ctypes.byref(count)))
        return list(values[:count.value])

    def apply_animation(self, animation: int, last_time: float, time: float, loop: bool, alpha: float = 1.0,
                        blend: MixBlend = MixBlend.SETUP, direction: MixDirection = MixDirection.IN,
                        capacity: int = 64) -> List[FiredEvent]:
        """Applies animation ``animation`` at ``time`` without an animation state (ABI 1.4).

        Returns the event keys fired in ``(last_time, time]`` (the first ``capacity``)."""
        out = (spn_fired_event * max(capacity, 1))()
        count = ctypes.c_uint32()
        _check(_lib.spn_skeleton_apply_animation(self._handle, animation, last_time, time, int(bool(loop)), alpha,
                                                 blend, direction, ctypes.sizeof(spn_fired_event), out, capacity,
                                                 ctypes.byref(count)))
        return [FiredEvent(e.time, e.event, e.key, e.int_value, e.float_value, e.volume, e.balance)
                for e in out[:min(count.value, capacity)]]


class AnimationStateData(_Owned):
    """Mix durations between animations (owns one ``spn_animation_state_data`` handle)."""

    _handle_type = spn_animation_state_data
    _destroy_name = "spn_animation_state_data_destroy"

    @classmethod
    def create(cls, data: SkeletonData) -> "AnimationStateData":
        handle = spn_animation_state_data(0)
        _check(_lib.spn_animation_state_data_create(data._handle, ctypes.byref(handle)))
        return cls(handle)

    @property
    def default_mix(self) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_animation_state_data_default_mix(self._handle, ctypes.byref(out)))
        return out.value

    @default_mix.setter
    def default_mix(self, duration: float) -> None:
        _check(_lib.spn_animation_state_data_set_default_mix(self._handle, duration))

    def set_mix(self, from_name: str, to_name: str, duration: float) -> None:
        """Mix duration between the named animations (``SpineError`` NOT_FOUND if either is unknown)."""
        _check(_lib.spn_animation_state_data_set_mix_by_name(
            self._handle, from_name.encode("utf-8"), to_name.encode("utf-8"), duration))

    def set_mix_by_index(self, from_index: int, to_index: int, duration: float) -> None:
        _check(_lib.spn_animation_state_data_set_mix(self._handle, from_index, to_index, duration))

    def clear_mixes(self) -> None:
        _check(_lib.spn_animation_state_data_clear_mixes(self._handle))

    def mix(self, from_index: int, to_index: int) -> float:
        """Mix duration between animation indices (-1: the empty animation)."""
        out = ctypes.c_double()
        _check(_lib.spn_animation_state_data_mix(self._handle, from_index, to_index, ctypes.byref(out)))
        return out.value


class TrackEntry:
    """A track entry of an :class:`AnimationState`: a plain value (not owned). Once the entry
    is disposed or its state closed, every call raises ``SpineError`` STALE_HANDLE."""

    __slots__ = ("raw",)

    def __init__(self, raw: spn_track_entry):
        self.raw = spn_track_entry(raw.state, raw.entry)

    def __bool__(self) -> bool:
        return self.raw.state != 0

    def __eq__(self, other) -> bool:
        return isinstance(other, TrackEntry) and (self.raw.state, self.raw.entry) == (other.raw.state, other.raw.entry)

    def __hash__(self) -> int:
        return hash((self.raw.state, self.raw.entry))

    def __repr__(self) -> str:
        return f"<TrackEntry state=0x{self.raw.state:016x} entry=0x{self.raw.entry:016x}>"

    def get(self, field: EntryField) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_track_entry_get(self.raw, field, ctypes.byref(out)))
        return out.value

    def set(self, field: EntryField, value: float) -> None:
        _check(_lib.spn_track_entry_set(self.raw, field, value))

    alpha = property(lambda self: self.get(EntryField.ALPHA), lambda self, v: self.set(EntryField.ALPHA, v))
    time_scale = property(lambda self: self.get(EntryField.TIME_SCALE),
                          lambda self, v: self.set(EntryField.TIME_SCALE, v))
    track_time = property(lambda self: self.get(EntryField.TRACK_TIME),
                          lambda self, v: self.set(EntryField.TRACK_TIME, v))

    @property
    def animation(self) -> int:
        """Animation index, -1 for the empty animation."""
        out = ctypes.c_int32()
        _check(_lib.spn_track_entry_animation(self.raw, ctypes.byref(out)))
        return out.value

    @property
    def track_index(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_track_entry_track_index(self.raw, ctypes.byref(out)))
        return out.value

    @property
    def animation_time(self) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_track_entry_animation_time(self.raw, ctypes.byref(out)))
        return out.value

    @property
    def is_complete(self) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_track_entry_is_complete(self.raw, ctypes.byref(out)))
        return out.value != 0

    def set_mix_duration(self, mix_duration: float, delay: float) -> None:
        """The reference's ``setMixDuration(mixDuration, delay)`` (recomputes the delay)."""
        _check(_lib.spn_track_entry_set_mix_duration(self.raw, mix_duration, delay))

    def link(self, link: EntryLink) -> Optional["TrackEntry"]:
        out = spn_track_entry()
        _check(_lib.spn_track_entry_link(self.raw, link, ctypes.byref(out)))
        return TrackEntry(out) if out.state else None

    next = property(lambda self: self.link(EntryLink.NEXT))
    mixing_from = property(lambda self: self.link(EntryLink.MIXING_FROM))

    def reset_rotation_directions(self) -> None:
        _check(_lib.spn_track_entry_reset_rotation_directions(self.raw))


class Event(NamedTuple):
    """One polled callback (strings copied). ``name``/``string_value`` are ``None`` unless
    ``type`` is ``EventType.EVENT``; ``event`` is then the event data index (else -1)."""
    type: EventType
    track: int
    entry: TrackEntry
    animation: int
    event: int
    time: float
    int_value: int
    float_value: float
    volume: float
    balance: float
    name: Optional[str]
    string_value: Optional[str]


def _decode(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8")


class AnimationState(_Owned):
    """An animation state (owns one ``spn_animation_state`` handle). Use from one thread at a time."""

    _handle_type = spn_animation_state
    _destroy_name = "spn_animation_state_destroy"

    @classmethod
    def create(cls, state_data: AnimationStateData) -> "AnimationState":
        """A state following the mixes of ``state_data`` (it keeps them alive)."""
        handle = spn_animation_state(0)
        _check(_lib.spn_animation_state_create(state_data._handle, ctypes.byref(handle)))
        return cls(handle)

    def set_animation(self, track: int, name: str, loop: bool = False) -> TrackEntry:
        """Plays animation ``name`` on ``track`` now (``SpineError`` NOT_FOUND if none)."""
        out = spn_track_entry()
        _check(_lib.spn_animation_state_set_animation_by_name(
            self._handle, track, name.encode("utf-8"), 1 if loop else 0, ctypes.byref(out)))
        return TrackEntry(out)

    def add_animation(self, track: int, name: str, loop: bool = False, delay: float = 0.0) -> TrackEntry:
        """Queues animation ``name`` after the track's last entry."""
        out = spn_track_entry()
        _check(_lib.spn_animation_state_add_animation_by_name(
            self._handle, track, name.encode("utf-8"), 1 if loop else 0, delay, ctypes.byref(out)))
        return TrackEntry(out)

    def set_animation_by_index(self, track: int, animation: int, loop: bool = False) -> TrackEntry:
        out = spn_track_entry()
        _check(_lib.spn_animation_state_set_animation(self._handle, track, animation, 1 if loop else 0,
                                                      ctypes.byref(out)))
        return TrackEntry(out)

    def add_animation_by_index(self, track: int, animation: int, loop: bool = False,
                               delay: float = 0.0) -> TrackEntry:
        out = spn_track_entry()
        _check(_lib.spn_animation_state_add_animation(self._handle, track, animation, 1 if loop else 0, delay,
                                                      ctypes.byref(out)))
        return TrackEntry(out)

    def set_empty_animation(self, track: int, mix_duration: float) -> TrackEntry:
        out = spn_track_entry()
        _check(_lib.spn_animation_state_set_empty_animation(self._handle, track, mix_duration, ctypes.byref(out)))
        return TrackEntry(out)

    def add_empty_animation(self, track: int, mix_duration: float, delay: float = 0.0) -> TrackEntry:
        out = spn_track_entry()
        _check(_lib.spn_animation_state_add_empty_animation(self._handle, track, mix_duration, delay,
                                                            ctypes.byref(out)))
        return TrackEntry(out)

    def set_empty_animations(self, mix_duration: float) -> None:
        _check(_lib.spn_animation_state_set_empty_animations(self._handle, mix_duration))

    def clear_track(self, track: int) -> None:
        _check(_lib.spn_animation_state_clear_track(self._handle, track))

    @property
    def track_count(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_animation_state_track_count(self._handle, ctypes.byref(out)))
        return out.value

    def clear_events(self) -> None:
        """Discards the queued callbacks without reading them."""
        _check(_lib.spn_animation_state_clear_events(self._handle))

    def current(self, track: int) -> Optional[TrackEntry]:
        """The entry playing on ``track``, or ``None`` when the track is empty."""
        out = spn_track_entry()
        _check(_lib.spn_animation_state_current(self._handle, track, ctypes.byref(out)))
        return TrackEntry(out) if out.state else None

    def update(self, delta: float) -> None:
        _check(_lib.spn_animation_state_update(self._handle, delta))

    def apply(self, skeleton: Skeleton) -> None:
        _check(_lib.spn_animation_state_apply(self._handle, skeleton._handle))

    @property
    def time_scale(self) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_animation_state_time_scale(self._handle, ctypes.byref(out)))
        return out.value

    @time_scale.setter
    def time_scale(self, scale: float) -> None:
        _check(_lib.spn_animation_state_set_time_scale(self._handle, scale))

    def clear_tracks(self) -> None:
        _check(_lib.spn_animation_state_clear_tracks(self._handle))

    def events(self) -> List[Event]:
        """Polls (and removes) the callbacks queued since the last poll, in delivery order."""
        records = ctypes.POINTER(spn_event)()
        count = ctypes.c_uint32()
        _check(_lib.spn_animation_state_events(self._handle, ctypes.sizeof(spn_event), ctypes.byref(records),
                                               ctypes.byref(count)))
        result = []
        for i in range(count.value):
            r = records[i]
            result.append(Event(EventType(r.kind), r.track, TrackEntry(r.entry), r.animation, r.event, r.time,
                                r.int_value, r.float_value, r.volume, r.balance, _decode(r.name),
                                _decode(r.string_value)))
        return result


def _view(address: Optional[int], ctype, count: int, fmt: str) -> memoryview:
    """A zero-copy memoryview of ``count`` ``ctype`` at ``address`` (format ``fmt``)."""
    if not address or count == 0:
        return memoryview(b"").cast(fmt)
    return memoryview((ctype * count).from_address(address)).cast("B").cast(fmt)


NO_BLOCK = 0xFFFFFFFF
"""``GpuDraw.block`` of a draw whose vertices are the frame's CPU vertices (ABI 1.9)."""
GPU_VERTEX_SIZE = 64
"""Bytes of one ``spn_gpu_vertex``: bones (4 x uint16), weights (4 x float), bone-local
positions (8 x float), u, v (ABI 1.9)."""


class CpuReason(enum.IntEnum):
    """Why a GPU-mode draw stays on the CPU (``spn_cpu_reason``, ABI 1.9)."""
    NONE = 0
    CLIPPED = 1
    DEFORMED = 2
    INELIGIBLE = 3
    RUNTIME = 4


class GpuBlock(NamedTuple):
    first_vertex: int
    vertex_count: int
    first_index: int
    index_count: int
    rigid_bone: int


class GpuStreams(NamedTuple):
    vertices: bytes
    indices: List[int]
    blocks: List[GpuBlock]
    eligible_attachments: int
    too_many_influences: int
    no_single_bone: int

    def vertex(self, i: int) -> Tuple[Tuple[int, ...], Tuple[float, ...], Tuple[float, ...], float, float]:
        """Static vertex ``i`` as (bones, weights, positions, u, v)."""
        v = spn_gpu_vertex.from_buffer_copy(self.vertices, i * GPU_VERTEX_SIZE)
        return tuple(v.bones), tuple(v.weights), tuple(v.positions), v.u, v.v


class GpuDraw(NamedTuple):
    block: int
    first_vertex: int
    vertex_count: int
    first_index: int
    index_count: int
    page: int
    blend: Blend
    color: int
    dark_color: int
    draw: int
    slot: int
    cpu_reason: CpuReason
    texture_id: int


class GpuCoverage(NamedTuple):
    gpu_draws: int
    cpu_draws: int
    gpu_vertices: int
    cpu_vertices: int
    clipped_draws: int
    deformed_draws: int
    ineligible_draws: int
    runtime_draws: int


class GpuFrame(NamedTuple):
    palette: List[float]
    draws: List[GpuDraw]
    cpu_positions: List[float]
    cpu_uvs: List[float]
    cpu_indices: List[int]
    coverage: GpuCoverage
    generation: int


def _array(address: Optional[int], struct, count: int):
    """``count`` structs at ``address`` (an empty list for NULL)."""
    if not address or count == 0:
        return []
    return list((struct * count).from_address(address))


class RenderOutput:
    """The buffers of one render as zero-copy ``memoryview``s into the renderer's memory.

    They are valid only until the renderer's next render (its own, or a :class:`Crowd`
    update), an option change or its closing. After that, reading this object's attributes
    raises :class:`StaleOutputError`, and the memoryviews it handed out are released
    (reading one raises ``ValueError``), so stale or freed memory is never shown. The
    library's render generation counter (``spn_render_output.generation``) detects renders
    the wrapper did not make itself. Copy (``bytes(view)``, ``view.tolist()``,
    ``numpy.array(...)``) what must outlive the frame. Arrays from :meth:`numpy` share the
    memory and cannot be revoked: use them within the frame.

    Layouts: separate (``positions`` x, y[, z]; ``uvs``; packed ``colors``/``dark_colors``)
    or interleaved (``vertices``: ``spn_vertex``/``spn_vertex_z`` records as a ctypes array,
    and ``vertex_bytes`` as a memoryview).
    """

    _VIEWS = ("positions", "uvs", "colors", "dark_colors", "indices", "vertex_bytes", "vertices", "ranges",
              "range_infos", "slots", "range_separators")

    def __init__(self, renderer: "Renderer", raw: spn_render_output):
        self._renderer = renderer  # keeps the renderer (and its buffers) alive
        self._generation = raw.generation
        self._token = renderer._token
        self.raw = raw
        self.layout = VertexLayout(raw.layout)
        self.vertex_count = raw.vertex_count
        self.index_count = raw.index_count
        self.position_stride = raw.position_stride
        self.index_size = raw.index_size
        self.vertex_size = raw.vertex_size
        n = raw.vertex_count
        views = {}
        views["positions"] = _view(raw.positions, ctypes.c_float, n * raw.position_stride, "f")
        views["uvs"] = _view(raw.uvs, ctypes.c_float, n * 2, "f")
        views["colors"] = _view(raw.colors, ctypes.c_uint32, n, "I")
        views["dark_colors"] = _view(raw.dark_colors, ctypes.c_uint32, n, "I")
        if raw.index_size == 4:
            views["indices"] = _view(raw.indices, ctypes.c_uint32, raw.index_count, "I")
        else:
            views["indices"] = _view(raw.indices, ctypes.c_uint16, raw.index_count, "H")
        views["vertex_bytes"] = _view(raw.vertices, ctypes.c_uint8, n * raw.vertex_size, "B")
        record = spn_vertex_z if raw.vertex_size == ctypes.sizeof(spn_vertex_z) else spn_vertex
        views["vertices"] = (record * n).from_address(raw.vertices) if raw.vertices and n else []
        ranges = (spn_draw_range * raw.range_count).from_address(raw.ranges) if raw.range_count else []
        views["ranges"] = [DrawRange(r.first_index, r.index_count, r.first_vertex, r.vertex_count, r.page, r.blend,
                                     r.color, r.dark_color) for r in ranges]
        infos = (spn_draw_range_info * raw.range_count).from_address(raw.range_infos) \
            if raw.range_count and raw.range_infos else []
        views["range_infos"] = [DrawRangeInfo(i.first_draw, i.last_draw, i.first_slot, i.last_slot, i.texture_id)
                                for i in infos]
        views["slots"] = _view(raw.slots, ctypes.c_uint32, n if raw.slots else 0, "I")
        # ABI 1.8: per range, the separator slot it ends at (NO_SEPARATOR: none).
        views["range_separators"] = _view(raw.range_separators, ctypes.c_uint32,
                                          raw.range_count if raw.range_separators else 0, "I")
        #: Whether ``indices`` are relative to the whole vertex buffer (ABI 1.8).
        self.absolute_indices = raw.absolute_indices != 0
        self._views = views
        renderer._handed_out.extend(v for v in views.values() if isinstance(v, memoryview))

    @property
    def generation(self) -> int:
        """The library's render generation of these buffers."""
        return self._generation

    @property
    def is_valid(self) -> bool:
        """False once the renderer rendered again, changed options or was closed."""
        r = self._renderer
        if r.closed or r._token is not self._token:
            return False
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        return _lib.spn_renderer_output(r._handle, ctypes.byref(out)) == Status.OK and \
            out.generation == self._generation

    def _checked(self):
        if not self.is_valid:
            r = self._renderer
            why = "was closed" if r.closed else "rendered again or changed its options"
            raise StaleOutputError(f"render output of generation {self._generation} is stale: the renderer {why}")
        return self._views

    def __getattr__(self, name):
        if name in RenderOutput._VIEWS:
            return self._checked()[name]
        raise AttributeError(name)

    def numpy(self) -> dict:
        """The buffers as numpy arrays sharing the renderer's memory (needs numpy installed):
        ``positions`` (vertex_count × stride), ``uvs`` (vertex_count × 2), ``colors``,
        ``dark_colors``, ``indices`` (separate layout); interleaved: ``vertices`` as a
        structured array. Raises :class:`StaleOutputError` when stale."""
        v = self._checked()  # stale outputs raise whether numpy is installed or not
        import numpy as np  # optional dependency

        n = self.vertex_count
        result = {"indices": np.frombuffer(v["indices"], dtype=np.uint32 if self.index_size == 4 else np.uint16)}
        if self.layout == VertexLayout.INTERLEAVED:
            names = [f[0] for f in (spn_vertex_z if self.vertex_size == ctypes.sizeof(spn_vertex_z)
                                    else spn_vertex)._fields_]
            dtype = np.dtype([(f, np.uint32 if f.endswith("color") else np.float32) for f in names])
            result["vertices"] = np.frombuffer(v["vertex_bytes"], dtype=dtype)
            return result
        result.update({
            "positions": np.frombuffer(v["positions"], dtype=np.float32).reshape(n, self.position_stride or 2),
            "uvs": np.frombuffer(v["uvs"], dtype=np.float32).reshape(n, 2),
            "colors": np.frombuffer(v["colors"], dtype=np.uint32),
            "dark_colors": np.frombuffer(v["dark_colors"], dtype=np.uint32),
        })
        return result


def _options(options: Optional[RenderOptions]):
    if options is None:
        return None
    return spn_render_options(ctypes.sizeof(spn_render_options), 1 if options.premultiplied_alpha else 0,
                              1 if options.use_z else 0, options.z_spacing, 1 if options.indices_u32 else 0,
                              1 if options.merge_colors else 0, int(options.layout),
                              1 if options.slot_indices else 0, 1 if options.absolute_indices else 0,
                              int(options.color_order), 1 if options.pma_per_page else 0)


class Renderer(_Owned):
    """A renderer (owns one ``spn_renderer`` handle). Use from one thread at a time."""

    _handle_type = spn_renderer
    _destroy_name = "spn_renderer_destroy"

    def __init__(self, handle):
        super().__init__(handle)
        self._token = object()  # replaced whenever earlier outputs become stale
        self._handed_out = []

    @classmethod
    def create(cls, options: Optional[RenderOptions] = None) -> "Renderer":
        """A renderer with ``options`` (``None``: the defaults, the reference runtime's output)."""
        handle = spn_renderer(0)
        raw = _options(options)
        _check(_lib.spn_renderer_create(None if raw is None else ctypes.byref(raw), ctypes.byref(handle)))
        return cls(handle)

    def _invalidate(self) -> None:
        """Earlier outputs become stale: release their memoryviews (numpy exports cannot be)."""
        self._token = object()
        views, self._handed_out = self._handed_out, []
        for view in views:
            try:
                view.release()
            except (BufferError, ValueError):
                pass

    def close(self) -> None:
        if getattr(self, "_handed_out", None) is not None:
            self._invalidate()
        super().close()

    @property
    def options(self) -> RenderOptions:
        out = spn_render_options(size=ctypes.sizeof(spn_render_options))
        _check(_lib.spn_renderer_options(self._handle, ctypes.byref(out)))
        return RenderOptions(out.premultiplied_alpha != 0, out.use_z != 0, out.z_spacing, out.indices_u32 != 0,
                             out.merge_colors != 0, VertexLayout(out.layout), out.slot_indices != 0,
                             out.absolute_indices != 0, ColorOrder(out.color_order), out.pma_per_page != 0)

    @options.setter
    def options(self, options: RenderOptions) -> None:
        raw = _options(options)
        _check(_lib.spn_renderer_set_options(self._handle, ctypes.byref(raw)))
        self._invalidate()

    def render(self, skeleton: Skeleton) -> RenderOutput:
        """Renders the skeleton's applied pose (after ``update_world_transform``)."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_renderer_render(self._handle, skeleton._handle, ctypes.byref(out)))
        self._invalidate()
        return RenderOutput(self, out)

    def output(self) -> RenderOutput:
        """The buffers of the last render (empty before the first)."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_renderer_output(self._handle, ctypes.byref(out)))
        return RenderOutput(self, out)

    def render_gpu(self, skeleton: Skeleton) -> "GpuFrame":
        """Renders the skeleton's applied pose for GPU skinning (ABI 1.9): the bone palette
        (6 floats a bone: a, c, b, d, x, y), the draws in draw order (a static block of
        :meth:`SkeletonData.gpu_streams`, or ``block == NO_BLOCK``: a run of the frame's CPU
        vertices) and the coverage. Copied. The renderer's color options apply; earlier
        outputs become stale (the render generation grows)."""
        out = spn_gpu_output(size=ctypes.sizeof(spn_gpu_output))
        _check(_lib.spn_renderer_render_gpu(self._handle, skeleton._handle, ctypes.byref(out)))
        self._invalidate()
        draws = [GpuDraw(d.block, d.first_vertex, d.vertex_count, d.first_index, d.index_count, d.page,
                         Blend(d.blend), d.color, d.dark_color, d.draw, d.slot, CpuReason(d.cpu_reason),
                         d.texture_id) for d in _array(out.draws, spn_gpu_draw, out.draw_count)]
        c = out.coverage
        coverage = GpuCoverage(c.gpu_draws, c.cpu_draws, c.gpu_vertices, c.cpu_vertices, c.clipped_draws,
                               c.deformed_draws, c.ineligible_draws, c.runtime_draws)
        return GpuFrame(list(_view(out.palette, ctypes.c_float, out.bone_count * 6, "f")), draws,
                        list(_view(out.cpu_positions, ctypes.c_float, out.cpu_vertex_count * 2, "f")),
                        list(_view(out.cpu_uvs, ctypes.c_float, out.cpu_vertex_count * 2, "f")),
                        list(_view(out.cpu_indices, ctypes.c_uint16, out.cpu_index_count, "H")), coverage,
                        out.generation)

    def set_separator_slots(self, slots: Sequence[int]) -> None:
        """Slot indices after which a new draw range starts (ABI 1.4); empty removes them.
        Kept through option changes."""
        array = (ctypes.c_uint32 * len(slots))(*slots)
        _check(_lib.spn_renderer_set_separator_slots(self._handle, array if len(slots) else None, len(slots)))

    def render_slots(self, skeleton: Skeleton, first: int, last: int) -> RenderOutput:
        """Renders only positions ``first..=last`` of the applied draw order (ABI 1.4)."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_renderer_render_slots(self._handle, skeleton._handle, first, last, ctypes.byref(out)))
        self._invalidate()
        return RenderOutput(self, out)


class BoundingBox(NamedTuple):
    slot: int
    attachment: int
    vertices: List[float]  # world polygon, x, y pairs (copied)


class Bounds(_Owned):
    """World polygons of a skeleton's visible bounding-box attachments, for hit tests (owns
    one ``spn_bounds`` handle). Use from one thread at a time."""

    _handle_type = spn_bounds
    _destroy_name = "spn_bounds_destroy"

    @classmethod
    def create(cls) -> "Bounds":
        handle = spn_bounds(0)
        _check(_lib.spn_bounds_create(ctypes.byref(handle)))
        return cls(handle)

    def update(self, skeleton: Skeleton, update_aabb: bool = True) -> None:
        _check(_lib.spn_bounds_update(self._handle, skeleton._handle, 1 if update_aabb else 0))

    @property
    def aabb(self) -> Rect:
        out = spn_rect()
        _check(_lib.spn_bounds_aabb(self._handle, ctypes.byref(out)))
        return Rect(out.x, out.y, out.width, out.height)

    def __len__(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_bounds_count(self._handle, ctypes.byref(out)))
        return out.value

    def box(self, index: int) -> BoundingBox:
        b = spn_bounding_box(size=ctypes.sizeof(spn_bounding_box))
        _check(_lib.spn_bounds_box(self._handle, index, ctypes.byref(b)))
        n = b.vertex_count * 2
        vertices = list((ctypes.c_float * n).from_address(b.vertices)) if n else []
        return BoundingBox(b.slot, b.attachment, vertices)

    def __iter__(self):
        return (self.box(i) for i in range(len(self)))

    def aabb_contains_point(self, x: float, y: float) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_bounds_aabb_contains_point(self._handle, x, y, ctypes.byref(out)))
        return out.value != 0

    def aabb_intersects_segment(self, x1: float, y1: float, x2: float, y2: float) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_bounds_aabb_intersects_segment(self._handle, x1, y1, x2, y2, ctypes.byref(out)))
        return out.value != 0

    def aabb_intersects(self, other: "Bounds") -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_bounds_aabb_intersects_bounds(self._handle, other._handle, ctypes.byref(out)))
        return out.value != 0

    def contains_point(self, x: float, y: float) -> Optional[int]:
        """Slot of the first bounding box containing the point, or ``None``."""
        out = ctypes.c_int32()
        _check(_lib.spn_bounds_contains_point(self._handle, x, y, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def intersects_segment(self, x1: float, y1: float, x2: float, y2: float) -> Optional[int]:
        out = ctypes.c_int32()
        _check(_lib.spn_bounds_intersects_segment(self._handle, x1, y1, x2, y2, ctypes.byref(out)))
        return None if out.value < 0 else out.value

    def skeleton_clipped(self, skeleton: "Skeleton") -> Optional[Rect]:
        """The skeleton's box around region and mesh attachments with clipping applied, using
        this object's scratch memory (ABI 1.4); ``None`` when nothing is left."""
        out, found = spn_rect(), ctypes.c_uint32()
        _check(_lib.spn_bounds_skeleton_clipped(self._handle, skeleton._handle, ctypes.byref(out), ctypes.byref(found)))
        return Rect(out.x, out.y, out.width, out.height) if found.value else None


class Crowd(_Owned):
    """Many skeletons (each with an optional state and renderer) advanced together across
    threads by :meth:`update` (owns one ``spn_crowd`` handle; keeps its members alive)."""

    _handle_type = spn_crowd
    _destroy_name = "spn_crowd_destroy"

    def __init__(self, handle):
        super().__init__(handle)
        self._members = []

    @classmethod
    def create(cls, threads: int = 0) -> "Crowd":
        """``threads`` 0: one per available core."""
        handle = spn_crowd(0)
        _check(_lib.spn_crowd_create(threads, ctypes.byref(handle)))
        return cls(handle)

    def add(self, skeleton: Skeleton, state: Optional[AnimationState] = None,
            renderer: Optional[Renderer] = None) -> None:
        _check(_lib.spn_crowd_add(self._handle, skeleton._handle,
                                  spn_animation_state(0) if state is None else state._handle,
                                  spn_renderer(0) if renderer is None else renderer._handle))
        self._members.append((skeleton, state, renderer))

    def clear(self) -> None:
        _check(_lib.spn_crowd_clear(self._handle))
        self._members = []

    def add_member(self, skeleton: Skeleton, state: Optional[AnimationState] = None,
                   renderer: Optional[Renderer] = None) -> int:
        """Adds a member and returns its stable id (ABI 1.8): it names the member until it is
        removed, whatever else is added or removed (:meth:`index_of` gives its index)."""
        out = ctypes.c_uint32()
        _check(_lib.spn_crowd_add_member(self._handle, skeleton._handle,
                                         spn_animation_state(0) if state is None else state._handle,
                                         spn_renderer(0) if renderer is None else renderer._handle,
                                         ctypes.byref(out)))
        self._members.append((skeleton, state, renderer))
        return out.value

    def remove_member(self, member_id: int) -> None:
        """Removes the member with stable id ``member_id``; the others keep theirs (ABI 1.8)."""
        index = self.index_of(member_id)
        _check(_lib.spn_crowd_remove_member(self._handle, member_id))
        del self._members[index]

    def index_of(self, member_id: int) -> int:
        """The current index of the member with stable id ``member_id`` (ABI 1.8)."""
        out = ctypes.c_uint32()
        _check(_lib.spn_crowd_member_index(self._handle, member_id, ctypes.byref(out)))
        return out.value

    def member_id(self, index: int) -> int:
        """The stable id of the member at ``index`` (ABI 1.8)."""
        out = ctypes.c_uint32()
        _check(_lib.spn_crowd_member_id(self._handle, index, ctypes.byref(out)))
        return out.value

    def __len__(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_crowd_count(self._handle, ctypes.byref(out)))
        return out.value

    def set_threads(self, threads: int) -> None:
        _check(_lib.spn_crowd_set_threads(self._handle, threads))

    def update(self, delta: float, physics: Physics = Physics.UPDATE) -> None:
        """One frame for every member; then read each renderer's :meth:`Renderer.output`."""
        _check(_lib.spn_crowd_update(self._handle, delta, physics))
        for _, _, renderer in self._members:
            if renderer is not None:
                renderer._invalidate()

    def remove(self, member: int) -> None:
        """Removes member ``member``; later members move down (ABI 1.4)."""
        _check(_lib.spn_crowd_remove(self._handle, member))
        del self._members[member]

    def set_enabled(self, member: int, enabled: bool) -> None:
        """A disabled member is skipped by updates: not updated or rendered (ABI 1.4)."""
        _check(_lib.spn_crowd_set_enabled(self._handle, member, int(bool(enabled))))

    def enabled(self, member: int) -> bool:
        out = ctypes.c_uint32()
        _check(_lib.spn_crowd_enabled(self._handle, member, ctypes.byref(out)))
        return out.value != 0

    def set_time_scale(self, member: int, time_scale: float) -> None:
        """Member ``member`` advances by ``delta * time_scale`` (ABI 1.4)."""
        _check(_lib.spn_crowd_set_time_scale(self._handle, member, time_scale))

    def time_scale(self, member: int) -> float:
        out = ctypes.c_double()
        _check(_lib.spn_crowd_time_scale(self._handle, member, ctypes.byref(out)))
        return out.value

    def update_range(self, first: int, count: int, delta: float, physics: Physics = Physics.UPDATE) -> None:
        """One frame for members ``[first, first + count)`` on this thread (ABI 1.4); threads
        may update disjoint ranges at once (the library call runs without the GIL)."""
        _check(_lib.spn_crowd_update_range(self._handle, first, count, delta, physics))
        for _, _, renderer in self._members[first:first + count]:
            if renderer is not None:
                renderer._invalidate()

    # --- crowd render (ABI 1.5) ---
    def set_offset(self, member: int, x: float, y: float) -> None:
        """Member ``member``'s world offset for :meth:`render_batched` (default ``(0, 0)``)."""
        _check(_lib.spn_crowd_set_offset(self._handle, member, x, y))

    def offset(self, member: int) -> Tuple[float, float]:
        x, y = ctypes.c_float(), ctypes.c_float()
        _check(_lib.spn_crowd_offset(self._handle, member, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    def render_batched(self, renderer: "Renderer") -> "RenderOutput":
        """Renders every enabled member, in member order and moved by its offset, into one set
        of ``renderer``'s buffers; draw ranges merge across members of the same atlas when page,
        blend and colors match. Valid until the renderer's next render."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_crowd_render_batched(self._handle, renderer._handle, ctypes.byref(out)))
        renderer._invalidate()
        return RenderOutput(renderer, out)


# --- crowd branch: pose snapshots (ABI 1.4) ---

def snapshot(skeleton: Skeleton, state: Optional[AnimationState] = None) -> bytes:
    """The skeleton's pose and, when given, the state's tracks and entries as bytes (ABI 1.4)."""
    handle = spn_animation_state(0) if state is None else state._handle
    size = ctypes.c_size_t()
    _check(_lib.spn_skeleton_snapshot(skeleton._handle, handle, None, 0, ctypes.byref(size)))
    out = ctypes.create_string_buffer(max(size.value, 1))
    _check(_lib.spn_skeleton_snapshot(skeleton._handle, handle, out, size.value, ctypes.byref(size)))
    return out.raw[:size.value]


def snapshot_bound(skeleton: Skeleton, with_state: bool, tracks: int = 0, entries: int = 0,
                   callbacks: int = 0) -> int:
    """The most bytes a :func:`snapshot` of ``skeleton`` can take (ABI 1.8), whatever its pose:
    without a state (``with_state`` false, counts 0) or with one of at most ``tracks`` tracks,
    ``entries`` track entries alive at once and ``callbacks`` unpolled callbacks."""
    for name, value in (("tracks", tracks), ("entries", entries), ("callbacks", callbacks)):
        if not isinstance(value, int) or not 0 <= value < 1 << 32:
            raise ValueError(f"{name} is {value!r}: an integer in 0..2**32")
    size = ctypes.c_size_t()
    _check(_lib.spn_skeleton_snapshot_bound(skeleton._handle, 1 if with_state else 0, tracks, entries, callbacks,
                                            ctypes.byref(size)))
    return size.value


def restore(skeleton: Skeleton, state: Optional[AnimationState], data: bytes) -> None:
    """Restores a :func:`snapshot` (ABI 1.4); ``SpineError`` (INVALID_ARGUMENT) for a snapshot
    of other data, a changed, truncated or longer one, a state mismatch, or values the data or
    the state could not hold (the message says what and where)."""
    handle = spn_animation_state(0) if state is None else state._handle
    _check(_lib.spn_skeleton_restore(skeleton._handle, handle, bytes(data), len(data)))
