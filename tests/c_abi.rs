//! Compiles the C programs under `tests/c/` against the generated header with
//! `-Wall -Wextra -Werror -pedantic` (as C99 and as C++11) and runs them against the built
//! shared library:
//!
//! * `load_test.c` on every corpus rig (loading, names, load errors);
//! * `abi_test.c` with its parts `abi_test_*.c` on every rig (the whole API surface,
//!   checked for consistency; the crowd against per-call updates);
//! * `apply_test.c` on every rig (direct animation apply against the animation state and
//!   the event keys), `crowd_test.c` on every rig (crowd member control, range updates
//!   from threads), `snapshot_test.c` on every rig (pose snapshots replayed bit for bit) and `crowd_misuse_test.c` (ABI 1.4 misuse of the crowd branch);
//! * `crowd_render_test.c` on every rig (the batched crowd render against the members' own
//!   renders concatenated, member offsets, its misuse; ABI 1.5);
//! * `separation_test.c` on every rig (separator slots, slot-span renders, range infos,
//!   the slot stream; ABI 1.4);
//! * `conventions_test.c` on every rig (whole-buffer indices, RGBA bytes, per-page PMA,
//!   range separators, ABI 1.7 struct sizes; ABI 1.8);
//! * `gpu_test.c` on every rig (GPU skinning: the shader applied to the GPU render is the
//!   CPU render; ABI 1.9);
//! * `textures_test.c` on every rig (atlas page details, texture ids in draw ranges; ABI 1.4);
//! * `skins_test.c` on every rig (runtime skin entries: enumerate, copy, remove, clear; ABI 1.4);
//! * `misuse_test.c` and the `*_misuse_test.c` of the ABI 1.4 groups (every misuse returns
//!   its documented status);
//! * `golden_replay.c` on golden scenarios of several rig kinds: the program replays the
//!   scenario's ops through the ABI and dumps every recorded frame; this test compares the
//!   dump with the golden file (FORMAT.md section 6.1 tolerances): bones, slots, draw order,
//!   tracks, callbacks, flattened render buffers, bounds and bounding boxes.
//!
//! A few runs go under `valgrind --error-exitcode=1 --leak-check=full` when it is
//! installed (no invalid access, no definite leak). Two more checks: the library exports
//! only `spn_` symbols, and the C tests call every exported function.

#[path = "c_abi/constraint_data.rs"]
mod constraint_data;
#[path = "c_abi/geometry.rs"]
mod geometry;
#[path = "c_abi/introspection.rs"]
mod introspection;
mod support;

use serde_json::Value;
use spine_native::model::{BlendMode, SkeletonData};
use spine_native::render::{DrawRange, Indices, RenderOutput};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use support::Rig;

/// `target/<profile>`: the folder holding this test binary's `deps/` and the cdylib.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<test>").to_path_buf()
}

fn library() -> PathBuf {
    target_dir().join("libspine_native.so")
}

fn build_dir() -> PathBuf {
    let dir = target_dir().join("c-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files of a test program beside `<name>.c`: `abi_test.c` holds `main`, and the test
/// of each C object is in a part of its own (`abi_test.h` lists them).
fn parts(name: &str) -> &'static [&'static str] {
    match name {
        "abi_test" => &[
            "abi_test_data.c",
            "abi_test_skeleton.c",
            "abi_test_state.c",
            "abi_test_render.c",
            "abi_test_physics.c",
            "abi_test_crowd.c",
        ],
        _ => &[],
    }
}

fn compile(sources: &[String], output: &Path, cpp: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib_dir = target_dir();
    let (compiler, std) = if cpp { ("c++", "-std=c++11") } else { ("cc", "-std=c99") };
    let status = Command::new(compiler)
        .args([std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg("-x")
        .arg(if cpp { "c++" } else { "c" })
        .args(sources.iter().map(|source| root.join("tests/c").join(source)))
        .arg("-I")
        .arg(root.join("include"))
        .arg("-o")
        .arg(output)
        .arg("-x")
        .arg("none")
        .arg(format!("-L{}", lib_dir.display()))
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lspine_native")
        .arg("-lm")
        .status()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(status.success(), "{compiler} failed on tests/c/{}", sources.join(" "));
}

/// Compiles `tests/c/<name>.c` (with its [`parts`]) as C and as C++ (once per test run);
/// returns the C build.
fn program(name: &'static str) -> PathBuf {
    static BUILT: OnceLock<std::sync::Mutex<HashMap<&'static str, PathBuf>>> = OnceLock::new();
    let built = BUILT.get_or_init(Default::default);
    let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
    built
        .entry(name)
        .or_insert_with(|| {
            let exe = build_dir().join(name);
            let sources: Vec<String> =
                std::iter::once(format!("{name}.c")).chain(parts(name).iter().map(|p| p.to_string())).collect();
            compile(&sources, &exe, false);
            compile(&sources, &build_dir().join(format!("{name}_cpp")), true);
            exe
        })
        .clone()
}

fn program_cpp(name: &'static str) -> PathBuf {
    program(name);
    build_dir().join(format!("{name}_cpp"))
}

fn valgrind_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// Runs a test program (under valgrind when asked and installed); panics with its output
/// when it fails.
fn run(exe: &Path, args: &[String], valgrind: bool, what: &str) -> Output {
    let mut command = if valgrind && valgrind_available() {
        let mut c = Command::new("valgrind");
        c.args([
            "--error-exitcode=1",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite",
            "--show-leak-kinds=definite",
            "-q",
        ])
        .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let output = command.args(args).output().unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{}{}",
        exe.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn complete_rigs() -> Vec<Rig> {
    let rigs: Vec<_> = support::rigs()
        .into_iter()
        .filter(|r| r.json.is_some() && r.pro_skel.is_some() && r.atlas.is_some() && r.summary.is_some())
        .collect();
    if support::corpus_required() {
        assert!(!rigs.is_empty(), "SPINE_CORPUS holds no complete rigs");
    }
    rigs
}

fn rig_args(rig: &Rig) -> Vec<String> {
    vec![rig.atlas.as_ref().unwrap().display().to_string(), rig.pro_skel.as_ref().unwrap().display().to_string()]
}

/// The rig to run under valgrind: spineboy (bounding box, clipping, events, IK,
/// transform constraints) when present.
fn valgrind_rig(rigs: &[Rig]) -> Option<&Rig> {
    rigs.iter().find(|r| r.name == "spineboy").or(rigs.first())
}

// ---------------------------------------------------------------------------------------
// Programs over rigs

#[test]
fn the_c_load_test_passes_on_every_rig_through_the_header() {
    let exe = program("load_test");
    let rigs = complete_rigs();
    for (n, rig) in rigs.iter().enumerate() {
        let summary = rig.summary.as_ref().unwrap();
        let counts = &summary["counts"];
        let args = [
            rig.atlas.as_ref().unwrap().display().to_string(),
            rig.json.as_ref().unwrap().display().to_string(),
            rig.pro_skel.as_ref().unwrap().display().to_string(),
            counts["bones"].to_string(),
            counts["slots"].to_string(),
            counts["animations"].to_string(),
            summary["bones"][0]["name"].as_str().unwrap_or("").to_string(),
        ];
        // The first rig runs under valgrind: no invalid access, no leak.
        run(&exe, &args, n == 0, &format!("C load test on {}", rig.name));
        if n == 1 {
            run(&program_cpp("load_test"), &args, false, &format!("C++ load test on {}", rig.name));
        }
    }
    println!("C ABI load test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

#[test]
fn the_c_abi_test_drives_every_function_on_every_rig() {
    let exe = program("abi_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    // The rig with physics constraints runs under valgrind too, for the per-constraint
    // physics control (a few seconds).
    let physics = rigs.iter().find(|r| r.name == "celestial-circus").map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || physics.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C ABI test on {}", rig.name));
        if first {
            run(&program_cpp("abi_test"), &rig_args(rig), false, &format!("C++ ABI test on {}", rig.name));
            print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
        }
    }
    println!(
        "C ABI test passed on {} rigs (valgrind on {checked:?} and {physics:?}: {})",
        rigs.len(),
        valgrind_available()
    );
}

/// Render separation (ABI 1.4) on every rig: separator slots, slot-span renders, range
/// infos and the slot stream; under valgrind on spineboy (clipping) and tank.
#[test]
fn the_c_separation_test_passes_on_every_rig() {
    let exe = program("separation_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "tank";
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C separation test on {}", rig.name));
        if first {
            run(
                &program_cpp("separation_test"),
                &rig_args(rig),
                false,
                &format!("C++ separation test on {}", rig.name),
            );
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C separation test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// GPU output conventions (ABI 1.8) on every rig: whole-buffer indices, RGBA byte order,
/// per-page premultiplied alpha, the separator slot each range ends at, ABI 1.7 struct
/// sizes; under valgrind on spineboy (clipping, a PMA atlas in the corpus).
#[test]
fn the_c_conventions_test_passes_on_every_rig() {
    let exe = program("conventions_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), first, &format!("C conventions test on {}", rig.name));
        if first {
            run(
                &program_cpp("conventions_test"),
                &rig_args(rig),
                false,
                &format!("C++ conventions test on {}", rig.name),
            );
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C conventions test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// GPU skinning (ABI 1.9) on every rig: the vertex shader applied in C to the GPU render is
/// the CPU render, every animation; under valgrind on spineboy (clipping, deform keys, a
/// mesh of more than four influences) and goblins (deform keys).
#[test]
fn the_c_gpu_skinning_test_matches_the_cpu_render_on_every_rig() {
    let exe = program("gpu_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "goblins";
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C GPU skinning test on {}", rig.name));
        if first {
            run(&program_cpp("gpu_test"), &rig_args(rig), false, &format!("C++ GPU skinning test on {}", rig.name));
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C GPU skinning test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// Atlas page textures (ABI 1.4) on every rig: page details, texture ids from the loader
/// callback and the setter in the draw ranges; under valgrind on spineboy and dragon
/// (several pages).
#[test]
fn the_c_textures_test_passes_on_every_rig() {
    let exe = program("textures_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "dragon";
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C textures test on {}", rig.name));
        if first {
            run(&program_cpp("textures_test"), &rig_args(rig), false, &format!("C++ textures test on {}", rig.name));
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C textures test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// Runtime skin entries (ABI 1.4) on every rig: enumerate, rebuild, copy, remove, clear;
/// under valgrind on spineboy and mix-and-match (many skins).
#[test]
fn the_c_skins_test_passes_on_every_rig() {
    let exe = program("skins_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "mix-and-match";
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C skins test on {}", rig.name));
        if first {
            run(&program_cpp("skins_test"), &rig_args(rig), false, &format!("C++ skins test on {}", rig.name));
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C skins test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// Runtime attachments (ABI 1.6) on every rig: runtime copies of every textured entry
/// render bit-identically through every animation, clones with another region and page
/// rectangles show their texture, misuse; under valgrind on spineboy and mix-and-match.
#[test]
fn the_c_runtime_attachments_test_passes_on_every_rig() {
    let exe = program("runtime_attachments_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "mix-and-match";
        let what = format!("C runtime attachments test on {}", rig.name);
        let output = run(&exe, &rig_args(rig), under_valgrind, &what);
        if first {
            let what = format!("C++ runtime attachments test on {}", rig.name);
            run(&program_cpp("runtime_attachments_test"), &rig_args(rig), false, &what);
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C runtime attachments test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

/// Skin attachments inspected and new sockets (ABI 1.9) on every rig: data attachments
/// as the data reports them, runtime copies as their originals, page rectangles; a new
/// placeholder refused until added, then stored, enumerated, found, shown where placed,
/// copied, snapshotted and removed; misuse of the new functions. Under valgrind on
/// spineboy and mix-and-match.
#[test]
fn the_c_skin_sockets_test_passes_on_every_rig() {
    let exe = program("skin_sockets_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let under_valgrind = first || rig.name == "mix-and-match";
        let output = run(&exe, &rig_args(rig), under_valgrind, &format!("C skin sockets test on {}", rig.name));
        if first {
            let what = format!("C++ skin sockets test on {}", rig.name);
            run(&program_cpp("skin_sockets_test"), &rig_args(rig), false, &what);
        }
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
    }
    println!("C skin sockets test passed on {} rigs (valgrind: {})", rigs.len(), valgrind_available());
}

#[test]
fn every_misuse_returns_its_documented_status() {
    let rigs = complete_rigs();
    let Some(rig) = valgrind_rig(&rigs) else { return };
    run(&program("misuse_test"), &rig_args(rig), true, "C misuse test");
    run(&program_cpp("misuse_test"), &rig_args(rig), false, "C++ misuse test");
    run(&program("separation_misuse_test"), &rig_args(rig), true, "C separation misuse test");
    run(&program_cpp("separation_misuse_test"), &rig_args(rig), false, "C++ separation misuse test");
    run(&program("textures_misuse_test"), &rig_args(rig), true, "C textures misuse test");
    run(&program_cpp("textures_misuse_test"), &rig_args(rig), false, "C++ textures misuse test");
    run(&program("skins_misuse_test"), &rig_args(rig), true, "C skins misuse test");
    run(&program_cpp("skins_misuse_test"), &rig_args(rig), false, "C++ skins misuse test");
    if let Some(other) = rigs.iter().find(|r| r.name != rig.name) {
        run(&program("misuse_test"), &rig_args(other), false, &format!("C misuse test on {}", other.name));
    }
}

// ---------------------------------------------------------------------------------------
// ABI 1.4: direct apply, crowd member control, pose snapshots (`crowd` branch)

#[test]
fn the_c_direct_apply_test_matches_the_state_and_the_event_keys_on_every_rig() {
    let exe = program("apply_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), first, &format!("C direct apply test on {}", rig.name));
        if first {
            run(&program_cpp("apply_test"), &rig_args(rig), false, &format!("C++ direct apply test on {}", rig.name));
            print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
        }
    }
    println!("C direct apply test passed on {} rigs (valgrind on {checked:?}: {})", rigs.len(), valgrind_available());
}

#[test]
fn the_c_crowd_test_skips_disabled_members_scales_time_and_updates_ranges_from_threads() {
    let exe = program("crowd_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    // Physics makes every frame depend on the previous ones: the strictest comparison.
    let physics = rigs.iter().find(|r| r.name == "celestial-circus").map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), first, &format!("C crowd test on {}", rig.name));
        if first || physics.as_deref() == Some(rig.name.as_str()) {
            print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
        }
        if first {
            run(&program_cpp("crowd_test"), &rig_args(rig), false, &format!("C++ crowd test on {}", rig.name));
        }
    }
    println!("C crowd test passed on {} rigs (valgrind on {checked:?}: {})", rigs.len(), valgrind_available());
}

#[test]
fn the_c_snapshot_test_replays_restored_snapshots_bit_for_bit_on_every_rig() {
    let exe = program("snapshot_test");
    let rigs = complete_rigs();
    // Physics (celestial-circus) under valgrind; skins (mix-and-match) printed.
    let checked = rigs.iter().find(|r| r.name == "celestial-circus").or(rigs.first()).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), first, &format!("C snapshot test on {}", rig.name));
        if first || rig.name == "mix-and-match" {
            print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
        }
        if first {
            run(&program_cpp("snapshot_test"), &rig_args(rig), false, &format!("C++ snapshot test on {}", rig.name));
        }
    }
    println!("C snapshot test passed on {} rigs (valgrind on {checked:?}: {})", rigs.len(), valgrind_available());
}

#[test]
fn every_misuse_of_the_crowd_branch_functions_returns_its_documented_status() {
    let rigs = complete_rigs();
    let Some(rig) = valgrind_rig(&rigs) else { return };
    run(&program("crowd_misuse_test"), &rig_args(rig), true, "C crowd misuse test");
    run(&program_cpp("crowd_misuse_test"), &rig_args(rig), false, "C++ crowd misuse test");
}

#[test]
fn the_c_batched_crowd_render_is_the_members_renders_concatenated_on_every_rig() {
    let exe = program("crowd_render_test");
    let rigs = complete_rigs();
    let checked = valgrind_rig(&rigs).map(|r| r.name.clone());
    for rig in &rigs {
        let first = checked.as_deref() == Some(rig.name.as_str());
        let output = run(&exe, &rig_args(rig), first, &format!("C batched crowd render test on {}", rig.name));
        print!("{}: {}", rig.name, String::from_utf8_lossy(&output.stdout));
        if first {
            run(
                &program_cpp("crowd_render_test"),
                &rig_args(rig),
                false,
                &format!("C++ batched crowd render test on {}", rig.name),
            );
        }
    }
    println!(
        "C batched crowd render test passed on {} rigs (valgrind on {checked:?}: {})",
        rigs.len(),
        valgrind_available()
    );
}

// ---------------------------------------------------------------------------------------
// Exported symbols

/// The `spn_` functions the library defines (`nm -D --defined-only`), and any other
/// defined dynamic symbol.
fn exported_symbols() -> Option<(BTreeSet<String>, Vec<String>)> {
    let output = Command::new("nm").args(["-D", "--defined-only"]).arg(library()).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let mut abi = BTreeSet::new();
    let mut others = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let Some(&name) = fields.last() else { continue };
        if fields.len() < 2 {
            continue;
        }
        if name.starts_with("spn_") {
            abi.insert(name.to_string());
        } else {
            others.push(line.to_string());
        }
    }
    Some((abi, others))
}

#[test]
fn the_library_exports_only_spn_symbols() {
    let Some((abi, others)) = exported_symbols() else {
        println!("nm not available: skipped");
        return;
    };
    assert!(abi.len() > 100, "only {} spn_ symbols exported", abi.len());
    assert!(others.is_empty(), "non-ABI symbols exported by {}:\n{}", library().display(), others.join("\n"));
    // Every exported function is declared by the header.
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/spine_native.h")).unwrap();
    let undeclared: Vec<_> = abi.iter().filter(|name| !header.contains(&format!("{name}("))).collect();
    assert!(undeclared.is_empty(), "exported but not in the header: {undeclared:?}");
    println!("{} spn_ functions exported, nothing else", abi.len());
}

/// The header's `#define`s (written in cbindgen.toml) agree with the library.
#[test]
fn the_header_constants_match_the_library() {
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/spine_native.h")).unwrap();
    let define = |name: &str| -> u32 {
        let line = header.lines().find(|l| l.starts_with(&format!("#define {name} "))).expect(name);
        let value = line.split_whitespace().nth(2).unwrap().trim_end_matches('u');
        match value.strip_prefix("0x") {
            Some(hex) => u32::from_str_radix(hex, 16).unwrap(),
            None => value.parse().unwrap(),
        }
    };
    assert_eq!(define("SPN_ABI_VERSION"), spine_native::ffi::SPN_ABI_VERSION);
    assert_eq!(define("SPN_ABI_VERSION"), spine_native::ffi::spn_abi_version());
    assert_eq!(define("SPN_RUNTIME_ATTACHMENT_BIT"), spine_native::ffi::SPN_RUNTIME_ATTACHMENT_BIT);
    assert_eq!(define("SPN_MAX_TRACKS"), spine_native::ffi::SPN_MAX_TRACKS);
    assert_eq!(define("SPN_NO_SEPARATOR"), spine_native::ffi::SPN_NO_SEPARATOR);
    assert_eq!(define("SPN_NO_BLOCK"), spine_native::ffi::SPN_NO_BLOCK);
}

/// `spn_status_string` and `spn_error_kind_string` (ABI 1.7) name every value of the
/// header's `spn_status` and `spn_error_kind` enums by its header name, and values past
/// them as unknown.
#[test]
fn the_status_and_error_kind_strings_are_the_header_enum_names() {
    use spine_native::ffi::{spn_error_kind_string, spn_status_string};
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/spine_native.h")).unwrap();
    let values = |enum_name: &str| -> Vec<(String, u32)> {
        let start = header.find(&format!("enum {enum_name}\n")).expect(enum_name);
        let body = &header[start..];
        let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
        (body.lines().map(|l| l.trim()).filter(|l| l.starts_with("SPN_")))
            .map(|l| {
                let (name, value) = l.trim_end_matches(',').split_once(" = ").unwrap();
                (name.to_string(), value.parse().unwrap())
            })
            .collect()
    };
    let text = |p: *const std::ffi::c_char| unsafe { std::ffi::CStr::from_ptr(p) }.to_str().unwrap().to_string();
    for (string, enum_name, unknown) in [
        (spn_status_string as extern "C" fn(u32) -> *const std::ffi::c_char, "spn_status", "SPN_STATUS_UNKNOWN"),
        (spn_error_kind_string, "spn_error_kind", "SPN_ERROR_KIND_UNKNOWN"),
    ] {
        let values = values(enum_name);
        assert!(values.len() >= 10, "{enum_name}: {values:?}");
        for (name, value) in &values {
            assert_eq!(text(string(*value)), *name, "{enum_name} {value}");
            assert_eq!(string(*value), string(*value), "a static string");
        }
        let past = values.iter().map(|(_, v)| v).max().unwrap() + 1;
        for value in [past, 1000, u32::MAX] {
            assert_eq!(text(string(value)), unknown, "{enum_name} {value}");
        }
    }
}

#[test]
fn the_c_tests_call_every_exported_function() {
    let Some((abi, _)) = exported_symbols() else {
        println!("nm not available: skipped");
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
    let mut sources = String::new();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "c" || e == "h") {
            sources += &std::fs::read_to_string(&path).unwrap();
        }
    }
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let called = |name: &str| {
        sources.match_indices(name).any(|(at, _)| {
            !is_word(sources[..at].chars().next_back()) && !is_word(sources[at + name.len()..].chars().next())
        })
    };
    let missing: Vec<_> = abi.iter().filter(|name| !called(name)).collect();
    assert!(missing.is_empty(), "exported functions no C test calls: {missing:?}");
    println!("the C tests call all {} exported functions", abi.len());
}

// ---------------------------------------------------------------------------------------
// Golden scenarios through the ABI

/// (rig, scenario, under valgrind): one of each rig kind — skins and attachments
/// (spineboy, mix-and-match), clipping (tank), physics (celestial-circus), events
/// (spineboy `reverse`), every animation-state op the scenarios use.
const SCENARIOS: &[(&str, &str, bool)] = &[
    ("spineboy", "crossfade", true),
    ("spineboy", "crossfade-chain", false),
    ("spineboy", "mix-interpolation", false),
    ("spineboy", "queue", false),
    ("spineboy", "queue-dt0171", false),
    ("spineboy", "empty", false),
    ("spineboy", "tracks-alpha", false),
    ("spineboy", "tracks-additive", false),
    ("spineboy", "timescale", false),
    ("spineboy", "reverse", false),
    ("spineboy", "trackend", false),
    ("spineboy", "anim-range", false),
    ("spineboy", "set-attachment", false),
    ("spineboy", "flip", false),
    ("spineboy", "tint", false),
    ("tank", "anim-00-drive", true),
    ("tank", "anim-01-shoot", false),
    ("celestial-circus", "physics", false),
    ("celestial-circus", "physics-dt0171", false),
    ("mix-and-match", "skin-combined", false),
    ("mix-and-match", "skins", false),
];

fn hex(text: &str) -> String {
    if text.is_empty() {
        return "-".into();
    }
    text.bytes().map(|b| format!("{b:02x}")).collect()
}

fn optional_hex(text: Option<&str>) -> String {
    text.map_or_else(|| "-".into(), |t| if t.is_empty() { "00".into() } else { hex(t) })
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn flag(v: &Value) -> u32 {
    (v == true) as u32
}

/// Field numbers of `spn_entry_field` for the golden `setEntry` field names.
fn entry_field(name: &str) -> Option<u32> {
    Some(match name {
        "loop" => 0,
        "additive" => 1,
        "reverse" => 2,
        "shortestRotation" => 3,
        "alpha" => 4,
        "timeScale" => 5,
        "trackTime" => 6,
        "trackEnd" => 7,
        "delay" => 8,
        "animationStart" => 9,
        "animationEnd" => 10,
        "mixDuration" => 13,
        "eventThreshold" => 15,
        "mixAttachmentThreshold" => 16,
        "alphaAttachmentThreshold" => 17,
        "mixDrawOrderThreshold" => 18,
        _ => return None,
    })
}

/// The golden scenario as a script for `golden_replay.c`.
fn script(scenario: &Value, data: &SkeletonData) -> Result<String, String> {
    let mut text = String::new();
    writeln!(text, "dt {:?}", support::golden::parse_dt(scenario["dt"].as_str().unwrap_or("1/60"))).unwrap();
    writeln!(text, "steps {}", scenario["steps"].as_u64().unwrap_or(0)).unwrap();
    let frames = scenario["frames"].as_array().ok_or("no frames")?;
    let steps: Vec<String> = frames.iter().map(|f| f["step"].to_string()).collect();
    writeln!(text, "record {} {}", steps.len(), steps.join(" ")).unwrap();
    let mut entries: HashMap<String, usize> = HashMap::new();
    let mut runtime_skins: Vec<String> = Vec::new();
    for op in scenario["ops"].as_array().into_iter().flatten() {
        let name = op["op"].as_str().unwrap_or("");
        let step = op["step"].as_u64().unwrap_or(0);
        let track = op["track"].as_u64().unwrap_or(0);
        let id = |op: &Value, entries: &mut HashMap<String, usize>| match op["as"].as_str() {
            Some(name) => {
                let next = entries.len();
                *entries.entry(name.to_string()).or_insert(next) as i64
            }
            None => -1,
        };
        let animation = |op: &Value| -> Result<usize, String> {
            let name = op["animation"].as_str().ok_or("animation name missing")?;
            data.find_animation(name).ok_or_else(|| format!("no animation {name:?}"))
        };
        let entry = |op: &Value, entries: &HashMap<String, usize>| -> Result<usize, String> {
            let name = op["entry"].as_str().ok_or("op without entry")?;
            entries.get(name).copied().ok_or_else(|| format!("unknown entry {name:?}"))
        };
        let args = match name {
            "setDefaultMix" => format!("{:?}", num(&op["duration"])),
            "setMix" => format!(
                "{} {} {:?}",
                hex(op["from"].as_str().unwrap_or("")),
                hex(op["to"].as_str().unwrap_or("")),
                num(&op["duration"])
            ),
            "setAnimation" => {
                let a = op["animation"].as_str().ok_or("animation name missing")?;
                format!("{track} {} {} {}", hex(a), flag(&op["loop"]), id(op, &mut entries))
            }
            "addAnimation" => {
                let a = animation(op)?;
                format!("{track} {a} {} {:?} {}", flag(&op["loop"]), num(&op["delay"]), id(op, &mut entries))
            }
            "setEmptyAnimation" => format!("{track} {:?} {}", num(&op["mixDuration"]), id(op, &mut entries)),
            "addEmptyAnimation" => {
                format!("{track} {:?} {:?} {}", num(&op["mixDuration"]), num(&op["delay"]), id(op, &mut entries))
            }
            "setEmptyAnimations" => format!("{:?}", num(&op["mixDuration"])),
            "clearTrack" => format!("{track}"),
            "clearTracks" | "setupPose" | "setupPoseBones" | "setupPoseSlots" => String::new(),
            "setStateTimeScale" => format!("{:?}", num(&op["value"])),
            "setEntry" => {
                let field = op["field"].as_str().unwrap_or("");
                let number = entry_field(field).ok_or_else(|| format!("unknown entry field {field:?}"))?;
                let value = match &op["value"] {
                    Value::Bool(b) => *b as u32 as f64,
                    v => num(v),
                };
                format!("{} {number} {value:?}", entry(op, &entries)?)
            }
            "setEntryMixDuration" => {
                format!("{} {:?} {:?}", entry(op, &entries)?, num(&op["mixDuration"]), num(&op["delay"]))
            }
            "setEntryMixInterpolation" => {
                let name = op["interpolation"].as_str().unwrap_or("");
                let value = spine_native::animation::Interpolation::from_name(name)
                    .ok_or_else(|| format!("unknown interpolation {name:?}"))?;
                format!("{} {}", entry(op, &entries)?, value as u8)
            }
            "newSkin" => {
                let skin_name = op["name"].as_str().unwrap_or("");
                let mut indices = Vec::new();
                for add in op["addSkins"].as_array().into_iter().flatten() {
                    let add = add.as_str().unwrap_or("");
                    indices.push(data.find_skin(add).ok_or_else(|| format!("no skin {add:?}"))?.to_string());
                }
                runtime_skins.push(skin_name.to_string());
                format!("{} {} {}", hex(skin_name), indices.len(), indices.join(" "))
            }
            "setSkin" => match op["skin"].as_str() {
                None => "none".into(),
                Some(s) if runtime_skins.iter().any(|r| r == s) => format!("runtime {}", hex(s)),
                Some(s) => format!("data {}", hex(s)),
            },
            "setAttachment" => {
                let slot_name = op["slot"].as_str().unwrap_or("");
                let slot = data.find_slot(slot_name).ok_or_else(|| format!("no slot {slot_name:?}"))?;
                format!("{slot} {}", optional_hex(op["attachment"].as_str()))
            }
            "setScale" | "setPosition" | "physicsTranslate" => format!("{:?} {:?}", num(&op["x"]), num(&op["y"])),
            "setColor" => format!("{:?} {:?} {:?} {:?}", num(&op["r"]), num(&op["g"]), num(&op["b"]), num(&op["a"])),
            "physicsRotate" => format!("{:?} {:?} {:?}", num(&op["x"]), num(&op["y"]), num(&op["degrees"])),
            "updateWorldTransform" => match op["physics"].as_str() {
                Some("none") => "0",
                Some("reset") => "1",
                Some("pose") => "3",
                _ => "2",
            }
            .into(),
            other => return Err(format!("unknown op {other:?}")),
        };
        writeln!(text, "op {step} {name} {args}").unwrap();
    }
    Ok(text)
}

/// One frame of the C program's dump.
#[derive(Debug, Default)]
struct Frame {
    step: u64,
    bones: Vec<Vec<f64>>,
    slots: Vec<Vec<f64>>,
    order: Vec<u64>,
    tracks: Vec<Vec<f64>>,
    callbacks: Vec<Vec<String>>,
    ranges: Vec<DrawRange>,
    positions: Vec<f32>,
    uvs: Vec<f32>,
    colors: Vec<u32>,
    dark_colors: Vec<u32>,
    indices: Vec<u16>,
    bounds: Option<[f32; 4]>,
    boxes: Vec<(u64, Vec<f32>)>,
}

fn parse_dump(text: &str) -> Result<Vec<Frame>, String> {
    let mut frames = Vec::new();
    let mut callbacks = Vec::new();
    let mut frame: Option<Frame> = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&kind, rest)) = words.split_first() else { continue };
        let floats = || rest.iter().map(|w| w.parse::<f64>().unwrap_or(f64::NAN)).collect::<Vec<f64>>();
        let int = |i: usize| rest.get(i).and_then(|w| w.parse::<u64>().ok()).unwrap_or(0);
        if kind == "cb" {
            callbacks.push(rest.iter().map(|w| w.to_string()).collect());
            continue;
        }
        if kind == "frame" {
            frames.extend(frame.take());
            frame = Some(Frame { step: int(0), callbacks: std::mem::take(&mut callbacks), ..Frame::default() });
            continue;
        }
        let f = frame.as_mut().ok_or_else(|| format!("dump line before a frame: {line}"))?;
        match kind {
            "b" => f.bones.push(floats()),
            "s" => f.slots.push(floats()),
            "order" => f.order = rest.iter().skip(1).map(|w| w.parse().unwrap_or(u64::MAX)).collect(),
            "t" => f.tracks.push(floats()),
            "render" => {}
            "r" => {
                let v: Vec<u32> = rest.iter().map(|w| w.parse().unwrap_or(0)).collect();
                f.ranges.push(DrawRange {
                    first_index: v[0],
                    index_count: v[1],
                    first_vertex: v[2],
                    vertex_count: v[3],
                    page: v[4],
                    blend: BlendMode::from_u8(v[5] as u8).ok_or("bad blend")?,
                    color: v[6],
                    dark_color: v[7],
                    // The golden dump carries no draw-order spans; the comparison reads
                    // only the fields above.
                    first_draw: 0,
                    last_draw: 0,
                    first_slot: 0,
                    last_slot: 0,
                    texture: 0,
                    separator: spine_native::render::NO_SEPARATOR,
                });
            }
            "v" => {
                let v = floats();
                f.positions.extend([v[0] as f32, v[1] as f32]);
                f.uvs.extend([v[2] as f32, v[3] as f32]);
                f.colors.push(v[4] as u32);
                f.dark_colors.push(v[5] as u32);
            }
            "i" => f.indices = rest.iter().map(|w| w.parse().unwrap_or(u16::MAX)).collect(),
            "bounds" => {
                let v = floats();
                f.bounds = (v[0] == 1.0).then(|| [v[1] as f32, v[2] as f32, v[3] as f32, v[4] as f32]);
            }
            "boxes" => {}
            "x" => {
                let v = floats();
                f.boxes.push((v[0] as u64, v[2..].iter().map(|&x| x as f32).collect()));
            }
            other => return Err(format!("unknown dump line {other:?}")),
        }
    }
    frames.extend(frame);
    Ok(frames)
}

fn tol_matrix(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-4 + 1e-4 * a.abs().max(b.abs())
}

fn tol_position(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.01 + 1e-4 * a.abs().max(b.abs())
}

fn animation_name(data: &SkeletonData, index: f64) -> String {
    if index < 0.0 {
        "<empty>".into()
    } else {
        data.animations[index as usize].name.clone()
    }
}

fn unhex(text: &str) -> String {
    if text == "-" {
        return String::new();
    }
    let bytes: Vec<u8> =
        (0..text.len() / 2).filter_map(|i| u8::from_str_radix(&text[i * 2..i * 2 + 2], 16).ok()).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

const CALLBACK_TYPES: [&str; 6] = ["start", "interrupt", "end", "dispose", "complete", "event"];

fn compare_callbacks(golden: &[Value], ours: &[Vec<String>], data: &SkeletonData) -> Result<(), String> {
    if golden.len() != ours.len() {
        return Err(format!("{} callbacks, golden {}: ours {ours:?}", ours.len(), golden.len()));
    }
    for (g, o) in golden.iter().zip(ours) {
        // step phase kind track animation event time int float volume balance string
        let f = |i: usize| o[i].parse::<f64>().unwrap_or(f64::NAN);
        let kind = CALLBACK_TYPES.get(f(2) as usize).copied().unwrap_or("?");
        let same = g["step"].as_u64() == Some(f(0) as u64)
            && g["phase"].as_str() == Some(o[1].as_str())
            && g["type"].as_str() == Some(kind)
            && g["track"].as_u64() == Some(f(3) as u64)
            && g["animation"].as_str() == Some(animation_name(data, f(4)).as_str());
        let event_ok = match g.get("event") {
            None | Some(Value::Null) => f(5) == -1.0,
            Some(e) => {
                f(5) >= 0.0
                    && e["name"].as_str() == Some(data.events[f(5) as usize].name.as_str())
                    && e["int"].as_i64() == Some(f(7) as i64)
                    && e["string"].as_str().unwrap_or("") == unhex(&o[11])
                    && tol_matrix(num(&e["time"]), f(6))
                    && tol_matrix(num(&e["float"]), f(8))
                    && tol_matrix(num(&e["volume"]), f(9))
                    && tol_matrix(num(&e["balance"]), f(10))
            }
        };
        if !same || !event_ok {
            return Err(format!("callback {o:?}, golden {g}"));
        }
    }
    Ok(())
}

fn compare_frame(golden: &Value, ours: &Frame, pools: &Value, data: &SkeletonData) -> Result<(), String> {
    // Bones.
    let bones = golden["bones"].as_array().ok_or("no bones")?;
    if bones.len() != ours.bones.len() {
        return Err(format!("{} bones, golden {}", ours.bones.len(), bones.len()));
    }
    for (i, (g, o)) in bones.iter().zip(&ours.bones).enumerate() {
        let active = g[6] == 1;
        if active != (o[6] == 1.0) {
            return Err(format!("bone {i} active {}, golden {active}", o[6]));
        }
        if !active {
            continue;
        }
        let matrix = (0..4).all(|k| tol_matrix(o[k], num(&g[k])));
        let position = (4..6).all(|k| tol_position(o[k], num(&g[k])));
        if !matrix || !position {
            return Err(format!("bone {} world {o:?}, golden {g}", data.bones[i].name));
        }
    }
    // Slots and draw order.
    for (i, (g, o)) in golden["slots"].as_array().ok_or("no slots")?.iter().zip(&ours.slots).enumerate() {
        let color_ok = (0..4).all(|k| (o[k] - num(&g[0][k])).abs() <= 1.0 / 255.0 + 1e-6);
        let dark_ok = g[1].is_null() || (0..3).all(|k| (o[4 + k] - num(&g[1][k])).abs() <= 1.0 / 255.0 + 1e-6);
        let attachment = (o[7] >= 0.0).then(|| data.attachments[o[7] as usize].name.as_str());
        if !color_ok || !dark_ok || attachment != g[2].as_str() || o[8] as i64 != g[3].as_i64().unwrap_or(i64::MIN) {
            return Err(format!("slot {} {o:?} ({attachment:?}), golden {g}", data.slots[i].name));
        }
    }
    let order: Vec<u64> = golden["drawOrder"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
    if order != ours.order {
        return Err(format!("draw order {:?}, golden {order:?}", ours.order));
    }
    // Tracks: t track animation trackTime animationTime delay mixTime mixDuration alpha
    // nFrom from... nNext next...
    let tracks = golden["tracks"].as_array().cloned().unwrap_or_default();
    if tracks.len() != ours.tracks.len() {
        return Err(format!("{} tracks, golden {}", ours.tracks.len(), tracks.len()));
    }
    for (g, o) in tracks.iter().zip(&ours.tracks) {
        let from_count = o[8] as usize;
        let from: Vec<String> = o[9..9 + from_count].iter().map(|&a| animation_name(data, a)).collect();
        let next: Vec<String> = o[10 + from_count..].iter().map(|&a| animation_name(data, a)).collect();
        let names = |v: &Value| -> Vec<String> {
            v.as_array().into_iter().flatten().map(|n| n.as_str().unwrap_or("").to_string()).collect()
        };
        let times = ["trackTime", "animationTime", "delay", "mixTime", "mixDuration", "alpha"];
        if g["track"].as_u64() != Some(o[0] as u64)
            || g["animation"].as_str() != Some(animation_name(data, o[1]).as_str())
            || names(&g["mixingFrom"]) != from
            || names(&g["next"]) != next
            || !times.iter().enumerate().all(|(k, key)| tol_matrix(o[2 + k], num(&g[*key])))
        {
            return Err(format!("track {o:?} (from {from:?}, next {next:?}), golden {g}"));
        }
    }
    compare_callbacks(&golden["callbacks"].as_array().cloned().unwrap_or_default(), &ours.callbacks, data)?;
    // Render buffers, flattened.
    let output = RenderOutput {
        positions: &ours.positions,
        stride: 2,
        uvs: &ours.uvs,
        colors: &ours.colors,
        dark_colors: &ours.dark_colors,
        vertices: &[],
        vertices_z: &[],
        indices: Indices::U16(&ours.indices),
        ranges: &ours.ranges,
        slots: &[],
        absolute_indices: false,
    };
    support::render::compare_render(golden, pools, &output)?;
    // Bounds and bounding boxes.
    match (&golden["bounds"], ours.bounds) {
        (Value::Null, None) => {}
        (Value::Array(g), Some(o)) if g.iter().zip(o).all(|(g, o)| tol_position(num(g), o as f64)) => {}
        (g, o) => return Err(format!("bounds {o:?}, golden {g}")),
    }
    if let Some(boxes) = golden.get("boundingBoxes") {
        let boxes = boxes.as_array().ok_or("boundingBoxes")?;
        let same = boxes.len() == ours.boxes.len()
            && boxes.iter().zip(&ours.boxes).all(|(g, (slot, polygon))| {
                let golden_polygon = g[1].as_array().map(Vec::as_slice).unwrap_or_default();
                g[0].as_u64() == Some(*slot)
                    && golden_polygon.len() == polygon.len()
                    && golden_polygon.iter().zip(polygon).all(|(g, &o)| tol_position(num(g), o as f64))
            });
        if !same {
            return Err(format!("bounding boxes {:?}, golden {}", ours.boxes, Value::Array(boxes.clone())));
        }
    }
    Ok(())
}

fn replay(rig: &Rig, stem: &str, valgrind: bool) -> Result<String, String> {
    let file = rig.golden_dir.as_ref().ok_or("no golden folder")?.join(format!("{stem}.json.gz"));
    let scenario = support::golden::read_scenario(&file)?;
    let atlas = rig.load_atlas()?;
    let skel = rig.pro_skel.as_ref().ok_or("no -pro.skel")?;
    let data = rig.load(skel, atlas.as_ref())?;
    let dir = build_dir().join("golden");
    std::fs::create_dir_all(&dir).unwrap();
    let script_path = dir.join(format!("{}-{stem}.script", rig.name));
    let dump_path = dir.join(format!("{}-{stem}.dump", rig.name));
    std::fs::write(&script_path, script(&scenario, &data)?).map_err(|e| e.to_string())?;
    let args = [
        rig.atlas.as_ref().unwrap().display().to_string(),
        skel.display().to_string(),
        script_path.display().to_string(),
        dump_path.display().to_string(),
    ];
    run(&program("golden_replay"), &args, valgrind, &format!("golden replay of {}/{stem}", rig.name));
    let frames = parse_dump(&std::fs::read_to_string(&dump_path).map_err(|e| e.to_string())?)?;
    let golden = scenario["frames"].as_array().ok_or("no frames")?;
    if golden.len() != frames.len() {
        return Err(format!("{} frames dumped, golden {}", frames.len(), golden.len()));
    }
    let mut vertices = 0;
    for (g, o) in golden.iter().zip(&frames) {
        compare_frame(g, o, &scenario["pools"], &data).map_err(|e| format!("step {}: {e}", o.step))?;
        vertices = vertices.max(o.colors.len());
    }
    Ok(format!("{} frames, up to {vertices} vertices", frames.len()))
}

#[test]
fn golden_scenarios_replayed_through_the_c_abi_match() {
    let rigs = complete_rigs();
    let mut failures = Vec::new();
    let mut replayed = 0;
    for &(rig_name, stem, valgrind) in SCENARIOS {
        let Some(rig) = rigs.iter().find(|r| r.name == rig_name) else { continue };
        match replay(rig, stem, valgrind) {
            Ok(summary) => {
                replayed += 1;
                println!("{rig_name}/{stem}: {summary}{}", if valgrind { " (valgrind)" } else { "" });
            }
            Err(e) => failures.push(format!("{rig_name}/{stem}: {e}")),
        }
    }
    assert!(failures.is_empty(), "golden replays through the C ABI failed:\n{}", failures.join("\n"));
    if support::corpus_required() {
        assert!(replayed > 0, "no golden scenario replayed");
    }
    println!("{replayed} golden scenarios replayed through the C ABI (valgrind: {})", valgrind_available());
}

/// Compiles `tests/c/abi_fuzz.c` with AddressSanitizer and UBSan when the compiler can,
/// else plainly; returns the program and whether it is sanitized.
fn abi_fuzzer() -> (PathBuf, bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib_dir = target_dir();
    let exe = build_dir().join("abi_fuzz");
    let build = |sanitize: bool| {
        let mut command = Command::new("cc");
        command.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g", "-O1"]);
        if sanitize {
            command.args([
                "-fsanitize=address,undefined",
                "-fno-sanitize-recover=undefined",
                "-fno-omit-frame-pointer",
            ]);
        }
        command
            .arg(root.join("tests/c/abi_fuzz.c"))
            .arg("-I")
            .arg(root.join("include"))
            .arg("-o")
            .arg(&exe)
            .arg(format!("-L{}", lib_dir.display()))
            .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
            .arg("-lspine_native")
            .arg("-lm")
            .status()
            .is_ok_and(|s| s.success())
    };
    if build(true) {
        return (exe, true);
    }
    assert!(build(false), "cc failed on tests/c/abi_fuzz.c");
    (exe, false)
}

/// The C ABI call-sequence fuzzer, briefly (the long runs are in fuzz/README.md): random
/// calls with valid, stale, zero, forged and wrong-typed handles and hostile numbers,
/// names and indices, each status checked against the documented set.
#[test]
fn random_call_sequences_return_documented_statuses() {
    let rigs = support::rigs();
    let mut args = vec!["40000".to_string(), "1".to_string()];
    for (i, rig) in rigs.iter().filter(|r| r.atlas.is_some()).take(4).enumerate() {
        // Binary mostly (loads are part of the sequence), one JSON.
        let skeleton = if i != 1 { rig.pro_skel.clone().or(rig.json.clone()) } else { rig.json.clone() };
        let Some(skeleton) = skeleton.or(rig.ess_skel.clone()) else { continue };
        args.push(rig.atlas.as_ref().unwrap().display().to_string());
        args.push(skeleton.display().to_string());
    }
    if args.len() == 2 {
        assert!(!support::corpus_required(), "SPINE_CORPUS holds no rigs with an atlas");
        return;
    }
    let (exe, sanitized) = abi_fuzzer();
    let seed = "1";
    args[1] = seed.to_string();
    let output = Command::new(&exe)
        .args(&args)
        .env("ASAN_OPTIONS", "detect_leaks=0:abort_on_error=0")
        .output()
        .expect("run abi_fuzz");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "abi_fuzz (seed {seed}) failed:\n{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("all checks passed"), "{stdout}");
    println!("seed {seed} (sanitized: {sanitized}): {}", stdout.lines().next().unwrap_or_default());
}
