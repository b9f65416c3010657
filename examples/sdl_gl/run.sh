#!/usr/bin/env bash
# Builds examples/sdl_gl against an installed spine_native (pkg-config) and runs it headless
# under Xvfb with Mesa's software OpenGL, in both modes, for the same 30 fixed 1/60 s frame
# steps: the CPU mode, then the GPU-skinning mode (--gpu). Each mode's last frame passes the
# screenshot check, the GPU mode's equals the CPU mode's within the tolerance of
# README.md, and at least MIN_GPU_PERCENT (default 50) of the vertices of all frames were
# skinned on the GPU (else the comparison would show nothing).
#
#   examples/sdl_gl/run.sh PREFIX ATLAS SKELETON ANIMATION OUT_DIR [MIN_GPU_PERCENT]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
prefix=$1 atlas=$2 skel=$3 anim=$4 out=$5 min_gpu=${6:-50}
mkdir -p "$out"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c99 -O2 -Wall -Wextra -Werror -o "$out/sdl_gl" "$here/main.c" \
    $(pkg-config --cflags --libs spine_native sdl2 SDL2_image gl) -lm -Wl,-rpath,"$prefix/lib"
display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 640x640x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    [[ -e /tmp/.X11-unix/X${display#:} ]] && break
    sleep 0.1
done
export DISPLAY=$display LIBGL_ALWAYS_SOFTWARE=1 SDL_AUDIODRIVER=dummy
"$out/sdl_gl" "$atlas" "$skel" "$anim" --frames 30 --screenshot "$out/screenshot.ppm"
"$out/sdl_gl" "$atlas" "$skel" "$anim" --frames 30 --gpu --min-gpu-share "$min_gpu" \
    --screenshot "$out/screenshot-gpu.ppm" --compare "$out/screenshot.ppm"
