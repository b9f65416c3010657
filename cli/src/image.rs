//! Images in and out of the command line: atlas page images ([`PageImage`], decoded from
//! PNG or drawn by the demo), straight-alpha pixels of a drawn picture, and the files
//! written from pictures: a PNG, a sprite sheet, an animated PNG and a GIF.

use crate::{Failure, Outcome};
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use tiny_skia::{BlendMode, Pixmap, PixmapPaint, Transform};

/// A decoded page image: RGBA8, premultiplied when `premultiplied`.
pub struct PageImage {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
    pub premultiplied: bool,
}

/// Reads a PNG file as RGBA8 (grey, grey+alpha and RGB expanded); `premultiplied` is left
/// false, for the caller to set from the atlas page.
pub fn decode_png(path: &Path) -> Outcome<PageImage> {
    let file = File::open(path).map_err(|e| Failure(format!("atlas page {}: {e}", path.display())))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8() | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().map_err(|e| Failure(format!("atlas page {}: {e}", path.display())))?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(|e| Failure(format!("atlas page {}: {e}", path.display())))?;
    let (width, height) = (frame.width, frame.height);
    let pixels = &buffer[..frame.buffer_size()];
    let rgba = match frame.color_type {
        png::ColorType::Rgba => pixels.to_vec(),
        png::ColorType::GrayscaleAlpha => pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        png::ColorType::Rgb => pixels.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::Grayscale => pixels.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err(Failure(format!("atlas page {}: palette not expanded", path.display()))),
    };
    Ok(PageImage { width, height, rgba, premultiplied: false })
}

/// Straight-alpha RGBA bytes of a premultiplied pixmap.
pub fn straight_rgba(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = pixmap.data().to_vec();
    for p in out.chunks_exact_mut(4) {
        let a = p[3] as u32;
        if a > 0 && a < 255 {
            for c in &mut p[..3] {
                *c = ((*c as u32 * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
    out
}

fn create(path: &Path) -> Outcome<BufWriter<File>> {
    let file = File::create(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    Ok(BufWriter::new(file))
}

/// A PNG encoder of `width × height` RGBA8 pixels into a new file at `path`.
fn rgba_encoder(path: &Path, width: u32, height: u32) -> Outcome<png::Encoder<'static, BufWriter<File>>> {
    let mut encoder = png::Encoder::new(create(path)?, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    Ok(encoder)
}

/// One PNG of the RGBA8 pixels `rgba` (the viewer's screenshot), default compression.
pub fn write_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Outcome<()> {
    rgba_encoder(path, width, height)?.write_header()?.write_image_data(rgba)?;
    Ok(())
}

/// One PNG: the frame, or the frames in a grid of `columns`.
pub fn write_sheet(path: &Path, pictures: &[Pixmap], columns: Option<u32>) -> Outcome<()> {
    let count = pictures.len() as u32;
    // Default: as many rows as fit a square, so 8 frames make 4 × 2.
    let columns =
        columns.unwrap_or_else(|| count.div_ceil(((count as f64).sqrt().floor() as u32).max(1))).clamp(1, count.max(1));
    let rows = count.div_ceil(columns);
    let (w, h) = (pictures[0].width(), pictures[0].height());
    let mut sheet = Pixmap::new(w * columns, h * rows).ok_or("sheet too large")?;
    for (i, picture) in pictures.iter().enumerate() {
        let (x, y) = ((i as u32 % columns) * w, (i as u32 / columns) * h);
        sheet.draw_pixmap(
            x as i32,
            y as i32,
            picture.as_ref(),
            &PixmapPaint { blend_mode: BlendMode::Source, ..Default::default() },
            Transform::identity(),
            None,
        );
    }
    let mut encoder = rgba_encoder(path, sheet.width(), sheet.height())?;
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&straight_rgba(&sheet))?;
    Ok(())
}

/// An animated PNG of `pictures` at `fps`, looping.
pub fn write_apng(path: &Path, pictures: &[Pixmap], fps: f64) -> Outcome<()> {
    let (w, h) = (pictures[0].width(), pictures[0].height());
    let mut encoder = rgba_encoder(path, w, h)?;
    encoder.set_animated(pictures.len() as u32, 0)?;
    encoder.set_frame_delay((1000.0 / fps).round().clamp(1.0, 65535.0) as u16, 1000)?;
    let mut writer = encoder.write_header()?;
    for picture in pictures {
        writer.write_image_data(&straight_rgba(picture))?;
    }
    writer.finish()?;
    Ok(())
}

/// A GIF of `pictures` at `fps`, looping; pixels under half alpha are transparent.
pub fn write_gif(path: &Path, pictures: &[Pixmap], fps: f64) -> Outcome<()> {
    let (w, h) = (pictures[0].width(), pictures[0].height());
    let (w16, h16) = (
        u16::try_from(w).map_err(|_| "GIF frames are at most 65535 px")?,
        u16::try_from(h).map_err(|_| "GIF frames are at most 65535 px")?,
    );
    let mut encoder = gif::Encoder::new(create(path)?, w16, h16, &[])?;
    encoder.set_repeat(gif::Repeat::Infinite)?;
    for picture in pictures {
        let mut rgba = straight_rgba(picture);
        // GIF transparency is on or off.
        for p in rgba.chunks_exact_mut(4) {
            p[3] = if p[3] >= 128 { 255 } else { 0 };
        }
        let mut frame = gif::Frame::from_rgba_speed(w16, h16, &mut rgba, 10);
        frame.delay = (100.0 / fps).round().clamp(1.0, 65535.0) as u16;
        frame.dispose = gif::DisposalMethod::Background;
        encoder.write_frame(&frame)?;
    }
    Ok(())
}
