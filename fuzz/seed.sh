#!/usr/bin/env bash
# Copies seeds from the corpus rigs into fuzz/corpus/<target>/ (ignored by git, never
# committed). Each seed is one byte naming the rig (its index in the sorted rig folders,
# as the targets count them) followed by the file.
set -euo pipefail
cd "$(dirname "$0")"
corpus="${SPINE_CORPUS:-$(pwd)/../../shared/corpus}"
mkdir -p corpus/load_binary corpus/load_json corpus/load_atlas corpus/play
i=0
for dir in $(ls -d "$corpus"/rigs/*/ | sort); do
  name=$(basename "$dir")
  byte=$(printf '\\x%02x' $((i % 256)))
  for f in "$dir/$name-pro.skel" "$dir/$name-ess.skel"; do
    [ -f "$f" ] && { printf "$byte"; cat "$f"; } > "corpus/load_binary/$name-$(basename "$f")"
  done
  [ -f "$dir/$name.json" ] && { printf "$byte"; cat "$dir/$name.json"; } > "corpus/load_json/$name.json"
  for a in "$dir"/*.atlas; do
    [ -f "$a" ] && { printf "$byte"; cat "$a"; } > "corpus/load_atlas/$name.atlas"
  done
  # The play target starts from the smaller inputs (binary).
  [ -f "$dir/$name-ess.skel" ] && { printf "$byte"; cat "$dir/$name-ess.skel"; } > "corpus/play/$name-ess.skel"
  i=$((i + 1))
done
echo "seeded $i rigs into $(pwd)/corpus"
