#!/usr/bin/env bash
# Builds examples/integration against an installed spine_native (pkg-config) as an
# integrator would (C99, -Wall -Wextra -Werror -pedantic) and runs it on one rig, under
# valgrind when installed (no invalid access, no definite leak). tests/run_install.sh runs it.
#
#   examples/integration/run.sh PREFIX ATLAS SKELETON ANIMATION OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
prefix=$1 atlas=$2 skel=$3 anim=$4 out=$5
mkdir -p "$out"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c99 -O1 -Wall -Wextra -Werror -pedantic -o "$out/integration" "$here/main.c" \
    $(pkg-config --cflags --libs spine_native) -Wl,-rpath,"$prefix/lib"
run=("$out/integration" "$atlas" "$skel" "$anim")
if command -v valgrind >/dev/null; then
    run=(valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite "${run[@]}")
fi
"${run[@]}" | tee "$out/integration.out"
grep -qE "^texture 0: .+, [1-9][0-9]*x[1-9][0-9]*, " "$out/integration.out"
grep -qE "^$anim: 60 frames, [1-9][0-9]* draws, engine sprite drawn [0-9]+ times$" "$out/integration.out"
grep -qE "^crowd: 2 members, member 3 now at index 1$" "$out/integration.out"
grep -qE "^socket: .+ on slot [0-9]+, 40x20 at \(10, 5\), region 0, shown$" "$out/integration.out"
