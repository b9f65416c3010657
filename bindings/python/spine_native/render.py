"""The renderer object (``spn_renderer_*``): :class:`Renderer` (render, render a slot range,
separator slots, options, GPU-skinning render) and :class:`RenderOutput`, the zero-copy view
of its buffers; their values :class:`RenderOptions`, :class:`VertexLayout`,
:class:`ColorOrder`, ``NO_SEPARATOR``, :class:`StaleOutputError`, :class:`DrawRange`,
:class:`DrawRangeInfo`, and the GPU frame's ``NO_BLOCK``, :class:`CpuReason`,
:class:`GpuDraw`, :class:`GpuCoverage` and :class:`GpuOutput` (a GPU frame as zero-copy views).
"""

import ctypes
import enum
from typing import NamedTuple, Optional, Sequence

from ._ffi import (
    Status, spn_draw_range, spn_draw_range_info, spn_gpu_draw, spn_gpu_output, spn_render_options,
    spn_render_output, spn_renderer, spn_vertex, spn_vertex_z, _Owned, _check, _lib, _view
)
from .data import Blend
from .skeleton import Skeleton


class VertexLayout(enum.IntEnum):
    SEPARATE = 0
    INTERLEAVED = 1


class ColorOrder(enum.IntEnum):
    """spn_color_order (ABI 1.8): the byte order of packed colors."""
    ARGB = 0  #: ``A<<24 | R<<16 | G<<8 | B`` (B, G, R, A bytes in memory; swizzle ``.bgra`` in a GL shader)
    RGBA_BYTES = 1  #: ``A<<24 | B<<16 | G<<8 | R`` (R, G, B, A bytes in memory: GLES/WebGL as they are)


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


#: ``RenderOutput.range_separators`` of a range that ends at no separator slot (ABI 1.8).
NO_SEPARATOR = 0xFFFFFFFF


class StaleOutputError(RuntimeError):
    """A render output (or one of its views) was read after the renderer rendered again,
    changed its options or was closed."""


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


NO_BLOCK = 0xFFFFFFFF
"""``GpuDraw.block`` of a draw whose vertices are the frame's CPU vertices (ABI 1.9)."""


class CpuReason(enum.IntEnum):
    """Why a GPU-mode draw stays on the CPU (``spn_cpu_reason``, ABI 1.9)."""
    NONE = 0
    CLIPPED = 1
    DEFORMED = 2
    INELIGIBLE = 3
    RUNTIME = 4


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


class GpuOutput:
    """One GPU-mode frame (``spn_gpu_output``, ABI 1.9) as zero-copy views into the
    renderer's memory, with :class:`RenderOutput`'s lifetime: valid until the renderer's next
    render (of either mode, or a :class:`Crowd` update), an option change or its closing.
    After that, reading this object's views raises :class:`StaleOutputError` and the
    memoryviews it handed out are released (reading one raises ``ValueError``).

    - ``palette``: memoryview of ``bone_count * 6`` floats (a, c, b, d, x, y per bone);
    - ``draws``: the ``draw_count`` ``spn_gpu_draw`` records in draw order, a ctypes array
      over the renderer's memory (fields ``block``, ``first_vertex``, ``vertex_count``,
      ``first_index``, ``index_count``, ``page``, ``blend``, ``color``, ``dark_color``,
      ``draw``, ``slot``, ``cpu_reason``, ``texture_id``); ``draw_bytes`` the same as a
      memoryview of bytes; :meth:`draw` one record as a :class:`GpuDraw`;
    - ``cpu_positions``, ``cpu_uvs``: memoryviews of ``cpu_vertex_count * 2`` floats;
      ``cpu_indices``: memoryview of ``cpu_index_count`` 16-bit indices, relative to their
      draw's ``first_vertex``.
    """

    _VIEWS = ("palette", "draws", "draw_bytes", "cpu_positions", "cpu_uvs", "cpu_indices")

    def __init__(self, renderer: "Renderer", raw: spn_gpu_output):
        self._renderer = renderer  # keeps the renderer (and its buffers) alive
        self._generation = raw.generation
        self._token = renderer._token
        self.raw = raw
        self.bone_count = raw.bone_count
        self.draw_count = raw.draw_count
        self.cpu_vertex_count = raw.cpu_vertex_count
        self.cpu_index_count = raw.cpu_index_count
        c = raw.coverage
        self.coverage = GpuCoverage(c.gpu_draws, c.cpu_draws, c.gpu_vertices, c.cpu_vertices, c.clipped_draws,
                                    c.deformed_draws, c.ineligible_draws, c.runtime_draws)
        views = {
            "palette": _view(raw.palette, ctypes.c_float, raw.bone_count * 6, "f"),
            "draws": (spn_gpu_draw * raw.draw_count).from_address(raw.draws) if raw.draws and raw.draw_count else [],
            "draw_bytes": _view(raw.draws, ctypes.c_uint8, raw.draw_count * ctypes.sizeof(spn_gpu_draw), "B"),
            "cpu_positions": _view(raw.cpu_positions, ctypes.c_float, raw.cpu_vertex_count * 2, "f"),
            "cpu_uvs": _view(raw.cpu_uvs, ctypes.c_float, raw.cpu_vertex_count * 2, "f"),
            "cpu_indices": _view(raw.cpu_indices, ctypes.c_uint16, raw.cpu_index_count, "H"),
        }
        self._views = views
        renderer._handed_out.extend(v for v in views.values() if isinstance(v, memoryview))

    generation = RenderOutput.generation
    is_valid = RenderOutput.is_valid

    def _checked(self):
        if not self.is_valid:
            r = self._renderer
            why = "was closed" if r.closed else "rendered again or changed its options"
            raise StaleOutputError(f"GPU output of generation {self._generation} is stale: the renderer {why}")
        return self._views

    def __getattr__(self, name):
        if name in GpuOutput._VIEWS:
            return self._checked()[name]
        raise AttributeError(name)

    def draw(self, i: int) -> GpuDraw:
        """Draw ``i`` (in draw order) as a :class:`GpuDraw` (a copy of one record)."""
        d = self._checked()["draws"][i]
        return GpuDraw(d.block, d.first_vertex, d.vertex_count, d.first_index, d.index_count, d.page,
                       Blend(d.blend), d.color, d.dark_color, d.draw, d.slot, CpuReason(d.cpu_reason), d.texture_id)


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

    def render_gpu(self, skeleton: Skeleton) -> GpuOutput:
        """Renders the skeleton's applied pose for GPU skinning (ABI 1.9): the bone palette
        (6 floats a bone: a, c, b, d, x, y), the draws in draw order (a static block of
        :meth:`SkeletonData.gpu_streams`, or ``block == NO_BLOCK``: a run of the frame's CPU
        vertices) and the coverage, as zero-copy views (:class:`GpuOutput`). The renderer's
        color options apply; earlier outputs of either mode become stale."""
        out = spn_gpu_output(size=ctypes.sizeof(spn_gpu_output))
        _check(_lib.spn_renderer_render_gpu(self._handle, skeleton._handle, ctypes.byref(out)))
        self._invalidate()
        return GpuOutput(self, out)

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
