#!/usr/bin/env bash
# Takes the README screenshots of the workbench on a virtual X server (Xvfb, no window manager),
# each at 1600x1000 on the built-in default scenario (a fresh HOME, so no saved session):
#   docs/screenshots/main-en.png        the plan page in English
#   docs/screenshots/main-zh.png        the same in Simplified Chinese
#   docs/screenshots/comparison-en.png  InfiniBand vs RoCE, up to 1,024 GPUs, in English
#   docs/screenshots/comparison-zh.png  the same in Simplified Chinese
#   docs/screenshots/topology-en.png    the topology diagram
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
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

# shoot LANG PAGE FILE: starts the GUI in language LANG on page PAGE on a fresh X server, waits
# until its window is mapped and painted, captures the screen, then stops the GUI.
shoot() {
  local lang=$1 page=$2 file=$3
  # The inner script runs inside xvfb-run, so DISPLAY is set for the app, xdotool and import.
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
  xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
    set -euo pipefail
    app=$1 lang=$2 page=$3 file=$4
    "$app" --lang "$lang" --page "$page" &
    pid=$!
    trap "kill $pid 2>/dev/null || true" EXIT
    for _ in $(seq 1 100); do
      if xdotool search --onlyvisible --name "^clusterplan$" >/dev/null 2>&1; then break; fi
      sleep 0.1
    done
    id=$(xdotool search --onlyvisible --name "^clusterplan$" | head -1)
    [[ -n "$id" ]] || { echo "no clusterplan window" >&2; exit 1; }
    xdotool windowsize "$id" 1600 1000 windowmove "$id" 0 0
    sleep 2.5  # let the first paint (and the comparison sweep) finish
    import -window root -crop 1600x1000+0+0 +repage "$file"
  ' shoot "$app" "$lang" "$page" "$file"
  echo "wrote $file"
}

shoot en plan "$out/main-en.png"
shoot zh_CN plan "$out/main-zh.png"
shoot en comparison "$out/comparison-en.png"
shoot zh_CN comparison "$out/comparison-zh.png"
shoot en topology "$out/topology-en.png"
