#!/usr/bin/env bash
# Installs libspine_native like a system C library:
#
#   packaging/install.sh PREFIX [--debug-info]
#
#   PREFIX/lib/libspine_native.so.A.B.C     shared library, SONAME libspine_native.so.A
#   PREFIX/lib/libspine_native.so.A, .so    symlinks
#   PREFIX/lib/libspine_native.a            static library (debug info stripped)
#   PREFIX/lib/debug/libspine_native.so.A.B.C.debug   split debug info (--debug-info)
#   PREFIX/include/spine_native.h, spine_native.hpp   C header, C++ wrapper
#   PREFIX/lib/pkgconfig/spine_native.pc
#   PREFIX/lib/cmake/spine_native/spine_nativeConfig.cmake (+ ConfigVersion):
#       find_package(spine_native) -> spine_native::spine_native (shared), spine_native::static
#   PREFIX/share/doc/spine_native/LICENSE-MIT, LICENSE-APACHE
#
# A.B.C is the one version of the project (the crate version, spn_version_string(), the
# pkg-config / CMake version): A and B are the ABI major and minor (SPN_ABI_VERSION in
# include/spine_native.h; this script fails when they disagree), C counts releases of the
# same ABI. The SONAME changes only with an incompatible ABI.
#
# Why not cargo-c: building it costs ~10 minutes of CI on 2 cores (`cargo install cargo-c`,
# Debian's 0.9 is too old for this toolchain), and it would build the library a second
# time. `cargo build --release` already makes the static library; this script links the
# shared library from it with the SONAME and an export list of the spn_ functions (what
# cargo-c and rustc's cdylib do), splits off the debug info, and writes the .pc and CMake
# files cargo-c would. target/release/libspine_native.so itself stays as cargo built it,
# so in-tree tests that link it are unaffected.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${1:?usage: packaging/install.sh PREFIX [--debug-info]}
debug_info=0
[[ ${2:-} == --debug-info ]] && debug_info=1
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
profile=${SPINE_NATIVE_PROFILE:-release}
libdir_build=$repo/target/$profile
static=$libdir_build/libspine_native.a

if [[ ${SPINE_NATIVE_NO_BUILD:-0} != 1 ]]; then
    (cd "$repo" && cargo build --profile "$profile" --lib --quiet)
fi
[[ -f $static ]] || { echo "install: $static not found (cargo build --release --lib)" >&2; exit 2; }

abi=$(sed -n 's/^#define SPN_ABI_VERSION 0x\([0-9a-fA-F]*\)$/\1/p' "$repo/include/spine_native.h")
abi_major=$((16#$abi >> 16))
abi_minor=$((16#$abi & 0xFFFF))
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
if [[ ${version%.*} != "$abi_major.$abi_minor" ]]; then
    echo "install: crate version $version does not start with the ABI version $abi_major.$abi_minor" >&2
    exit 2
fi
soname=libspine_native.so.$abi_major
realname=libspine_native.so.$version
# What Rust's std needs from the C runtime on linux-gnu (rustc --print native-static-libs).
native_libs="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '{\n  global: spn_*;\n  local: *;\n};\n' >"$work/exports.map"

mkdir -p "$prefix/lib/pkgconfig" "$prefix/lib/cmake/spine_native" "$prefix/include" "$prefix/share/doc/spine_native"
cc -shared -o "$work/$realname" -Wl,-soname,"$soname" -Wl,--version-script="$work/exports.map" \
    -Wl,--whole-archive "$static" -Wl,--no-whole-archive -Wl,--gc-sections -Wl,-z,relro,-z,now -Wl,--as-needed \
    $native_libs
if [[ $debug_info == 1 ]]; then
    mkdir -p "$prefix/lib/debug"
    objcopy --only-keep-debug "$work/$realname" "$prefix/lib/debug/$realname.debug"
fi
strip --strip-unneeded "$work/$realname"
if [[ $debug_info == 1 ]]; then
    objcopy --add-gnu-debuglink="$prefix/lib/debug/$realname.debug" "$work/$realname"
fi
install -m 0755 "$work/$realname" "$prefix/lib/$realname"
ln -sf "$realname" "$prefix/lib/$soname"
ln -sf "$soname" "$prefix/lib/libspine_native.so"
install -m 0644 "$static" "$prefix/lib/libspine_native.a"
strip --strip-debug "$prefix/lib/libspine_native.a"
install -m 0644 "$repo/include/spine_native.h" "$prefix/include/spine_native.h"
install -m 0644 "$repo/bindings/cpp/spine_native.hpp" "$prefix/include/spine_native.hpp"
install -m 0644 "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" "$prefix/share/doc/spine_native/"

cat >"$prefix/lib/pkgconfig/spine_native.pc" <<PC
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: spine_native
Description: Spine 4.3 skeletal-animation runtime (C ABI, ABI $abi_major.$abi_minor)
Version: $version
Libs: -L\${libdir} -lspine_native
Libs.private: ${native_libs% -lc}
Cflags: -I\${includedir}
PC

cat >"$prefix/lib/cmake/spine_native/spine_nativeConfig.cmake" <<'CMAKE'
# spine_native CMake package: find_package(spine_native) gives
#   spine_native::spine_native  the shared library (C header spine_native.h, C++ spine_native.hpp)
#   spine_native::static        the static library
get_filename_component(_spine_native_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET spine_native::spine_native)
  add_library(spine_native::spine_native SHARED IMPORTED)
  set_target_properties(spine_native::spine_native PROPERTIES
    IMPORTED_LOCATION "${_spine_native_prefix}/lib/@REALNAME@"
    IMPORTED_SONAME "@SONAME@"
    INTERFACE_INCLUDE_DIRECTORIES "${_spine_native_prefix}/include")
endif()
if(NOT TARGET spine_native::static)
  add_library(spine_native::static STATIC IMPORTED)
  set_target_properties(spine_native::static PROPERTIES
    IMPORTED_LOCATION "${_spine_native_prefix}/lib/libspine_native.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_spine_native_prefix}/include"
    INTERFACE_LINK_LIBRARIES "gcc_s;util;rt;pthread;m;dl")
endif()
set(spine_native_ABI_VERSION "@ABI@")
unset(_spine_native_prefix)
CMAKE
sed -i "s/@REALNAME@/$realname/; s/@SONAME@/$soname/; s/@ABI@/$abi_major.$abi_minor/" \
    "$prefix/lib/cmake/spine_native/spine_nativeConfig.cmake"

cat >"$prefix/lib/cmake/spine_native/spine_nativeConfigVersion.cmake" <<CMAKE
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  # The ABI grows compatibly within a major version.
  string(REGEX MATCH "^[0-9]+" _have "\${PACKAGE_VERSION}")
  string(REGEX MATCH "^[0-9]+" _want "\${PACKAGE_FIND_VERSION}")
  if(PACKAGE_FIND_VERSION STREQUAL "" OR _have STREQUAL _want)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  else()
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  endif()
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
CMAKE
echo "install: $prefix/lib/$realname (SONAME $soname, $(stat -c %s "$prefix/lib/$realname") bytes), version $version"
