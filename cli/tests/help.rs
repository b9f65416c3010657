//! Every subcommand explains itself, and misuse is a clear error.

mod support;

#[test]
fn every_subcommand_has_help() {
    for sub in ["info", "validate", "render", "convert"] {
        let (code, out, err) = support::run(&[sub, "--help"]);
        assert_eq!(code, 0, "{sub}: {err}");
        assert!(out.contains("Usage: spine-native"), "{sub}: {out}");
    }
    let (code, out, _) = support::run(&["--help"]);
    assert_eq!(code, 0);
    for sub in ["info", "validate", "render", "convert"] {
        assert!(out.contains(sub), "{out}");
    }
}

#[test]
fn a_wrong_output_extension_is_refused() {
    let dir = support::scratch("help-convert");
    let (json, _) = support::demo_files(&dir);
    let out = dir.join("demo.txt");
    let (code, _, err) = support::run(&["convert", json.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("the output must end in .skel or .json"), "{err}");
}

#[test]
#[cfg(not(feature = "view"))]
fn view_without_the_feature_says_how_to_get_it() {
    for args in [&["view"][..], &["view", "rig.skel", "--animation", "walk"][..]] {
        let (code, _, err) = support::run(args);
        assert_eq!(code, 2);
        assert!(err.contains("built without the viewer: cargo install --path cli --features view"), "{err}");
    }
    let (_, out, _) = support::run(&["--help"]);
    assert!(out.contains("view"), "{out}");
}
