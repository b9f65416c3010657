#!/usr/bin/env bash
# Builds the WebAssembly module of spine_native (the C ABI compiled to
# wasm32-unknown-unknown; its `extern "C"` functions are the module's exports) into
# bindings/js/spine_native.wasm.
#
#   bindings/js/build.sh
#
# Needs Debian's rustc-web, cargo-web, rust-web-src, lld and binaryen packages (.ci/run
# installs them): rustup has no wasm32 standard library here, so std is built from source
# (-Zbuild-std, about a minute the first time; target/wasm keeps it for later builds).
# Environment: SPINE_WASM_RUSTC / SPINE_WASM_CARGO override /usr/bin/rustc and /usr/bin/cargo.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rustc=${SPINE_WASM_RUSTC:-/usr/bin/rustc}
cargo=${SPINE_WASM_CARGO:-/usr/bin/cargo}
for tool in "$rustc" "$cargo" wasm-ld wasm-opt; do
    command -v "$tool" >/dev/null || {
        echo "build.sh: $tool not found; apt-get install rustc-web cargo-web rust-web-src lld binaryen" >&2
        exit 2
    }
done
cd "$repo"
# simd128: the `wide` crate's 4-lane vectors become WebAssembly SIMD instructions.
# panic=immediate-abort: a panic is a trap at once (the binding turns it into
# ModuleTrappedError), so no panic message is formatted and the formatting code goes.
# -Zlocation-detail=none: no file/line/column records for panics (they trap unprinted).
# -Zfmt-debug=shallow: derived Debug prints the type name only (error messages quote names
# with str's Debug, which is kept).
# --compress-relocations: the linker writes call and address operands in their shortest
# encoding instead of padded to five bytes (44 KB less raw, 2.4 KB less brotli).
RUSTC="$rustc" RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
    RUSTFLAGS="-C target-feature=+simd128 -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=shallow" \
    CARGO_TARGET_DIR="$repo/target/wasm" \
    "$cargo" rustc --lib --crate-type cdylib --profile wasm -Zbuild-std=std,panic_abort \
    --target wasm32-unknown-unknown -p spine_native \
    -- -C link-arg=--compress-relocations
# binaryen's wasm-opt, a few cheap passes after LLVM (locals coalesced and renumbered,
# identical functions merged): 2.5 KB less brotli, which keeps the module within 250 KB
# (bindings/js/README.md, Size). Its full -Oz makes the brotli size larger.
wasm-opt --enable-simd --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
    --enable-mutable-globals --enable-multivalue --enable-reference-types \
    --strip-debug --strip-producers \
    --coalesce-locals --reorder-locals --vacuum --duplicate-function-elimination \
    "$repo/target/wasm/wasm32-unknown-unknown/wasm/spine_native.wasm" -o "$repo/bindings/js/spine_native.wasm"
echo "build.sh: bindings/js/spine_native.wasm, $(stat -c %s "$repo/bindings/js/spine_native.wasm") bytes"
