//! `view` (feature `view`): the SDL2 window driven under Xvfb by scripted key presses,
//! checked through its screenshots (read back from the window) and status lines: the demo
//! rig without a file, next animation and skin, overlays, pause and step, speed and loop.
#![cfg(feature = "view")]

mod support;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// An Xvfb server on a free display, killed when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Xvfb {
        // Tests run in parallel in one process: each takes its own display.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        for _ in 0..50 {
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let number = 200 + (std::process::id() * 13 + n * 7) % 600;
            if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                continue;
            }
            let display = format!(":{number}");
            let child = Command::new("Xvfb")
                .args([&display, "-screen", "0", "640x480x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb (.ci/run installs xvfb)");
            let mut server = Xvfb { child, display };
            for _ in 0..100 {
                if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                    return server;
                }
                if let Ok(Some(_)) = server.child.try_wait() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            let _ = server.child.kill();
        }
        panic!("no Xvfb display could be started");
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Shot {
    status: String,
    rgba: Vec<u8>,
}

impl Shot {
    fn count(&self, color: [u8; 3]) -> usize {
        self.rgba.chunks_exact(4).filter(|p| p[..3] == color).count()
    }

    /// The time in the status line (`<animation> T/D s`).
    fn time(&self) -> f64 {
        let (_, rest) = self.status.split_once(": ").unwrap();
        let t = rest.split_whitespace().nth(1).unwrap();
        t.split_once('/').unwrap().0.parse().unwrap()
    }
}

fn read_png(path: &Path) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).unwrap();
    assert_eq!((info.width, info.height, info.color_type), (400, 300, png::ColorType::Rgba));
    buffer
}

/// Runs the viewer with `keys` and returns its screenshots by number, with its status lines.
fn view(dir: &Path, extra: &[&str], keys: &str) -> HashMap<u32, Shot> {
    let xvfb = Xvfb::start();
    let mut args = vec!["view", "--size", "400x300", "--fixed-step", "--frames", "200", "--keys", keys];
    args.extend_from_slice(extra);
    args.extend(["--screenshots", dir.to_str().unwrap()]);
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_spine-native"))
        .args(&args)
        .env("DISPLAY", &xvfb.display)
        .env("SDL_AUDIODRIVER", "dummy")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    println!("{stdout}(in {:.1} s)", started.elapsed().as_secs_f64());
    let mut shots = HashMap::new();
    for line in stdout.lines() {
        let (path, status) = line.split_once(": ").unwrap();
        let number: u32 = path.rsplit_once("view-").unwrap().1.trim_end_matches(".png").parse().unwrap();
        shots.insert(number, Shot { status: status.to_owned(), rgba: read_png(Path::new(path)) });
    }
    shots
}

const BACKGROUND: [u8; 3] = [40, 44, 52];
const BONES: [u8; 3] = [255, 0, 255];
const BOUNDS: [u8; 3] = [0, 255, 0];
const CLIPPING: [u8; 3] = [255, 255, 0];

#[test]
fn keys_drive_the_demo_rig_and_the_screenshots_show_it() {
    let dir = support::scratch("view");
    let keys = "3:F12,5:Right,6:F12,8:B,9:F12,11:X,12:C,13:F12,15:Space,16:F12,18:F12,19:.,20:F12,22:Down,23:F12,\
                24:=,25:L,26:F12,30:Escape";
    let shots = view(&dir, &[], keys);
    assert_eq!(shots.len(), 9, "Escape quits at frame 30, after nine screenshots");
    let shot = |n: u32| &shots[&n];
    // The demo rig, walking, in the default skin plus the first other one.
    assert!(shot(1).status.starts_with("demo: walk "), "{}", shot(1).status);
    assert!(shot(1).status.contains("skin default+red"), "{}", shot(1).status);
    assert!(shot(1).status.contains(" draw calls, ") && shot(1).status.contains(" vertices"));
    let drawn = shot(1).rgba.chunks_exact(4).filter(|p| p[..3] != BACKGROUND).count();
    assert!(drawn > 5000, "the rig covers {drawn} pixels");
    // Right: the next animation.
    assert!(shot(2).status.starts_with("demo: wave 0.0"), "{}", shot(2).status);
    assert_eq!(shot(2).count(BONES), 0);
    // B: bones drawn over it.
    assert!(shot(3).status.ends_with(", bones"), "{}", shot(3).status);
    assert!(shot(3).count(BONES) > 50, "{} bone pixels", shot(3).count(BONES));
    // X and C: bounds and the clipping polygon of the screen.
    assert!(shot(4).status.ends_with(", bones, bounds, clipping"), "{}", shot(4).status);
    assert_eq!((shot(3).count(BOUNDS), shot(3).count(CLIPPING)), (0, 0));
    assert!(
        shot(4).count(BOUNDS) > 200 && shot(4).count(CLIPPING) > 20,
        "{} {}",
        shot(4).count(BOUNDS),
        shot(4).count(CLIPPING)
    );
    // Space: paused, the picture and the time stand still; `.` steps one frame.
    assert!(shot(5).status.contains(", paused"), "{}", shot(5).status);
    assert_eq!(shot(5).time(), shot(6).time());
    assert!(shot(5).rgba == shot(6).rgba, "a paused picture changed");
    let step = shot(7).time() - shot(6).time();
    assert!((step - 1.0 / 60.0).abs() < 0.0011, "a step of {step} s");
    assert!(shot(6).rgba != shot(7).rgba, "a step changed nothing");
    // Down: the next skin; = and L: speed and play once.
    assert!(shot(8).status.contains("skin default+blue"), "{}", shot(8).status);
    assert!(shot(9).status.contains("speed 1.25x, once"), "{}", shot(9).status);
}

#[test]
fn a_file_plays_with_the_atlas_beside_it() {
    let dir = support::scratch("view-file");
    let (json, _) = support::demo_files(&dir);
    let shots: HashMap<u32, Shot> = view(&dir, &[json.to_str().unwrap(), "--animation", "jump"], "2:F12,4:Escape");
    let status = &shots[&1].status;
    assert!(status.starts_with(&format!("{}: jump ", json.display())), "{status}");
    assert!(shots[&1].rgba.chunks_exact(4).filter(|p| p[..3] != BACKGROUND).count() > 5000);
    let _: PathBuf = json;
}
