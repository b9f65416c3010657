//! Tests of the `.atlas` text parser.

use std::path::{Path, PathBuf};

use spine_native::atlas::*;
use spine_native::{Error, ErrorKind};

/// A small 4.x-format atlas: one 256 x 128 page.
const SMALL: &str = "\
small.png
\tsize: 256, 128
\tfilter: Linear, Linear
head
\tbounds: 2, 4, 64, 32
arm
\tbounds: 70, 4, 20, 40
\toffsets: 3, 5, 26, 48
\trotate: 90
";

fn parse(text: &str) -> Atlas {
    match Atlas::parse(text) {
        Ok(atlas) => atlas,
        Err(error) => panic!("atlas should parse, got: {error}\n--- text ---\n{text}"),
    }
}

/// The line and message of the `Error::Atlas` that parsing `text` must produce.
fn parse_error(text: &str) -> (usize, String) {
    match Atlas::parse(text) {
        Ok(atlas) => panic!("atlas should not parse, got {atlas:?}\n--- text ---\n{text}"),
        Err(Error::Atlas { line, message }) => (line, message),
        Err(other) => panic!("expected Error::Atlas, got {other:?}"),
    }
}

fn region<'a>(atlas: &'a Atlas, name: &str) -> &'a AtlasRegion {
    atlas.find_region(name).unwrap_or_else(|| panic!("region {name:?} should exist"))
}

// ---------------------------------------------------------------------------------
// Pages

#[test]
fn a_minimal_atlas_has_one_page_with_its_regions() {
    let atlas = parse(SMALL);
    assert_eq!(atlas.pages.len(), 1);
    assert_eq!(atlas.regions.len(), 2);
    let page = &atlas.pages[0];
    assert_eq!(page.name, "small.png");
    assert_eq!((page.width, page.height), (256, 128));
    assert_eq!(page.min_filter, TextureFilter::Linear);
    assert_eq!(page.mag_filter, TextureFilter::Linear);

    let head = region(&atlas, "head");
    assert_eq!(head.page, 0);
    assert_eq!((head.x, head.y, head.width, head.height), (2, 4, 64, 32));
    assert_eq!(head.u, 2.0 / 256.0);
    assert_eq!(head.v, 4.0 / 128.0);
    assert_eq!(head.u2, 66.0 / 256.0);
    assert_eq!(head.v2, 36.0 / 128.0);
    assert_eq!((head.degrees, head.rotate), (0, false));
}

#[test]
fn page_header_defaults_apply_when_only_size_is_given() {
    let atlas = parse("p.png\nsize: 16, 16\nr\nbounds: 0, 0, 1, 1\n");
    let page = &atlas.pages[0];
    assert_eq!(page.format, "RGBA8888");
    assert_eq!(page.min_filter, TextureFilter::Nearest);
    assert_eq!(page.mag_filter, TextureFilter::Nearest);
    assert_eq!(page.u_wrap, TextureWrap::ClampToEdge);
    assert_eq!(page.v_wrap, TextureWrap::ClampToEdge);
    assert!(!page.pma);
}

#[test]
fn page_header_reads_format_filter_repeat_and_pma() {
    let atlas = parse(
        "p.png\n size: 64, 32\n format: RGBA4444\n filter: MipMapLinearNearest, Nearest\n \
         repeat: x\n pma: true\nr\n bounds: 0, 0, 1, 1\n",
    );
    let page = &atlas.pages[0];
    assert_eq!((page.width, page.height), (64, 32));
    assert_eq!(page.format, "RGBA4444");
    assert_eq!(page.min_filter, TextureFilter::MipMapLinearNearest);
    assert_eq!(page.mag_filter, TextureFilter::Nearest);
    assert_eq!(page.u_wrap, TextureWrap::Repeat);
    assert_eq!(page.v_wrap, TextureWrap::ClampToEdge);
    assert!(page.pma);
}

#[test]
fn repeat_values_set_each_axis() {
    let wraps = |repeat: &str| {
        let atlas = parse(&format!("p.png\nsize: 8, 8\nrepeat: {repeat}\n"));
        (atlas.pages[0].u_wrap, atlas.pages[0].v_wrap)
    };
    use TextureWrap::{ClampToEdge, Repeat};
    assert_eq!(wraps("none"), (ClampToEdge, ClampToEdge));
    assert_eq!(wraps("x"), (Repeat, ClampToEdge));
    assert_eq!(wraps("y"), (ClampToEdge, Repeat));
    assert_eq!(wraps("xy"), (Repeat, Repeat));
}

#[test]
fn filter_names_accept_a_lowercase_first_letter() {
    let atlas = parse("p.png\nsize: 8, 8\nfilter: linear, mipMap\n");
    assert_eq!(atlas.pages[0].min_filter, TextureFilter::Linear);
    assert_eq!(atlas.pages[0].mag_filter, TextureFilter::MipMap);
    assert_eq!(TextureFilter::from_name("MipMapNearestLinear"), Some(TextureFilter::MipMapNearestLinear));
    assert_eq!(TextureFilter::from_name("LINEAR"), None);
    assert_eq!(TextureFilter::from_name(""), None);
}

#[test]
fn unknown_page_entries_are_ignored() {
    let atlas = parse("p.png\nsize: 8, 8\nscale: 0.5\nwhatever: a, b, c\nr\nbounds: 0, 0, 8, 8\n");
    assert_eq!(atlas.pages.len(), 1);
    assert_eq!(atlas.regions.len(), 1);
    assert_eq!(atlas.regions[0].u2, 1.0);
}

#[test]
fn multiple_pages_are_separated_by_blank_lines() {
    let atlas = parse(
        "one.png\nsize: 100, 50\nfilter: Linear, Linear\na\nbounds: 10, 5, 20, 10\n\n\n\
         two.png\nsize: 200, 100\npma: true\nb\nbounds: 10, 5, 20, 10\nc\nbounds: 0, 0, 200, 100\n",
    );
    assert_eq!(atlas.pages.len(), 2);
    assert_eq!(atlas.pages[0].name, "one.png");
    assert_eq!(atlas.pages[1].name, "two.png");
    assert!(!atlas.pages[0].pma);
    assert!(atlas.pages[1].pma);
    assert_eq!(atlas.pages[1].min_filter, TextureFilter::Nearest);

    let a = region(&atlas, "a");
    let b = region(&atlas, "b");
    assert_eq!((a.page, b.page), (0, 1));
    assert_eq!(uvs(a), reference_uvs([0.1, 0.1, 0.3, 0.3]));
    assert_eq!(uvs(b), reference_uvs([0.05, 0.05, 0.15, 0.15]));
    let c = region(&atlas, "c");
    assert_eq!(uvs(c), reference_uvs([0.0, 0.0, 1.0, 1.0]));
    assert_eq!(atlas.page_of(b).map(|p| p.name.as_str()), Some("two.png"));
}

#[test]
fn a_page_without_regions_is_kept() {
    let atlas = parse("empty.png\nsize: 4, 4\n\nfull.png\nsize: 4, 4\nr\nbounds: 0, 0, 2, 2\n");
    assert_eq!(atlas.pages.len(), 2);
    assert_eq!(atlas.regions.len(), 1);
    assert_eq!(atlas.regions[0].page, 1);
}

#[test]
fn empty_text_parses_to_an_empty_atlas() {
    for text in ["", "\n", "  \r\n\t\n"] {
        let atlas = parse(text);
        assert!(atlas.pages.is_empty());
        assert!(atlas.regions.is_empty());
    }
}

// ---------------------------------------------------------------------------------
// Regions

#[test]
fn a_rotated_region_swaps_its_uv_extent() {
    let atlas = parse(SMALL);
    let arm = region(&atlas, "arm");
    assert_eq!((arm.degrees, arm.rotate), (90, true));
    // The packed rectangle stays as written…
    assert_eq!((arm.x, arm.y, arm.width, arm.height), (70, 4, 20, 40));
    // …but covers `height` pixels across and `width` pixels down on the page.
    assert_eq!(arm.u, 70.0 / 256.0);
    assert_eq!(arm.v, 4.0 / 128.0);
    assert_eq!(arm.u2, (70.0 + 40.0) / 256.0);
    assert_eq!(arm.v2, (4.0 + 20.0) / 128.0);
}

#[test]
fn rotate_true_means_ninety_degrees_and_false_means_zero() {
    let atlas = parse(
        "p.png\nsize: 100, 100\nyes\nbounds: 0, 0, 10, 20\nrotate: true\n\
         no\nbounds: 0, 0, 10, 20\nrotate: false\n",
    );
    let yes = region(&atlas, "yes");
    assert_eq!((yes.degrees, yes.rotate), (90, true));
    assert_eq!((yes.u2, yes.v2), (0.2, 0.1));
    let no = region(&atlas, "no");
    assert_eq!((no.degrees, no.rotate), (0, false));
    assert_eq!((no.u2, no.v2), (0.1, 0.2));
}

#[test]
fn rotate_by_180_or_270_keeps_the_unswapped_uv_extent() {
    // The reference runtime only swaps the extent for exactly 90 degrees.
    for degrees in [180, 270] {
        let atlas = parse(&format!("p.png\nsize: 100, 100\nr\nbounds: 10, 10, 10, 20\nrotate: {degrees}\n"));
        let r = &atlas.regions[0];
        assert_eq!(r.degrees, degrees);
        assert!(!r.rotate);
        assert_eq!(uvs(r), reference_uvs([0.1, 0.1, 0.2, 0.3]));
    }
}

#[test]
fn old_format_keys_xy_size_orig_offset_and_index_are_read() {
    // The libGDX / Spine 3.x layout: leading blank line, header on separate keys.
    let text = "
old.png
size: 512,256
format: RGBA8888
filter: Linear,Linear
repeat: none
eye
  rotate: false
  xy: 100, 50
  size: 30, 20
  orig: 34, 26
  offset: 2, 3
  index: -1
mouth
  rotate: true
  xy: 200, 60
  size: 40, 10
  orig: 40, 10
  offset: 0, 0
  index: 4
";
    let atlas = parse(text);
    assert_eq!(atlas.pages.len(), 1);
    assert_eq!(atlas.pages[0].u_wrap, TextureWrap::ClampToEdge);
    let eye = region(&atlas, "eye");
    assert_eq!((eye.x, eye.y, eye.width, eye.height), (100, 50, 30, 20));
    assert_eq!((eye.original_width, eye.original_height), (34.0, 26.0));
    assert_eq!((eye.offset_x, eye.offset_y), (2.0, 3.0));
    assert_eq!(eye.index, -1);
    assert_eq!((eye.u, eye.v, eye.u2, eye.v2), (100.0 / 512.0, 50.0 / 256.0, 130.0 / 512.0, 70.0 / 256.0));
    let mouth = region(&atlas, "mouth");
    assert_eq!(mouth.index, 4);
    assert!(mouth.rotate);
    assert_eq!((mouth.u2, mouth.v2), ((200.0 + 10.0) / 512.0, (60.0 + 40.0) / 256.0));
}

#[test]
fn original_size_defaults_to_the_packed_size() {
    let atlas = parse("p.png\nsize: 64, 64\nplain\nbounds: 1, 2, 30, 20\nzero\nbounds: 1, 2, 30, 20\norig: 0, 0\n");
    for name in ["plain", "zero"] {
        let r = region(&atlas, name);
        assert_eq!((r.original_width, r.original_height), (30.0, 20.0), "{name}");
        assert_eq!((r.offset_x, r.offset_y), (0.0, 0.0), "{name}");
    }
}

#[test]
fn offsets_set_the_offset_and_original_size() {
    let atlas = parse(SMALL);
    let arm = region(&atlas, "arm");
    assert_eq!((arm.offset_x, arm.offset_y), (3.0, 5.0));
    assert_eq!((arm.original_width, arm.original_height), (26.0, 48.0));
}

#[test]
fn index_defaults_to_minus_one_and_is_read_when_given() {
    let atlas = parse("p.png\nsize: 8, 8\na\nbounds: 0, 0, 1, 1\nb\nbounds: 0, 0, 1, 1\nindex: 7\n");
    assert_eq!(region(&atlas, "a").index, -1);
    assert_eq!(region(&atlas, "b").index, 7);
}

#[test]
fn split_and_pad_are_read() {
    let atlas = parse(
        "p.png\nsize: 64, 64\nnine\nbounds: 0, 0, 32, 32\nsplit: 4, 5, 6, 7\npad: -1, 2, 3, 4\n\
         plain\nbounds: 0, 0, 32, 32\n",
    );
    let nine = region(&atlas, "nine");
    assert_eq!(nine.splits, Some([4, 5, 6, 7]));
    assert_eq!(nine.pads, Some([-1, 2, 3, 4]));
    assert!(nine.values.is_empty());
    let plain = region(&atlas, "plain");
    assert_eq!((plain.splits, plain.pads), (None, None));
}

#[test]
fn unknown_numeric_region_entries_go_to_values_in_order() {
    let atlas = parse("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 1, 1\nzeta: 1, -2, 3\nalpha: 9\nwide: 1, 2, 3, 4, 5, 6\n");
    assert_eq!(
        atlas.regions[0].values,
        vec![
            ("zeta".to_owned(), vec![1, -2, 3]),
            ("alpha".to_owned(), vec![9]),
            ("wide".to_owned(), vec![1, 2, 3, 4, 5, 6]),
        ]
    );
}

#[test]
fn unknown_non_numeric_region_entries_are_skipped_without_failing() {
    let atlas = parse("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 1, 1\nlabel: hello\nmixed: 1, two\nempty:\nkept: 5\n");
    assert_eq!(atlas.regions[0].values, vec![("kept".to_owned(), vec![5])]);
}

#[test]
fn a_region_without_bounds_is_an_empty_rectangle() {
    let atlas = parse("p.png\nsize: 8, 8\nnothing\nnext\nbounds: 1, 1, 2, 2\n");
    let nothing = region(&atlas, "nothing");
    assert_eq!((nothing.x, nothing.y, nothing.width, nothing.height), (0, 0, 0, 0));
    assert_eq!(uvs(nothing), reference_uvs([0.0, 0.0, 0.0, 0.0]));
    assert_eq!(region(&atlas, "next").u2, 3.0 / 8.0);
}

#[test]
fn later_entries_override_earlier_ones() {
    let atlas = parse("p.png\nsize: 8, 8\nr\nxy: 1, 1\nsize: 2, 2\nbounds: 4, 4, 4, 4\n");
    let r = &atlas.regions[0];
    assert_eq!((r.x, r.y, r.width, r.height), (4, 4, 4, 4));
}

// ---------------------------------------------------------------------------------
// Text tolerance

#[test]
fn crlf_and_lone_cr_line_breaks_parse_like_lf() {
    let expected = parse(SMALL);
    assert_eq!(parse(&SMALL.replace('\n', "\r\n")), expected);
    assert_eq!(parse(&SMALL.replace('\n', "\r")), expected);
}

#[test]
fn surrounding_whitespace_and_a_byte_order_mark_are_tolerated() {
    let text = "\u{feff}  \n\t small.png  \n   size :  256 ,128  \n\
                filter:Linear,Linear\t\n  head   \n bounds:2,4,  64 ,32 \n  \t\n";
    let atlas = parse(text);
    assert_eq!(atlas.pages[0].name, "small.png");
    assert_eq!((atlas.pages[0].width, atlas.pages[0].height), (256, 128));
    let head = region(&atlas, "head");
    assert_eq!((head.x, head.y, head.width, head.height), (2, 4, 64, 32));
}

#[test]
fn header_entries_before_the_first_page_are_ignored() {
    let atlas = parse("version: 4.3\nsomething: 1, 2\n\np.png\nsize: 8, 8\nr\nbounds: 0, 0, 8, 8\n");
    assert_eq!(atlas.pages.len(), 1);
    assert_eq!(atlas.pages[0].name, "p.png");
    assert_eq!(atlas.regions.len(), 1);
}

// ---------------------------------------------------------------------------------
// Lookup

#[test]
fn find_region_returns_the_first_region_with_a_name() {
    let atlas = parse(
        "p.png\nsize: 10, 10\nframe\nbounds: 0, 0, 1, 1\nindex: 2\nother\nbounds: 0, 0, 1, 1\n\
         frame\nbounds: 5, 5, 1, 1\nindex: 0\n",
    );
    assert_eq!(atlas.find_region_index("frame"), Some(0));
    assert_eq!(region(&atlas, "frame").index, 2);
    assert_eq!(atlas.find_region_index("other"), Some(1));
    assert_eq!(atlas.find_region_with_index("frame", 0).map(|r| r.x), Some(5));
    assert_eq!(atlas.find_region_with_index("frame", 3), None);
}

#[test]
fn find_region_of_a_missing_name_is_none() {
    let atlas = parse(SMALL);
    assert!(atlas.find_region("leg").is_none());
    assert_eq!(atlas.find_region_index(""), None);
    assert_eq!(atlas.find_region_index("Head"), None);
}

// ---------------------------------------------------------------------------------
// Errors

#[test]
fn a_non_numeric_bounds_value_reports_its_line() {
    let (line, message) = parse_error("p.png\nsize: 8, 8\nr\nbounds: 0, zero, 1, 1\n");
    assert_eq!(line, 4);
    assert!(message.contains("bounds") && message.contains("zero"), "{message}");
}

#[test]
fn a_fractional_value_is_not_an_integer() {
    let (line, message) = parse_error("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 1.5, 1\n");
    assert_eq!(line, 4);
    assert!(message.contains("1.5"), "{message}");
}

#[test]
fn a_wrong_value_count_reports_its_line_and_the_expected_count() {
    let cases = [
        ("bounds: 1, 2, 3", "bounds"),
        ("bounds: 1, 2, 3, 4, 5", "bounds"),
        ("offsets: 1, 2", "offsets"),
        ("split: 1, 2, 3", "split"),
        ("pad: 1, 2, 3, 4, 5", "pad"),
        ("xy: 1", "xy"),
        ("orig: 1, 2, 3", "orig"),
        ("index: 1, 2", "index"),
        ("rotate: true, false", "rotate"),
    ];
    for (entry, key) in cases {
        let (line, message) = parse_error(&format!("p.png\nsize: 8, 8\nr\n{entry}\n"));
        assert_eq!(line, 4, "{entry}");
        assert!(message.contains(key), "{entry}: {message}");
    }
}

#[test]
fn a_non_numeric_region_value_reports_its_line() {
    for entry in ["index: first", "rotate: sideways", "offsets: 0, 0, w, h", "xy: a, b"] {
        let (line, _) = parse_error(&format!("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 1, 1\n{entry}\n"));
        assert_eq!(line, 5, "{entry}");
    }
}

#[test]
fn a_region_entry_before_any_page_is_an_error() {
    let (line, message) = parse_error("\nbounds: 0, 0, 1, 1\np.png\nsize: 8, 8\n");
    assert_eq!(line, 2);
    assert!(message.contains("before any page"), "{message}");
}

#[test]
fn an_entry_where_a_page_name_is_expected_is_an_error() {
    // A blank line ends the page, so the entries of `r` cannot follow one.
    let (line, message) = parse_error("p.png\nsize: 8, 8\nr\n\nbounds: 0, 0, 1, 1\n");
    assert_eq!(line, 5);
    assert!(message.contains("page"), "{message}");
}

#[test]
fn unknown_filter_format_repeat_or_pma_values_are_errors() {
    let cases = [
        ("filter: Linear, Cubic", "Cubic"),
        ("filter: Linear", "filter"),
        ("format: RGBA9999", "RGBA9999"),
        ("repeat: z", "z"),
        ("pma: yes", "yes"),
    ];
    for (entry, mentioned) in cases {
        let (line, message) = parse_error(&format!("p.png\nsize: 8, 8\n{entry}\nr\n"));
        assert_eq!(line, 3, "{entry}");
        assert!(message.contains(mentioned), "{entry}: {message}");
    }
}

#[test]
fn a_page_size_of_zero_or_not_a_number_is_an_error() {
    for size in ["0, 8", "8, 0", "-8, 8", "8", "8, 8, 8", "big, 8"] {
        let (line, _) = parse_error(&format!("\np.png\nsize: {size}\nr\nbounds: 0, 0, 1, 1\n"));
        assert_eq!(line, 3, "size: {size}");
    }
}

#[test]
fn a_page_without_a_size_is_an_error_at_its_name() {
    let (line, message) = parse_error("ok.png\nsize: 8, 8\n\nbad.png\nfilter: Linear, Linear\nr\n");
    assert_eq!(line, 4);
    assert!(message.contains("bad.png") && message.contains("size"), "{message}");
    // Also when the page is the last thing in the file.
    let (line, _) = parse_error("bad.png\n");
    assert_eq!(line, 1);
}

#[test]
fn atlas_errors_have_the_invalid_atlas_kind_and_name_the_line() {
    let error = Atlas::parse("p.png\nsize: 8, 8\nr\nbounds: x, 0, 1, 1\n").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::InvalidAtlas);
    assert!(error.to_string().contains("line 4"), "{error}");
}

#[test]
fn from_file_reports_a_missing_file_as_io() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("no-such-dir/missing.atlas");
    match Atlas::from_file(&path) {
        Err(Error::Io { path: shown, .. }) => assert!(shown.contains("missing.atlas")),
        other => panic!("expected Error::Io, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------
// Robustness and types

#[test]
fn altered_text_never_panics() {
    // Replace every byte of a small atlas, one at a time, with bytes that change its
    // structure; parsing must return, whatever the result.
    let replacements = [b':', b',', b'\n', b'\r', b' ', b'-', b'0', b'x'];
    let bytes = SMALL.as_bytes();
    for at in 0..bytes.len() {
        for &replacement in &replacements {
            let mut altered = bytes.to_vec();
            altered[at] = replacement;
            let text = String::from_utf8(altered).expect("ASCII stays UTF-8");
            let _ = Atlas::parse(&text);
            let mut without = bytes.to_vec();
            without.remove(at);
            let _ = Atlas::parse(std::str::from_utf8(&without).expect("ASCII stays UTF-8"));
        }
    }
}

#[test]
fn extreme_numbers_do_not_overflow() {
    let atlas = parse(&format!(
        "p.png\nsize: {max}, {max}\nr\nbounds: {max}, {max}, {max}, {max}\nrotate: 90\n",
        max = i32::MAX
    ));
    let r = &atlas.regions[0];
    assert!(r.u2.is_finite() && r.v2.is_finite());
    assert_eq!(r.u2, 2.0);
    let (line, _) = parse_error("p.png\nsize: 8, 8\nr\nbounds: 0, 0, 99999999999, 1\n");
    assert_eq!(line, 4);
}

#[test]
fn atlas_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Atlas>();
    assert_send_sync::<AtlasPage>();
    assert_send_sync::<AtlasRegion>();
    assert_send_sync::<TextureFilter>();
    assert_send_sync::<TextureWrap>();
}

#[test]
fn an_atlas_serializes_its_pages_and_regions() {
    let json = serde_json::to_value(parse(SMALL)).expect("serializes");
    assert_eq!(json["pages"][0]["name"], "small.png");
    assert_eq!(json["pages"][0]["min_filter"], "Linear");
    assert_eq!(json["regions"][1]["name"], "arm");
    assert_eq!(json["regions"][1]["degrees"], 90);
    let keys: Vec<&String> = json.as_object().expect("object").keys().collect();
    assert_eq!(keys, ["pages", "regions"]);
}

// ---------------------------------------------------------------------------------
// Corpus

fn corpus_root() -> PathBuf {
    match std::env::var_os("SPINE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    }
}

/// Every `*.atlas` file under `<corpus>/rigs/*/`, sorted.
fn corpus_atlases() -> Vec<PathBuf> {
    let rigs = corpus_root().join("rigs");
    let rig_dirs =
        std::fs::read_dir(&rigs).unwrap_or_else(|e| panic!("cannot list {} (set SPINE_CORPUS): {e}", rigs.display()));
    let mut atlases = Vec::new();
    for rig in rig_dirs {
        let rig = rig.expect("directory entry").path();
        let Ok(files) = std::fs::read_dir(&rig) else {
            continue;
        };
        for file in files {
            let file = file.expect("directory entry").path();
            if file.extension().is_some_and(|ext| ext == "atlas") {
                atlases.push(file);
            }
        }
    }
    atlases.sort();
    assert!(!atlases.is_empty(), "no *.atlas files under {}", rigs.display());
    atlases
}

fn corpus_atlas(relative: &str) -> Atlas {
    let path = corpus_root().join("rigs").join(relative);
    Atlas::from_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_corpus_atlas_parses_with_valid_pages_and_uvs() {
    for path in corpus_atlases() {
        let shown = path.display();
        let atlas = Atlas::from_file(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
        assert!(!atlas.pages.is_empty(), "{shown}: no pages");
        assert!(!atlas.regions.is_empty(), "{shown}: no regions");
        for page in &atlas.pages {
            assert!(page.width > 0 && page.height > 0, "{shown}: page {}", page.name);
        }
        for region in &atlas.regions {
            let page = usize::try_from(region.page).expect("page index fits");
            assert!(page < atlas.pages.len(), "{shown}: region {}", region.name);
            for uv in [region.u, region.v, region.u2, region.v2] {
                assert!((0.0..=1.0).contains(&uv), "{shown}: region {} has uv {uv}", region.name);
            }
            assert!(atlas.find_region(&region.name).is_some());
        }
    }
}

fn uvs(region: &AtlasRegion) -> [f32; 4] {
    [region.u, region.v, region.u2, region.v2]
}

/// The reference runtime computes texture coordinates in f64; this runtime stores the
/// nearest f32.
fn reference_uvs(reference: [f64; 4]) -> [f32; 4] {
    reference.map(|x| x as f32)
}

#[test]
fn corpus_regions_match_the_reference_runtime() {
    // Values printed by spine-core's TextureAtlas (4.x) for the same files.
    let spineboy = corpus_atlas("spineboy/spineboy.atlas");
    let eye = region(&spineboy, "eye-indifferent");
    assert_eq!((eye.x, eye.y, eye.width, eye.height), (862, 105, 47, 45));
    assert_eq!(uvs(eye), reference_uvs([0.841796875, 0.41015625, 0.8876953125, 0.5859375]));
    assert_eq!((eye.original_width, eye.original_height), (47.0, 45.0));

    let fist = region(&spineboy, "front-fist-open");
    assert_eq!((fist.degrees, fist.rotate), (90, true));
    assert_eq!(uvs(fist), reference_uvs([0.693359375, 0.19921875, 0.736328125, 0.3671875]));

    let diamond = corpus_atlas("diamond/diamond.atlas");
    let top = region(&diamond, "top-6");
    assert_eq!(top.degrees, 270);
    assert_eq!(uvs(top), reference_uvs([0.087890625, 0.00390625, 0.23828125, 0.263671875]));
    assert_eq!((top.original_width, top.original_height), (154.0, 134.0));

    let dragon = corpus_atlas("dragon/dragon.atlas");
    assert_eq!(dragon.pages.len(), 5);
    let wing = region(&dragon, "left-wing04");
    assert_eq!(wing.page, 3);
    assert_eq!(dragon.pages[3].name, "dragon_4.png");
    assert_eq!(uvs(wing), reference_uvs([0.001953125, 0.26171875, 0.259765625, 0.8369140625]));

    // An image sequence: every frame shares a name; the first listed (index 8) wins.
    let run = corpus_atlas("spineboy/spineboy-run.atlas");
    let first = region(&run, "spineboy-pro-run");
    assert_eq!(first.index, 8);
    assert_eq!(
        uvs(first),
        reference_uvs([0.0016992353440951572, 0.5386861313868613, 0.2582837723024639, 0.997080291970803])
    );
    assert_eq!(run.regions.len(), 10);
    let frame0 = run.find_region_with_index("spineboy-pro-run", 0).expect("frame 0");
    assert!(frame0.rotate);
}

#[test]
fn truncating_a_corpus_atlas_never_panics() {
    let path = corpus_root().join("rigs/spineboy/spineboy-pma.atlas");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let limit = text.len().min(2000);
    let mut parsed = 0;
    for end in 0..=limit {
        if let Some(prefix) = text.get(..end) {
            if let Ok(atlas) = Atlas::parse(prefix) {
                parsed += 1;
                for region in &atlas.regions {
                    assert!((region.page as usize) < atlas.pages.len());
                }
            }
        }
    }
    assert!(parsed > 0, "some prefixes should parse");
}
