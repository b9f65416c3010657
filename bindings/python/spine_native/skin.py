"""The skin object (``spn_skin_*``): :class:`Skin` (create, add data skins and skins, set,
list, remove and clear entries, copy; runtime region attachments and clones; attachments
inspected as the skin knows them), ``RUNTIME_ATTACHMENT_BIT`` and
:func:`is_runtime_attachment`. :class:`RegionPlacement` (a C struct) lives in ``_ffi``.
"""

import ctypes
from typing import List, Optional, Union

from ._ffi import (
    ErrorKind, RegionPlacement, SpineError, Status, spn_attachment_geometry, spn_attachment_info, spn_skin,
    spn_skin_entry, _Owned, _check, _lib
)
from .atlas import Atlas
from .data import (
    AttachmentArray, AttachmentGeometry, AttachmentInfo, AttachmentType, Item, SkeletonData, SkinEntry, _geometry
)


#: SPN_RUNTIME_ATTACHMENT_BIT: set in the id of every attachment made at runtime (ABI 1.6);
#: ids of the data's attachments are below it.
RUNTIME_ATTACHMENT_BIT = 0x80000000


def is_runtime_attachment(id: int) -> bool:
    """Whether attachment id ``id`` names an attachment made at runtime (ABI 1.6)."""
    return id is not None and id >= 0 and bool(id & RUNTIME_ATTACHMENT_BIT)


class Skin(_Owned):
    """A runtime skin (owns one ``spn_skin`` handle), built from data skins, other skins and
    single attachments; skeletons copy its contents when it is set. Any thread."""

    _handle_type = spn_skin
    _destroy_name = "spn_skin_destroy"

    @classmethod
    def create(cls, data: SkeletonData, name: str) -> "Skin":
        handle = spn_skin(0)
        _check(_lib.spn_skin_create(data._handle, name.encode("utf-8"), ctypes.byref(handle)))
        skin = cls(handle)
        skin._data = data
        return skin

    def add_data_skin(self, skin: Union[int, str]) -> "Skin":
        """Adds a data skin by index or name (``SpineError`` NOT_FOUND for an unknown name)."""
        if isinstance(skin, str):
            index = self._data.find(Item.SKIN, skin)
            if index is None:
                raise SpineError(Status.NOT_FOUND, ErrorKind.NONE, f"no skin named '{skin}'")
            skin = index
        _check(_lib.spn_skin_add_data_skin(self._handle, skin))
        return self

    def add_skin(self, other: "Skin") -> "Skin":
        _check(_lib.spn_skin_add_skin(self._handle, other._handle))
        return self

    def set_attachment(self, slot: int, name: str, attachment: int) -> "Skin":
        _check(_lib.spn_skin_set_attachment(self._handle, slot, name.encode("utf-8"), attachment))
        return self

    @property
    def attachment_count(self) -> int:
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_count(self._handle, ctypes.byref(out)))
        return out.value

    @property
    def name(self) -> str:
        out = ctypes.c_char_p()
        _check(_lib.spn_skin_name(self._handle, ctypes.byref(out)))
        return out.value.decode("utf-8")

    def entries(self) -> List["SkinEntry"]:
        """The entries in insertion order (ABI 1.4)."""
        count = ctypes.c_uint32()
        size = ctypes.sizeof(spn_skin_entry)
        _check(_lib.spn_skin_entries(self._handle, size, None, 0, ctypes.byref(count)))
        records = (spn_skin_entry * max(count.value, 1))()
        _check(_lib.spn_skin_entries(self._handle, size, records, count.value, ctypes.byref(count)))
        return [SkinEntry(r.slot, r.name.decode("utf-8"), r.attachment) for r in records[:count.value]]

    def remove_attachment(self, slot: int, name: str) -> "Skin":
        """Removes the entry of ``slot`` under placeholder ``name`` (ABI 1.4; NOT_FOUND if absent)."""
        _check(_lib.spn_skin_remove_attachment(self._handle, slot, name.encode("utf-8")))
        return self

    def clear(self) -> "Skin":
        """Removes every entry, bone and constraint (ABI 1.4)."""
        _check(_lib.spn_skin_clear(self._handle))
        return self

    def copy(self) -> "Skin":
        """An independent skin with this one's name and contents (ABI 1.4)."""
        handle = spn_skin(0)
        _check(_lib.spn_skin_copy(self._handle, ctypes.byref(handle)))
        skin = Skin(handle)
        skin._data = self._data
        return skin

    def create_region_attachment(self, slot: int, name: str, atlas: "Atlas", region: int,
                                 placement: Optional[RegionPlacement] = None) -> int:
        """Makes a region attachment showing region ``region`` (an index of ``atlas``'s
        regions; ``atlas`` must be the one the data was loaded with), placed by ``placement``
        (``None``: at the bone's origin, unscaled, white, the region's original size), and
        stores it for ``slot`` under placeholder ``name`` (ABI 1.6). Returns its id
        (:func:`is_runtime_attachment`); skeletons see it once the skin is set on them."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_create_region_attachment(
            self._handle, slot, name.encode("utf-8"), atlas._handle, region,
            None if placement is None else ctypes.byref(placement), ctypes.byref(out)))
        return out.value

    def create_region_attachment_uv(self, slot: int, name: str, page: int, u: float, v: float, u2: float,
                                    v2: float, placement: RegionPlacement) -> int:
        """Makes a region attachment showing the rectangle ``(u, v)`` top left to ``(u2, v2)``
        bottom right of page ``page`` of the data's atlas, unrotated, placed by ``placement``
        (``width`` and ``height`` must be positive), and stores it as
        :meth:`create_region_attachment` does (ABI 1.6). Returns its id."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_create_region_attachment_uv(self._handle, slot, name.encode("utf-8"), page, u, v, u2,
                                                         v2, ctypes.byref(placement), ctypes.byref(out)))
        return out.value

    def clone_attachment(self, slot: int, name: str, attachment: int, atlas: "Atlas", region: int) -> int:
        """Copies region or mesh attachment ``attachment`` (a data id, or a runtime id this
        skin holds) with region ``region`` of ``atlas`` (the data's atlas) instead of its
        texture and stores the copy for ``slot`` under placeholder ``name`` (ABI 1.6).
        Returns the copy's id."""
        out = ctypes.c_uint32()
        _check(_lib.spn_skin_clone_attachment(self._handle, slot, name.encode("utf-8"), attachment, atlas._handle,
                                              region, ctypes.byref(out)))
        return out.value

    def attachment(self, id: int) -> AttachmentInfo:
        """Attachment ``id`` as this skin knows it (ABI 1.9): a data id, or a runtime id the
        skin holds (``OUT_OF_RANGE`` otherwise). A runtime attachment's ``skin`` is 0xFFFFFFFF."""
        a = spn_attachment_info(size=ctypes.sizeof(spn_attachment_info))
        _check(_lib.spn_skin_attachment(self._handle, id, ctypes.byref(a)))
        return AttachmentInfo(id, a.name.decode("utf-8"), AttachmentType(a.kind), a.skin)

    def attachment_geometry(self, id: int) -> "AttachmentGeometry":
        """The geometry of attachment ``id`` as this skin knows it (ABI 1.9): for a runtime
        region the placement it was made with, its page and region (``None`` for a page
        rectangle)."""
        g = spn_attachment_geometry(size=ctypes.sizeof(spn_attachment_geometry))
        _check(_lib.spn_skin_attachment_geometry(self._handle, id, ctypes.byref(g)))
        return _geometry(id, g)

    def attachment_floats(self, id: int, array: "AttachmentArray") -> List[float]:
        """Float array ``array`` of attachment ``id`` as this skin knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_floats(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_float * max(count.value, 1))()
        _check(_lib.spn_skin_attachment_floats(self._handle, id, int(array), out, count.value, ctypes.byref(count)))
        return list(out[:count.value])

    def attachment_indices(self, id: int, array: "AttachmentArray") -> List[int]:
        """Index array ``array`` of attachment ``id`` as this skin knows it (ABI 1.9)."""
        count = ctypes.c_uint32()
        _check(_lib.spn_skin_attachment_indices(self._handle, id, int(array), None, 0, ctypes.byref(count)))
        out = (ctypes.c_uint32 * max(count.value, 1))()
        _check(_lib.spn_skin_attachment_indices(self._handle, id, int(array), out, count.value, ctypes.byref(count)))
        return list(out[:count.value])
