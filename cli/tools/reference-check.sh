#!/usr/bin/env bash
# Dev check (not part of CI; needs node and npm): converts every corpus rig's JSON to a
# .skel with `spine-native convert`, loads that .skel in the official reference runtime
# (spine-core, through the corpus tools' replay.mjs) and replays the rig's golden
# scenarios from it, then compares the result with the golden files strictly.
#
#   cli/tools/reference-check.sh [scenarios-per-rig]     (default 2; 0 = all)
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus="${SPINE_CORPUS:-$(pwd)/../shared/corpus}"
per_rig="${1:-2}"
work="${TMPDIR:-/tmp}/spine-native-reference-check"
rm -rf "$work" && mkdir -p "$work"
cp -r "$corpus/tools/golden" "$work/tools"
(cd "$work/tools" && npm install --no-audit --no-fund --silent >/dev/null)
cargo build --release -p spine-native >/dev/null 2>&1
cli=target/release/spine-native
pass=0
fail=0
for golden in "$corpus"/golden/*/; do
  rig=$(basename "$golden")
  dir="$corpus/rigs/$rig"
  json=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['input']['skeleton'])" "$golden/rig.json")
  atlas=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1]))['input']['atlas'])" "$golden/rig.json")
  case "$json" in *.json) ;; *) continue ;; esac
  mkdir -p "$work/$rig"
  skel="$work/$rig/$rig-converted.skel"
  "$cli" convert "$dir/$json" "$skel" --nonessential 2>"$work/$rig/convert.log"
  count=0
  for scenario in "$golden"/*.json.gz; do
    [ "$per_rig" != 0 ] && [ "$count" -ge "$per_rig" ] && break
    count=$((count + 1))
    name=$(basename "$scenario" .json.gz)
    out="$work/$rig/$name.json.gz"
    if node "$work/tools/replay.mjs" "$dir" "$scenario" "$out" --skeleton "$skel" --atlas "$dir/$atlas" >"$work/$rig/$name.log" 2>&1 \
      && node "$work/tools/compare.mjs" "$scenario" "$out" --summary-only >>"$work/$rig/$name.log" 2>&1; then
      pass=$((pass + 1))
      echo "ok   $rig/$name ($(stat -c %s "$skel") byte .skel)"
    else
      fail=$((fail + 1))
      echo "FAIL $rig/$name: see $work/$rig/$name.log"
    fi
  done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
