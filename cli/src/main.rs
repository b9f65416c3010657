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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info(args) => info::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Validate(args) => validate::run(&args),
        Command::Render(args) => render::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Convert(args) => write::run(&args).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(Failure(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
