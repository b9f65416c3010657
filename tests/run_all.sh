#!/usr/bin/env bash
# Runs every test of the project: Rust (unit, integration, conformance over the corpus,
# header staleness, the C/C++ ABI test under valgrind), then the C++, C# and Python
# bindings. The corpus comes from $SPINE_CORPUS (default ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
export SPINE_CORPUS="${SPINE_CORPUS:-$(pwd)/../shared/corpus}"
export SPINE_NATIVE_PROFILE=release

cargo build --release --lib
cargo test --release --all-targets
cargo test --release --doc
if [ -f tests/run_bindings.sh ]; then
  bash tests/run_bindings.sh
fi
