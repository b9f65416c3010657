"""The bounds object (``spn_bounds_*``): :class:`Bounds` (a skeleton's bounding-box
polygons, box and polygon hit tests, the clipped skeleton bounds) and :class:`BoundingBox`.
"""

import ctypes
from typing import List, NamedTuple, Optional

from ._ffi import spn_bounding_box, spn_bounds, spn_rect, _Owned, _check, _lib
from .skeleton import Rect, Skeleton


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
