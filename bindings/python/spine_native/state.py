"""The animation state objects (``spn_animation_state_data_*``, ``spn_animation_state_*``,
``spn_track_entry_*``): :class:`AnimationStateData` (mix durations),
:class:`AnimationState` (tracks, update, apply, polled events) and :class:`TrackEntry`
(fields, links); their values :class:`EventType`, :class:`EntryField`,
:class:`EntryLink`, :class:`Interpolation` and :class:`Event`.
"""

import ctypes
import enum
from typing import List, NamedTuple, Optional

from ._ffi import (
    spn_animation_state, spn_animation_state_data, spn_event, spn_track_entry, _Owned, _check, _decode, _lib
)
from .data import SkeletonData
from .skeleton import Skeleton


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
