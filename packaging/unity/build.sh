#!/usr/bin/env bash
# Builds the Unity package (UPM layout) of the C# binding:
#
#   packaging/unity/build.sh OUT_DIR [LIBRARY]
#
# OUT_DIR/com.spinenative.runtime/
#   package.json                         UPM manifest (Unity 2021.3+)
#   README.md, LICENSE-MIT, LICENSE-APACHE
#   Runtime/SpineNative.Runtime.asmdef    assembly definition (allowUnsafeCode: the zero-copy
#                                         render views use pointers)
#   Runtime/*.cs                          the binding sources (bindings/csharp, no tests)
#   Runtime/Plugins/Linux/x86_64/libspine_native.so (+ .meta: plugin import settings)
# Add it with Package Manager > Add package from disk (package.json), or as a local path in
# Packages/manifest.json. Other platforms' libraries go next to the Linux one with their
# own .meta (see README.md in the package).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: build.sh OUT_DIR [LIBRARY]}
lib=${2:-$repo/target/release/libspine_native.so}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
pkg=$out/com.spinenative.runtime
rm -rf "$pkg"
mkdir -p "$pkg/Runtime/Plugins/Linux/x86_64"
for f in "$repo"/bindings/csharp/*.cs; do
    [[ $(basename "$f") == Tests* ]] || cp "$f" "$pkg/Runtime/"
done
install -m 0755 "$lib" "$pkg/Runtime/Plugins/Linux/x86_64/libspine_native.so"
strip --strip-debug "$pkg/Runtime/Plugins/Linux/x86_64/libspine_native.so"
cp "$repo/LICENSE-MIT" "$repo/LICENSE-APACHE" "$pkg/"
guid() { printf '%s' "$1" | md5sum | cut -c1-32; }
cat >"$pkg/package.json" <<JSON
{
  "name": "com.spinenative.runtime",
  "version": "$version",
  "displayName": "spine_native",
  "description": "Spine 4.3 skeletal-animation runtime (native library with a C# binding; no managed allocation per frame).",
  "unity": "2021.3",
  "license": "MIT OR Apache-2.0",
  "keywords": ["spine", "animation", "skeletal"],
  "author": { "name": "spine_native contributors" }
}
JSON
cat >"$pkg/Runtime/SpineNative.Runtime.asmdef" <<'JSON'
{
  "name": "SpineNative.Runtime",
  "rootNamespace": "SpineNative",
  "references": [],
  "includePlatforms": [],
  "excludePlatforms": [],
  "allowUnsafeCode": true,
  "overrideReferences": false,
  "autoReferenced": true,
  "defineConstraints": [],
  "noEngineReferences": true
}
JSON
cat >"$pkg/Runtime/Plugins/Linux/x86_64/libspine_native.so.meta" <<META
fileFormatVersion: 2
guid: $(guid com.spinenative.runtime/libspine_native.so/linux-x86_64)
PluginImporter:
  externalObjects: {}
  serializedVersion: 2
  iconMap: {}
  executionOrder: {}
  defineConstraints: []
  isPreloaded: 0
  isOverridable: 0
  isExplicitlyReferenced: 0
  validateReferences: 1
  platformData:
  - first:
      Any:
    second:
      enabled: 0
      settings: {}
  - first:
      Editor: Editor
    second:
      enabled: 1
      settings:
        CPU: x86_64
        DefaultValueInitialized: true
        OS: Linux
  - first:
      Standalone: Linux64
    second:
      enabled: 1
      settings:
        CPU: x86_64
  userData:
  assetBundleName:
  assetBundleVariant:
META
cat >"$pkg/README.md" <<'MD'
# spine_native (Unity package)

The C# binding of spine_native and its native library. Requires Unity 2021.3 or later
(API compatibility level .NET Standard 2.1 or .NET Framework; `allowUnsafeCode` is set by
the assembly definition).

Plugin import settings (`Runtime/Plugins/Linux/x86_64/libspine_native.so.meta`): enabled
for the Editor on Linux x86_64 and for Standalone Linux64, CPU x86_64, disabled for every
other platform. A library for another platform goes in its own folder with the same kind
of settings (e.g. `Plugins/Windows/x86_64/spine_native.dll`: Editor Windows x86_64 +
Standalone Win64; `Plugins/macOS/libspine_native.dylib`: Editor OSX + Standalone OSX).
The binding imports the library as `spine_native`, which Unity resolves to the plugin.

Per frame, `AnimationState.Update/Apply/Poll`, `Skeleton.Update/UpdateWorldTransform`,
`Renderer.Render` and the `RenderOutput.Copy*` helpers allocate no managed memory: copy
into arrays you keep (e.g. for `Mesh.SetVertices` / `Mesh.SetIndices`).
MD
echo "unity: $pkg"
