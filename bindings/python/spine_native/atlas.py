"""The atlas object (``spn_atlas_*``): :class:`Atlas` (load from text or a file, with or
without a texture loader; pages, regions, region lookup, page details and texture ids) and its
values :class:`AtlasPage`, :class:`AtlasRegion`, :class:`PageDetails`, :class:`TextureFilter`
and :class:`TextureWrap`.
"""

import ctypes
import enum
import os
from typing import List, NamedTuple, Optional, Union

from ._ffi import (
    Status, spn_atlas, spn_atlas_page_info, spn_atlas_region_info, spn_page_details, spn_texture_file_loader,
    spn_texture_loader, _Owned, _check, _lib, _path, _text
)


class AtlasPage(NamedTuple):
    name: str
    width: int
    height: int
    pma: bool


class AtlasRegion(NamedTuple):
    """One atlas region (packed rectangle in pixels, texture coordinates, whitespace, rotation)."""
    name: str
    page: int
    x: int
    y: int
    width: int
    height: int
    u: float
    v: float
    u2: float
    v2: float
    offset_x: float
    offset_y: float
    original_width: float
    original_height: float
    degrees: int
    index: int


class TextureFilter(enum.IntEnum):
    """spn_texture_filter (ABI 1.4)."""
    NEAREST = 0
    LINEAR = 1
    MIPMAP = 2
    MIPMAP_NEAREST_NEAREST = 3
    MIPMAP_LINEAR_NEAREST = 4
    MIPMAP_NEAREST_LINEAR = 5
    MIPMAP_LINEAR_LINEAR = 6


class TextureWrap(enum.IntEnum):
    """spn_texture_wrap (ABI 1.4)."""
    MIRRORED_REPEAT = 0
    CLAMP_TO_EDGE = 1
    REPEAT = 2


class PageDetails(NamedTuple):
    """Texture settings of an atlas page (spn_page_details, ABI 1.4)."""
    name: str
    width: int
    height: int
    format: str
    min_filter: TextureFilter
    mag_filter: TextureFilter
    u_wrap: TextureWrap
    v_wrap: TextureWrap
    pma: bool
    texture_id: int

    @staticmethod
    def _from(d: "spn_page_details") -> "PageDetails":
        return PageDetails(d.name.decode("utf-8"), d.width, d.height, d.format.decode("utf-8"),
                           TextureFilter(d.min_filter), TextureFilter(d.mag_filter), TextureWrap(d.u_wrap),
                           TextureWrap(d.v_wrap), d.pma != 0, d.texture_id)


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

    def region(self, index: int) -> AtlasRegion:
        r = spn_atlas_region_info(size=ctypes.sizeof(spn_atlas_region_info))
        _check(_lib.spn_atlas_region(self._handle, index, ctypes.byref(r)))
        return AtlasRegion(r.name.decode("utf-8"), r.page, r.x, r.y, r.width, r.height, r.u, r.v, r.u2, r.v2,
                           r.offset_x, r.offset_y, r.original_width, r.original_height, r.degrees, r.index)

    @property
    def regions(self) -> List[AtlasRegion]:
        return [self.region(i) for i in range(self.region_count)]

    def find_region(self, name: str) -> Optional[int]:
        """Index of the first region named ``name``, or ``None``."""
        out = ctypes.c_uint32()
        status = _lib.spn_atlas_find_region(self._handle, name.encode("utf-8"), ctypes.byref(out))
        if status == Status.NOT_FOUND:
            return None
        _check(status)
        return out.value

    @classmethod
    def load_file_with_textures(cls, path: Union[str, bytes, os.PathLike], loader) -> "Atlas":
        """Reads the atlas file at ``path`` and sets every page's texture id to
        ``loader(folder, page, details)`` (ABI 1.8): ``folder`` is the atlas file's folder
        (a str; the image is ``os.path.join(folder, details.name)``). An exception from the
        loader stops the load and is raised here; no atlas is made."""
        errors = []

        def trampoline(_user_data, folder, page, details, out_id):
            try:
                out_id[0] = int(loader(folder.decode("utf-8"), page, PageDetails._from(details.contents))) \
                    & 0xFFFF_FFFF_FFFF_FFFF
                return int(Status.OK)
            except BaseException as e:  # reaches the caller below
                errors.append(e)
                return int(Status.IO)

        callback = spn_texture_file_loader(trampoline)
        handle = spn_atlas(0)
        status = _lib.spn_atlas_load_file_with_textures(os.fsencode(path), callback, None, ctypes.byref(handle))
        if errors:
            raise errors[0]
        _check(status)
        return cls(handle)

    @classmethod
    def load_with_textures(cls, text: Union[str, bytes], loader) -> "Atlas":
        """Parses atlas text and sets every page's texture id to ``loader(page, details)``
        (an int, 0..2**64-1; ``details`` a :class:`PageDetails`), called once per page in
        order while loading (ABI 1.4). An exception from the loader is raised here."""
        data = _text(text)
        errors = []

        def trampoline(_user_data, page, details):
            if errors:
                return 0
            try:
                return int(loader(page, PageDetails._from(details.contents))) & 0xFFFF_FFFF_FFFF_FFFF
            except BaseException as e:  # reaches the caller below
                errors.append(e)
                return 0

        callback = spn_texture_loader(trampoline)
        handle = spn_atlas(0)
        _check(_lib.spn_atlas_load_with_textures(data, len(data), callback, None, ctypes.byref(handle)))
        atlas = cls(handle)
        if errors:
            atlas.close()
            raise errors[0]
        return atlas

    def page_details(self, index: int) -> "PageDetails":
        """Texture settings and texture id of page ``index`` (ABI 1.4)."""
        d = spn_page_details(size=ctypes.sizeof(spn_page_details))
        _check(_lib.spn_atlas_page_details(self._handle, index, ctypes.byref(d)))
        return PageDetails._from(d)

    def page_texture(self, page: int) -> int:
        """The caller-set texture id of page ``page`` (0 until set; ABI 1.4)."""
        out = ctypes.c_uint64()
        _check(_lib.spn_atlas_page_texture(self._handle, page, ctypes.byref(out)))
        return out.value

    def set_page_texture(self, page: int, texture_id: int) -> None:
        """Sets the texture id every draw range of page ``page`` reports (ABI 1.4), for
        skeleton data loaded before or after."""
        _check(_lib.spn_atlas_set_page_texture(self._handle, page, texture_id))
