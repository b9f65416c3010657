//! `spine-native`: inspect, validate, render and convert Spine 4.3 skeletons.
//!
//! With no skeleton file, `info` and `render` use the demo rig built into the binary.

use clap::{Parser, Subcommand};
use spine_native_cli::{info, render, validate, write, Failure};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "spine-native",
    version,
    about = "Inspect, validate, render and convert Spine 4.3 skeletons (.skel / .json)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print what a skeleton holds: version, counts, bone tree, slots, skins, animations,
    /// events, constraints and atlas pages.
    Info(info::Args),
    /// Report load errors and lint findings, each a warning or an error (`--allow`, `--warn`,
    /// `--deny` choose). Exit status: 0 nothing reported, 1 warnings only, 2 an error
    /// finding (a missing region, by default) or cannot load.
    Validate(validate::Args),
    /// Draw a skeleton with its atlas pages to a PNG (one frame or a sprite sheet), an
    /// animated PNG or a GIF.
    Render(render::Args),
    /// Convert between JSON and binary: `convert in.json out.skel` or `convert in.skel out.json`.
    Convert(write::Args),
    /// Play a skeleton in a window (SDL2): keys for animation, skin, speed, pause/step,
    /// loop and overlays; the title is the status line. Built with `--features view`.
    #[cfg(feature = "view")]
    View(spine_native_cli::view::Args),
    /// Play a skeleton in a window: this build has no viewer; install one with
    /// `cargo install --path cli --features view` (needs SDL2, Debian: libsdl2-dev).
    #[cfg(not(feature = "view"))]
    View {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info(args) => info::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Validate(args) => validate::run(&args),
        Command::Render(args) => render::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Convert(args) => write::run(&args).map(|()| ExitCode::SUCCESS),
        #[cfg(feature = "view")]
        Command::View(args) => spine_native_cli::view::run(&args).map(|()| ExitCode::SUCCESS),
        #[cfg(not(feature = "view"))]
        Command::View { .. } => Err(Failure(
            "this spine-native was built without the viewer: cargo install --path cli --features view (needs \
             SDL2, Debian: libsdl2-dev)"
                .into(),
        )),
    };
    match result {
        Ok(code) => code,
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
