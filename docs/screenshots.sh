#!/usr/bin/env bash
# Takes the README's screenshots of the workbench, which are also the pictures of the user guide
# (resources/guide), on a virtual X server (Xvfb, no window manager), each on a 1366x768 screen,
# the laptop size of issue 19 (SIZE=WxH for another), on the built-in default scenario (a fresh
# HOME, so no saved session):
#   docs/screenshots/main-en.png        the plan page in English
#   docs/screenshots/main-zh.png        the same in Simplified Chinese
#   docs/screenshots/main-dark.png      the same in English in the dark theme
#   docs/screenshots/planner-en.png     the auto-planner page, after the search it runs on opening
#   docs/screenshots/planner-zh.png     the same in Simplified Chinese
#   docs/screenshots/comparison-en.png  InfiniBand vs RoCE, up to 1,024 GPUs, in English
#   docs/screenshots/comparison-zh.png  the same in Simplified Chinese
#   docs/screenshots/topology-en.png    the topology diagram
#   docs/screenshots/presentation-light.png  presentation mode, first page, light theme
#   docs/screenshots/presentation-dark.png   the same in the dark theme
#   docs/screenshots/presentation-zh.png     the same in Simplified Chinese, light theme
#   docs/screenshots/library-en.png     the scenario library dock, on a library of sample plans, next to
#                                       two of them compared
#   docs/screenshots/library-zh.png     the same in Simplified Chinese
#   docs/screenshots/compare-en.png     three of those plans compared side by side
#   docs/screenshots/compare-zh.png     the same in Simplified Chinese
# Usage: docs/screenshots.sh [BUILD_DIR]   (default: build; the GUI is BUILD_DIR/app/clusterplan)
# Needs xvfb-run, ImageMagick's import, xdotool, and fonts-wqy-microhei for the Chinese text.
set -euo pipefail

cd "$(dirname "$0")/.."
build_dir=${1:-build}
app="$build_dir/app/clusterplan"
out=docs/screenshots
[[ -x "$app" ]] || { echo "screenshots.sh: $app not found; build the 'clusterplan' target first" >&2; exit 1; }
for tool in xvfb-run import xdotool; do
  command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"
size=${SIZE:-1366x768}
width=${size%x*}
height=${size#*x}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

# shoot LANG PAGE FILE [ARGS...]: starts the GUI in language LANG on page PAGE on a fresh X server, waits
# until its window is mapped and painted, captures the screen, then stops the GUI.
shoot() {
  local lang=$1 page=$2 file=$3
  shift 3
  # The inner script runs inside xvfb-run, so DISPLAY is set for the app, xdotool and import.
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
  xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
    set -euo pipefail
    app=$1 lang=$2 page=$3 file=$4 width=$5 height=$6
    shift 6
    "$app" --lang "$lang" --page "$page" "$@" &
    pid=$!
    trap "kill $pid 2>/dev/null || true" EXIT
    for _ in $(seq 1 100); do
      if xdotool search --onlyvisible --name "^clusterplan$" >/dev/null 2>&1; then break; fi
      sleep 0.1
    done
    id=$(xdotool search --onlyvisible --name "^clusterplan$" | head -1)
    [[ -n "$id" ]] || { echo "no clusterplan window" >&2; exit 1; }
    xdotool windowsize "$id" "$width" "$height" windowmove "$id" 0 0
    sleep "${SHOT_WAIT:-2.5}"  # let the first paint (and the comparison sweep) finish
    import -window root -crop "${width}x${height}+0+0" +repage "$file"
  ' shoot "$app" "$lang" "$page" "$file" "$width" "$height" "$@"
  echo "wrote $file"
}

shoot en plan "$out/main-en.png"
shoot zh_CN plan "$out/main-zh.png"
shoot en plan "$out/main-dark.png" --theme dark
# The comparison searches the best layout at every point (24 planner runs): give it longer.
SHOT_WAIT=20 shoot en comparison "$out/comparison-en.png"
SHOT_WAIT=20 shoot zh_CN comparison "$out/comparison-zh.png"
shoot en topology "$out/topology-en.png"
SHOT_WAIT=6 shoot en planner "$out/planner-en.png"
SHOT_WAIT=6 shoot zh_CN planner "$out/planner-zh.png"

# A library of sample plans (the CLI's default library under the fresh HOME is the GUI's too).
cli=${CLI:-$build_dir/app/clusterplan-cli}  # CLI=path: another build's
db="$home/data/clusterplan/library.sqlite"
mkdir -p "$(dirname "$db")"
save() { XDG_DATA_HOME="$home/data" "$cli" scenario save --db "$db" "$@" >/dev/null; }
save --name "LLaMA-65B, 32x A100, HDR IB (seed)" --tag seed --tag a100
save --name "LLaMA-65B, 32x A100, RoCE" --tag a100 --tag roce --fabric roce-200-untuned
save --name "LLaMA-65B, 64x A100, DP 2" --tag a100 --nodes 8
save --name "LLaMA-65B, 32x H100, NDR IB" --tag h100 --gpu h100-sxm --fabric ib-ndr
save --name "LLaMA-2-70B, 64x H100, TP 8 PP 2" --tag h100 --model llama-2-70b --gpu h100-sxm --nodes 8 --pp 2
save --name "GPT-3 175B, 128x A100" --tag a100 --model gpt3-175b --nodes 16 --pp 8
shoot en library "$out/library-en.png" --compare 1,3
shoot zh_CN library "$out/library-zh.png" --compare 1,3
shoot en plan "$out/compare-en.png" --compare 1,2,4
shoot zh_CN plan "$out/compare-zh.png" --compare 1,2,4

# shoot_presentation LANG THEME FILE: presentation mode (full screen, first page).
shoot_presentation() {
  local lang=$1 theme=$2 file=$3
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
  xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
    set -euo pipefail
    app=$1 theme=$2 file=$3 size=$4 lang=$5
    "$app" --lang "$lang" --theme "$theme" --present &
    pid=$!
    trap "kill $pid 2>/dev/null || true" EXIT
    for _ in $(seq 1 100); do
      if xdotool search --onlyvisible --name "^(Presentation|演示) — " >/dev/null 2>&1; then break; fi
      sleep 0.1
    done
    sleep 2
    import -window root -crop "${size}+0+0" +repage "$file"
  ' shoot "$app" "$theme" "$file" "$size" "$lang"
  echo "wrote $file"
}

shoot_presentation en light "$out/presentation-light.png"
shoot_presentation en dark "$out/presentation-dark.png"
shoot_presentation zh_CN light "$out/presentation-zh.png"
