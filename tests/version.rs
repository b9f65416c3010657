//! One version everywhere (README "Install"): the library crate's version is what
//! `spn_version_string()` returns, its major and minor are the ABI's (`SPN_ABI_VERSION` in
//! src/ffi and the header), and the command line crate, the Python wheel and the NuGet
//! package declare the same; packaging/install.sh (library file name, pkg-config, CMake)
//! and packaging/unity/build.sh (UPM) read it from Cargo.toml, and tests/run_install.sh
//! checks what they install.

use spine_native::ffi::{spn_version_string, SPN_ABI_VERSION};
use std::ffi::CStr;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `start` and the next `end` after it, in file `path`.
fn between(path: &str, start: &str, end: &str) -> String {
    let text = read(path);
    let at = text.find(start).unwrap_or_else(|| panic!("{path} has no {start:?}")) + start.len();
    text[at..at + text[at..].find(end).unwrap()].to_string()
}

#[test]
fn every_place_that_states_the_version_states_the_same_one() {
    let version = env!("CARGO_PKG_VERSION");
    let own = unsafe { CStr::from_ptr(spn_version_string()) }.to_str().unwrap();
    assert_eq!(own, version, "spn_version_string()");

    let abi = format!("{}.{}", SPN_ABI_VERSION >> 16, SPN_ABI_VERSION & 0xFFFF);
    let parts: Vec<&str> = version.split('.').collect();
    assert_eq!(parts.len(), 3, "{version} is major.minor.patch");
    assert_eq!(format!("{}.{}", parts[0], parts[1]), abi, "the version's major.minor is the ABI's");
    let header_abi = between("include/spine_native.h", "#define SPN_ABI_VERSION 0x", "\n");
    assert_eq!(u32::from_str_radix(&header_abi, 16).unwrap(), SPN_ABI_VERSION, "the header's SPN_ABI_VERSION");

    for (path, start, end) in [
        ("Cargo.toml", "[package]\nname = \"spine_native\"\nversion = \"", "\""),
        ("cli/Cargo.toml", "[package]\nname = \"spine-native\"\nversion = \"", "\""),
        ("bindings/python/pyproject.toml", "[project]\nname = \"spine_native\"\nversion = \"", "\""),
        ("bindings/csharp/SpineNative.csproj", "<Version>", "</Version>"),
    ] {
        assert_eq!(between(path, start, end), version, "{path}");
    }
    // The binding constants of the ABI this version is.
    assert_eq!(between("bindings/python/spine_native/_ffi.py", "ABI_VERSION = (1 << 16) | ", "\n"), parts[1]);
    assert_eq!(between("bindings/csharp/NativeMethods.Library.cs", "AbiVersion = (1u << 16) | ", "u;"), parts[1]);
    // The packaging scripts take the version from Cargo.toml, the file name from it.
    for script in ["packaging/install.sh", "packaging/unity/build.sh", "packaging/nuget/build.sh"] {
        assert!(
            read(script).contains(r#"version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)"#)
        );
    }
    assert!(read("packaging/install.sh").contains("realname=libspine_native.so.$version\n"));
    // What the README states.
    let readme = read("README.md");
    assert!(readme.contains(&format!("one version, {version}:")), "README states the version");
    assert!(readme.contains(&format!("`lib/libspine_native.so.{version}`")), "README names the library file");
    assert!(readme.contains(&format!("find_package(spine_native {abi} REQUIRED)")), "README's CMake quickstart");
}
