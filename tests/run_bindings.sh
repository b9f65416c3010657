#!/usr/bin/env bash
# Checks that every header function is wrapped (bindings/tools/coverage.py), then builds and
# runs the language-binding test suites (C++, C#, Python) against the built
# libspine_native and the corpus rigs, then builds the WebAssembly module
# (bindings/js/build.sh) and runs the JavaScript suite (`npm test` in bindings/js), then the
# WebGL2 page (examples/web) in headless Chromium with its screenshot checked.
#
#   cargo build --release && bash tests/run_bindings.sh
#
# Environment:
#   SPINE_NATIVE_PROFILE  cargo profile folder of the library under target/ (default release)
#   SPINE_CORPUS          corpus folder (default ../shared/corpus; relative to the repo root)
#   SPINE_CORPUS42        Spine 4.2 corpus folder (default ../shared/corpus42; relative to the
#                         repo root). Its exports are loaded by each suite and replayed as the
#                         golden `v42` cases; an absent default folder skips them, a set
#                         variable whose folder holds no rigs fails.
#
# Each suite prints its closing "N passed, M failed" line; the script exits non-zero when
# any suite fails (all suites run regardless).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
profile=${SPINE_NATIVE_PROFILE:-release}
libdir=$repo/target/$profile
lib=$libdir/libspine_native.so
if [[ ! -f $lib ]]; then
    echo "run_bindings: $lib not found; build it first (cargo build --profile $profile)" >&2
    exit 2
fi

corpus=${SPINE_CORPUS:-../shared/corpus}
[[ $corpus == /* ]] || corpus=$repo/$corpus
corpus=$(cd "$corpus" && pwd)
export SPINE_CORPUS=$corpus

# Set: resolved and passed on (the tools then require rigs there). Unset: every tool looks at
# the same default and skips the 4.2 cases when it is not there.
if [[ -n ${SPINE_CORPUS42:-} ]]; then
    [[ $SPINE_CORPUS42 == /* ]] || SPINE_CORPUS42=$repo/$SPINE_CORPUS42
    export SPINE_CORPUS42
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Tools: installed by .ci/run (this script installs nothing).
missing=()
command -v mcs >/dev/null || missing+=("mcs (Debian mono-mcs)")
command -v mono >/dev/null || missing+=("mono (Debian mono-runtime)")
python3 -c 'import pytest' 2>/dev/null || missing+=("pytest (PyPI)")
command -v node >/dev/null || missing+=("node (Debian nodejs)")
command -v npm >/dev/null || missing+=("npm (Debian npm)")
command -v wasm-ld >/dev/null || missing+=("wasm-ld (Debian lld)")
command -v wasm-opt >/dev/null || missing+=("wasm-opt (Debian binaryen)")
command -v "${CHROMIUM:-chromium}" >/dev/null || missing+=("chromium (Debian chromium)")
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "run_bindings: missing ${missing[*]}; run .ci/run once to install what the tests need" >&2
    exit 2
fi

python3 "$repo/bindings/tools/rig_manifest.py" "$corpus" >"$work/rigs.tsv"
python3 "$repo/bindings/tools/rig_manifest.py" --v42 >"$work/rigs42.tsv"
python3 "$repo/bindings/tools/golden_cases.py" prepare "$corpus" "$work/golden"
echo "run_bindings: $(grep -c '^rig' "$work/rigs.tsv") rigs from $corpus," \
    "$(grep -c '^rig42' "$work/rigs42.tsv" || true) Spine 4.2 exports from ${SPINE_CORPUS42:-the default 4.2 corpus}," \
    "library $lib"

failed_suites=()
closing_lines=()

# run_suite NAME CMD...: runs CMD, shows its output, records its last line and outcome.
# (CMD runs on the left of `||`, where `set -e` does not apply: suites chain with &&.)
run_suite() {
    local name=$1
    shift
    echo "=== $name"
    local status=0
    "$@" 2>&1 | tee "$work/$name.log" || status=$?
    local last
    last=$(grep -v '^\s*$' "$work/$name.log" | tail -n 1 || true)
    [[ $last == "$name: "* ]] || last="$name: $last"
    closing_lines+=("$last")
    if [[ $status -ne 0 ]]; then
        failed_suites+=("$name")
    fi
}

cpp_suite() {
    g++ -std=c++17 -Wall -Wextra -Werror -pedantic -O1 \
        -I "$repo/include" -I "$repo/bindings/cpp" \
        "$repo/bindings/cpp/test_bindings.cpp" -o "$work/test_bindings" \
        -L "$libdir" -lspine_native -Wl,-rpath,"$libdir" -pthread &&
        "$work/test_bindings" "$work/rigs.tsv" "$work/rigs42.tsv" "$work/golden/cases.tsv" "$work/golden/cpp.dump"
}

csharp_suite() {
    mcs -unsafe -warn:4 -warnaserror -nologo -out:"$work/Tests.exe" "$repo"/bindings/csharp/*.cs &&
        LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" mono "$work/Tests.exe" "$work/rigs.tsv" \
            "$work/rigs42.tsv" "$work/golden/cases.tsv" "$work/golden/csharp.dump"
}

# golden_suite LANG: the golden frames against what LANG's suite replayed.
golden_suite() {
    python3 "$repo/bindings/tools/golden_cases.py" compare "$corpus" "$work/golden" "$1"
}

python_suite() {
    SPINE_NATIVE_LIB="$lib" PYTHONDONTWRITEBYTECODE=1 \
        python3 -m pytest -q -p no:cacheprovider "$repo/bindings/python/tests"
}

js_suite() {
    bash "$repo/bindings/js/build.sh" >"$work/wasm-build.log" 2>&1 || { tail -n 30 "$work/wasm-build.log"; return 1; }
    tail -n 1 "$work/wasm-build.log"
    python3 "$repo/bindings/js/tools/gen_abi.py" --check || return 1
    # node's own closing lines are `# pass N` / `# fail M`: summed up as the other suites'.
    local status=0 pass fail
    (cd "$repo/bindings/js" && npm test --silent) >"$work/js.out" 2>&1 || status=$?
    cat "$work/js.out"
    pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$work/js.out" | tail -n 1)
    fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$work/js.out" | tail -n 1)
    echo "${pass:-0} passed, ${fail:-0} failed"
    return $status
}

# The WebGL2 page in headless Chromium (software WebGL), its screenshot checked against the
# CPU-side render output (examples/web/README.md); uses the module js_suite built.
web_suite() {
    [[ -f $repo/bindings/js/spine_native.wasm ]] || { echo "web: no module (the js suite builds it)"; return 1; }
    node "$repo/examples/web/test/screenshot.mjs" "$work/web"
}

coverage_suite() {
    python3 "$repo/bindings/tools/coverage.py" "$repo"
}

run_suite coverage coverage_suite
run_suite cpp cpp_suite
run_suite golden-cpp golden_suite cpp
run_suite csharp csharp_suite
run_suite golden-csharp golden_suite csharp
run_suite python python_suite
run_suite js js_suite
run_suite web web_suite

echo "=== summary"
printf '%s\n' "${closing_lines[@]}"
if [[ ${#failed_suites[@]} -ne 0 ]]; then
    echo "run_bindings: failed suites: ${failed_suites[*]}"
    echo "bindings: $((8 - ${#failed_suites[@]})) passed, ${#failed_suites[@]} failed"
    exit 1
fi
echo "bindings: 8 passed, 0 failed"
