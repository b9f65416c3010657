"""The skeleton data object (``spn_skeleton_data_*``): :class:`SkeletonData` (load binary or
JSON; info; bone, slot, skin, event, animation, constraint and attachment lists and lookups;
bone setup poses; animation keys; attachment geometry and arrays; constraint setup data; data
skin entries; placeholders; the atlas it was loaded with; GPU-skinning streams) and its values:

- the list and type enums :class:`Item`, :class:`Blend`, :class:`Inherit`,
  :class:`ConstraintType`, :class:`AttachmentType`, :class:`AttachmentArray`;
- :class:`Color`, :class:`BoneLocal` (also used by skeletons), :class:`SkeletonInfo`,
  :class:`BoneData`, :class:`SlotData`, :class:`EventData`, :class:`SequenceData`,
  :class:`EventKey`, :class:`AttachmentInfo`, :class:`ConstraintInfo`;
- :class:`AttachmentGeometry` (also read through skins and skeletons),
  :class:`ConstraintData`, :class:`TransformMapping`, :class:`SequenceKey`,
  :class:`SkinEntry` (also listed by skins);
- ``GPU_VERTEX_SIZE``, :class:`GpuBlock` and :class:`GpuStreams`.
"""

import ctypes
import enum
import os
from typing import List, NamedTuple, Optional, Tuple, Union

from ._ffi import (
    Status, spn_atlas, spn_attachment_geometry, spn_attachment_info, spn_bone_data, spn_bone_local,
    spn_constraint_data, spn_constraint_info, spn_event_data, spn_event_key, spn_gpu_block, spn_gpu_streams,
    spn_gpu_vertex, spn_sequence_data, spn_sequence_key, spn_skeleton_data, spn_skeleton_info, spn_skin_entry,
    spn_slot_data, spn_transform_mapping, _CONSTRAINT_DATA_FIELDS, _Owned, _check, _decode, _lib, _optional,
    _path, _text, _view
)
from .atlas import Atlas


class Item(enum.IntEnum):
    """spn_item: which list of a skeleton data count/name/find read."""
    BONE = 0
    SLOT = 1
    SKIN = 2
    ANIMATION = 3
    EVENT = 4
    CONSTRAINT = 5
    ATTACHMENT = 6


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


class Color(NamedTuple):
    r: float
    g: float
    b: float
    a: float = 1.0


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


class SequenceKey(NamedTuple):
    """One key of a sequence timeline (ABI 1.4): mode 0 hold, 1 once, 2 loop, 3 ping-pong,
    4 once reverse, 5 loop reverse, 6 ping-pong reverse."""
    time: float
    mode: int
    index: int
    delay: float
    slot: int
    attachment: int


class SkinEntry(NamedTuple):
    """One entry of a runtime skin (ABI 1.4): ``attachment`` shown by ``slot`` under ``name``."""
    slot: int
    name: str
    attachment: int


GPU_VERTEX_SIZE = 64
"""Bytes of one ``spn_gpu_vertex``: bones (4 x uint16), weights (4 x float), bone-local
positions (8 x float), u, v (ABI 1.9)."""


class GpuBlock(NamedTuple):
    first_vertex: int
    vertex_count: int
    first_index: int
    index_count: int
    rigid_bone: int


class GpuStreams:
    """The static streams of a skeleton data (``spn_gpu_streams``, ABI 1.9) as zero-copy views
    into the library's memory, valid until the :class:`SkeletonData` they were read from is
    closed: then reading them raises ``ValueError`` (the memoryviews are released) or
    :class:`StaleOutputError`-like ``RuntimeError`` (the ctypes arrays).

    - ``vertices``: memoryview of ``vertex_count * GPU_VERTEX_SIZE`` bytes (the
      ``spn_gpu_vertex`` layout, ready to upload); ``vertex_records``: the same as a ctypes
      array of ``spn_gpu_vertex``; :meth:`vertex` one vertex as tuples;
    - ``indices``: memoryview of ``index_count`` 16-bit indices, relative to their block's
      first vertex;
    - ``blocks``: ctypes array of ``block_count`` ``spn_gpu_block`` records (one per
      attachment and sequence frame); :meth:`block` one as a :class:`GpuBlock`.
    """

    _VIEWS = ("vertices", "vertex_records", "indices", "blocks")

    def __init__(self, data: "SkeletonData", raw: spn_gpu_streams):
        self._data = data
        self.raw = raw
        self.vertex_count = raw.vertex_count
        self.index_count = raw.index_count
        self.block_count = raw.block_count
        self.eligible_attachments = raw.eligible_attachments
        self.too_many_influences = raw.too_many_influences
        self.no_single_bone = raw.no_single_bone
        self._views = {
            "vertices": _view(raw.vertices, ctypes.c_uint8, raw.vertex_count * GPU_VERTEX_SIZE, "B"),
            "vertex_records": (spn_gpu_vertex * raw.vertex_count).from_address(raw.vertices)
            if raw.vertices and raw.vertex_count else [],
            "indices": _view(raw.indices, ctypes.c_uint16, raw.index_count, "H"),
            "blocks": (spn_gpu_block * raw.block_count).from_address(raw.blocks) if raw.blocks and raw.block_count else [],
        }
        data._handed_out.extend(v for v in self._views.values() if isinstance(v, memoryview))

    @property
    def is_valid(self) -> bool:
        """False once the skeleton data was closed."""
        return not self._data.closed

    def __getattr__(self, name):
        if name in GpuStreams._VIEWS:
            if not self.is_valid:
                raise RuntimeError("GPU streams read after their skeleton data was closed")
            return self._views[name]
        raise AttributeError(name)

    def vertex(self, i: int) -> Tuple[Tuple[int, ...], Tuple[float, ...], Tuple[float, ...], float, float]:
        """Static vertex ``i`` as (bones, weights, positions, u, v)."""
        v = self.vertex_records[i]
        return tuple(v.bones), tuple(v.weights), tuple(v.positions), v.u, v.v

    def block(self, i: int) -> GpuBlock:
        """Block ``i`` as a :class:`GpuBlock`."""
        b = self.blocks[i]
        return GpuBlock(b.first_vertex, b.vertex_count, b.first_index, b.index_count, b.rigid_bone)


class SkeletonData(_Owned):
    """Loaded skeleton data (owns one ``spn_skeleton_data`` handle). Stays valid after the
    atlas it was loaded with is closed."""

    _handle_type = spn_skeleton_data
    _destroy_name = "spn_skeleton_data_destroy"

    def __init__(self, handle):
        super().__init__(handle)
        self._handed_out = []  # memoryviews of the GPU streams, released on close

    def close(self) -> None:
        views, self._handed_out = getattr(self, "_handed_out", []), []
        for view in views:
            try:
                view.release()
            except (BufferError, ValueError):
                pass
        super().close()

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

    def gpu_streams(self) -> GpuStreams:
        """The static streams of GPU skinning (ABI 1.9), made once per data and shared by every
        skeleton, as zero-copy views valid until this data is closed (:class:`GpuStreams`):
        upload them once per data."""
        out = spn_gpu_streams(size=ctypes.sizeof(spn_gpu_streams))
        _check(_lib.spn_skeleton_data_gpu_streams(self._handle, ctypes.byref(out)))
        return GpuStreams(self, out)

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


def _geometry(id: int, g: "spn_attachment_geometry") -> "AttachmentGeometry":
    text = lambda b: b.decode("utf-8") if b else ""
    return AttachmentGeometry(
        id, AttachmentType(g.kind), text(g.path), text(g.region_name), _optional(g.page), _optional(g.region),
        _color(g.color), g.x, g.y, g.rotation, g.scale_x, g.scale_y, g.width, g.height, g.vertex_count,
        g.weighted != 0, g.hull_length, _optional(g.source), _optional(g.timeline_attachment),
        _optional(g.end_slot), g.closed != 0, g.constant_speed != 0, g.convex != 0, g.inverse != 0)
