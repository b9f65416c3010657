#!/usr/bin/env bash
# Copies seeds from the corpus rigs into fuzz/corpus/<target>/ (ignored by git, never
# committed). Each seed is one byte naming the rig (its index in the sorted rig folders,
# as the targets count them) followed by the file.
#
#   (the restore target's seeds are real snapshots, written by the built target itself)
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
# The restore target's seeds are real snapshots: the built target writes them (build it
# first: cargo +nightly fuzz build -O -s none restore).
restore=target/x86_64-unknown-linux-gnu/release/restore
if [ -x "$restore" ]; then
  mkdir -p "$out/restore"
  # (it exits from inside the target: libFuzzer writes that as a crash, into a scratch folder)
  scratch=$(mktemp -d)
  SPINE_CORPUS="$corpus" SPINE_RESTORE_SEEDS="$out/restore" "$restore" -runs=1 -artifact_prefix="$scratch/" >/dev/null 2>&1 </dev/null || true
  rm -rf "$scratch"
  echo "seeded $(ls "$out/restore" | wc -l) restore inputs into $(pwd)/$out/restore"
fi
