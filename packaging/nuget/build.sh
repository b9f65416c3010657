#!/usr/bin/env bash
# Builds the NuGet package of the C# binding with what Mono offers (mcs + zip):
#
#   packaging/nuget/build.sh OUT_DIR [LIBRARY]
#
# OUT_DIR/SpineNative.<version>.nupkg, and OUT_DIR/layout/ unpacked:
#   SpineNative.nuspec, lib/net46/SpineNative.dll (+ .xml docs; mcs builds against Mono's 4.x
#   framework profile, hence net46, which Unity, Mono and .NET (with NU1701) consume),
#   runtimes/linux-x64/native/libspine_native.so, LICENSE-MIT, LICENSE-APACHE
# LIBRARY defaults to target/release/libspine_native.so (stripped on the way).
# mcs compiles against Mono's profile of the framework (mscorlib 4.x): the assembly runs on
# Mono, Unity and .NET; `dotnet pack bindings/csharp/SpineNative.csproj` builds the same
# sources as a true netstandard2.0 assembly where the .NET SDK is available.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: build.sh OUT_DIR [LIBRARY]}
# Absolute: the package is zipped from inside the layout folder.
mkdir -p "$out"
out=$(cd "$out" && pwd)
lib=${2:-$repo/target/release/libspine_native.so}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
layout=$out/layout
rm -rf "$layout"
mkdir -p "$layout/lib/net46" "$layout/runtimes/linux-x64/native"
sources=()
for f in "$repo"/bindings/csharp/*.cs; do
    [[ $(basename "$f") == Tests* ]] || sources+=("$f")
done
mcs -target:library -unsafe -optimize -warn:4 -warnaserror -nologo -langversion:7.2 \
    -doc:"$layout/lib/net46/SpineNative.xml" -out:"$layout/lib/net46/SpineNative.dll" "${sources[@]}" -nowarn:1591
install -m 0755 "$lib" "$layout/runtimes/linux-x64/native/libspine_native.so"
strip --strip-debug "$layout/runtimes/linux-x64/native/libspine_native.so"
cp "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" "$layout/"
cat >"$layout/SpineNative.nuspec" <<XML
<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
  <metadata>
    <id>SpineNative</id>
    <version>$version</version>
    <authors>spine_native contributors</authors>
    <description>Spine 4.3 skeletal-animation runtime: C# binding of the spine_native C ABI, native library included.</description>
    <license type="expression">MIT OR Apache-2.0</license>
    <dependencies><group targetFramework=".NETFramework4.6" /></dependencies>
  </metadata>
</package>
XML
cat >"$layout/[Content_Types].xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="nuspec" ContentType="application/octet" />
  <Default Extension="dll" ContentType="application/octet" />
  <Default Extension="xml" ContentType="application/octet" />
  <Default Extension="so" ContentType="application/octet" />
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />
  <Override PartName="/LICENSE-MIT" ContentType="application/octet" />
  <Override PartName="/LICENSE-APACHE" ContentType="application/octet" />
</Types>
XML
mkdir -p "$layout/_rels"
cat >"$layout/_rels/.rels" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Type="http://schemas.microsoft.com/packaging/2010/07/manifest" Target="/SpineNative.nuspec" Id="R0" />
</Relationships>
XML
rm -f "$out/SpineNative.$version.nupkg"
(cd "$layout" && python3 - "$out/SpineNative.$version.nupkg" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk("."):
        for f in sorted(files):
            path = os.path.join(root, f)[2:]
            z.write(path, path)
PY
)
echo "nuget: $out/SpineNative.$version.nupkg"
