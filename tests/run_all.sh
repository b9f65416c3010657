#!/usr/bin/env bash
# Runs every test of the project: Rust (unit, integration, conformance over the corpus,
# header staleness, the C/C++ ABI test under valgrind), then the C++, C# and Python
# bindings, then the install/packaging tests (tests/run_install.sh). It installs nothing:
# .ci/run installs the system packages the tests need. The corpus comes from $SPINE_CORPUS (default ../shared/corpus).
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
# Install into a temporary prefix; packages and quickstarts from it (the library is built above).
SPINE_NATIVE_NO_BUILD=1 bash tests/run_install.sh
