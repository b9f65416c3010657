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
from typing import List, NamedTuple, Optional, Union

__all__ = [
    "ABI_VERSION", "Status", "ErrorKind", "Item", "SpineError", "AtlasPage", "Atlas", "SkeletonData",
    "abi_version", "abi_compatible", "version", "last_error_message", "last_error_kind", "library_path",
    "Physics", "EventType", "EntryField", "BoneWorld", "DrawRange", "Event", "TrackEntry", "Skeleton",
    "AnimationStateData", "AnimationState", "RenderOutput", "Renderer",
]

#: SPN_ABI_VERSION of the header these declarations were written from.
ABI_VERSION = 1 << 16


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
            "positions", "uvs", "colors", "dark_colors", "vertices", "indices", "ranges")]


def _library_name() -> str:
    if sys.platform == "win32":
        return "spine_native.dll"
    if sys.platform == "darwin":
        return "libspine_native.dylib"
    return "libspine_native.so"


def _find_library() -> str:
    name = _library_name()
    env = os.environ.get("SPINE_NATIVE_LIB")
    if env:
        path = Path(env)
        return str(path / name if path.is_dir() else path)
    repo = Path(__file__).resolve().parents[3]
    for profile in ("release", "debug"):
        candidate = repo / "target" / profile / name
        if candidate.is_file():
            return str(candidate)
    return name  # left to the system loader (LD_LIBRARY_PATH, ...)


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    c = ctypes
    u8p = c.c_char_p  # `const uint8_t*` inputs: bytes objects pass as pointers
    signatures = {
        "spn_abi_version": (c.c_uint32, []),
        "spn_version_string": (c.c_char_p, []),
        "spn_last_error_message": (c.c_char_p, []),
        "spn_last_error_kind": (c.c_int, []),
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
        "spn_renderer_create": (c.c_int, [c.c_void_p, c.POINTER(spn_renderer)]),
        "spn_renderer_destroy": (c.c_int, [spn_renderer]),
        "spn_renderer_render": (c.c_int, [spn_renderer, spn_skeleton, c.POINTER(spn_render_output)]),
        "spn_renderer_output": (c.c_int, [spn_renderer, c.POINTER(spn_render_output)]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _declare(ctypes.CDLL(_find_library()))


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
    """Library version such as ``"0.1.0"``."""
    return _lib.spn_version_string().decode("utf-8")


def last_error_message() -> str:
    """Message of the last failed call on this thread (empty if none)."""
    return (_lib.spn_last_error_message() or b"").decode("utf-8", "replace")


def last_error_kind() -> ErrorKind:
    """Kind of the last failure on this thread."""
    return ErrorKind(_lib.spn_last_error_kind())


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

    def animation_duration(self, index: int) -> float:
        """Duration in seconds of animation ``index``."""
        out = ctypes.c_float()
        _check(_lib.spn_skeleton_data_animation_duration(self._handle, index, ctypes.byref(out)))
        return out.value


# --------------------------------------------------------------------------------------
# Playback


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

    def set_skin(self, name: Optional[str]) -> None:
        """Sets the data skin named ``name`` (``SpineError`` NOT_FOUND if none); ``None`` clears it."""
        if name is None:
            _check(_lib.spn_skeleton_set_skin(self._handle, spn_skin(0)))
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


class RenderOutput:
    """The buffers of one render as zero-copy ``memoryview``s into the renderer's memory.

    They are valid only until the renderer's next render or its closing: reading them
    afterwards reads freed or overwritten memory. Copy (``bytes(view)``, ``view.tolist()``,
    ``numpy.array(view)``) what must outlive the frame. With the default options the layout
    is separate (``positions`` x, y; ``uvs`` u, v; packed ``colors``) with 16-bit indices.
    """

    def __init__(self, renderer: "Renderer", raw: spn_render_output):
        self._renderer = renderer  # keeps the renderer (and its buffers) alive
        self.raw = raw
        self.layout = raw.layout
        self.vertex_count = raw.vertex_count
        self.index_count = raw.index_count
        self.position_stride = raw.position_stride
        self.index_size = raw.index_size
        n = raw.vertex_count
        self.positions = _view(raw.positions, ctypes.c_float, n * raw.position_stride, "f")
        self.uvs = _view(raw.uvs, ctypes.c_float, n * 2, "f")
        self.colors = _view(raw.colors, ctypes.c_uint32, n, "I")
        self.dark_colors = _view(raw.dark_colors, ctypes.c_uint32, n, "I")
        if raw.index_size == 4:
            self.indices = _view(raw.indices, ctypes.c_uint32, raw.index_count, "I")
        else:
            self.indices = _view(raw.indices, ctypes.c_uint16, raw.index_count, "H")
        ranges = (spn_draw_range * raw.range_count).from_address(raw.ranges) if raw.range_count else []
        self.ranges = [DrawRange(r.first_index, r.index_count, r.first_vertex, r.vertex_count, r.page, r.blend,
                                 r.color, r.dark_color) for r in ranges]

    def numpy(self) -> dict:
        """The buffers as numpy arrays sharing the renderer's memory (needs numpy installed):
        ``positions`` (vertex_count × stride), ``uvs`` (vertex_count × 2), ``colors``,
        ``dark_colors``, ``indices``."""
        import numpy as np  # optional dependency

        n = self.vertex_count
        return {
            "positions": np.frombuffer(self.positions, dtype=np.float32).reshape(n, self.position_stride or 2),
            "uvs": np.frombuffer(self.uvs, dtype=np.float32).reshape(n, 2),
            "colors": np.frombuffer(self.colors, dtype=np.uint32),
            "dark_colors": np.frombuffer(self.dark_colors, dtype=np.uint32),
            "indices": np.frombuffer(self.indices, dtype=np.uint32 if self.index_size == 4 else np.uint16),
        }


class Renderer(_Owned):
    """A renderer (owns one ``spn_renderer`` handle). Use from one thread at a time."""

    _handle_type = spn_renderer
    _destroy_name = "spn_renderer_destroy"

    @classmethod
    def create(cls) -> "Renderer":
        """A renderer with the default options (the reference runtime's output)."""
        handle = spn_renderer(0)
        _check(_lib.spn_renderer_create(None, ctypes.byref(handle)))
        return cls(handle)

    def render(self, skeleton: Skeleton) -> RenderOutput:
        """Renders the skeleton's applied pose (after ``update_world_transform``)."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_renderer_render(self._handle, skeleton._handle, ctypes.byref(out)))
        return RenderOutput(self, out)

    def output(self) -> RenderOutput:
        """The buffers of the last render (empty before the first)."""
        out = spn_render_output(size=ctypes.sizeof(spn_render_output))
        _check(_lib.spn_renderer_output(self._handle, ctypes.byref(out)))
        return RenderOutput(self, out)
