//! Texture atlas loading: the libGDX / Spine 4.x `.atlas` text format.
//!
//! An atlas file lists one or more *pages* (texture images), each followed by the
//! *regions* packed onto it:
//!
//! ```text
//! spineboy.png
//!     size: 1024, 256
//!     filter: Linear, Linear
//!     pma: true
//! crosshair
//!     bounds: 352, 7, 45, 45
//! front-fist-open
//!     bounds: 710, 51, 43, 44
//!     rotate: 90
//! ```
//!
//! (The packer indents entries with a tab; any indentation is accepted.)
//!
//! A page starts with its image name, followed by `key: value, value, …` entries
//! (`size`, `format`, `filter`, `repeat`, `pma`). Every following line that is not an
//! entry names a region of that page, and the entries under it describe the region
//! (`bounds`, `offsets`, `rotate`, `index`, `split`, `pad`, and the older `xy`, `size`,
//! `orig`, `offset`). A blank line ends a page; the next non-blank line names a new
//! page. Entries before the first page name form a file header and are ignored.
//!
//! Parsing is strict about what it understands: a value that should be a number but
//! is not, a wrong value count, an unknown filter/format/repeat value, or a page
//! without a usable size is reported as [`Error::Atlas`] with the 1-based line number.
//! Unknown page entries are ignored; unknown region entries are kept in
//! [`AtlasRegion::values`] when all their values are integers.

use foldhash::{HashMap, HashMapExt};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde::Serialize;

use crate::{Error, Result};

/// Texture sampling filter of an atlas page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TextureFilter {
    Nearest,
    Linear,
    MipMap,
    MipMapNearestNearest,
    MipMapLinearNearest,
    MipMapNearestLinear,
    MipMapLinearLinear,
}

impl TextureFilter {
    /// Every filter, paired with the name an atlas file uses for it.
    const NAMES: [(&'static str, TextureFilter); 7] = [
        ("Nearest", TextureFilter::Nearest),
        ("Linear", TextureFilter::Linear),
        ("MipMap", TextureFilter::MipMap),
        ("MipMapNearestNearest", TextureFilter::MipMapNearestNearest),
        ("MipMapLinearNearest", TextureFilter::MipMapLinearNearest),
        ("MipMapNearestLinear", TextureFilter::MipMapNearestLinear),
        ("MipMapLinearLinear", TextureFilter::MipMapLinearLinear),
    ];

    /// Looks a filter up by the name an atlas file uses. Like the reference runtime,
    /// the first letter may be written in either case (`linear` means `Linear`).
    pub fn from_name(name: &str) -> Option<TextureFilter> {
        let mut chars = name.chars();
        let first = chars.next()?;
        let rest = chars.as_str();
        Self::NAMES.iter().find_map(|&(known, filter)| {
            let mut known_chars = known.chars();
            let known_first = known_chars.next()?;
            (known_first.eq_ignore_ascii_case(&first) && known_chars.as_str() == rest).then_some(filter)
        })
    }
}

/// Texture wrap mode of an atlas page, per axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TextureWrap {
    MirroredRepeat,
    ClampToEdge,
    Repeat,
}

/// Pixel formats an atlas page may declare in its `format` entry.
const PAGE_FORMATS: [&str; 7] = ["Alpha", "Intensity", "LuminanceAlpha", "RGB565", "RGBA4444", "RGB888", "RGBA8888"];

/// The format a page has when its header does not name one.
const DEFAULT_FORMAT: &str = "RGBA8888";

/// One texture image of an atlas.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AtlasPage {
    /// Image file name, relative to the atlas file.
    pub name: String,
    /// Image width in pixels (always > 0 after a successful parse).
    pub width: u32,
    /// Image height in pixels (always > 0 after a successful parse).
    pub height: u32,
    /// Pixel format name (`RGBA8888` unless the page says otherwise).
    pub format: String,
    pub min_filter: TextureFilter,
    pub mag_filter: TextureFilter,
    pub u_wrap: TextureWrap,
    pub v_wrap: TextureWrap,
    /// Whether the image has premultiplied alpha.
    pub pma: bool,
}

impl AtlasPage {
    fn new(name: &str) -> AtlasPage {
        AtlasPage {
            name: name.to_owned(),
            width: 0,
            height: 0,
            format: DEFAULT_FORMAT.to_owned(),
            min_filter: TextureFilter::Nearest,
            mag_filter: TextureFilter::Nearest,
            u_wrap: TextureWrap::ClampToEdge,
            v_wrap: TextureWrap::ClampToEdge,
            pma: false,
        }
    }
}

/// One packed image of an atlas.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AtlasRegion {
    pub name: String,
    /// Index of the region's page in [`Atlas::pages`].
    pub page: u32,
    /// Packed rectangle on the page, in pixels, exactly as the file states it
    /// (`bounds`, or the older `xy` and `size`).
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    /// Texture coordinates of the packed rectangle. When `degrees` is 90 the
    /// rectangle's width and height are swapped on the page, so `u2`/`v2` use them
    /// swapped.
    pub u: f32,
    pub v: f32,
    pub u2: f32,
    pub v2: f32,
    /// Whitespace stripped by the packer: offset of the packed image inside the
    /// original image, and the original image size (the packed size when the file
    /// gives none, or gives 0 × 0).
    pub offset_x: f32,
    pub offset_y: f32,
    pub original_width: f32,
    pub original_height: f32,
    /// Rotation of the image on the page, in degrees (`rotate: true` is 90).
    pub degrees: i32,
    /// Whether `degrees` is 90, the rotation that swaps the packed width and height.
    pub rotate: bool,
    /// Frame number for image sequences, -1 when the region is not part of one.
    pub index: i32,
    /// Nine-patch split lines (left, right, top, bottom), if any.
    pub splits: Option<[i32; 4]>,
    /// Nine-patch padding (left, right, top, bottom), if any.
    pub pads: Option<[i32; 4]>,
    /// Other entries of the region whose values are all integers, in file order.
    pub values: Vec<(String, Vec<i32>)>,
}

impl AtlasRegion {
    fn new(name: &str, page: u32) -> AtlasRegion {
        AtlasRegion {
            name: name.to_owned(),
            page,
            x: 0,
            y: 0,
            width: 0,
            height: 0,
            u: 0.0,
            v: 0.0,
            u2: 0.0,
            v2: 0.0,
            offset_x: 0.0,
            offset_y: 0.0,
            original_width: 0.0,
            original_height: 0.0,
            degrees: 0,
            rotate: false,
            index: -1,
            splits: None,
            pads: None,
            values: Vec::new(),
        }
    }

    /// Fills in what depends on all of the region's entries: default original size,
    /// the rotation flag and the texture coordinates.
    fn finish(&mut self, page: &AtlasPage) {
        if self.original_width == 0.0 && self.original_height == 0.0 {
            self.original_width = self.width as f32;
            self.original_height = self.height as f32;
        }
        self.rotate = self.degrees == 90;
        // On a page rotated by 90 degrees the packed rectangle is `height` wide and
        // `width` tall.
        let (extent_x, extent_y) = if self.rotate { (self.height, self.width) } else { (self.width, self.height) };
        let page_w = f64::from(page.width);
        let page_h = f64::from(page.height);
        let x = f64::from(self.x);
        let y = f64::from(self.y);
        self.u = (x / page_w) as f32;
        self.v = (y / page_h) as f32;
        self.u2 = ((x + f64::from(extent_x)) / page_w) as f32;
        self.v2 = ((y + f64::from(extent_y)) / page_h) as f32;
    }
}

/// Caller-set 64-bit texture ids of an atlas's pages (an engine's texture handles), one
/// atomic cell per page, 0 until set. The cells belong to the [`Atlas`]; skeleton data
/// loaded with it holds this same handle (not a copy), so an id set before or after
/// loading shows in every render's [`DrawRange::texture`](crate::render::DrawRange). Setting
/// and reading are lock-free and allowed from any thread: the ids are the caller's
/// metadata, not part of the data (they take no part in equality).
#[derive(Clone, Default)]
pub struct PageTextures(Arc<[AtomicU64]>);

impl PageTextures {
    fn new(pages: usize) -> PageTextures {
        PageTextures((0..pages).map(|_| AtomicU64::new(0)).collect())
    }

    /// The texture id of page `page` (0 when unset or past the pages).
    #[inline]
    pub fn get(&self, page: u32) -> u64 {
        self.0.get(page as usize).map_or(0, |id| id.load(Ordering::Relaxed))
    }

    /// Sets the texture id of page `page`; false past the pages.
    pub fn set(&self, page: u32, id: u64) -> bool {
        self.0.get(page as usize).map(|cell| cell.store(id, Ordering::Relaxed)).is_some()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether both handles are the cells of the same atlas (the same load of it), so
    /// equal page indices name the same texture.
    #[inline]
    pub fn same_atlas(&self, other: &PageTextures) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl PartialEq for PageTextures {
    /// Always equal: the ids are caller metadata, not atlas or skeleton content.
    fn eq(&self, _: &PageTextures) -> bool {
        true
    }
}

impl std::fmt::Debug for PageTextures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((0..self.len() as u32).map(|p| self.get(p))).finish()
    }
}

/// A parsed texture atlas: its pages and their regions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Atlas {
    pub pages: Vec<AtlasPage>,
    pub regions: Vec<AtlasRegion>,
    /// Region name → index of the first region with that name.
    #[serde(skip)]
    by_name: HashMap<String, usize>,
    /// The pages' texture ids (a clone of the atlas shares them).
    #[serde(skip)]
    textures: PageTextures,
}

impl Atlas {
    /// Parses atlas text. See the module documentation for the format.
    pub fn parse(text: &str) -> Result<Atlas> {
        let mut parser = Parser::default();
        for (number, line) in split_lines(text).enumerate() {
            parser.line(number + 1, line)?;
        }
        parser.finish()
    }

    /// Reads and parses an atlas file.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Atlas> {
        let path = path.as_ref();
        let io = |source| Error::Io { path: path.display().to_string(), source };
        let bytes = crate::file::read_file(path).map_err(io)?;
        let text = String::from_utf8(bytes)
            .map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e.utf8_error())))?;
        Atlas::parse(&text)
    }

    /// The first region with this name, if any.
    pub fn find_region(&self, name: &str) -> Option<&AtlasRegion> {
        self.find_region_index(name).map(|i| &self.regions[i])
    }

    /// Index in [`Atlas::regions`] of the first region with this name, if any.
    pub fn find_region_index(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The first region with this name and sequence index (the `index` entry), if any.
    /// Useful for image sequences, whose frames share one name.
    pub fn find_region_with_index(&self, name: &str, index: i32) -> Option<&AtlasRegion> {
        self.regions.iter().find(|region| region.index == index && region.name == name)
    }

    /// The page a region lies on.
    /// The pages' caller-set texture ids, shared with skeleton data loaded with this atlas.
    pub fn textures(&self) -> &PageTextures {
        &self.textures
    }

    pub fn page_of(&self, region: &AtlasRegion) -> Option<&AtlasPage> {
        self.pages.get(usize::try_from(region.page).ok()?)
    }
}

/// Splits text into lines at `\r\n`, `\r` or `\n`, like the reference runtime. Text
/// ending in a line break yields a final empty line, which parses as blank.
fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.find(['\r', '\n']) {
            None => {
                rest = None;
                Some(current)
            }
            Some(at) => {
                let break_len = if current[at..].starts_with("\r\n") { 2 } else { 1 };
                rest = Some(&current[at + break_len..]);
                Some(&current[..at])
            }
        }
    })
}

/// A `key: value, value, …` line, trimmed.
struct Entry<'a> {
    key: &'a str,
    values: Vec<&'a str>,
}

impl<'a> Entry<'a> {
    /// Reads an entry from a trimmed, non-empty line; `None` when the line has no colon
    /// (it then names a page or region).
    fn read(line: &'a str) -> Option<Entry<'a>> {
        let (key, rest) = line.split_once(':')?;
        Some(Entry { key: key.trim(), values: rest.split(',').map(str::trim).collect() })
    }

    /// The line text after the key, for messages.
    fn shown_values(&self) -> String {
        self.values.join(", ")
    }
}

/// Keys that only make sense inside a region.
const REGION_ONLY_KEYS: [&str; 9] = ["bounds", "xy", "offsets", "offset", "orig", "rotate", "index", "split", "pad"];

/// Where the parser is in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    /// Before the first page name: blank lines and ignored header entries.
    Header,
    /// After a blank line that followed a page: the next line names a page.
    BetweenPages,
    /// Reading the entries of the last page.
    PageEntries,
    /// Reading the entries of the last region.
    RegionEntries,
}

struct Parser {
    section: Section,
    pages: Vec<AtlasPage>,
    /// 1-based line of the last page's name, for a missing-size error.
    page_line: usize,
    /// Whether the last page had a `size` entry.
    page_sized: bool,
    regions: Vec<AtlasRegion>,
}

impl Default for Parser {
    fn default() -> Parser {
        Parser { section: Section::Header, pages: Vec::new(), page_line: 0, page_sized: false, regions: Vec::new() }
    }
}

fn atlas_error(line: usize, message: impl Into<String>) -> Error {
    Error::Atlas { line, message: message.into() }
}

/// Parses one integer value of an entry.
fn int_value(line: usize, key: &str, value: &str) -> Result<i32> {
    value.parse::<i32>().map_err(|_| atlas_error(line, format!("`{key}` value {value:?} is not an integer")))
}

/// Parses an entry that must have exactly `N` integer values, described by `names`.
fn int_values<const N: usize>(line: usize, entry: &Entry, names: &str) -> Result<[i32; N]> {
    if entry.values.len() != N {
        return Err(atlas_error(
            line,
            format!(
                "`{}` expects {N} integer(s) ({names}), found {} value(s): {:?}",
                entry.key,
                entry.values.len(),
                entry.shown_values()
            ),
        ));
    }
    let mut out = [0; N];
    for (slot, value) in out.iter_mut().zip(&entry.values) {
        *slot = int_value(line, entry.key, value)?;
    }
    Ok(out)
}

/// Parses an entry that must have exactly one value.
fn single_value<'a>(line: usize, entry: &Entry<'a>, expected: &str) -> Result<&'a str> {
    match entry.values.as_slice() {
        [value] => Ok(value),
        values => Err(atlas_error(
            line,
            format!(
                "`{}` expects one value ({expected}), found {}: {:?}",
                entry.key,
                values.len(),
                entry.shown_values()
            ),
        )),
    }
}

impl Parser {
    fn line(&mut self, number: usize, raw: &str) -> Result<()> {
        let line = raw.trim();
        if line.is_empty() {
            self.end_page()?;
            if self.section != Section::Header {
                self.section = Section::BetweenPages;
            }
            return Ok(());
        }
        let entry = Entry::read(line);
        match (self.section, entry) {
            (Section::Header, Some(entry)) => {
                if REGION_ONLY_KEYS.contains(&entry.key) {
                    return Err(atlas_error(
                        number,
                        format!("region entry `{}` before any page; expected a page image name first", entry.key),
                    ));
                }
                // Header entries carry nothing the runtime needs.
                Ok(())
            }
            (Section::BetweenPages, Some(entry)) => Err(atlas_error(
                number,
                format!(
                    "expected a page image name after the blank line, found the entry `{}: {}`",
                    entry.key,
                    entry.shown_values()
                ),
            )),
            (Section::Header | Section::BetweenPages, None) => {
                self.pages.push(AtlasPage::new(line));
                self.page_line = number;
                self.page_sized = false;
                self.section = Section::PageEntries;
                Ok(())
            }
            (Section::PageEntries, Some(entry)) => self.page_entry(number, &entry),
            (Section::PageEntries | Section::RegionEntries, None) => {
                if self.section == Section::PageEntries {
                    self.check_page_size()?;
                } else {
                    self.finish_region();
                }
                let page = self
                    .pages
                    .len()
                    .checked_sub(1)
                    .and_then(|last| u32::try_from(last).ok())
                    .ok_or_else(|| atlas_error(number, "region outside any page"))?;
                self.regions.push(AtlasRegion::new(line, page));
                self.section = Section::RegionEntries;
                Ok(())
            }
            (Section::RegionEntries, Some(entry)) => self.region_entry(number, &entry),
        }
    }

    fn page_entry(&mut self, line: usize, entry: &Entry) -> Result<()> {
        let Some(page) = self.pages.last_mut() else {
            return Err(atlas_error(line, "page entry before any page"));
        };
        match entry.key {
            "size" => {
                let [width, height] = int_values::<2>(line, entry, "width, height")?;
                if width <= 0 || height <= 0 {
                    return Err(atlas_error(line, format!("page size must be positive, found {width} x {height}")));
                }
                // Both are positive i32 values, so they fit in u32.
                page.width = width.unsigned_abs();
                page.height = height.unsigned_abs();
                self.page_sized = true;
            }
            "format" => {
                let format = single_value(line, entry, "a pixel format such as RGBA8888")?;
                if !PAGE_FORMATS.contains(&format) {
                    return Err(atlas_error(
                        line,
                        format!("unknown page format {format:?}; expected one of {}", PAGE_FORMATS.join(", ")),
                    ));
                }
                page.format = format.to_owned();
            }
            "filter" => {
                let [min, mag] = match entry.values.as_slice() {
                    &[min, mag] => [min, mag],
                    values => {
                        return Err(atlas_error(
                            line,
                            format!(
                                "`filter` expects 2 values (min filter, mag filter), found {}: {:?}",
                                values.len(),
                                entry.shown_values()
                            ),
                        ))
                    }
                };
                let parse = |name: &str| {
                    TextureFilter::from_name(name).ok_or_else(|| {
                        atlas_error(
                            line,
                            format!(
                                "unknown texture filter {name:?}; expected one of {}",
                                TextureFilter::NAMES.map(|(n, _)| n).join(", ")
                            ),
                        )
                    })
                };
                page.min_filter = parse(min)?;
                page.mag_filter = parse(mag)?;
            }
            "repeat" => {
                let repeat = single_value(line, entry, "none, x, y or xy")?;
                let (u, v) = match repeat {
                    "none" => (false, false),
                    "x" => (true, false),
                    "y" => (false, true),
                    "xy" => (true, true),
                    other => {
                        return Err(atlas_error(
                            line,
                            format!("unknown repeat value {other:?}; expected none, x, y or xy"),
                        ))
                    }
                };
                let wrap = |repeats: bool| {
                    if repeats {
                        TextureWrap::Repeat
                    } else {
                        TextureWrap::ClampToEdge
                    }
                };
                page.u_wrap = wrap(u);
                page.v_wrap = wrap(v);
            }
            "pma" => {
                page.pma = match single_value(line, entry, "true or false")? {
                    "true" => true,
                    "false" => false,
                    other => return Err(atlas_error(line, format!("`pma` value {other:?} is not true or false"))),
                };
            }
            // Other page entries (`scale`, …) carry nothing the runtime needs.
            _ => {}
        }
        Ok(())
    }

    fn region_entry(&mut self, line: usize, entry: &Entry) -> Result<()> {
        let Some(region) = self.regions.last_mut() else {
            return Err(atlas_error(line, "region entry before any region"));
        };
        match entry.key {
            "bounds" => {
                let [x, y, width, height] = int_values::<4>(line, entry, "x, y, width, height")?;
                (region.x, region.y, region.width, region.height) = (x, y, width, height);
            }
            "xy" => [region.x, region.y] = int_values::<2>(line, entry, "x, y")?,
            "size" => {
                [region.width, region.height] = int_values::<2>(line, entry, "width, height")?;
            }
            "offsets" => {
                let values = int_values::<4>(line, entry, "x, y, original width, original height")?;
                let [x, y, w, h] = values.map(|v| v as f32);
                (region.offset_x, region.offset_y) = (x, y);
                (region.original_width, region.original_height) = (w, h);
            }
            "offset" => {
                let [x, y] = int_values::<2>(line, entry, "x, y")?.map(|v| v as f32);
                (region.offset_x, region.offset_y) = (x, y);
            }
            "orig" => {
                let [w, h] = int_values::<2>(line, entry, "original width, original height")?.map(|v| v as f32);
                (region.original_width, region.original_height) = (w, h);
            }
            "rotate" => {
                let value = single_value(line, entry, "true, false or degrees")?;
                region.degrees = match value {
                    "true" => 90,
                    "false" => 0,
                    degrees => degrees.parse::<i32>().map_err(|_| {
                        atlas_error(
                            line,
                            format!("`rotate` value {degrees:?} is not true, false or an integer number of degrees"),
                        )
                    })?,
                };
            }
            "index" => [region.index] = int_values::<1>(line, entry, "sequence index")?,
            "split" => {
                region.splits = Some(int_values::<4>(line, entry, "left, right, top, bottom")?);
            }
            "pad" => {
                region.pads = Some(int_values::<4>(line, entry, "left, right, top, bottom")?);
            }
            key => {
                // Unknown entries are kept when they are all integers, and skipped
                // otherwise, as the reference runtime does not reject them.
                let numbers: Option<Vec<i32>> = entry.values.iter().map(|value| value.parse::<i32>().ok()).collect();
                if let Some(numbers) = numbers {
                    region.values.push((key.to_owned(), numbers));
                }
            }
        }
        Ok(())
    }

    /// Completes the last region once all its entries are read.
    fn finish_region(&mut self) {
        if let Some(region) = self.regions.last_mut() {
            if let Some(page) = usize::try_from(region.page).ok().and_then(|i| self.pages.get(i)) {
                region.finish(page);
            }
        }
    }

    /// A page must have a size before regions can be placed on it.
    fn check_page_size(&self) -> Result<()> {
        match self.pages.last() {
            Some(page) if !self.page_sized => {
                Err(atlas_error(self.page_line, format!("page {:?} has no `size: width, height` entry", page.name)))
            }
            _ => Ok(()),
        }
    }

    /// Ends the current page section (at a blank line or the end of the text).
    fn end_page(&mut self) -> Result<()> {
        match self.section {
            Section::PageEntries => self.check_page_size(),
            Section::RegionEntries => {
                self.finish_region();
                Ok(())
            }
            Section::Header | Section::BetweenPages => Ok(()),
        }
    }

    fn finish(mut self) -> Result<Atlas> {
        self.end_page()?;
        let mut by_name = HashMap::with_capacity(self.regions.len());
        for (i, region) in self.regions.iter().enumerate() {
            by_name.entry(region.name.clone()).or_insert(i);
        }
        let textures = PageTextures::new(self.pages.len());
        Ok(Atlas { pages: self.pages, regions: self.regions, by_name, textures })
    }
}
