//! Atlas page textures (ABI 1.4): the filters, wrap modes, pixel format and premultiplied
//! alpha of a page, as its `.atlas` header declares them, and a caller-set 64-bit texture
//! id per page that draw ranges report.

use crate::atlas::{Atlas, TextureFilter, TextureWrap};
use crate::ffi::error::*;
use crate::ffi::handles;
use crate::ffi::objects::{atlas_object, spn_atlas, AtlasObject};
use std::ffi::{c_char, c_void};
use std::sync::Arc;

/// Texture sampling filters of an atlas page (a `uint32_t`), as named in `.atlas` files.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_texture_filter {
    SPN_FILTER_NEAREST = 0,
    SPN_FILTER_LINEAR = 1,
    SPN_FILTER_MIPMAP = 2,
    SPN_FILTER_MIPMAP_NEAREST_NEAREST = 3,
    SPN_FILTER_MIPMAP_LINEAR_NEAREST = 4,
    SPN_FILTER_MIPMAP_NEAREST_LINEAR = 5,
    SPN_FILTER_MIPMAP_LINEAR_LINEAR = 6,
}

/// Texture wrap modes of an atlas page axis (a `uint32_t`): `repeat: x`, `y` or `xy` in
/// the `.atlas` header is `SPN_WRAP_REPEAT` on that axis, otherwise `SPN_WRAP_CLAMP_TO_EDGE`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum spn_texture_wrap {
    SPN_WRAP_MIRRORED_REPEAT = 0,
    SPN_WRAP_CLAMP_TO_EDGE = 1,
    SPN_WRAP_REPEAT = 2,
}

/// The texture settings of one atlas page (ABI 1.4), as returned by
/// `spn_page_details`. Set `size` to `sizeof(spn_page_details)` before the
/// call; the library sets it to the bytes it filled.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_page_details {
    pub size: u32,
    /// Image size in pixels.
    pub width: u32,
    pub height: u32,
    /// `spn_texture_filter` values (`filter: min, mag`; Nearest when absent).
    pub min_filter: u32,
    pub mag_filter: u32,
    /// `spn_texture_wrap` values (`repeat`; clamp to edge when absent).
    pub u_wrap: u32,
    pub v_wrap: u32,
    /// Non-zero when the page image has premultiplied alpha (`pma: true`).
    pub pma: u32,
    /// Image file name and pixel format name (`format`, `RGBA8888` when absent), UTF-8,
    /// valid until the atlas handle is destroyed.
    pub name: *const c_char,
    pub format: *const c_char,
    /// The caller-set texture id (`spn_atlas_set_page_texture`; 0 until set).
    pub texture_id: u64,
}

fn filter(f: TextureFilter) -> spn_texture_filter {
    use spn_texture_filter::*;
    match f {
        TextureFilter::Nearest => SPN_FILTER_NEAREST,
        TextureFilter::Linear => SPN_FILTER_LINEAR,
        TextureFilter::MipMap => SPN_FILTER_MIPMAP,
        TextureFilter::MipMapNearestNearest => SPN_FILTER_MIPMAP_NEAREST_NEAREST,
        TextureFilter::MipMapLinearNearest => SPN_FILTER_MIPMAP_LINEAR_NEAREST,
        TextureFilter::MipMapNearestLinear => SPN_FILTER_MIPMAP_NEAREST_LINEAR,
        TextureFilter::MipMapLinearLinear => SPN_FILTER_MIPMAP_LINEAR_LINEAR,
    }
}

fn wrap(w: TextureWrap) -> spn_texture_wrap {
    match w {
        TextureWrap::MirroredRepeat => spn_texture_wrap::SPN_WRAP_MIRRORED_REPEAT,
        TextureWrap::ClampToEdge => spn_texture_wrap::SPN_WRAP_CLAMP_TO_EDGE,
        TextureWrap::Repeat => spn_texture_wrap::SPN_WRAP_REPEAT,
    }
}

/// The texture settings of page `index` of the atlas (ABI 1.4): size, filters, wrap modes,
/// premultiplied alpha, name and pixel format. Set `out->size` first. Any thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT`, `SPN_ERROR_OUT_OF_RANGE` (past the pages),
/// `SPN_ERROR_INVALID_ARGUMENT` (`size` too small), stale or wrong handle.
#[no_mangle]
pub extern "C" fn spn_atlas_page_details(
    atlas: spn_atlas,
    index: u32,
    out: Option<&mut spn_page_details>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, size_of::<spn_page_details>(), "spn_page_details")?;
        let object = atlas_object(atlas, "atlas")?;
        let i = index_in(index, object.atlas.pages.len(), "page")?;
        *out = details(&object, i);
        Ok(())
    })
}

fn details(object: &AtlasObject, i: usize) -> spn_page_details {
    let page = &object.atlas.pages[i];
    spn_page_details {
        size: size_of::<spn_page_details>() as u32,
        width: page.width,
        height: page.height,
        min_filter: filter(page.min_filter) as u32,
        mag_filter: filter(page.mag_filter) as u32,
        u_wrap: wrap(page.u_wrap) as u32,
        v_wrap: wrap(page.v_wrap) as u32,
        pma: page.pma as u32,
        name: object.page_names[i].as_ptr(),
        format: object.page_formats[i].as_ptr(),
        texture_id: object.atlas.textures().get(i as u32),
    }
}

/// A caller's texture loader (ABI 1.4), called by `spn_atlas_load_with_textures` once per
/// page, in page order, on the loading thread, before the atlas handle exists: it gets its
/// `user_data`, the page index and the page's details (valid during the call; its
/// `texture_id` is 0) and returns the page's texture id.
pub type spn_texture_loader =
    Option<unsafe extern "C" fn(user_data: *mut c_void, page: u32, details: *const spn_page_details) -> u64>;

/// `spn_atlas_load` that also sets every page's texture id from `loader` (ABI 1.4), so an
/// engine creates its textures while the atlas loads (see `spn_texture_loader`; a NULL
/// loader leaves the ids 0). The caller owns the handle: release it with
/// `spn_atlas_destroy`. Any thread.
///
/// Errors: those of `spn_atlas_load` (the loader is not called when parsing fails).
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load_with_textures(
    text: *const u8,
    len: usize,
    loader: spn_texture_loader,
    user_data: *mut c_void,
    out: Option<&mut spn_atlas>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes `len` readable bytes.
        let text = unsafe { in_utf8(text, len, "atlas text")? };
        let object = AtlasObject::new(Atlas::parse(text)?);
        if let Some(loader) = loader {
            for i in 0..object.atlas.pages.len() {
                let page = details(&object, i);
                // SAFETY: the caller's loader, called as `spn_texture_loader` documents.
                let id = unsafe { loader(user_data, i as u32, &page) };
                object.atlas.textures().set(i as u32, id);
            }
        }
        out.bits = handles::insert_shared(Arc::new(object)).map_err(|status| handle_failure(status, "atlas"))?;
        Ok(())
    })
}

/// Sets the texture id of page `page` (ABI 1.4): any 64-bit value of the caller's (an
/// engine texture handle or pointer), reported by `spn_atlas_page_details`,
/// `spn_atlas_page_texture` and every draw range of that page
/// (`spn_draw_range_info.texture_id`), so the engine needs no page-index table. The ids
/// belong to the atlas: skeleton data loaded with it shares them (not a copy), so an id
/// set before or after loading the data shows in the next render, even after the atlas
/// handle is destroyed (the data keeps them). Lock-free; any thread (a render racing a
/// change sees the old or the new id).
///
/// Errors: `SPN_ERROR_OUT_OF_RANGE` (past the pages), stale or wrong handle.
#[no_mangle]
pub extern "C" fn spn_atlas_set_page_texture(atlas: spn_atlas, page: u32, texture_id: u64) -> spn_status {
    guard(|| {
        let object = atlas_object(atlas, "atlas")?;
        let textures = object.atlas.textures();
        index_in(page, textures.len(), "page")?;
        textures.set(page, texture_id);
        Ok(())
    })
}

/// The texture id of page `page` (ABI 1.4; 0 until set with `spn_atlas_set_page_texture`).
/// Any thread.
///
/// Errors: `SPN_ERROR_NULL_ARGUMENT`, `SPN_ERROR_OUT_OF_RANGE`, stale or wrong handle.
#[no_mangle]
pub extern "C" fn spn_atlas_page_texture(atlas: spn_atlas, page: u32, out: Option<&mut u64>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = atlas_object(atlas, "atlas")?;
        let textures = object.atlas.textures();
        *out = textures.get(index_in(page, textures.len(), "page")? as u32);
        Ok(())
    })
}

/// A caller's texture loader for atlas files (ABI 1.8), called by
/// `spn_atlas_load_file_with_textures` once per page, in page order, on the loading thread,
/// before the atlas handle exists. It gets its `user_data`, the atlas file's folder
/// (`folder`, NUL-terminated UTF-8, valid during the call: the page image is at
/// `folder/details->name`; "." for an atlas path without a folder), the page index and
/// the page's details (valid during the call; `texture_id` 0), writes the page's texture
/// id to `out_texture_id` and returns `SPN_OK` (an `spn_status` value as a `uint32_t`).
/// Any other return value reports a failure
/// (an image that cannot be read or decoded): the load stops there, no atlas is made, and
/// the engine releases the textures it made for the earlier pages.
pub type spn_texture_file_loader = Option<
    unsafe extern "C" fn(
        user_data: *mut c_void,
        folder: *const c_char,
        page: u32,
        details: *const spn_page_details,
        out_texture_id: *mut u64,
    ) -> u32,
>;

/// `spn_atlas_load_file` that also sets every page's texture id from `loader` (ABI 1.8),
/// giving it the atlas file's folder so it can open the page images (see
/// `spn_texture_file_loader`; a NULL loader leaves the ids 0). The caller owns the handle:
/// release it with `spn_atlas_destroy`. Any thread.
///
/// Errors: those of `spn_atlas_load_file` (the loader is not called when reading or
/// parsing fails); `SPN_ERROR_IO` when the loader reports a failure (the message names
/// the page and the status it returned; `out` is left unchanged).
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load_file_with_textures(
    path: *const c_char,
    loader: spn_texture_file_loader,
    user_data: *mut c_void,
    out: Option<&mut spn_atlas>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes a NUL-terminated string.
        let path = unsafe { in_c_str(path, "path")? };
        let object = AtlasObject::new(Atlas::from_file(path)?);
        if let Some(loader) = loader {
            let folder = match std::path::Path::new(path).parent().and_then(|p| p.to_str()) {
                Some("") | None => ".",
                Some(folder) => folder,
            };
            let folder = std::ffi::CString::new(folder)
                .map_err(|_| Failure::invalid("the atlas path's folder holds a NUL byte"))?;
            for i in 0..object.atlas.pages.len() {
                let page = details(&object, i);
                let mut id = 0u64;
                // SAFETY: the caller's loader, called as `spn_texture_file_loader` documents.
                let status = unsafe { loader(user_data, folder.as_ptr(), i as u32, &page, &mut id) };
                if status != SPN_OK as u32 {
                    let name = &object.atlas.pages[i].name;
                    return Err(Failure::new(
                        SPN_ERROR_IO,
                        format!("the texture loader failed on page {i} ({name:?}) with status {status}"),
                    ));
                }
                object.atlas.textures().set(i as u32, id);
            }
        }
        out.bits = handles::insert_shared(Arc::new(object)).map_err(|status| handle_failure(status, "atlas"))?;
        Ok(())
    })
}
