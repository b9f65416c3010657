//! The demo rig built into the binary: `cli/demo/demo.json` and `demo.atlas` (written by
//! `cli/demo/make_demo.py`), and its atlas page, drawn here from the atlas' region
//! rectangles so that no image file ships.

use crate::image::{straight_rgba, PageImage};
use spine_native::atlas::AtlasRegion;
use spine_native::Atlas;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Shader, Stroke, Transform};

pub const JSON: &str = include_str!("../demo/demo.json");
pub const ATLAS: &str = include_str!("../demo/demo.atlas");

pub fn atlas() -> Atlas {
    Atlas::parse(ATLAS).expect("the demo atlas parses")
}

fn paint(r: u8, g: u8, b: u8, a: u8) -> Paint<'static> {
    Paint { shader: Shader::SolidColor(Color::from_rgba8(r, g, b, a)), anti_alias: true, ..Paint::default() }
}

fn rounded(x: f32, y: f32, w: f32, h: f32, radius: f32) -> Option<tiny_skia::Path> {
    let r = radius.min(w / 2.0).min(h / 2.0);
    let k = 0.5523 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

fn circle(cx: f32, cy: f32, radius: f32) -> Option<tiny_skia::Path> {
    PathBuilder::from_circle(cx, cy, radius)
}

/// A rounded body with an outline: light fill (tinted by attachment colors) and a dark rim.
fn plate(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, radius: f32, fill: (u8, u8, u8)) {
    if let Some(path) = rounded(x + 1.0, y + 1.0, w - 2.0, h - 2.0, radius) {
        pixmap.fill_path(&path, &paint(fill.0, fill.1, fill.2, 255), FillRule::Winding, Transform::identity(), None);
        let stroke = Stroke { width: 2.0, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(40, 40, 56, 255), &stroke, Transform::identity(), None);
    }
    // A soft highlight along the top.
    if let Some(path) = rounded(x + 4.0, y + 4.0, w - 8.0, (h * 0.3).max(2.0), radius * 0.6) {
        pixmap.fill_path(&path, &paint(255, 255, 255, 70), FillRule::Winding, Transform::identity(), None);
    }
}

fn draw_region(pixmap: &mut Pixmap, region: &AtlasRegion) {
    let (x, y, w, h) = (region.x as f32, region.y as f32, region.width as f32, region.height as f32);
    let id = Transform::identity();
    let stroke = |width: f32| Stroke { width, ..Stroke::default() };
    let dark = paint(40, 40, 56, 255);
    match region.name.as_str() {
        "head" => {
            plate(pixmap, x, y, w, h, 16.0, (235, 235, 240));
            if let Some(p) = rounded(x + 8.0, y + 14.0, w - 16.0, 26.0, 10.0) {
                pixmap.fill_path(&p, &paint(30, 34, 52, 255), FillRule::Winding, id, None);
            }
            for bolt in [x + 5.0, x + w - 5.0] {
                if let Some(p) = circle(bolt, y + h / 2.0, 3.0) {
                    pixmap.fill_path(&p, &dark, FillRule::Winding, id, None);
                }
            }
        }
        "body" => plate(pixmap, x, y, w, h, 14.0, (225, 225, 232)),
        "chest" => {
            plate(pixmap, x, y, w, h, 6.0, (245, 245, 250));
            for (bx, by) in
                [(x + 4.0, y + 4.0), (x + w - 4.0, y + 4.0), (x + 4.0, y + h - 4.0), (x + w - 4.0, y + h - 4.0)]
            {
                if let Some(p) = circle(bx, by, 1.6) {
                    pixmap.fill_path(&p, &dark, FillRule::Winding, id, None);
                }
            }
        }
        "limb" => plate(pixmap, x, y, w, h, 7.0, (205, 205, 215)),
        "foot" => plate(pixmap, x, y, w, h, 8.0, (90, 90, 110)),
        "hand" => {
            if let Some(p) = circle(x + w / 2.0, y + h / 2.0, w / 2.0 - 1.5) {
                pixmap.fill_path(&p, &paint(215, 215, 225, 255), FillRule::Winding, id, None);
                pixmap.stroke_path(&p, &dark, &stroke(2.0), id, None);
            }
        }
        "antenna" => plate(pixmap, x + 1.0, y, w - 2.0, h, 3.0, (150, 150, 165)),
        "eyes" => {
            for cx in [x + 11.0, x + w - 11.0] {
                if let Some(p) = circle(cx, y + h / 2.0, 6.0) {
                    pixmap.fill_path(&p, &paint(120, 255, 230, 255), FillRule::Winding, id, None);
                }
                if let Some(p) = circle(cx + 1.5, y + h / 2.0, 2.5) {
                    pixmap.fill_path(&p, &paint(10, 60, 70, 255), FillRule::Winding, id, None);
                }
            }
        }
        "eyes-closed" => {
            for cx in [x + 11.0, x + w - 11.0] {
                let mut pb = PathBuilder::new();
                pb.move_to(cx - 6.0, y + h / 2.0 + 2.0);
                pb.quad_to(cx, y + h / 2.0 - 5.0, cx + 6.0, y + h / 2.0 + 2.0);
                if let Some(p) = pb.finish() {
                    pixmap.stroke_path(&p, &paint(120, 255, 230, 255), &stroke(3.0), id, None);
                }
            }
        }
        "screen" => {
            if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                pixmap.fill_rect(rect, &paint(20, 70, 60, 255), id, None);
            }
            // Diagonal stripes, so that scrolling shows.
            let mut stripe = 0.0;
            while stripe < w + h {
                let mut pb = PathBuilder::new();
                pb.move_to(x + stripe, y);
                pb.line_to(x + stripe + 6.0, y);
                pb.line_to(x + stripe + 6.0 - h, y + h);
                pb.line_to(x + stripe - h, y + h);
                pb.close();
                if let Some(p) = pb.finish() {
                    let mut mask = tiny_skia::Mask::new(pixmap.width(), pixmap.height()).expect("page size");
                    if let Some(clip) = Rect::from_xywh(x, y, w, h).map(PathBuilder::from_rect) {
                        mask.fill_path(&clip, FillRule::Winding, false, id);
                    }
                    pixmap.fill_path(&p, &paint(90, 230, 150, 255), FillRule::Winding, id, Some(&mask));
                }
                stripe += 14.0;
            }
        }
        name if name.starts_with("lamp") => {
            let level = name[4..].parse::<u8>().unwrap_or(0);
            let glow = [70u8, 150, 255][level.min(2) as usize];
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            for (radius, alpha) in [(9.0, glow / 3), (6.5, glow / 2), (4.0, glow)] {
                if let Some(p) = circle(cx, cy, radius) {
                    pixmap.fill_path(&p, &paint(255, 220, 90, alpha), FillRule::Winding, id, None);
                }
            }
        }
        _ => {}
    }
}

/// The demo's atlas page: 256 × 256, straight alpha.
pub fn page_image() -> PageImage {
    let atlas = atlas();
    let page = &atlas.pages[0];
    let mut pixmap = Pixmap::new(page.width, page.height).expect("page size");
    for region in &atlas.regions {
        draw_region(&mut pixmap, region);
    }
    PageImage { width: page.width, height: page.height, rgba: straight_rgba(&pixmap), premultiplied: false }
}
