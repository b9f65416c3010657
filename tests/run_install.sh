#!/usr/bin/env bash
# Install and packaging tests: installs into a temporary prefix with packaging/install.sh
# and checks what an engine programmer gets, each from a clean prefix / venv / folder:
#
#   install-prefix    packaging/install.sh into a temporary prefix
#   shared-library    SONAME, version (file name, pkg-config, CMake, spn_version_string), only
#                     spn_ exported, no debug info shipped (split off)
#   c-pkg-config      the README's C quickstart, built with `pkg-config --cflags --libs`, run
#   c-static          the same linked with the static library, run
#   cpp-cmake         the README's C++ quickstart with CMake find_package(spine_native), run
#   python-wheel      `pip wheel bindings/python`, installed into a fresh venv, the README's
#                     Python quickstart run with no SPINE_NATIVE_LIB set
#   nuget             packaging/nuget/build.sh: nupkg contents and nuspec, the assembly and the
#                     package's native library loaded under Mono by the README's C# quickstart
#   unity             packaging/unity/build.sh: package.json / asmdef parse, plugin import
#                     settings, the package's sources compile as Unity would (unsafe allowed)
#   integration-example examples/integration (ABI 1.8 conveniences: file atlas with a texture
#                     loader, data skin entries, GLES/WebGL render options, range separators,
#                     stable crowd ids; ABI 1.9: a new socket with a runtime region, reported
#                     by its skeleton) built with pkg-config, run under valgrind
#   sdl-gl-sample     examples/sdl_gl linked with the installed package (pkg-config) under
#                     Xvfb + Mesa, screenshot checked, in its CPU and GPU-skinning modes, the
#                     two screenshots compared (examples/sdl_gl/README.md): the quickstart rig
#                     (spineboy walk: 77% of the vertices skinned on the GPU, one mesh on the
#                     CPU) and celestial-circus swing (all on the GPU, four-influence vertices)
#   readme-*          the README's language sections as a new user follows them: a fresh
#                     `git clone` of the committed tree, each quickstart saved where its
#                     section says, each `<!-- steps: LANG -->` block run as written (bash -e)
#                     in the clone with a HOME of its own and no other variable of this
#                     environment. Python first: `pip install ./bindings/python` must build
#                     the native library itself (and, without cargo, fail in one line).
#
# Needs what .ci/run installs (cc, c++, cmake, pkg-config, mono, python3 venv, SDL2,
# Xvfb, Mesa); installs nothing itself. Closes with `install: N passed, M failed`.
set -uo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus=${SPINE_CORPUS:-../shared/corpus}
[[ $corpus == /* ]] || corpus=$repo/$corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
# The one version (tests/version.rs checks the sources agree; here, what is installed).
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
passed=0
failed=0

check() {
    local name=$1
    shift
    echo "=== install: $name"
    if "$@" >"$work/$name.log" 2>&1; then
        passed=$((passed + 1))
        tail -n 3 "$work/$name.log" | sed "s/^/  /"
        echo "install: $name ok"
    else
        failed=$((failed + 1))
        sed "s/^/  /" "$work/$name.log" | tail -n 40
        echo "install: $name FAILED"
    fi
}

# The rig the quickstarts play: spineboy's walk when present, else the first rig's first animation.
read -r atlas skel anim < <(python3 - "$corpus" <<'PY'
import json, sys
from pathlib import Path
corpus = Path(sys.argv[1])
rigs = sorted(p.parent for p in (corpus / "golden").glob("*/rig.json"))
rig = next((r for r in rigs if r.name == "spineboy"), rigs[0])
info = json.loads((rig / "rig.json").read_text())
names = [a["name"] for a in info["animations"]]
anim = "walk" if "walk" in names else names[0]
print(corpus / "rigs" / rig.name / info["input"]["atlas"], corpus / "rigs" / rig.name / f"{rig.name}-pro.skel", anim)
PY
)

# quickstart LANG FILE: the README code block marked `<!-- quickstart: LANG [SAVED-AS] -->`.
quickstart() {
    python3 - "$repo/README.md" "$1" >"$2" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"<!-- quickstart: %s(?: \S+)? -->\n```[a-z]*\n(.*?)```" % re.escape(sys.argv[2]), text, re.S)
if not m:
    sys.exit(f"README has no quickstart block for {sys.argv[2]}")
sys.stdout.write(m.group(1))
PY
}

expect_output() {  # the quickstarts print "<anim>: N vertices, ..."
    grep -E "^$anim: [1-9][0-9]* vertices, [1-9][0-9]* indices, [1-9][0-9]* draw ranges" "$1"
}

install_prefix() {
    SPINE_NATIVE_NO_BUILD=${SPINE_NATIVE_NO_BUILD:-0} "$repo/packaging/install.sh" "$prefix" --debug-info
}

shared_library() {
    local so
    so=$(readlink -f "$prefix/lib/libspine_native.so")
    echo "real name $(basename "$so"), $(stat -c %s "$so") bytes (build tree: $(stat -c %s "$repo/target/release/libspine_native.so") bytes)"
    grep -q 'Library soname: \[libspine_native.so.1\]' <<<"$(readelf -d "$so")" || { echo "no SONAME libspine_native.so.1"; return 1; }
    [[ $(readlink "$prefix/lib/libspine_native.so.1") == "$(basename "$so")" ]] || { echo "bad .so.1 link"; return 1; }
    if grep -q '\.debug_info' <<<"$(readelf -S "$so")"; then echo "debug info shipped"; return 1; fi
    grep -q '\.debug_info' <<<"$(readelf -S "$prefix/lib/debug/$(basename "$so").debug")" || { echo "no split debug info"; return 1; }
    grep -q '\.gnu_debuglink' <<<"$(readelf -S "$so")" || { echo "no debuglink"; return 1; }
    local exported others
    exported=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDB]$/ {print $3}' | grep -c '^spn_')
    others=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDB]$/ {print $3}' | grep -vc '^spn_')
    header=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import coverage; print(len(coverage.header_functions(open(sys.argv[2]).read())))' \
        "$repo/bindings/tools" "$prefix/include/spine_native.h")
    echo "exports $exported spn_ functions (header declares $header), $others other symbols"
    [[ $exported -eq $header && $others -eq 0 ]] || return 1
    # One version: the file name, pkg-config, CMake and the library's own string.
    [[ $(basename "$so") == "libspine_native.so.$version" ]] || { echo "real name is not .so.$version"; return 1; }
    local pc
    pc=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --modversion spine_native)
    echo "pkg-config version $pc"
    [[ $pc == "$version" ]] || { echo "pkg-config version $pc, expected $version"; return 1; }
    grep -q "^set(PACKAGE_VERSION \"$version\")" "$prefix/lib/cmake/spine_native/spine_nativeConfigVersion.cmake" ||
        { echo "CMake PACKAGE_VERSION is not $version"; return 1; }
    local own
    own=$(python3 -c 'import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); l.spn_version_string.restype = ctypes.c_char_p; print(l.spn_version_string().decode())' "$so")
    [[ $own == "$version" ]] || { echo "spn_version_string() is $own, expected $version"; return 1; }
    [[ -f $prefix/share/doc/spine_native/LICENSE-MIT && -f $prefix/share/doc/spine_native/LICENSE-APACHE ]]
}

c_pkg_config() {
    quickstart c "$work/quickstart.c" || return 1
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
    # shellcheck disable=SC2046
    cc -std=c99 -Wall -Wextra -Werror -pedantic -o "$work/quickstart_c" "$work/quickstart.c" \
        $(pkg-config --cflags --libs spine_native) -Wl,-rpath,"$prefix/lib" || return 1
    grep -q 'NEEDED.*libspine_native.so.1' <<<"$(readelf -d "$work/quickstart_c")" || { echo "not linked by SONAME"; return 1; }
    "$work/quickstart_c" "$atlas" "$skel" "$anim" | tee "$work/c.out"
    expect_output "$work/c.out" || return 1
    # A load error stops the program with the library's message.
    if "$work/quickstart_c" "$atlas" /nonexistent.skel "$anim" 2>"$work/c.err"; then return 1; fi
    grep -q "nonexistent" "$work/c.err"
}

c_static() {
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
    # shellcheck disable=SC2046
    cc -std=c99 -Wall -Wextra -Werror -o "$work/quickstart_static" "$work/quickstart.c" \
        $(pkg-config --cflags spine_native) "$prefix/lib/libspine_native.a" $(pkg-config --libs-only-l --static spine_native | sed 's/-lspine_native//') || return 1
    if readelf -d "$work/quickstart_static" | grep -q libspine_native; then echo "linked the shared library"; return 1; fi
    "$work/quickstart_static" "$atlas" "$skel" "$anim" | tee "$work/static.out"
    expect_output "$work/static.out"
}

cpp_cmake() {
    mkdir -p "$work/cpp"
    quickstart cmake "$work/cpp/CMakeLists.txt" && quickstart cpp "$work/cpp/quickstart.cpp" || return 1
    cmake -S "$work/cpp" -B "$work/cpp/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >/dev/null || return 1
    cmake --build "$work/cpp/build" >/dev/null || return 1
    "$work/cpp/build/quickstart" "$atlas" "$skel" "$anim" | tee "$work/cpp.out"
    expect_output "$work/cpp.out"
}

python_wheel() {
    local so
    so=$(readlink -f "$prefix/lib/libspine_native.so")
    SPINE_NATIVE_WHEEL_LIB=$so python3 -m pip wheel --no-deps -q -w "$work/wheels" "$repo/bindings/python" || return 1
    ls "$work"/wheels/*.whl
    ls "$work"/wheels/spine_native-"$version"-*.whl >/dev/null || { echo "the wheel is not version $version"; return 1; }
    # The listing is read whole first: `grep -q` stopping early would break the pipe.
    local listing
    listing=$(python3 -m zipfile -l "$work"/wheels/*.whl) || return 1
    grep -q 'spine_native/libspine_native.so' <<<"$listing" || return 1
    python3 -m venv "$work/venv" || return 1
    "$work/venv/bin/python" -m pip install -q --no-index "$work"/wheels/*.whl || return 1
    quickstart python "$work/quickstart.py" || return 1
    (cd "$work" && env -u SPINE_NATIVE_LIB -u PYTHONPATH LD_LIBRARY_PATH= "$work/venv/bin/python" quickstart.py "$atlas" "$skel" "$anim") | tee "$work/py.out"
    expect_output "$work/py.out" || return 1
    (cd "$work" && env -u SPINE_NATIVE_LIB "$work/venv/bin/python" -c \
        'import spine_native as sn, sys; p = sn.library_path(); print(p); sys.exit("/site-packages/spine_native/" not in p)')
}

nuget() {
    local so
    so=$(readlink -f "$prefix/lib/libspine_native.so")
    "$repo/packaging/nuget/build.sh" "$work/nuget" "$so" || return 1
    local pkg=$work/nuget/SpineNative.$version.nupkg
    mkdir -p "$work/nuget/unpacked" && (cd "$work/nuget/unpacked" && python3 -m zipfile -e "$pkg" .) || return 1
    for f in SpineNative.nuspec "[Content_Types].xml" _rels/.rels lib/net46/SpineNative.dll runtimes/linux-x64/native/libspine_native.so LICENSE-MIT LICENSE-APACHE; do
        [[ -f "$work/nuget/unpacked/$f" ]] || { echo "nupkg lacks $f"; return 1; }
    done
    python3 - "$work/nuget/unpacked/SpineNative.nuspec" "$repo/bindings/csharp/SpineNative.csproj" "$version" <<'PY' || return 1
import sys, xml.etree.ElementTree as ET
ns = {"n": "http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd"}
meta = ET.parse(sys.argv[1]).getroot().find("n:metadata", ns)
assert meta.find("n:id", ns).text == "SpineNative" and meta.find("n:version", ns).text == sys.argv[3]
proj = ET.parse(sys.argv[2]).getroot()
assert proj.find("PropertyGroup/TargetFramework").text == "netstandard2.0"
assert proj.find("PropertyGroup/AllowUnsafeBlocks").text == "true"
print("nuspec and csproj parse")
PY
    quickstart csharp "$work/Quickstart.cs" || return 1
    mcs -nologo -out:"$work/Quickstart.exe" -r:"$work/nuget/unpacked/lib/net46/SpineNative.dll" "$work/Quickstart.cs" || return 1
    cp "$work/nuget/unpacked/lib/net46/SpineNative.dll" "$work/"
    LD_LIBRARY_PATH="$work/nuget/unpacked/runtimes/linux-x64/native" mono "$work/Quickstart.exe" "$atlas" "$skel" "$anim" | tee "$work/cs.out"
    expect_output "$work/cs.out"
}

unity() {
    "$repo/packaging/unity/build.sh" "$work/unity" "$(readlink -f "$prefix/lib/libspine_native.so")" || return 1
    local pkg=$work/unity/com.spinenative.runtime
    python3 - "$pkg" "$version" <<'PY' || return 1
import json, sys
from pathlib import Path
pkg = Path(sys.argv[1])
manifest = json.loads((pkg / "package.json").read_text())
assert manifest["name"] == "com.spinenative.runtime" and manifest["version"] == sys.argv[2] and manifest["unity"] >= "2021.3"
asmdef = json.loads((pkg / "Runtime/SpineNative.Runtime.asmdef").read_text())
assert asmdef["allowUnsafeCode"] is True and asmdef["name"]
meta = (pkg / "Runtime/Plugins/Linux/x86_64/libspine_native.so.meta").read_text()
assert "PluginImporter:" in meta and "Standalone: Linux64" in meta and "CPU: x86_64" in meta
assert (pkg / "Runtime/Plugins/Linux/x86_64/libspine_native.so").stat().st_size > 100000
print("package.json, asmdef and plugin meta ok;", len(list((pkg / "Runtime").glob("*.cs"))), "sources")
PY
    mcs -target:library -unsafe -warn:4 -warnaserror -nologo -out:"$work/unity.dll" "$pkg"/Runtime/*.cs
}

integration_example() {
    bash "$repo/examples/integration/run.sh" "$prefix" "$atlas" "$skel" "$anim" "$work/integration"
}

sdl_gl_sample() {
    local cc=$corpus/rigs/celestial-circus min=50
    [[ $skel == */spineboy-pro.skel && $anim == walk ]] && min=75
    bash "$repo/examples/sdl_gl/run.sh" "$prefix" "$atlas" "$skel" "$anim" "$work/sdl" "$min" || return 1
    [[ -f $cc/celestial-circus-pro.skel ]] || return 0
    bash "$repo/examples/sdl_gl/run.sh" "$prefix" "$cc/celestial-circus.atlas" "$cc/celestial-circus-pro.skel" \
        swing "$work/sdl-celestial-circus" 100
}

# The README's sections from a fresh clone (see the top of this file).
clone=$work/clone
home=$work/home
cargo_home=${CARGO_HOME:-$HOME/.cargo}
rustup_home=${RUSTUP_HOME:-$HOME/.rustup}

readme_clone() {
    git clone -q "$repo" "$clone" || return 1
    git -C "$clone" log --oneline -1
    mkdir -p "$home/.cargo/bin"
    # Every quickstart, saved where its section says.
    python3 - "$clone/README.md" "$clone" <<'PY'
import re, sys
from pathlib import Path
text = open(sys.argv[1], encoding="utf-8").read()
found = re.findall(r"<!-- quickstart: (\S+) (\S+) -->\n```[a-z]*\n(.*?)```", text, re.S)
for lang, name, body in found:
    path = Path(sys.argv[2]) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")
    print(f"{lang}: saved {name}")
assert {lang for lang, _, _ in found} >= {"c", "cmake", "cpp", "csharp", "python", "js"}, found
PY
}

# in_clone COMMAND...: runs in the clone as a new user would (~/.cargo/bin on the PATH, as
# rustup sets it up; the toolchain's own homes; nothing else of this environment).
in_clone() {
    (cd "$clone" && env -i HOME="$home" PATH="$home/.cargo/bin:$PATH" CARGO_HOME="$cargo_home" \
        RUSTUP_HOME="$rustup_home" CARGO_INSTALL_ROOT="$home/.cargo" LANG=C.UTF-8 "$@")
}

# readme_steps LANG: the README's `<!-- steps: LANG -->` block, run as written.
readme_steps() {
    local script=$work/steps-$1.sh
    python3 - "$clone/README.md" "$1" >"$script" <<'PY' || return 1
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"<!-- steps: %s -->\n```sh\n(.*?)```" % re.escape(sys.argv[2]), text, re.S)
if not m:
    sys.exit(f"README has no steps block for {sys.argv[2]}")
sys.stdout.write(m.group(1))
PY
    in_clone bash -eo pipefail -x "$script" | tee "$work/steps-$1.out" || return 1
    [[ $1 == cli ]] || grep -E "^walk: [1-9][0-9]* vertices, [1-9][0-9]* indices, [1-9][0-9]* draw ranges" "$work/steps-$1.out"
}

python_without_cargo() {
    # Nothing built yet: without cargo, one line says what to run (no traceback).
    if in_clone env SPINE_NATIVE_CARGO=/nonexistent/cargo python3 -m pip wheel --no-deps -w "$work/nocargo" \
        ./bindings/python >"$work/nocargo.out" 2>&1; then
        echo "a wheel was built without a library or cargo"
        return 1
    fi
    cat "$work/nocargo.out"
    grep -q "spine_native: the native library is not built and cargo is not installed: install Rust (https://rustup.rs), then run \`cargo build --release -p spine_native\` in $clone" "$work/nocargo.out" || return 1
    if grep -q "Traceback" "$work/nocargo.out"; then echo "a traceback"; return 1; fi
    [[ ! -e $clone/target ]] || { echo "something was built"; return 1; }
}

readme_python() {
    readme_steps python || return 1
    # The install built the library (nothing was built before it).
    [[ -f $clone/target/release/libspine_native.so ]] || { echo "pip did not build the library"; return 1; }
    grep -q "/site-packages/spine_native/libspine_native.so" <<<"$(in_clone .venv/bin/python -c 'import spine_native; print(spine_native.library_path())')"
}

readme_cli() {
    readme_steps cli || return 1
    [[ -x $home/.cargo/bin/spine-native && -s $clone/wave.gif ]]
}

check readme-clone readme_clone
check readme-python-without-cargo python_without_cargo
check readme-python readme_python
check readme-c readme_steps c
check readme-cpp readme_steps cpp
check readme-csharp readme_steps csharp
check readme-js readme_steps js
check readme-cli readme_cli
check install-prefix install_prefix
check shared-library shared_library
check c-pkg-config c_pkg_config
check c-static c_static
check cpp-cmake cpp_cmake
check python-wheel python_wheel
check nuget nuget
check unity unity
check integration-example integration_example
if [[ -f $repo/examples/sdl_gl/run.sh ]]; then
    check sdl-gl-sample sdl_gl_sample
fi
echo "install: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
