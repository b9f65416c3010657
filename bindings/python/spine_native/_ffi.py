"""The ground floor of the binding: the library, its C declarations and its errors.

Holds, in this order:

- ``ABI_VERSION``, :class:`Status`, :class:`ErrorKind`, :class:`SpineError` and
  :class:`LibraryNotFoundError`;
- finding and loading the shared library (``$SPINE_NATIVE_LIB``, the package folder, the
  source tree's ``target/``, the system loader);
- the C declarations by object (atlas, skeleton data, skin, skeleton, animation state,
  renderer, bounds, crowd): handle types, structs (with :class:`RegionPlacement`, the one
  struct callers build) and callback types;
- the prototypes of every header function (``_declare``), in the header's object order,
  and ``_lib``, the loaded library with them set;
- the library calls (:func:`library_path`, :func:`abi_version`, :func:`abi_compatible`,
  :func:`version`, :func:`last_error_message`, :func:`last_error_kind`,
  :func:`status_string`, :func:`error_kind_string`) and ``_check``, which turns a failing
  status into :class:`SpineError`;
- helpers the object modules share: text and path encoding, zero-copy views and struct
  arrays, and ``_Owned``, the base of every class that owns one handle.

Everything public here is re-exported by the package; import it from ``spine_native``.
"""

import ctypes
import enum
import os
import sys
from pathlib import Path
from typing import Optional, Sequence, Union


#: SPN_ABI_VERSION of the header these declarations were written from.
ABI_VERSION = (1 << 16) | 9


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


class SpineError(Exception):
    """A failed spine_native call."""

    def __init__(self, status: Status, kind: ErrorKind, message: str):
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.status.name}, kind {self.kind.name}]"


class LibraryNotFoundError(ImportError):
    """The shared library could not be loaded; the message lists where it was looked for."""


def _library_name() -> str:
    if sys.platform == "win32":
        return "spine_native.dll"
    if sys.platform == "darwin":
        return "libspine_native.dylib"
    return "libspine_native.so"


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


# --------------------------------------------------------------------------------------
# C declarations: atlas


class spn_atlas(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_atlas_page_info(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("width", ctypes.c_uint32),
        ("height", ctypes.c_uint32),
        ("pma", ctypes.c_uint32),
    ]


class spn_atlas_region_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("page", ctypes.c_uint32), ("name", ctypes.c_char_p)] + [
        (n, ctypes.c_int32) for n in ("x", "y", "width", "height")] + [
        (n, ctypes.c_float) for n in ("u", "v", "u2", "v2", "offset_x", "offset_y", "original_width",
                                       "original_height")] + [("degrees", ctypes.c_int32), ("index", ctypes.c_int32)]


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


# --------------------------------------------------------------------------------------
# C declarations: skeleton data


class spn_skeleton_data(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


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


class spn_attachment_geometry(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("kind", ctypes.c_uint32), ("path", ctypes.c_char_p),
                ("region_name", ctypes.c_char_p), ("page", ctypes.c_int32), ("region", ctypes.c_int32),
                ("color", spn_color)] + [
        (n, ctypes.c_float) for n in ("x", "y", "rotation", "scale_x", "scale_y", "width", "height")] + [
        (n, ctypes.c_uint32) for n in ("vertex_count", "weighted", "hull_length")] + [
        (n, ctypes.c_int32) for n in ("source", "timeline_attachment", "end_slot")] + [
        (n, ctypes.c_uint32) for n in ("closed", "constant_speed", "convex", "inverse")]


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


class spn_transform_mapping(ctypes.Structure):
    _fields_ = [("from_", _U), ("from_offset", _F), ("to", _U), ("offset", _F), ("max", _F), ("scale", _F)]


class spn_skin_entry(ctypes.Structure):
    _fields_ = [("slot", ctypes.c_uint32), ("attachment", ctypes.c_uint32), ("name", ctypes.c_char_p)]


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


# --------------------------------------------------------------------------------------
# C declarations: skin


class spn_skin(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


def _spn_color(color) -> spn_color:
    r, g, b, *a = color
    return spn_color(r, g, b, a[0] if a else 1.0)


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


# --------------------------------------------------------------------------------------
# C declarations: skeleton


class spn_skeleton(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_bone_world(ctypes.Structure):
    _fields_ = [(name, ctypes.c_float) for name in ("a", "b", "c", "d", "world_x", "world_y")]


class spn_bone_world_info(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32)] + [
        (name, ctypes.c_float) for name in ("rotation_x", "rotation_y", "scale_x", "scale_y")]


class spn_point(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "rotation")]


class spn_rect(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "width", "height")]


class spn_fired_event(ctypes.Structure):
    _fields_ = [("time", ctypes.c_float), ("event", ctypes.c_uint32), ("key", ctypes.c_uint32),
                ("int_value", ctypes.c_int32), ("float_value", ctypes.c_float), ("volume", ctypes.c_float),
                ("balance", ctypes.c_float)]


# --------------------------------------------------------------------------------------
# C declarations: animation state


class spn_animation_state_data(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_animation_state(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_track_entry(ctypes.Structure):
    _fields_ = [("state", ctypes.c_uint64), ("entry", ctypes.c_uint64)]


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


# --------------------------------------------------------------------------------------
# C declarations: renderer


class spn_renderer(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_render_options(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("premultiplied_alpha", ctypes.c_uint32), ("use_z", ctypes.c_uint32),
                ("z_spacing", ctypes.c_float), ("indices_u32", ctypes.c_uint32), ("merge_colors", ctypes.c_uint32),
                ("layout", ctypes.c_uint32), ("slot_indices", ctypes.c_uint32),
                ("absolute_indices", ctypes.c_uint32), ("color_order", ctypes.c_uint32),
                ("pma_per_page", ctypes.c_uint32)]


class spn_draw_range(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "first_index", "index_count", "first_vertex", "vertex_count", "page", "blend", "color", "dark_color")]


class spn_draw_range_info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("first_draw", "last_draw", "first_slot", "last_slot")] + [
        ("texture_id", ctypes.c_uint64)]


class spn_render_output(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in (
        "size", "layout", "vertex_count", "index_count", "range_count", "position_stride", "index_size",
        "vertex_size")] + [(name, ctypes.c_void_p) for name in (
            "positions", "uvs", "colors", "dark_colors", "vertices", "indices", "ranges")] + [
                ("generation", ctypes.c_uint64), ("range_infos", ctypes.c_void_p), ("slots", ctypes.c_void_p),
                ("range_separators", ctypes.c_void_p), ("absolute_indices", ctypes.c_uint32),
                ("reserved", ctypes.c_uint32)]


class spn_vertex(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "u", "v")] + [
        ("color", ctypes.c_uint32), ("dark_color", ctypes.c_uint32)]


class spn_vertex_z(ctypes.Structure):
    _fields_ = [(n, ctypes.c_float) for n in ("x", "y", "z", "u", "v")] + [
        ("color", ctypes.c_uint32), ("dark_color", ctypes.c_uint32)]


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


# --------------------------------------------------------------------------------------
# C declarations: bounds


class spn_bounds(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


class spn_bounding_box(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("slot", ctypes.c_uint32), ("attachment", ctypes.c_uint32),
                ("vertex_count", ctypes.c_uint32), ("vertices", ctypes.c_void_p)]


# --------------------------------------------------------------------------------------
# C declarations: crowd


class spn_crowd(ctypes.Structure):
    _fields_ = [("bits", ctypes.c_uint64)]


# --------------------------------------------------------------------------------------
# The prototypes


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Sets restype and argtypes of every header function, in the header's object order."""
    c = ctypes
    u8p = c.c_char_p  # `const uint8_t*` inputs: bytes objects pass as pointers
    signatures = {
        # 1. library: version, errors, status and kind strings
        "spn_abi_version": (c.c_uint32, []),
        "spn_version_string": (c.c_char_p, []),
        "spn_last_error_message": (c.c_char_p, []),
        "spn_last_error_kind": (c.c_int, []),
        "spn_status_string": (c.c_char_p, [c.c_uint32]),
        "spn_error_kind_string": (c.c_char_p, [c.c_uint32]),
        # 2. atlas
        "spn_atlas_load": (c.c_int, [u8p, c.c_size_t, c.POINTER(spn_atlas)]),
        "spn_atlas_load_file": (c.c_int, [c.c_char_p, c.POINTER(spn_atlas)]),
        "spn_atlas_destroy": (c.c_int, [spn_atlas]),
        "spn_atlas_page_count": (c.c_int, [spn_atlas, c.POINTER(c.c_uint32)]),
        "spn_atlas_region_count": (c.c_int, [spn_atlas, c.POINTER(c.c_uint32)]),
        "spn_atlas_page": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_atlas_page_info)]),
        "spn_atlas_region": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_atlas_region_info)]),
        "spn_atlas_find_region": (c.c_int, [spn_atlas, c.c_char_p, c.POINTER(c.c_uint32)]),
        "spn_atlas_page_details": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(spn_page_details)]),
        "spn_atlas_load_with_textures": (c.c_int, [u8p, c.c_size_t, spn_texture_loader, c.c_void_p,
                                                   c.POINTER(spn_atlas)]),
        "spn_atlas_set_page_texture": (c.c_int, [spn_atlas, c.c_uint32, c.c_uint64]),
        "spn_atlas_page_texture": (c.c_int, [spn_atlas, c.c_uint32, c.POINTER(c.c_uint64)]),
        "spn_atlas_load_file_with_textures": (c.c_int, [c.c_char_p, spn_texture_file_loader, c.c_void_p,
                                                        c.POINTER(spn_atlas)]),
        # 3. skeleton data
        "spn_skeleton_data_atlas": (c.c_int, [spn_skeleton_data, c.POINTER(spn_atlas)]),
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
        "spn_skeleton_data_animation_keyed":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_event_keys":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_event_key), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_attachment_geometry":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skeleton_data_attachment_floats": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                          c.POINTER(c.c_float), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_attachment_indices": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                           c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_constraint_data":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(spn_constraint_data)]),
        "spn_skeleton_data_constraint_bones":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_constraint_transform_mappings":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_transform_mapping), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_skin_entries": (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32,
                                                     c.POINTER(spn_skin_entry), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_animation_sequence_keys":
            (c.c_int, [spn_skeleton_data, c.c_uint32, c.c_uint32, c.POINTER(spn_sequence_key), c.c_uint32,
                       c.POINTER(c.c_uint32)]),
        "spn_skeleton_data_add_placeholder": (c.c_int, [spn_skeleton_data, c.c_char_p]),
        "spn_skeleton_data_gpu_streams": (c.c_int, [spn_skeleton_data, c.POINTER(spn_gpu_streams)]),
        # 4. skin
        "spn_skin_create": (c.c_int, [spn_skeleton_data, c.c_char_p, c.POINTER(spn_skin)]),
        "spn_skin_destroy": (c.c_int, [spn_skin]),
        "spn_skin_add_data_skin": (c.c_int, [spn_skin, c.c_uint32]),
        "spn_skin_add_skin": (c.c_int, [spn_skin, spn_skin]),
        "spn_skin_set_attachment": (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32]),
        "spn_skin_attachment_count": (c.c_int, [spn_skin, c.POINTER(c.c_uint32)]),
        "spn_skin_name": (c.c_int, [spn_skin, c.POINTER(c.c_char_p)]),
        "spn_skin_entries": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_skin_entry), c.c_uint32,
                                       c.POINTER(c.c_uint32)]),
        "spn_skin_remove_attachment": (c.c_int, [spn_skin, c.c_uint32, c.c_char_p]),
        "spn_skin_clear": (c.c_int, [spn_skin]),
        "spn_skin_copy": (c.c_int, [spn_skin, c.POINTER(spn_skin)]),
        "spn_skin_create_region_attachment":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, spn_atlas, c.c_uint32, c.POINTER(RegionPlacement),
                       c.POINTER(c.c_uint32)]),
        "spn_skin_create_region_attachment_uv":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32, c.c_float, c.c_float, c.c_float, c.c_float,
                       c.POINTER(RegionPlacement), c.POINTER(c.c_uint32)]),
        "spn_skin_clone_attachment":
            (c.c_int, [spn_skin, c.c_uint32, c.c_char_p, c.c_uint32, spn_atlas, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skin_attachment": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_attachment_info)]),
        "spn_skin_attachment_geometry": (c.c_int, [spn_skin, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skin_attachment_floats": (c.c_int, [spn_skin, c.c_uint32, c.c_uint32, c.POINTER(c.c_float),
                                                 c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skin_attachment_indices": (c.c_int, [spn_skin, c.c_uint32, c.c_uint32, c.POINTER(c.c_uint32),
                                                  c.c_uint32, c.POINTER(c.c_uint32)]),
        # 5. skeleton
        "spn_skeleton_slot_world_vertices":
            (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_float), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_constraint_get":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(c.c_float)]),
        "spn_skeleton_constraint_set": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.c_float]),
        "spn_skeleton_constraint_active": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_physics_constraint_reset": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_physics_constraint_translate": (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float]),
        "spn_skeleton_physics_constraint_rotate":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_create": (c.c_int, [spn_skeleton_data, c.POINTER(spn_skeleton)]),
        "spn_skeleton_destroy": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose_bones": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose_slots": (c.c_int, [spn_skeleton]),
        "spn_skeleton_setup_pose_slot": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_update_cache": (c.c_int, [spn_skeleton]),
        "spn_skeleton_set_skin": (c.c_int, [spn_skeleton, spn_skin]),
        "spn_skeleton_set_skin_by_name": (c.c_int, [spn_skeleton, c.c_char_p]),
        "spn_skeleton_skin_name": (c.c_int, [spn_skeleton, c.POINTER(c.c_char_p)]),
        "spn_skeleton_set_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_char_p]),
        "spn_skeleton_find_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_char_p, c.POINTER(c.c_uint32)]),
        "spn_skeleton_slot_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(c.c_int32)]),
        "spn_skeleton_set_slot_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_int32]),
        "spn_skeleton_point_attachment_world":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_point)]),
        "spn_skeleton_bone_local": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_bone_local)]),
        "spn_skeleton_set_bone_local":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(spn_bone_local)]),
        "spn_skeleton_bone_world": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_bone_world)]),
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
        "spn_skeleton_position": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_position": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_scale": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_scale": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_color": (c.c_int, [spn_skeleton, c.POINTER(spn_color)]),
        "spn_skeleton_set_color": (c.c_int, [spn_skeleton, c.POINTER(spn_color)]),
        "spn_skeleton_y_down": (c.c_int, [spn_skeleton, c.POINTER(c.c_uint32)]),
        "spn_skeleton_set_y_down": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_time": (c.c_int, [spn_skeleton, c.POINTER(c.c_double)]),
        "spn_skeleton_set_time": (c.c_int, [spn_skeleton, c.c_double]),
        "spn_skeleton_wind": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_wind": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_gravity": (c.c_int, [spn_skeleton, c.POINTER(c.c_float), c.POINTER(c.c_float)]),
        "spn_skeleton_set_gravity": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_update": (c.c_int, [spn_skeleton, c.c_double]),
        "spn_skeleton_update_world_transform": (c.c_int, [spn_skeleton, c.c_uint32]),
        "spn_skeleton_physics_translate": (c.c_int, [spn_skeleton, c.c_float, c.c_float]),
        "spn_skeleton_physics_rotate": (c.c_int, [spn_skeleton, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_physics_move":
            (c.c_int, [spn_skeleton, c.c_float, c.c_float, c.c_float, c.c_float, c.c_float, c.c_float]),
        "spn_skeleton_bounds": (c.c_int, [spn_skeleton, c.POINTER(spn_rect), c.POINTER(c.c_uint32)]),
        "spn_skeleton_attachment": (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_attachment_info)]),
        "spn_skeleton_attachment_geometry":
            (c.c_int, [spn_skeleton, c.c_uint32, c.POINTER(spn_attachment_geometry)]),
        "spn_skeleton_attachment_floats": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.POINTER(c.c_float),
                                                     c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_attachment_indices": (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32,
                                                      c.POINTER(c.c_uint32), c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_skeleton_snapshot":
            (c.c_int, [spn_skeleton, spn_animation_state, c.c_void_p, c.c_size_t, c.POINTER(c.c_size_t)]),
        "spn_skeleton_restore": (c.c_int, [spn_skeleton, spn_animation_state, c.c_char_p, c.c_size_t]),
        "spn_skeleton_snapshot_bound":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(c.c_size_t)]),
        "spn_skeleton_apply_animation":
            (c.c_int, [spn_skeleton, c.c_uint32, c.c_double, c.c_double, c.c_uint32, c.c_float, c.c_uint32,
                       c.c_uint32, c.c_uint32, c.POINTER(spn_fired_event), c.c_uint32, c.POINTER(c.c_uint32)]),
        # 6. animation state (state data, state, track entries)
        "spn_animation_state_data_create": (c.c_int, [spn_skeleton_data, c.POINTER(spn_animation_state_data)]),
        "spn_animation_state_data_destroy": (c.c_int, [spn_animation_state_data]),
        "spn_animation_state_data_default_mix": (c.c_int, [spn_animation_state_data, c.POINTER(c.c_double)]),
        "spn_animation_state_data_set_default_mix": (c.c_int, [spn_animation_state_data, c.c_double]),
        "spn_animation_state_data_set_mix":
            (c.c_int, [spn_animation_state_data, c.c_uint32, c.c_uint32, c.c_double]),
        "spn_animation_state_data_set_mix_by_name":
            (c.c_int, [spn_animation_state_data, c.c_char_p, c.c_char_p, c.c_double]),
        "spn_animation_state_data_mix":
            (c.c_int, [spn_animation_state_data, c.c_int32, c.c_int32, c.POINTER(c.c_double)]),
        "spn_animation_state_data_clear_mixes": (c.c_int, [spn_animation_state_data]),
        "spn_animation_state_create": (c.c_int, [spn_animation_state_data, c.POINTER(spn_animation_state)]),
        "spn_animation_state_destroy": (c.c_int, [spn_animation_state]),
        "spn_animation_state_update": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_apply": (c.c_int, [spn_animation_state, spn_skeleton]),
        "spn_animation_state_set_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_uint32, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_set_animation_by_name":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_char_p, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_uint32, c.c_uint32, c.c_double,
                       c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_animation_by_name":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_char_p, c.c_uint32, c.c_double,
                       c.POINTER(spn_track_entry)]),
        "spn_animation_state_set_empty_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_double, c.POINTER(spn_track_entry)]),
        "spn_animation_state_add_empty_animation":
            (c.c_int, [spn_animation_state, c.c_uint32, c.c_double, c.c_double, c.POINTER(spn_track_entry)]),
        "spn_animation_state_set_empty_animations": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_clear_track": (c.c_int, [spn_animation_state, c.c_uint32]),
        "spn_animation_state_clear_tracks": (c.c_int, [spn_animation_state]),
        "spn_animation_state_time_scale": (c.c_int, [spn_animation_state, c.POINTER(c.c_double)]),
        "spn_animation_state_set_time_scale": (c.c_int, [spn_animation_state, c.c_double]),
        "spn_animation_state_track_count": (c.c_int, [spn_animation_state, c.POINTER(c.c_uint32)]),
        "spn_animation_state_current": (c.c_int, [spn_animation_state, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_animation_state_events":
            (c.c_int, [spn_animation_state, c.c_uint32, c.POINTER(c.POINTER(spn_event)), c.POINTER(c.c_uint32)]),
        "spn_animation_state_clear_events": (c.c_int, [spn_animation_state]),
        "spn_track_entry_get": (c.c_int, [spn_track_entry, c.c_uint32, c.POINTER(c.c_double)]),
        "spn_track_entry_set": (c.c_int, [spn_track_entry, c.c_uint32, c.c_double]),
        "spn_track_entry_animation": (c.c_int, [spn_track_entry, c.POINTER(c.c_int32)]),
        "spn_track_entry_track_index": (c.c_int, [spn_track_entry, c.POINTER(c.c_uint32)]),
        "spn_track_entry_animation_time": (c.c_int, [spn_track_entry, c.POINTER(c.c_double)]),
        "spn_track_entry_is_complete": (c.c_int, [spn_track_entry, c.POINTER(c.c_uint32)]),
        "spn_track_entry_set_mix_duration": (c.c_int, [spn_track_entry, c.c_double, c.c_double]),
        "spn_track_entry_link": (c.c_int, [spn_track_entry, c.c_uint32, c.POINTER(spn_track_entry)]),
        "spn_track_entry_reset_rotation_directions": (c.c_int, [spn_track_entry]),
        # 7. renderer
        "spn_renderer_create": (c.c_int, [c.POINTER(spn_render_options), c.POINTER(spn_renderer)]),
        "spn_renderer_destroy": (c.c_int, [spn_renderer]),
        "spn_renderer_options": (c.c_int, [spn_renderer, c.POINTER(spn_render_options)]),
        "spn_renderer_set_options": (c.c_int, [spn_renderer, c.POINTER(spn_render_options)]),
        "spn_renderer_render": (c.c_int, [spn_renderer, spn_skeleton, c.POINTER(spn_render_output)]),
        "spn_renderer_output": (c.c_int, [spn_renderer, c.POINTER(spn_render_output)]),
        "spn_renderer_set_separator_slots": (c.c_int, [spn_renderer, c.POINTER(c.c_uint32), c.c_uint32]),
        "spn_renderer_render_slots": (c.c_int, [spn_renderer, spn_skeleton, c.c_uint32, c.c_uint32,
                                                c.POINTER(spn_render_output)]),
        "spn_renderer_render_gpu": (c.c_int, [spn_renderer, spn_skeleton, c.POINTER(spn_gpu_output)]),
        # 8. bounds
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
        "spn_bounds_skeleton_clipped":
            (c.c_int, [spn_bounds, spn_skeleton, c.POINTER(spn_rect), c.POINTER(c.c_uint32)]),
        # 9. crowd
        "spn_crowd_create": (c.c_int, [c.c_uint32, c.POINTER(spn_crowd)]),
        "spn_crowd_destroy": (c.c_int, [spn_crowd]),
        "spn_crowd_add": (c.c_int, [spn_crowd, spn_skeleton, spn_animation_state, spn_renderer]),
        "spn_crowd_clear": (c.c_int, [spn_crowd]),
        "spn_crowd_count": (c.c_int, [spn_crowd, c.POINTER(c.c_uint32)]),
        "spn_crowd_set_threads": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_update": (c.c_int, [spn_crowd, c.c_double, c.c_uint32]),
        "spn_crowd_remove": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_set_enabled": (c.c_int, [spn_crowd, c.c_uint32, c.c_uint32]),
        "spn_crowd_enabled": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_crowd_set_time_scale": (c.c_int, [spn_crowd, c.c_uint32, c.c_double]),
        "spn_crowd_time_scale": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_double)]),
        "spn_crowd_update_range": (c.c_int, [spn_crowd, c.c_uint32, c.c_uint32, c.c_double, c.c_uint32]),
        "spn_crowd_add_member": (c.c_int, [spn_crowd, spn_skeleton, spn_animation_state, spn_renderer,
                                           c.POINTER(c.c_uint32)]),
        "spn_crowd_remove_member": (c.c_int, [spn_crowd, c.c_uint32]),
        "spn_crowd_member_index": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
        "spn_crowd_member_id": (c.c_int, [spn_crowd, c.c_uint32, c.POINTER(c.c_uint32)]),
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


# --------------------------------------------------------------------------------------
# Library


def library_path() -> str:
    """Path of the loaded shared library."""
    return _lib._name


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


def _check(status: int) -> None:
    if status != Status.OK:
        raise SpineError(Status(status), last_error_kind(), last_error_message())


# --------------------------------------------------------------------------------------
# Helpers shared by the object modules


def _path(path: Union[str, bytes, os.PathLike]) -> bytes:
    return os.fsencode(path)


def _text(text: Union[str, bytes, bytearray, memoryview]) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else bytes(text)


def _decode(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode("utf-8")


def _optional(index: int) -> Optional[int]:
    return None if index < 0 else index


def _view(address: Optional[int], ctype, count: int, fmt: str) -> memoryview:
    """A zero-copy memoryview of ``count`` ``ctype`` at ``address`` (format ``fmt``)."""
    if not address or count == 0:
        return memoryview(b"").cast(fmt)
    return memoryview((ctype * count).from_address(address)).cast("B").cast(fmt)


def _array(address: Optional[int], struct, count: int):
    """``count`` structs at ``address`` (an empty list for NULL)."""
    if not address or count == 0:
        return []
    return list((struct * count).from_address(address))


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
