//! The atlas object (`spn_atlas_*`): loading, pages and regions here; page textures and
//! the texture-loader callbacks in `textures`.

use crate::atlas::Atlas;
use crate::ffi::access;
use crate::ffi::error::*;
use crate::ffi::handles::{self};
use crate::ffi::objects::{atlas_object, spn_atlas, AtlasObject};
use std::ffi::c_char;
use std::sync::Arc;

// The rest of the object's doors, in header order.
pub(crate) mod textures;

pub use textures::*;

/// One atlas page, as returned by `spn_atlas_page`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_atlas_page_info {
    /// Page image file name, UTF-8, valid until the atlas handle is destroyed.
    pub name: *const c_char,
    pub width: u32,
    pub height: u32,
    /// Non-zero when the page texture has premultiplied alpha.
    pub pma: u32,
}

/// One atlas region, as returned by `spn_atlas_region`. Set `size` to
/// `sizeof(spn_atlas_region_info)` before the call; the library sets it to the bytes it
/// filled.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct spn_atlas_region_info {
    pub size: u32,
    /// Index of the region's page.
    pub page: u32,
    /// Region name, UTF-8, valid until the atlas handle is destroyed.
    pub name: *const c_char,
    /// Packed rectangle on the page, in pixels.
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    /// Texture coordinates of the packed rectangle.
    pub u: f32,
    pub v: f32,
    pub u2: f32,
    pub v2: f32,
    /// Whitespace stripped by the packer and the original image size.
    pub offset_x: f32,
    pub offset_y: f32,
    pub original_width: f32,
    pub original_height: f32,
    /// Rotation on the page in degrees (90 swaps width and height).
    pub degrees: i32,
    /// Frame number of an image sequence, -1 when not part of one.
    pub index: i32,
}

fn finish_atlas(result: crate::Result<Atlas>, out: &mut spn_atlas) -> Result<(), Failure> {
    let atlas = result?;
    let bits =
        handles::insert_shared(Arc::new(AtlasObject::new(atlas))).map_err(|status| handle_failure(status, "atlas"))?;
    out.bits = bits;
    Ok(())
}

/// Parses atlas text (`len` bytes of UTF-8, not necessarily NUL-terminated) and writes a
/// new atlas handle to `out`. The caller owns the handle: release it with
/// `spn_atlas_destroy`. The text is not retained. Any thread.
///
/// Errors: `SPN_ERROR_LOAD` (kind `SPN_ERROR_KIND_INVALID_ATLAS`, message with the line),
/// `SPN_ERROR_INVALID_ARGUMENT` (not UTF-8), `SPN_ERROR_NULL_ARGUMENT`.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load(text: *const u8, len: usize, out: Option<&mut spn_atlas>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes `len` readable bytes.
        let text = unsafe { in_utf8(text, len, "atlas text")? };
        finish_atlas(Atlas::parse(text), out)
    })
}

/// Reads and parses the atlas file at `path` (NUL-terminated UTF-8). See `spn_atlas_load`;
/// a file that cannot be read is `SPN_ERROR_IO`.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_load_file(path: *const c_char, out: Option<&mut spn_atlas>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        // SAFETY: the caller passes a NUL-terminated string.
        let path = unsafe { in_c_str(path, "path")? };
        finish_atlas(Atlas::from_file(path), out)
    })
}

/// Destroys an atlas handle. Skeleton data loaded with it stays valid (it keeps what it
/// needs). Destroying twice reports `SPN_ERROR_STALE_HANDLE`. Strings read from the atlas
/// become invalid; do not destroy while another thread still reads them.
#[no_mangle]
pub extern "C" fn spn_atlas_destroy(atlas: spn_atlas) -> spn_status {
    guard(|| handles::remove_shared::<AtlasObject>(atlas.bits).map_err(|status| handle_failure(status, "atlas")))
}

/// Number of pages of the atlas. Any thread.
#[no_mangle]
pub extern "C" fn spn_atlas_page_count(atlas: spn_atlas, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = atlas_object(atlas, "atlas")?.atlas.pages.len() as u32;
        Ok(())
    })
}

/// Number of regions of the atlas. Any thread.
#[no_mangle]
pub extern "C" fn spn_atlas_region_count(atlas: spn_atlas, out: Option<&mut u32>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        *out = atlas_object(atlas, "atlas")?.atlas.regions.len() as u32;
        Ok(())
    })
}

/// Page `index` of the atlas. `out->name` stays valid until the atlas handle is destroyed.
/// Errors: `SPN_ERROR_OUT_OF_RANGE`. Any thread.
#[no_mangle]
pub extern "C" fn spn_atlas_page(atlas: spn_atlas, index: u32, out: Option<&mut spn_atlas_page_info>) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        let object = atlas_object(atlas, "atlas")?;
        let i = index_in(index, object.atlas.pages.len(), "page")?;
        let page = &object.atlas.pages[i];
        *out = spn_atlas_page_info {
            name: object.page_names[i].as_ptr(),
            width: page.width,
            height: page.height,
            pma: page.pma as u32,
        };
        Ok(())
    })
}

/// Region `index` of the atlas (file order). Set `out->size` first. `out->name` stays
/// valid until the atlas handle is destroyed. Errors: `SPN_ERROR_OUT_OF_RANGE`,
/// `SPN_ERROR_INVALID_ARGUMENT` (`size` too small). Any thread.
#[no_mangle]
pub extern "C" fn spn_atlas_region(
    atlas: spn_atlas,
    index: u32,
    out: Option<&mut spn_atlas_region_info>,
) -> spn_status {
    guard(|| {
        let out = required(out, "out")?;
        check_size(out.size, size_of::<spn_atlas_region_info>(), "spn_atlas_region_info")?;
        let object = atlas_object(atlas, "atlas")?;
        let i = index_in(index, object.atlas.regions.len(), "region")?;
        let r = &object.atlas.regions[i];
        *out = spn_atlas_region_info {
            size: size_of::<spn_atlas_region_info>() as u32,
            page: r.page,
            name: object.region_names[i].as_ptr(),
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
            u: r.u,
            v: r.v,
            u2: r.u2,
            v2: r.v2,
            offset_x: r.offset_x,
            offset_y: r.offset_y,
            original_width: r.original_width,
            original_height: r.original_height,
            degrees: r.degrees,
            index: r.index,
        };
        Ok(())
    })
}

/// Index of the first region named `name` (NUL-terminated UTF-8), or
/// `SPN_ERROR_NOT_FOUND`. Any thread.
#[no_mangle]
pub unsafe extern "C" fn spn_atlas_find_region(
    atlas: spn_atlas,
    name: *const c_char,
    out: Option<&mut u32>,
) -> spn_status {
    // SAFETY: the caller passes a NUL-terminated string.
    unsafe {
        access::find_by_name(
            name,
            out,
            |name| {
                Ok(atlas_object(atlas, "atlas")?.atlas.regions.iter().position(|r| r.name == name).map(|i| i as u32))
            },
            |name| format!("no region named {name:?}"),
        )
    }
}
