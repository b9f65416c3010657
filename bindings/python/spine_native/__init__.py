"""Thin ctypes wrapper of the spine_native C ABI (include/spine_native.h).

- Every failing C call raises :class:`SpineError` carrying ``status`` (:class:`Status`),
  ``kind`` (:class:`ErrorKind`) and the library's message (read on the calling thread right
  after the call).
- :class:`Atlas` and :class:`SkeletonData` own one handle each. Use them as context
  managers (``with``) or call ``close()``; an object that is garbage-collected unclosed
  destroys its handle in ``__del__``. A closed object holds the zero handle; calling it
  raises ``SpineError`` with ``Status.NULL_ARGUMENT`` (reported by the library).
- Names are returned as ``str`` (copied out of the library, so they outlive the object).

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
