//! `view`: an SDL2 window playing a skeleton (the built-in demo rig without a file), drawn
//! by the same software renderer as `render`. Keys: Right/Left next/previous animation,
//! Up/Down next/previous skin, +/- speed, Space pause, `.` one frame while paused, L loop,
//! R restart, B bones, X bounds, C clipping polygons, F12 screenshot (PNG), Esc/Q quit.
//! The window title is the status line (animation, time, speed, skin, fps, draw calls,
//! vertices). `--keys` scripts key presses (pushed through SDL's event queue at given
//! frames) and `--fixed-step` advances 1/60 s per frame, so that tests can drive it.

use crate::image;
use crate::render::{self, Camera, Frame};
use crate::source::{self, Loaded};
use crate::{Failure, Outcome};
use sdl2::event::Event;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::pixels::PixelFormatEnum;
use spine_native::animation::{AnimationState, AnimationStateData};
use spine_native::model::AttachmentKind;
use spine_native::render::{RenderOptions, Renderer};
use spine_native::{Physics, Skeleton};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Stroke, Transform};

#[derive(clap::Args)]
pub struct Args {
    /// Skeleton file (.skel or .json); the built-in demo rig when left out.
    pub skeleton: Option<PathBuf>,
    #[arg(long, help = source::ATLAS_HELP)]
    pub atlas: Option<PathBuf>,
    #[arg(long, help = source::ALLOW_MISSING_HELP)]
    pub allow_missing_regions: bool,
    /// Animation to start with (default: the first one).
    #[arg(long)]
    pub animation: Option<String>,
    /// Window size `WxH`.
    #[arg(long, default_value = "800x600")]
    pub size: String,
    /// Advance exactly 1/60 s per frame instead of the time that passed (for tests).
    #[arg(long)]
    pub fixed_step: bool,
    /// Quit after this many frames.
    #[arg(long)]
    pub frames: Option<u64>,
    /// Scripted key presses, `FRAME:KEY` separated by commas (`10:Right,20:F12`); KEY is
    /// SDL's key name (Right, Left, Up, Down, Space, B, X, C, L, R, ., =, -, F12, Escape).
    #[arg(long, value_delimiter = ',')]
    pub keys: Vec<String>,
    /// Folder for F12 screenshots (default: the current folder).
    #[arg(long)]
    pub screenshots: Option<PathBuf>,
}

const BACKGROUND: [u8; 4] = [40, 44, 52, 255];
const BONE_COLOR: [u8; 4] = [255, 0, 255, 255];
const BOUNDS_COLOR: [u8; 4] = [0, 255, 0, 255];
const CLIP_COLOR: [u8; 4] = [255, 255, 0, 255];

/// What the keys change.
struct Player {
    loaded: Loaded,
    skeleton: Skeleton,
    state: AnimationState,
    renderer: Renderer,
    animation: usize,
    /// Index into the skins the window cycles through (0: the default skin alone).
    skin: usize,
    speed: f64,
    paused: bool,
    step: bool,
    looping: bool,
    bones: bool,
    bounds: bool,
    clipping: bool,
    time: f64,
    camera: Camera,
}

impl Player {
    fn skin_names(&self) -> Vec<String> {
        self.loaded.data.skins.iter().map(|s| s.name.clone()).collect()
    }

    /// The skins shown: the default skin plus the chosen other skin, as `render` does.
    fn shown_skins(&self) -> Vec<String> {
        let names = self.skin_names();
        match names.get(self.skin) {
            Some(name) if name != "default" => vec![name.clone()],
            _ => Vec::new(),
        }
    }

    fn restart(&mut self) -> Outcome<()> {
        let data = Arc::new(self.loaded.data.clone());
        self.skeleton = Skeleton::new(data.clone());
        let skins = self.shown_skins();
        render::set_skins(&mut self.skeleton, &skins)?;
        self.state = AnimationState::new(Arc::new(AnimationStateData::new(data.clone())));
        if !data.animations.is_empty() {
            self.state.set_animation(0, self.animation, self.looping);
        }
        self.time = 0.0;
        self.advance(0.0);
        // One camera per animation and skin: fitted to 16 frames spread over it.
        let name = data.animations.get(self.animation).map(|a| a.name.clone());
        let duration = data.animations.get(self.animation).map_or(0.0, |a| a.duration as f64);
        let times: Vec<f64> = (0..16).map(|i| duration * i as f64 / 16.0).collect();
        let frames = render::frames(&self.loaded, name.as_deref(), &skins, &times, false)?;
        let bounds = frames
            .iter()
            .filter_map(Frame::bounds)
            .reduce(|a, b| [a[0].min(b[0]), a[1].min(b[1]), a[2].max(b[2]), a[3].max(b[3])]);
        self.camera = Camera::fit(bounds, self.camera.width, self.camera.height);
        Ok(())
    }

    fn advance(&mut self, dt: f64) {
        self.state.update(dt);
        self.state.apply(&mut self.skeleton);
        self.state.clear_events();
        self.skeleton.update(dt);
        self.skeleton.update_world_transform(Physics::Update);
        self.time += dt;
    }

    /// Applies one key; `Ok(false)` quits.
    fn key(&mut self, name: &str) -> Outcome<bool> {
        let animations = self.loaded.data.animations.len().max(1);
        let skins = self.loaded.data.skins.len().max(1);
        match name {
            "Right" => {
                self.animation = (self.animation + 1) % animations;
                self.restart()?;
            }
            "Left" => {
                self.animation = (self.animation + animations - 1) % animations;
                self.restart()?;
            }
            "Down" => {
                self.skin = (self.skin + 1) % skins;
                self.restart()?;
            }
            "Up" => {
                self.skin = (self.skin + skins - 1) % skins;
                self.restart()?;
            }
            "=" | "+" | "Keypad +" => self.speed = (self.speed * 1.25).min(16.0),
            "-" | "Keypad -" => self.speed = (self.speed / 1.25).max(1.0 / 16.0),
            "Space" => self.paused = !self.paused,
            "." => self.step = true,
            "L" => {
                self.looping = !self.looping;
                self.restart()?;
            }
            "R" => self.restart()?,
            "B" => self.bones = !self.bones,
            "X" => self.bounds = !self.bounds,
            "C" => self.clipping = !self.clipping,
            "Escape" | "Q" => return Ok(false),
            _ => {}
        }
        Ok(true)
    }

    fn status(&self, fps: f64, frame: &Frame) -> String {
        let data = &self.loaded.data;
        let (name, duration) =
            data.animations.get(self.animation).map_or(("setup pose", 0.0), |a| (a.name.as_str(), a.duration));
        let shown = self.shown_skins();
        let skin = if shown.is_empty() { "default".to_string() } else { format!("default+{}", shown.join("+")) };
        let vertices = frame.positions.len() / 2;
        let mut line = format!(
            "{}: {name} {:.3}/{duration:.3} s, speed {}x, {}, skin {skin}, {fps:.0} fps, {} draw calls, {vertices} \
             vertices",
            self.loaded.label,
            if self.looping && duration > 0.0 { self.time % duration as f64 } else { self.time.min(duration as f64) },
            (self.speed * 1000.0).round() / 1000.0,
            if self.looping { "loop" } else { "once" },
            frame.triangles.len(),
        );
        if self.paused {
            line += ", paused";
        }
        for (on, what) in [(self.bones, "bones"), (self.bounds, "bounds"), (self.clipping, "clipping")] {
            if on {
                line += &format!(", {what}");
            }
        }
        line
    }

    /// Bones, bounds and clipping polygons over the picture.
    fn overlays(&self, pixmap: &mut Pixmap, frame: &Frame) {
        let camera = &self.camera;
        let stroke = Stroke { width: 1.5, ..Stroke::default() };
        // Not anti-aliased: the overlays keep their exact colors (the tests look for them).
        let paint = |c: [u8; 4]| {
            let mut p = Paint { anti_alias: false, ..Paint::default() };
            p.set_color(Color::from_rgba8(c[0], c[1], c[2], c[3]));
            p
        };
        if self.bones {
            let mut pb = PathBuilder::new();
            for (i, bone) in self.loaded.data.bones.iter().enumerate() {
                let w = self.skeleton.bone_world(i);
                let (x0, y0) = camera.to_pixel(w.x, w.y);
                let (x1, y1) = camera.to_pixel(w.x + w.a * bone.length, w.y + w.c * bone.length);
                pb.move_to(x0, y0);
                pb.line_to(x1.max(x0 + 0.5), y1);
                pb.push_circle(x0, y0, 2.0);
            }
            if let Some(path) = pb.finish() {
                pixmap.stroke_path(&path, &paint(BONE_COLOR), &stroke, Transform::identity(), None);
            }
        }
        if self.bounds {
            if let Some([x0, y0, x1, y1]) = frame.bounds() {
                let (a, b) = (camera.to_pixel(x0, y0), camera.to_pixel(x1, y1));
                if let Some(rect) = tiny_skia::Rect::from_ltrb(a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1)) {
                    let path = PathBuilder::from_rect(rect);
                    pixmap.stroke_path(&path, &paint(BOUNDS_COLOR), &stroke, Transform::identity(), None);
                }
            }
        }
        if self.clipping {
            let mut pb = PathBuilder::new();
            let mut vertices = vec![0.0f32; 1024];
            for slot in 0..self.skeleton.slots.len() {
                let Some(id) = self.skeleton.slots[slot].posed.applied().attachment else { continue };
                let is_clip =
                    self.skeleton.attachment_data(id).is_some_and(|a| matches!(a.kind, AttachmentKind::Clipping(_)));
                if !is_clip {
                    continue;
                }
                let n = self.skeleton.slot_world_vertices(slot, &mut vertices).min(vertices.len());
                for (k, p) in vertices[..n].chunks_exact(2).enumerate() {
                    let (x, y) = camera.to_pixel(p[0], p[1]);
                    if k == 0 {
                        pb.move_to(x, y);
                    } else {
                        pb.line_to(x, y);
                    }
                }
                if n >= 4 {
                    pb.close();
                }
            }
            if let Some(path) = pb.finish() {
                pixmap.stroke_path(&path, &paint(CLIP_COLOR), &stroke, Transform::identity(), None);
            }
        }
    }
}

fn parse_size(text: &str) -> Outcome<(u32, u32)> {
    let parse = |s: &str| s.trim().parse::<u32>().ok().filter(|&v| (16..=8192).contains(&v));
    text.split_once(['x', 'X'])
        .and_then(|(w, h)| parse(w).zip(parse(h)))
        .ok_or_else(|| Failure(format!("--size {text:?}: expected WxH, 16 to 8192 pixels")))
}

/// `FRAME:KEY` pairs, sorted by frame.
fn parse_keys(keys: &[String]) -> Outcome<Vec<(u64, Keycode)>> {
    let mut script = Vec::new();
    for entry in keys {
        let (frame, key) = entry
            .split_once(':')
            .ok_or_else(|| Failure(format!("--keys {entry:?}: expected FRAME:KEY, e.g. 10:Right")))?;
        let frame = frame.trim().parse::<u64>().map_err(|_| Failure(format!("--keys {entry:?}: bad frame")))?;
        let code = Keycode::from_name(key.trim())
            .ok_or_else(|| Failure(format!("--keys {entry:?}: {key:?} is not an SDL key name")))?;
        script.push((frame, code));
    }
    script.sort_by_key(|(frame, _)| *frame);
    Ok(script)
}

pub fn run(args: &Args) -> Outcome<()> {
    let (width, height) = parse_size(&args.size)?;
    let script = parse_keys(&args.keys)?;
    let (loaded, pages, premultiplied) =
        render::load_drawable(args.skeleton.as_deref(), args.atlas.as_deref(), args.allow_missing_regions)?;
    let animation = match &args.animation {
        Some(name) => loaded.data.find_animation(name).ok_or_else(|| {
            let known: Vec<&str> = loaded.data.animations.iter().map(|a| a.name.as_str()).collect();
            Failure(format!("no animation {name:?} (animations: {})", known.join(", ")))
        })?,
        None => 0,
    };
    // The first other skin, as `render` shows by default.
    let skin = loaded.data.skins.iter().position(|s| s.name != "default").unwrap_or(0);
    let data = Arc::new(loaded.data.clone());
    let mut player = Player {
        skeleton: Skeleton::new(data.clone()),
        state: AnimationState::new(Arc::new(AnimationStateData::new(data))),
        renderer: Renderer::with_options(RenderOptions { premultiplied_alpha: premultiplied, ..Default::default() }),
        loaded,
        animation,
        skin,
        speed: 1.0,
        paused: false,
        step: false,
        looping: true,
        bones: false,
        bounds: false,
        clipping: false,
        time: 0.0,
        camera: Camera::fit(None, width, height),
    };
    player.restart()?;

    let sdl = sdl2::init()?;
    let video = sdl.video()?;
    let events = sdl.event()?;
    let window = video.window("spine-native view", width, height).position_centered().build()?;
    let mut canvas = window.into_canvas().software().build()?;
    let creator = canvas.texture_creator();
    // ABGR8888 is R, G, B, A in memory on little-endian machines (tiny-skia's order).
    let format = if cfg!(target_endian = "little") { PixelFormatEnum::ABGR8888 } else { PixelFormatEnum::RGBA8888 };
    let mut texture = creator.create_texture_streaming(format, width, height)?;
    let mut pump = sdl.event_pump()?;
    let screenshots = args.screenshots.clone().unwrap_or_else(|| PathBuf::from("."));
    let mut shots = 0u32;
    let mut pixmap = Pixmap::new(width, height).ok_or("window size is 0")?;
    let mut last = Instant::now();
    let mut fps = 0.0f64;
    let mut frame_number = 0u64;
    let mut next_key = 0usize;
    'frames: loop {
        while next_key < script.len() && script[next_key].0 <= frame_number {
            let window_id = canvas.window().id();
            events.push_event(Event::KeyDown {
                timestamp: 0,
                window_id,
                keycode: Some(script[next_key].1),
                scancode: None,
                keymod: Mod::NOMOD,
                repeat: false,
            })?;
            next_key += 1;
        }
        let mut shot = false;
        for event in pump.poll_iter() {
            match event {
                Event::Quit { .. } => break 'frames,
                Event::KeyDown { keycode: Some(code), .. } => {
                    let name = code.name();
                    if name == "F12" {
                        shot = true;
                    } else if !player.key(&name)? {
                        break 'frames;
                    }
                }
                _ => {}
            }
        }
        let now = Instant::now();
        let elapsed = if args.fixed_step { 1.0 / 60.0 } else { (now - last).as_secs_f64().min(0.25) };
        let measured = (now - last).as_secs_f64();
        last = now;
        if measured > 0.0 {
            fps = if fps == 0.0 { 1.0 / measured } else { fps * 0.9 + 0.1 / measured };
        }
        if !player.paused || player.step {
            player.advance(if player.paused { 1.0 / 60.0 } else { elapsed * player.speed });
            player.step = false;
        }
        let frame = render::capture(&mut player.renderer, &player.skeleton);
        let [r, g, b, a] = BACKGROUND;
        pixmap.fill(Color::from_rgba8(r, g, b, a));
        render::draw(&mut pixmap, &frame, &pages, &player.camera, premultiplied, None);
        player.overlays(&mut pixmap, &frame);
        texture.update(None, pixmap.data(), width as usize * 4)?;
        canvas.copy(&texture, None, None)?;
        let status = player.status(fps, &frame);
        if shot {
            // What the window shows, read back from it.
            let pixels = canvas.read_pixels(None, format)?;
            shots += 1;
            let path = screenshots.join(format!("view-{shots}.png"));
            image::write_png(&path, width, height, &pixels)?;
            println!("{}: {status}", path.display());
        }
        canvas.present();
        canvas.window_mut().set_title(&status).map_err(|e| Failure(e.to_string()))?;
        frame_number += 1;
        if args.frames.is_some_and(|n| frame_number >= n) {
            break;
        }
        if !args.fixed_step {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    Ok(())
}
