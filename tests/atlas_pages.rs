//! Atlas page textures (ABI 1.4). The page settings through the C ABI
//! (`spn_page_details`) equal what every corpus rig's `.atlas` file declares, read
//! here from the text with a parser of its own (the page headers' `size`, `format`,
//! `filter`, `repeat` and `pma` entries), and those of a hand-made atlas with every
//! setting. Caller-set page texture ids (at load through the loader callback, or later)
//! are what every draw range of that page reports, for skeleton data loaded before or
//! after the id was set.

mod support;

use spine_native::ffi::*;
use spine_native::render::Renderer;
use spine_native::{Atlas, Physics, Skeleton};
use std::ffi::{c_void, CStr};
use std::sync::Arc;

/// (name, width, height, format, min filter, mag filter, u wrap, v wrap, pma).
type Page = (String, u32, u32, String, u32, u32, u32, u32, u32);

/// The settings of every page of an atlas
/// text: a page starts at the first line after a blank line (or the start); its header
/// entries are the `key: value` lines after it, up to the first region name.
fn pages(text: &str) -> Vec<Page> {
    let filter = |name: &str| {
        let names = [
            "nearest",
            "linear",
            "mipmap",
            "mipmapnearestnearest",
            "mipmaplinearnearest",
            "mipmapnearestlinear",
            "mipmaplinearlinear",
        ];
        names.iter().position(|n| *n == name.trim().to_ascii_lowercase()).expect("known filter") as u32
    };
    let (clamp, repeat) = (spn_texture_wrap::SPN_WRAP_CLAMP_TO_EDGE as u32, spn_texture_wrap::SPN_WRAP_REPEAT as u32);
    let mut result = Vec::new();
    let mut lines = text.lines().map(|l| l.trim_end_matches('\r')).peekable();
    let mut at_start = true;
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            at_start = true;
            continue;
        }
        if !at_start {
            continue;
        }
        at_start = false;
        let mut page = (line.trim().to_string(), 0, 0, "RGBA8888".to_string(), 0, 0, clamp, clamp, 0);
        while let Some(next) = lines.peek() {
            // Entries until the first region name (a line without a colon).
            let Some((key, value)) = next.split_once(':') else { break };
            let value = value.trim();
            match key.trim() {
                "size" => {
                    let (w, h) = value.split_once(',').unwrap();
                    page.1 = w.trim().parse().unwrap();
                    page.2 = h.trim().parse().unwrap();
                }
                "format" => page.3 = value.to_string(),
                "filter" => {
                    let (min, mag) = value.split_once(',').unwrap();
                    page.4 = filter(min);
                    page.5 = filter(mag);
                }
                "repeat" => {
                    page.6 = if value.contains('x') { repeat } else { clamp };
                    page.7 = if value.contains('y') { repeat } else { clamp };
                }
                "pma" => page.8 = u32::from(value == "true"),
                _ => {}
            }
            lines.next();
        }
        result.push(page);
    }
    result
}

/// A hand-made atlas with every page setting the corpus may lack.
const SETTINGS: &str = "one.png\nsize: 64, 32\nformat: RGB565\nfilter: MipMapLinearLinear, Nearest\nrepeat: xy\npma: true\n\
a\n  bounds: 0, 0, 8, 8\n\ntwo.png\n\tsize: 16, 16\n\tfilter: mipMapNearestLinear, linear\n\trepeat: y\nb\n\tbounds: 0, 0, 4, 4\n\n\
three.png\n\tsize: 8, 8\n\trepeat: x\n\tformat: Alpha\nc\n\tbounds: 0, 0, 2, 2\n";

/// Checks every page of `text` through the C ABI; returns the pages checked.
fn check_pages(text: &str, what: &str) -> usize {
    {
        let expected = pages(text);
        let mut atlas = spn_atlas::default();
        assert_eq!(unsafe { spn_atlas_load(text.as_ptr(), text.len(), Some(&mut atlas)) }, SPN_OK);
        let mut count = 0;
        assert_eq!(spn_atlas_page_count(atlas, Some(&mut count)), SPN_OK);
        assert_eq!(count as usize, expected.len(), "{what}: page count");
        for (i, page) in expected.iter().enumerate() {
            let mut d: spn_page_details = unsafe { std::mem::zeroed() };
            d.size = size_of::<spn_page_details>() as u32;
            assert_eq!(spn_atlas_page_details(atlas, i as u32, Some(&mut d)), SPN_OK);
            let name = unsafe { CStr::from_ptr(d.name) }.to_str().unwrap().to_string();
            let format = unsafe { CStr::from_ptr(d.format) }.to_str().unwrap().to_string();
            let got = (name, d.width, d.height, format, d.min_filter, d.mag_filter, d.u_wrap, d.v_wrap, d.pma);
            assert_eq!(&got, page, "{what}: page {i}");
            assert_eq!(d.size as usize, size_of::<spn_page_details>());
            assert_eq!(d.texture_id, 0, "{what}: no texture id before one is set");
        }
        // Out of range and a too-small size.
        let mut d: spn_page_details = unsafe { std::mem::zeroed() };
        d.size = size_of::<spn_page_details>() as u32;
        assert_eq!(spn_atlas_page_details(atlas, count, Some(&mut d)), SPN_ERROR_OUT_OF_RANGE);
        d.size = 4;
        assert_eq!(spn_atlas_page_details(atlas, 0, Some(&mut d)), SPN_ERROR_INVALID_ARGUMENT);
        assert_eq!(spn_atlas_destroy(atlas), SPN_OK);
        expected.len()
    }
}

#[test]
fn page_details_equal_the_atlas_files_headers_on_every_rig() {
    assert_eq!(check_pages(SETTINGS, "hand-made atlas"), 3);
    let mut checked = 0;
    for rig in support::rigs() {
        let Some(path) = &rig.atlas else { continue };
        checked += check_pages(&std::fs::read_to_string(path).unwrap(), &rig.name);
    }
    eprintln!("{checked} corpus atlas pages checked against their .atlas headers");
    assert!(checked > 0 || !support::corpus_required());
}

/// The texture id the loader below gives page `page` (`base` from its user data).
fn loader_id(base: u64, page: u32) -> u64 {
    base.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(page) << 40 | 0xABCD)
}

unsafe extern "C" fn loader(user_data: *mut c_void, page: u32, details: *const spn_page_details) -> u64 {
    // SAFETY: the test passes a `u64` as user data, and the library a valid details record.
    let (base, details) = unsafe { (*(user_data as *const u64), &*details) };
    assert!(details.width > 0 && details.texture_id == 0);
    loader_id(base, page)
}

#[test]
fn texture_ids_set_at_load_or_later_show_in_the_draw_ranges() {
    let mut checked = 0;
    for rig in support::rigs() {
        let (Some(atlas_path), Some(skel)) = (&rig.atlas, &rig.pro_skel) else { continue };
        let text = std::fs::read_to_string(atlas_path).unwrap();
        // Through the ABI: the loader's ids, read back.
        let mut base = 0x5EED_u64 + checked as u64;
        let mut handle = spn_atlas::default();
        let status = unsafe {
            spn_atlas_load_with_textures(
                text.as_ptr(),
                text.len(),
                Some(loader),
                &mut base as *mut u64 as *mut c_void,
                Some(&mut handle),
            )
        };
        assert_eq!(status, SPN_OK);
        let mut pages = 0;
        assert_eq!(spn_atlas_page_count(handle, Some(&mut pages)), SPN_OK);
        for page in 0..pages {
            let mut id = 0;
            assert_eq!(spn_atlas_page_texture(handle, page, Some(&mut id)), SPN_OK);
            assert_eq!(id, loader_id(base, page), "{}: page {page}", rig.name);
        }
        assert_eq!(spn_atlas_destroy(handle), SPN_OK);

        // Through the Rust API: data loaded before the ids are set sees them.
        let atlas = Atlas::parse(&text).unwrap();
        let data = Arc::new(rig.load(skel, Some(&atlas)).unwrap());
        let mut skeleton = Skeleton::new(data.clone());
        if let Some(skin) = data.skins.get(1) {
            skeleton.set_skin_by_name(&skin.name.clone());
        }
        skeleton.update_world_transform(Physics::Update);
        let mut renderer = Renderer::new();
        assert!(renderer.render(&skeleton).ranges.iter().all(|r| r.texture == 0), "{}: unset ids", rig.name);
        for page in 0..atlas.pages.len() as u32 {
            assert!(atlas.textures().set(page, loader_id(7, page)));
        }
        assert!(!atlas.textures().set(atlas.pages.len() as u32, 1), "past the pages");
        drop(atlas); // the data keeps the ids
        let output = renderer.render(&skeleton);
        for r in output.ranges {
            assert_eq!(r.texture, loader_id(7, r.page), "{}: range of page {}", rig.name, r.page);
        }
        checked += output.ranges.len();
    }
    eprintln!("{checked} draw ranges report their page's texture id");
    assert!(checked > 0 || !support::corpus_required());
}
