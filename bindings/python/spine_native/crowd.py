"""The crowd object (``spn_crowd_*``): :class:`Crowd` (members, enabling, time scales,
offsets, threaded update of all or a range, batched render).
"""

import ctypes
from typing import Optional, Tuple

from ._ffi import spn_animation_state, spn_crowd, spn_render_output, spn_renderer, _Owned, _check, _lib
from .skeleton import Physics, Skeleton
from .state import AnimationState
from .render import RenderOutput, Renderer


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

    # Batched render: member offsets, every member into one renderer's buffers.
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
