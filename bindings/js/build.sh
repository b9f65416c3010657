#!/usr/bin/env bash
# Builds the WebAssembly module of spine_native (the C ABI compiled to
# wasm32-unknown-unknown; its `extern "C"` functions are the module's exports) into
# bindings/js/spine_native.wasm.
#
#   bindings/js/build.sh
#
# Needs Debian's rustc-web, cargo-web, rust-web-src and lld packages (.ci/run installs
# them): rustup has no wasm32 standard library here, so std is built from source
# (-Zbuild-std, about a minute the first time; target/wasm keeps it for later builds).
# Environment: SPINE_WASM_RUSTC / SPINE_WASM_CARGO override /usr/bin/rustc and /usr/bin/cargo.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rustc=${SPINE_WASM_RUSTC:-/usr/bin/rustc}
cargo=${SPINE_WASM_CARGO:-/usr/bin/cargo}
for tool in "$rustc" "$cargo" wasm-ld; do
    command -v "$tool" >/dev/null || {
        echo "build.sh: $tool not found; apt-get install rustc-web cargo-web rust-web-src lld" >&2
        exit 2
    }
done
cd "$repo"
# simd128: the `wide` crate's 4-lane vectors become WebAssembly SIMD instructions.
RUSTC="$rustc" RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
    RUSTFLAGS="-C target-feature=+simd128" CARGO_TARGET_DIR="$repo/target/wasm" \
    "$cargo" rustc --lib --crate-type cdylib --profile wasm -Zbuild-std=std,panic_abort \
    --target wasm32-unknown-unknown -p spine_native
cp "$repo/target/wasm/wasm32-unknown-unknown/wasm/spine_native.wasm" "$repo/bindings/js/spine_native.wasm"
echo "build.sh: bindings/js/spine_native.wasm, $(stat -c %s "$repo/bindings/js/spine_native.wasm") bytes"
