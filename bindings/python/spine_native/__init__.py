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

The package is laid out by C object, in the header's object order; each module imports only
the ones above it (import everything from ``spine_native`` itself, as before):

- ``_ffi``: loading the library, the C declarations (handles, structs, prototypes), errors
  and the library calls (version, last error, status strings), the owned-handle base;
- ``atlas``: :class:`Atlas` (pages, regions, page textures);
- ``data``: :class:`SkeletonData` and its value types (bones, slots, skins, events,
  animations, attachment geometry, constraint data, skin entries, GPU streams);
- ``skin``: :class:`Skin` (entries, runtime attachments, attachment inspection);
- ``skeleton``: :class:`Skeleton` (bones, slots, attachments, constraints, physics, direct
  apply) and the pose snapshots (:func:`snapshot`, :func:`restore`);
- ``state``: :class:`AnimationStateData`, :class:`AnimationState`, :class:`TrackEntry`;
- ``render``: :class:`Renderer` and :class:`RenderOutput` (options, separation, GPU frames);
- ``bounds``: :class:`Bounds`;
- ``crowd``: :class:`Crowd` (control, batched render).
"""

# What the one-file package had at its top level stays there: the standard modules it
# imported (``spine_native.ctypes``), every public name of the modules below and ``_lib``.
import ctypes
import enum
import os
import sys
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

from ._ffi import (
    ABI_VERSION, ErrorKind, LibraryNotFoundError, RegionPlacement, SpineError, Status, abi_compatible, abi_version,
    error_kind_string, last_error_kind, last_error_message, library_path, spn_animation_state,
    spn_animation_state_data, spn_atlas, spn_atlas_page_info, spn_atlas_region_info, spn_attachment_geometry,
    spn_attachment_info, spn_bone_data, spn_bone_local, spn_bone_world, spn_bone_world_info, spn_bounding_box,
    spn_bounds, spn_color, spn_constraint_data, spn_constraint_info, spn_crowd, spn_draw_range, spn_draw_range_info,
    spn_event, spn_event_data, spn_event_key, spn_fired_event, spn_gpu_block, spn_gpu_coverage, spn_gpu_draw,
    spn_gpu_output, spn_gpu_streams, spn_gpu_vertex, spn_page_details, spn_point, spn_rect, spn_region_placement,
    spn_render_options, spn_render_output, spn_renderer, spn_sequence_data, spn_sequence_key, spn_skeleton,
    spn_skeleton_data, spn_skeleton_info, spn_skin, spn_skin_entry, spn_slot_data, spn_texture_file_loader,
    spn_texture_loader, spn_track_entry, spn_transform_mapping, spn_vertex, spn_vertex_z, status_string, version,
    _lib
)
from .atlas import Atlas, AtlasPage, AtlasRegion, PageDetails, TextureFilter, TextureWrap
from .data import (
    GPU_VERTEX_SIZE, AttachmentArray, AttachmentGeometry, AttachmentInfo, AttachmentType, Blend, BoneData,
    BoneLocal, Color, ConstraintData, ConstraintInfo, ConstraintType, EventData, EventKey, GpuBlock, GpuStreams,
    Inherit, Item, SequenceData, SequenceKey, SkeletonData, SkeletonInfo, SkinEntry, SlotData, TransformMapping
)
from .skin import RUNTIME_ATTACHMENT_BIT, Skin, is_runtime_attachment
from .skeleton import (
    BoneWorld, BoneWorldInfo, ConstraintProperty, FiredEvent, MixBlend, MixDirection, Physics, Point, Pose, Rect,
    Skeleton, restore, snapshot, snapshot_bound
)
from .state import (
    AnimationState, AnimationStateData, EntryField, EntryLink, Event, EventType, Interpolation, TrackEntry
)
from .render import (
    NO_BLOCK, NO_SEPARATOR, ColorOrder, CpuReason, DrawRange, DrawRangeInfo, GpuCoverage, GpuDraw, GpuOutput,
    RenderOptions, RenderOutput, Renderer, StaleOutputError, VertexLayout
)
from .bounds import BoundingBox, Bounds
from .crowd import Crowd

__all__ = [
    # _ffi
    "ABI_VERSION", "Status", "ErrorKind", "SpineError", "LibraryNotFoundError", "RegionPlacement", "library_path",
    "abi_version", "abi_compatible", "version", "last_error_message", "last_error_kind", "status_string",
    "error_kind_string",
    # atlas
    "AtlasPage", "AtlasRegion", "TextureFilter", "TextureWrap", "PageDetails", "Atlas",
    # data
    "Item", "Blend", "Inherit", "ConstraintType", "AttachmentType", "AttachmentArray", "Color", "BoneLocal",
    "SkeletonInfo", "BoneData", "SlotData", "EventData", "SequenceData", "EventKey", "AttachmentInfo",
    "ConstraintInfo", "AttachmentGeometry", "ConstraintData", "TransformMapping", "SequenceKey", "SkinEntry",
    "GPU_VERTEX_SIZE", "GpuBlock", "GpuStreams", "SkeletonData",
    # skin
    "RUNTIME_ATTACHMENT_BIT", "is_runtime_attachment", "Skin",
    # skeleton
    "Physics", "Pose", "ConstraintProperty", "BoneWorld", "BoneWorldInfo", "Point", "Rect", "MixBlend",
    "MixDirection", "FiredEvent", "Skeleton", "snapshot", "snapshot_bound", "restore",
    # state
    "EventType", "EntryField", "EntryLink", "Interpolation", "TrackEntry", "Event", "AnimationStateData",
    "AnimationState",
    # render
    "VertexLayout", "ColorOrder", "RenderOptions", "NO_SEPARATOR", "StaleOutputError", "DrawRange", "DrawRangeInfo",
    "NO_BLOCK", "CpuReason", "GpuDraw", "GpuCoverage", "GpuOutput", "RenderOutput", "Renderer",
    # bounds
    "BoundingBox", "Bounds",
    # crowd
    "Crowd",
]
