#!/usr/bin/env bash
# Takes the README screenshots of the workbench on a virtual X server (Xvfb, no window manager):
#   docs/screenshots/main-en.png  the main window in English
#   docs/screenshots/main-zh.png  the same in Simplified Chinese
# Usage: docs/screenshots.sh [BUILD_DIR]   (default: build; the GUI is BUILD_DIR/app/clusterplan)
# Needs xvfb-run, ImageMagick's import, and fonts-wqy-microhei for the Chinese text.
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

# shoot LANG FILE: starts the GUI in language LANG on a fresh X server, waits until its window is
# mapped and painted, captures the screen, then stops the GUI.
shoot() {
  local lang=$1 file=$2
  # The inner script runs inside xvfb-run, so DISPLAY is set for the app, xdotool and import.
  xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
    set -euo pipefail
    app=$1 lang=$2 file=$3
    "$app" --lang "$lang" &
    pid=$!
    trap "kill $pid 2>/dev/null || true" EXIT
    for _ in $(seq 1 100); do
      if xdotool search --onlyvisible --name "^clusterplan$" >/dev/null 2>&1; then break; fi
      sleep 0.1
    done
    xdotool search --onlyvisible --name "^clusterplan$" >/dev/null || { echo "no clusterplan window" >&2; exit 1; }
    sleep 1.5  # let the first paint finish
    import -window root -crop 1400x900+0+0 +repage "$file"
  ' shoot "$app" "$lang" "$file"
  echo "wrote $file"
}

shoot en "$out/main-en.png"
shoot zh_CN "$out/main-zh.png"
