"""The skeleton object (``spn_skeleton_*``): :class:`Skeleton` (create; skin, position,
scale, time and update; bones in world and local space; slots, attachments, colors,
sequence indices and draw order; constraints and physics; attachment inspection and slot
world vertices; direct animation apply) and the pose snapshots :func:`snapshot`,
:func:`snapshot_bound` and :func:`restore`; its values :class:`Physics`, :class:`Pose`,
:class:`ConstraintProperty`, :class:`BoneWorld`, :class:`BoneWorldInfo`, :class:`Point`,
:class:`Rect` (also used by bounds), :class:`MixBlend`, :class:`MixDirection` and
:class:`FiredEvent`.
"""

import ctypes
import enum
from typing import List, NamedTuple, Optional, TYPE_CHECKING, Union

from ._ffi import (
    Status, spn_animation_state, spn_attachment_geometry, spn_attachment_info, spn_bone_local, spn_bone_world,
    spn_bone_world_info, spn_color, spn_fired_event, spn_point, spn_rect, spn_skeleton, spn_skin, _Owned, _check,
    _lib, _spn_color
)
from .data import (
    AttachmentArray, AttachmentGeometry, AttachmentInfo, AttachmentType, BoneLocal, Color, SkeletonData,
    _bone_local, _color, _geometry
)
from .skin import RUNTIME_ATTACHMENT_BIT, Skin

if TYPE_CHECKING:  # for annotations only: that module imports this one
    from .state import AnimationState


class Physics(enum.IntEnum):
    """spn_physics: what physics constraints do in :meth:`Skeleton.update_world_transform`."""
    NONE = 0
    RESET = 1
    UPDATE = 2
    POSE = 3


class Pose(enum.IntEnum):
    """spn_pose: which of an object's two poses a call reads or writes."""
    ANIMATED = 0
    APPLIED = 1


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


class BoneWorld(NamedTuple):
    """A bone's world transform: a bone-local (x, y) is at (a·x + b·y + world_x, c·x + d·y + world_y)."""
    a: float
    b: float
    c: float
    d: float
    world_x: float
    world_y: float


class BoneWorldInfo(NamedTuple):
    """World rotation (degrees) and scale of a bone's X and Y axes (ABI 1.3)."""
    rotation_x: float
    rotation_y: float
    scale_x: float
    scale_y: float


class Point(NamedTuple):
    x: float
    y: float
    rotation: float


class Rect(NamedTuple):
    x: float
    y: float
    width: float
    height: float


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


def snapshot(skeleton: Skeleton, state: "Optional[AnimationState]" = None) -> bytes:
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


def restore(skeleton: Skeleton, state: "Optional[AnimationState]", data: bytes) -> None:
    """Restores a :func:`snapshot` (ABI 1.4); ``SpineError`` (INVALID_ARGUMENT) for a snapshot
    of other data, a changed, truncated or longer one, a state mismatch, or values the data or
    the state could not hold (the message says what and where)."""
    handle = spn_animation_state(0) if state is None else state._handle
    _check(_lib.spn_skeleton_restore(skeleton._handle, handle, bytes(data), len(data)))
