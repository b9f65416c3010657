//! Compiles the C programs under `tests/c/` against the generated header with
//! `-Wall -Wextra -Werror -pedantic` (as C99 and as C++) and runs them against the built
//! shared library, over every corpus rig; under valgrind when it is installed.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

/// `target/<profile>`: the folder holding this test binary's `deps/` and the cdylib.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<test>").to_path_buf()
}

fn compile(source: &str, output: &Path, cpp: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib_dir = target_dir();
    let (compiler, std) = if cpp { ("c++", "-std=c++11") } else { ("cc", "-std=c99") };
    let status = Command::new(compiler)
        .args([std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
        .arg("-x")
        .arg(if cpp { "c++" } else { "c" })
        .arg(root.join("tests/c").join(source))
        .arg("-I")
        .arg(root.join("include"))
        .arg("-o")
        .arg(output)
        .arg("-x")
        .arg("none")
        .arg(format!("-L{}", lib_dir.display()))
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-lspine_native")
        .status()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(status.success(), "{compiler} failed on tests/c/{source}");
}

fn valgrind_available() -> bool {
    Command::new("valgrind").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn the_c_load_test_passes_on_every_rig_through_the_header() {
    let build = target_dir().join("c-tests");
    std::fs::create_dir_all(&build).unwrap();
    let exe = build.join("load_test");
    compile("load_test.c", &exe, false);
    compile("load_test.c", &build.join("load_test_cpp"), true);

    let rigs: Vec<_> = support::rigs()
        .into_iter()
        .filter(|r| r.json.is_some() && r.pro_skel.is_some() && r.atlas.is_some() && r.summary.is_some())
        .collect();
    if support::corpus_required() {
        assert!(!rigs.is_empty(), "SPINE_CORPUS holds no complete rigs");
    }
    let valgrind = valgrind_available();
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
        let mut command = if valgrind && n == 0 {
            let mut c = Command::new("valgrind");
            c.args(["--error-exitcode=1", "--leak-check=full", "--errors-for-leak-kinds=definite", "-q"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        let output = command.args(&args).output().expect("run load_test");
        assert!(
            output.status.success(),
            "C load test failed on {}:\n{}{}",
            rig.name,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    println!("C ABI load test passed on {} rigs (valgrind: {valgrind})", rigs.len());
}
