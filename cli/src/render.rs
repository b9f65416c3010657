//! `render`: draws the render output engines get (vertices, UVs, packed light and dark
//! colors, blend modes, clipping already applied) with the atlas pages, using tiny-skia:
//! each triangle is filled with its page as an image pattern under the affine map from
//! texture space to screen space. The pictures go to a file through [`crate::image`].
//!
//! Here: the subcommand ([`Args`], [`run`]); playing a rig and copying out each frame's
//! render output ([`frames`], [`capture`], [`Frame`]); the [`Camera`], the premultiplied
//! [`Page`]s, drawing ([`draw`], [`pictures`], [`downsample`]); loading a rig to draw
//! ([`load_drawable`]), shared with `view`.

use crate::image::{write_apng, write_gif, write_sheet, PageImage};
use crate::source::{self, Loaded};
use crate::{Failure, Outcome};
use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::model::BlendMode;
use spine_native::render::{RenderOptions, Renderer};
use spine_native::skeleton::skin::Skin;
use spine_native::{Physics, Skeleton};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tiny_skia::{
    BlendMode as SkBlend, FillRule, FilterQuality, IntSize, Paint, PathBuilder, Pattern, Pixmap, SpreadMode, Transform,
};

#[derive(clap::Args, Clone)]
pub struct Args {
    /// Skeleton file (.skel or .json); the built-in demo rig when left out.
    pub skeleton: Option<PathBuf>,
    #[arg(long, help = source::ATLAS_HELP)]
    pub atlas: Option<PathBuf>,
    #[arg(long, help = source::ALLOW_MISSING_HELP)]
    pub allow_missing_regions: bool,
    /// Animation to play (default: the first one; the setup pose when the skeleton has
    /// no animations).
    #[arg(long)]
    pub animation: Option<String>,
    /// Skin to show; repeat to combine skins (default: the default skin plus the first
    /// other skin, if there is one).
    #[arg(long = "skin")]
    pub skins: Vec<String>,
    /// One frame at this time (seconds; physics is stepped up to it at 60 Hz).
    #[arg(long, conflicts_with = "frames")]
    pub time: Option<f64>,
    /// Number of frames (default 8, spread over the animation).
    #[arg(long)]
    pub frames: Option<u32>,
    /// Frames per second (default: the frames span the animation's duration).
    #[arg(long)]
    pub fps: Option<f64>,
    /// Output file: `.png` (one frame, a sprite sheet or, with `--format apng`, an
    /// animated PNG) or `.gif`.
    #[arg(long, short)]
    pub out: PathBuf,
    /// `sheet`, `apng` or `gif` (default: from the file name and frame count).
    #[arg(long)]
    pub format: Option<Format>,
    /// Size of one frame in pixels: `W` or `WxH` (default 224).
    #[arg(long, default_value = "224")]
    pub size: String,
    /// Sprite sheet columns (default: about square).
    #[arg(long)]
    pub columns: Option<u32>,
    /// Background color `RRGGBB` or `RRGGBBAA` (default transparent).
    #[arg(long)]
    pub background: Option<String>,
    /// Supersampling factor for smooth edges (1 to 4).
    #[arg(long, default_value_t = 2)]
    pub supersample: u32,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Sheet,
    Apng,
    Gif,
}

/// One frame's render output, copied out of the renderer.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    /// x, y per vertex (world space).
    pub positions: Vec<f32>,
    /// u, v per vertex (0..1 of the page).
    pub uvs: Vec<f32>,
    pub triangles: Vec<Triangles>,
}

/// The triangles of one draw range.
#[derive(Clone, Debug)]
pub struct Triangles {
    pub page: u32,
    pub blend: BlendMode,
    /// `A<<24 | R<<16 | G<<8 | B`.
    pub color: u32,
    pub dark_color: u32,
    /// Absolute vertex indices, three per triangle.
    pub indices: Vec<u32>,
}

impl Frame {
    /// World-space bounds of every vertex `[min x, min y, max x, max y]`.
    pub fn bounds(&self) -> Option<[f32; 4]> {
        let mut b: Option<[f32; 4]> = None;
        for tri in &self.triangles {
            for &i in &tri.indices {
                let (x, y) = (self.positions[i as usize * 2], self.positions[i as usize * 2 + 1]);
                b = Some(match b {
                    None => [x, y, x, y],
                    Some([a, c, d, e]) => [a.min(x), c.min(y), d.max(x), e.max(y)],
                });
            }
        }
        b
    }
}

/// Plays `animation` on `loaded` and collects the render output at `times` (ascending;
/// the skeleton is stepped from time 0 so physics moves as in a game).
pub fn frames(
    loaded: &Loaded,
    animation: Option<&str>,
    skins: &[String],
    times: &[f64],
    premultiplied: bool,
) -> Outcome<Vec<Frame>> {
    let data = Arc::new(loaded.data.clone());
    let mut skeleton = Skeleton::new(data.clone());
    set_skins(&mut skeleton, skins)?;
    let mut state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
    if let Some(name) = animation {
        let index = data.find_animation(name).ok_or_else(|| {
            let known: Vec<&str> = data.animations.iter().map(|a| a.name.as_str()).collect();
            Failure(format!("no animation {name:?} (animations: {})", known.join(", ")))
        })?;
        state.set_animation(0, index, true);
    }
    let mut renderer =
        Renderer::with_options(RenderOptions { premultiplied_alpha: premultiplied, ..Default::default() });
    let mut now = 0.0f64;
    let mut out = Vec::with_capacity(times.len());
    let mut first = true;
    for &time in times {
        // Step to `time` in at most 1/60 s steps (the first frame poses at time 0 first).
        loop {
            let dt = if first { 0.0 } else { (time - now).min(1.0 / 60.0) };
            first = false;
            state.update(dt);
            state.apply(&mut skeleton);
            state.clear_events();
            skeleton.update(dt);
            skeleton.update_world_transform(Physics::Update);
            now += dt;
            if time - now <= 1e-9 {
                break;
            }
        }
        out.push(capture(&mut renderer, &skeleton));
    }
    Ok(out)
}

/// Shows `skins` combined on `skeleton` (none: leaves the skeleton's skin as it is).
pub fn set_skins(skeleton: &mut Skeleton, skins: &[String]) -> Outcome<()> {
    if skins.is_empty() {
        return Ok(());
    }
    let data = skeleton.data().clone();
    let mut combined = Skin::new(skins.join("+"));
    for name in skins {
        let index = data.find_skin(name).ok_or_else(|| {
            let known: Vec<&str> = data.skins.iter().map(|s| s.name.as_str()).collect();
            Failure(format!("no skin {name:?} (skins: {})", known.join(", ")))
        })?;
        combined.add_skin(&Skin::from_data(&data.skins[index]));
    }
    skeleton.set_skin(Some(Arc::new(combined)));
    skeleton.setup_pose_slots();
    Ok(())
}

/// Renders `skeleton` and copies the render output out.
pub fn capture(renderer: &mut Renderer, skeleton: &Skeleton) -> Frame {
    let output = renderer.render(skeleton);
    let mut frame = Frame::default();
    for v in 0..output.vertex_count() {
        frame.positions.extend(output.position(v));
        frame.uvs.extend(output.uv(v));
    }
    for range in output.ranges {
        let indices = (range.first_index..range.first_index + range.index_count)
            .map(|i| range.first_vertex + output.indices.get(i as usize))
            .collect();
        frame.triangles.push(Triangles {
            page: range.page,
            blend: range.blend,
            color: range.color,
            dark_color: range.dark_color,
            indices,
        });
    }
    frame
}

/// World to pixel mapping of a frame: `pixel = (world - center) * scale + size / 2`, y up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub center_x: f32,
    pub center_y: f32,
    pub scale: f32,
    pub width: u32,
    pub height: u32,
}

impl Camera {
    /// Fits `bounds` into `width × height` with a margin of 4% per side.
    pub fn fit(bounds: Option<[f32; 4]>, width: u32, height: u32) -> Camera {
        let [x0, y0, x1, y1] = bounds.unwrap_or([-1.0, -1.0, 1.0, 1.0]);
        let (bw, bh) = ((x1 - x0).max(1e-3), (y1 - y0).max(1e-3));
        let usable = 0.92;
        let scale = (width as f32 * usable / bw).min(height as f32 * usable / bh);
        Camera { center_x: (x0 + x1) / 2.0, center_y: (y0 + y1) / 2.0, scale, width, height }
    }

    pub fn to_pixel(&self, x: f32, y: f32) -> (f32, f32) {
        (
            (x - self.center_x) * self.scale + self.width as f32 / 2.0,
            self.height as f32 / 2.0 - (y - self.center_y) * self.scale,
        )
    }

    fn scaled(&self, factor: u32) -> Camera {
        Camera { scale: self.scale * factor as f32, width: self.width * factor, height: self.height * factor, ..*self }
    }
}

/// A page ready to sample: premultiplied pixels.
pub struct Page {
    pixmap: Pixmap,
}

impl Page {
    /// `image` as premultiplied pixels (premultiplying a straight-alpha image).
    pub fn new(image: &PageImage) -> Outcome<Page> {
        let mut rgba = image.rgba.clone();
        for p in rgba.chunks_exact_mut(4) {
            if image.premultiplied {
                let a = p[3];
                p[0] = p[0].min(a);
                p[1] = p[1].min(a);
                p[2] = p[2].min(a);
            } else {
                let a = p[3] as u32;
                for c in &mut p[..3] {
                    *c = ((*c as u32 * a + 127) / 255) as u8;
                }
            }
        }
        let size = IntSize::from_wh(image.width.max(1), image.height.max(1)).ok_or("empty page")?;
        let pixmap = Pixmap::from_vec(rgba, size).ok_or_else(|| Failure("page image size does not match".into()))?;
        Ok(Page { pixmap })
    }
}

fn unpack(color: u32) -> [f32; 4] {
    let c = |shift: u32| ((color >> shift) & 0xff) as f32 / 255.0;
    [c(16), c(8), c(0), c(24)]
}

/// The page tinted by a range's colors (Spine's two-color tint), in premultiplied form:
/// `rgb = (tex.a - tex.rgb) * dark * a + tex.rgb * light * a`, `alpha = tex.a * a`, where
/// premultiplied vertex colors are first turned back to straight ones.
fn tinted(page: &Pixmap, color: u32, dark: u32, premultiplied: bool, rect: [u32; 4]) -> Option<Pixmap> {
    let [x0, y0, x1, y1] = rect;
    let (w, h) = (x1 - x0, y1 - y0);
    let mut out = Pixmap::new(w.max(1), h.max(1))?;
    let [mut lr, mut lg, mut lb, la] = unpack(color);
    let [mut dr, mut dg, mut db, _] = unpack(dark);
    let has_dark = if premultiplied { dark & 0xffffff != 0 } else { dark != 0 };
    if premultiplied && la > 0.0 {
        // Premultiplied output carries rgb × alpha (dark too): undo it to tint.
        lr /= la;
        lg /= la;
        lb /= la;
        dr /= la;
        dg /= la;
        db /= la;
    }
    if !has_dark {
        (dr, dg, db) = (0.0, 0.0, 0.0);
    }
    let src = page.data();
    let stride = page.width() as usize * 4;
    let dst = out.data_mut();
    for y in 0..h as usize {
        for x in 0..w as usize {
            let s = (y + y0 as usize) * stride + (x + x0 as usize) * 4;
            let d = (y * w as usize + x) * 4;
            let (tr, tg, tb, ta) = (
                src[s] as f32 / 255.0,
                src[s + 1] as f32 / 255.0,
                src[s + 2] as f32 / 255.0,
                src[s + 3] as f32 / 255.0,
            );
            let a = ta * la;
            let ch = |t: f32, l: f32, dk: f32| (((ta - t) * dk + t * l) * la).clamp(0.0, a);
            dst[d] = (ch(tr, lr, dr) * 255.0 + 0.5) as u8;
            dst[d + 1] = (ch(tg, lg, dg) * 255.0 + 0.5) as u8;
            dst[d + 2] = (ch(tb, lb, db) * 255.0 + 0.5) as u8;
            dst[d + 3] = (a * 255.0 + 0.5) as u8;
        }
    }
    Some(out)
}

fn sk_blend(blend: BlendMode) -> SkBlend {
    match blend {
        BlendMode::Normal => SkBlend::SourceOver,
        BlendMode::Additive => SkBlend::Plus,
        BlendMode::Multiply => SkBlend::Multiply,
        BlendMode::Screen => SkBlend::Screen,
    }
}

/// The affine map taking texture pixels `t0, t1, t2` to screen points `p0, p1, p2`.
fn affine(t: [(f32, f32); 3], p: [(f32, f32); 3]) -> Option<Transform> {
    let (a, b) = ((t[1].0 - t[0].0, t[1].1 - t[0].1), (t[2].0 - t[0].0, t[2].1 - t[0].1));
    let det = a.0 * b.1 - b.0 * a.1;
    if det.abs() < 1e-9 {
        return None;
    }
    let (pa, pb) = ((p[1].0 - p[0].0, p[1].1 - p[0].1), (p[2].0 - p[0].0, p[2].1 - p[0].1));
    // M · [a b] = [pa pb]  →  M = [pa pb] · [a b]⁻¹.
    let inv = [b.1 / det, -b.0 / det, -a.1 / det, a.0 / det];
    let sx = pa.0 * inv[0] + pb.0 * inv[2];
    let kx = pa.0 * inv[1] + pb.0 * inv[3];
    let ky = pa.1 * inv[0] + pb.1 * inv[2];
    let sy = pa.1 * inv[1] + pb.1 * inv[3];
    let tx = p[0].0 - sx * t[0].0 - kx * t[0].1;
    let ty = p[0].1 - ky * t[0].0 - sy * t[0].1;
    Some(Transform::from_row(sx, ky, kx, sy, tx, ty))
}

/// Draws `frame` onto `target` (already cleared to the background) through `camera`.
/// `only_page` restricts drawing to one atlas page.
pub fn draw(
    target: &mut Pixmap,
    frame: &Frame,
    pages: &[Page],
    camera: &Camera,
    premultiplied: bool,
    only_page: Option<u32>,
) {
    for tri in &frame.triangles {
        if only_page.is_some_and(|p| p != tri.page) {
            continue;
        }
        let Some(page) = pages.get(tri.page as usize) else { continue };
        let (pw, ph) = (page.pixmap.width(), page.pixmap.height());
        // The texture rectangle this range samples, so only that part is tinted.
        let (mut u0, mut v0, mut u1, mut v1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &i in &tri.indices {
            let (u, v) = (frame.uvs[i as usize * 2] * pw as f32, frame.uvs[i as usize * 2 + 1] * ph as f32);
            (u0, v0, u1, v1) = (u0.min(u), v0.min(v), u1.max(u), v1.max(v));
        }
        if tri.indices.is_empty() {
            continue;
        }
        let rect = [
            (u0.floor().max(0.0) as u32).min(pw - 1),
            (v0.floor().max(0.0) as u32).min(ph - 1),
            (u1.ceil().max(1.0) as u32).min(pw).max(1),
            (v1.ceil().max(1.0) as u32).min(ph).max(1),
        ];
        let rect = [rect[0], rect[1], rect[2].max(rect[0] + 1), rect[3].max(rect[1] + 1)];
        let plain = tri.color == 0xffffffff && (tri.dark_color & 0xffffff) == 0;
        let tinted_page;
        let (source, offset) = if plain {
            (&page.pixmap, (0.0, 0.0))
        } else {
            match tinted(&page.pixmap, tri.color, tri.dark_color, premultiplied, rect) {
                Some(p) => {
                    tinted_page = p;
                    (&tinted_page, (rect[0] as f32, rect[1] as f32))
                }
                None => continue,
            }
        };
        for t in tri.indices.chunks_exact(3) {
            let tex = |i: u32| {
                (frame.uvs[i as usize * 2] * pw as f32 - offset.0, frame.uvs[i as usize * 2 + 1] * ph as f32 - offset.1)
            };
            let pos = |i: u32| camera.to_pixel(frame.positions[i as usize * 2], frame.positions[i as usize * 2 + 1]);
            let (p0, p1, p2) = (pos(t[0]), pos(t[1]), pos(t[2]));
            let Some(transform) = affine([tex(t[0]), tex(t[1]), tex(t[2])], [p0, p1, p2]) else { continue };
            let mut pb = PathBuilder::new();
            pb.move_to(p0.0, p0.1);
            pb.line_to(p1.0, p1.1);
            pb.line_to(p2.0, p2.1);
            pb.close();
            let Some(path) = pb.finish() else { continue };
            let shader = Pattern::new(source.as_ref(), SpreadMode::Pad, FilterQuality::Bilinear, 1.0, transform);
            let paint = Paint { shader, blend_mode: sk_blend(tri.blend), anti_alias: false, ..Paint::default() };
            target.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
        }
    }
}

/// Renders frames into pictures of `camera`'s size (supersampled by `factor`).
pub fn pictures(
    frames: &[Frame],
    pages: &[Page],
    camera: &Camera,
    premultiplied: bool,
    background: [u8; 4],
    factor: u32,
) -> Outcome<Vec<Pixmap>> {
    let big = camera.scaled(factor);
    let mut out = Vec::with_capacity(frames.len());
    let progress = frames.len() > 1 && std::io::IsTerminal::is_terminal(&std::io::stderr());
    for (i, frame) in frames.iter().enumerate() {
        if progress {
            eprint!("\rdrawing frame {}/{}", i + 1, frames.len());
        }
        let mut pixmap = Pixmap::new(big.width, big.height).ok_or("frame size is 0")?;
        let [r, g, b, a] = background;
        pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, a));
        draw(&mut pixmap, frame, pages, &big, premultiplied, None);
        out.push(downsample(&pixmap, factor));
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    Ok(out)
}

/// Box-filters a premultiplied pixmap down by `factor`.
pub fn downsample(pixmap: &Pixmap, factor: u32) -> Pixmap {
    if factor <= 1 {
        return pixmap.clone();
    }
    let (w, h) = (pixmap.width() / factor, pixmap.height() / factor);
    let mut out = Pixmap::new(w, h).expect("non-empty");
    let src = pixmap.data();
    let dst = out.data_mut();
    let n = factor * factor;
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0u32; 4];
            for dy in 0..factor {
                for dx in 0..factor {
                    let s = (((y * factor + dy) * pixmap.width() + x * factor + dx) * 4) as usize;
                    for c in 0..4 {
                        sum[c] += src[s + c] as u32;
                    }
                }
            }
            let d = ((y * w + x) * 4) as usize;
            for c in 0..4 {
                dst[d + c] = ((sum[c] + n / 2) / n) as u8;
            }
        }
    }
    out
}

fn parse_size(text: &str) -> Outcome<(u32, u32)> {
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|&v| (1..=8192).contains(&v));
    let size = match text.split_once(['x', 'X']) {
        Some((w, h)) => parse(w).zip(parse(h)),
        None => parse(text).map(|v| (v, v)),
    };
    size.ok_or_else(|| Failure(format!("--size {text:?}: expected W or WxH, 1 to 8192 pixels")))
}

pub fn parse_color(text: &str) -> Outcome<[u8; 4]> {
    let color = spine_native::model::Color::from_hex(text.trim_start_matches('#'))
        .ok_or_else(|| Failure(format!("--background {text:?}: expected RRGGBB or RRGGBBAA")))?;
    let c = |v: f32| (v * 255.0).round() as u8;
    Ok([c(color.r), c(color.g), c(color.b), c(color.a)])
}

/// The frame times of `args` for an animation of `duration` seconds.
pub fn frame_times(args: &Args, duration: f32) -> Vec<f64> {
    if let Some(time) = args.time {
        return vec![time.max(0.0)];
    }
    let count = args.frames.unwrap_or(8).max(1);
    let fps = args.fps.unwrap_or(if duration > 0.0 { count as f64 / duration as f64 } else { 30.0 });
    (0..count).map(|i| i as f64 / fps).collect()
}

/// A rig loaded for drawing (`render`, `view`): its data with an atlas (required, found
/// beside the skeleton when not given), each missing region warned about, the atlas pages
/// decoded, and whether they are premultiplied.
pub fn load_drawable(
    skeleton: Option<&std::path::Path>,
    atlas: Option<&std::path::Path>,
    allow_missing_regions: bool,
) -> Outcome<(source::Loaded, Vec<Page>, bool)> {
    let options = source::LoadOptions { find_atlas: true, allow_missing_regions };
    let loaded = source::load_with(skeleton, atlas, options)?;
    if loaded.atlas.is_none() {
        return Err(Failure(format!("{}: no atlas beside the skeleton (give one with --atlas)", loaded.label)));
    }
    for missing in &loaded.missing_regions {
        eprintln!("warning: {}: {missing}, which the atlas does not have: not drawn", loaded.label);
    }
    let images = source::page_images(&loaded)?;
    let premultiplied = images.first().is_some_and(|p| p.premultiplied);
    let pages = images.iter().map(Page::new).collect::<Outcome<Vec<_>>>()?;
    Ok((loaded, pages, premultiplied))
}

pub fn run(args: &Args) -> Outcome<()> {
    let started = Instant::now();
    let (width, height) = parse_size(&args.size)?;
    let background = args.background.as_deref().map(parse_color).transpose()?.unwrap_or([0, 0, 0, 0]);
    let factor = args.supersample.clamp(1, 4);
    let (loaded, pages, premultiplied) =
        load_drawable(args.skeleton.as_deref(), args.atlas.as_deref(), args.allow_missing_regions)?;
    let animation = match &args.animation {
        Some(name) => Some(name.clone()),
        None => loaded.data.animations.first().map(|a| a.name.clone()),
    };
    let duration = animation
        .as_deref()
        .and_then(|n| loaded.data.find_animation(n))
        .map_or(0.0, |i| loaded.data.animations[i].duration);
    let times = frame_times(args, duration);
    // Without --skin: the default skin plus the first named skin, if any (a rig's default
    // skin alone often shows only part of it).
    let skins = if args.skins.is_empty() {
        loaded.data.skins.iter().filter(|s| s.name != "default").take(1).map(|s| s.name.clone()).collect()
    } else {
        args.skins.clone()
    };
    let frames = frames(&loaded, animation.as_deref(), &skins, &times, premultiplied)?;
    // One camera for every frame, fitted to all of them.
    let bounds = frames
        .iter()
        .filter_map(Frame::bounds)
        .reduce(|a, b| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]);
    let camera = Camera::fit(bounds, width, height);
    let pictures = pictures(&frames, &pages, &camera, premultiplied, background, factor)?;
    let gif = args.out.extension().is_some_and(|e| e.eq_ignore_ascii_case("gif"));
    let format = args.format.unwrap_or(if gif { Format::Gif } else { Format::Sheet });
    let fps = if times.len() > 1 { 1.0 / (times[1] - times[0]) } else { 30.0 };
    match format {
        Format::Sheet => write_sheet(&args.out, &pictures, args.columns)?,
        Format::Apng => write_apng(&args.out, &pictures, fps)?,
        Format::Gif => write_gif(&args.out, &pictures, fps)?,
    }
    let triangles: usize = frames.iter().flat_map(|f| &f.triangles).map(|t| t.indices.len() / 3).sum();
    eprintln!(
        "{}: {} frame(s) of {} ({}), {} triangles, {}x{} px, {} alpha -> {} in {:.2} s",
        loaded.label,
        frames.len(),
        animation.as_deref().unwrap_or("setup pose"),
        if skins.is_empty() { "default skin".to_string() } else { format!("skin {}", skins.join("+")) },
        triangles,
        width,
        height,
        if premultiplied { "premultiplied" } else { "straight" },
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
