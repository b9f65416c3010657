#!/usr/bin/env bash
# Copies seeds from the corpus rigs into fuzz/corpus/<target>/ (ignored by git, never
# committed). Each seed is one byte naming the rig (its index in the sorted rig folders,
# as the targets count them) followed by the file.
#
#   ./seed.sh              # the 4.3 corpus ($SPINE_CORPUS or ../../shared/corpus) into corpus/
#   ./seed.sh 42           # the 4.2 corpus ($SPINE_CORPUS42 or ../../shared/corpus42) into corpus42/;
#                          # run the targets with SPINE_CORPUS set to that corpus too, so that the
#                          # first byte names its rigs
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = 42 ]; then
  corpus="${SPINE_CORPUS42:-$(pwd)/../../shared/corpus42}"
  out=corpus42
else
  corpus="${SPINE_CORPUS:-$(pwd)/../../shared/corpus}"
  out=corpus
fi
mkdir -p "$out/load_binary" "$out/load_json" "$out/load_atlas" "$out/play"
i=0
for dir in $(ls -d "$corpus"/rigs/*/ | sort); do
  name=$(basename "$dir")
  byte=$(printf '\\x%02x' $((i % 256)))
  for f in "$dir"/*.skel; do
    [ -f "$f" ] && { printf "$byte"; cat "$f"; } > "$out/load_binary/$name-$(basename "$f")"
  done
  for f in "$dir"/*.json; do
    [ -f "$f" ] && { printf "$byte"; cat "$f"; } > "$out/load_json/$name-$(basename "$f")"
  done
  for a in "$dir"/*.atlas; do
    [ -f "$a" ] && { printf "$byte"; cat "$a"; } > "$out/load_atlas/$name-$(basename "$a")"
  done
  # The play target starts from the smaller inputs (binary).
  for f in "$dir"/*-ess.skel; do
    [ -f "$f" ] && { printf "$byte"; cat "$f"; } > "$out/play/$name-$(basename "$f")"
  done
  i=$((i + 1))
done
echo "seeded $i rigs into $(pwd)/$out"
