#!/usr/bin/env bash
# Runs every test of the project: Rust (unit, integration, conformance over the corpus,
# header staleness, the C/C++ ABI test under valgrind, the command line's tests), the
# README's commands as written, then the C++, C# and Python bindings, then the
# install/packaging tests (tests/run_install.sh). It installs nothing: .ci/run installs
# the system packages the tests need. The corpus comes from $SPINE_CORPUS (default
# ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
export SPINE_CORPUS="${SPINE_CORPUS:-$(pwd)/../shared/corpus}"
export SPINE_NATIVE_PROFILE=release

# One build of the library for everything: building the whole workspace resolves the
# same features as the test build below (the command line's clap derive brings what the
# dev-dependencies bring), so the tests reuse this libspine_native.so instead of
# compiling the library a second time.
cargo build --release --workspace
# --all-targets includes the benchmarks as brief smoke runs, which print no figures (the
# benchmark command is `cargo bench`, benches/README.md).
cargo test --release --workspace --all-targets
cargo test --release --workspace --doc
# The command line's SDL2 viewer (feature `view`), driven under Xvfb.
cargo test --release -p spine-native --features view --test view
# The README's commands, as written.
cargo run --release -p spine-native -- render --out demo.png
cargo run --release --example stickman >/dev/null
if [ -f tests/run_bindings.sh ]; then
  bash tests/run_bindings.sh
fi
# Install into a temporary prefix; packages and quickstarts from it (the library is built above).
SPINE_NATIVE_NO_BUILD=1 bash tests/run_install.sh
