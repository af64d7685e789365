#!/usr/bin/env bash
# The package test: builds the Debian package with CPack, installs it into a clean root
# (dpkg-deb -x: the package's files only, nothing from the build tree) and runs what it
# installed: clusterplan-cli --version and an estimate, and the GUI for a few seconds under
# Xvfb. Also checks the package's metadata (dependencies, desktop file, AppStream, man page,
# icons) and that every library the executables need resolves.
#   test_package.sh BUILD_DIR VERSION
# Environment: CLUSTERPLAN_KEEP_ROOT=1 keeps the temporary root for inspection.
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
for tool in cpack dpkg-deb xvfb-run; do
  command -v "$tool" > /dev/null || { echo "test_package: $tool is missing (run .ci/install-deps)"; exit 1; }
done

tmp=$(mktemp -d)
[[ ${CLUSTERPLAN_KEEP_ROOT:-0} == 1 ]] && echo "test_package: root kept in $tmp" || trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_package: FAIL: $*" >&2; exit 1; }
step() { echo "--- $*"; }

step "cpack -G DEB"
(cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg" > "$tmp/cpack.log" 2>&1) \
  || { cat "$tmp/cpack.log"; fail "cpack -G DEB failed"; }
deb=$(ls "$tmp"/pkg/clusterplan_"$version"_*.deb 2>/dev/null | head -1)
[[ -f $deb ]] || { ls -l "$tmp/pkg"; fail "no clusterplan_${version}_*.deb"; }
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes"

step "package metadata"
info=$(dpkg-deb -I "$deb")
echo "$info" | grep -E "^ (Package|Version|Depends|Recommends|Section):"
echo "$info" | grep -q "^ Package: clusterplan$" || fail "package name"
echo "$info" | grep -q "^ Version: $version$" || fail "package version is not $version"
depends=$(echo "$info" | sed -n 's/^ Depends: //p')
for dep in libqt6gui6 libqt6widgets6 qt6-qpa-plugins libsqlite3-0 libqcustomplot; do
  [[ $depends == *"$dep"* ]] || fail "Depends lacks $dep: $depends"
done
# Qt's own strings (Save/Discard/Cancel, Undo/Redo) in Chinese come from qt6-translations-l10n.
recommends=$(echo "$info" | sed -n 's/^ Recommends: //p')
[[ $recommends == *qt6-translations-l10n* ]] || fail "Recommends lacks qt6-translations-l10n: $recommends"

step "package contents"
contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
for f in ./usr/bin/clusterplan ./usr/bin/clusterplan-cli ./usr/bin/clusterplan-render \
         ./usr/share/applications/clusterplan.desktop \
         ./usr/share/metainfo/io.github.clusterplan.metainfo.xml \
         ./usr/share/man/man1/clusterplan-cli.1.gz ./usr/share/man/man1/clusterplan.1.gz \
         ./usr/share/icons/hicolor/scalable/apps/clusterplan.svg \
         ./usr/share/icons/hicolor/16x16/apps/clusterplan.png \
         ./usr/share/icons/hicolor/48x48/apps/clusterplan.png \
         ./usr/share/icons/hicolor/256x256/apps/clusterplan.png \
         ./usr/share/doc/clusterplan/README.md; do
  grep -qx -- "$f" <<< "$contents" || fail "the package lacks $f"
done
if grep -E '/(build|work|tmp)/' <<< "$contents"; then fail "build paths in the package"; fi

step "install into a clean root: dpkg-deb -x"
root=$tmp/root
mkdir -p "$root"
dpkg-deb -x "$deb" "$root"
cli=$root/usr/bin/clusterplan-cli
gui=$root/usr/bin/clusterplan

step "every library resolves"
for exe in "$cli" "$gui" "$root/usr/bin/clusterplan-render"; do
  missing=$(ldd "$exe" | grep "not found" || true)
  [[ -z $missing ]] || fail "$(basename "$exe"): $missing"
  if ldd "$exe" | grep -E "$build|/work/" ; then fail "$(basename "$exe") loads a library from the build tree"; fi
done
# The CLI loads no Qt at all.
if ldd "$cli" | grep -i qt; then fail "clusterplan-cli links Qt"; fi

# Run as a fresh user would: an empty home, a minimal environment, nothing from the build.
home=$tmp/home
mkdir -p "$home"
run_clean() { env -i PATH=/usr/bin:/bin HOME="$home" XDG_RUNTIME_DIR="$home/run" LANG=C.UTF-8 "$@"; }
mkdir -p "$home/run" && chmod 700 "$home/run"

step "clusterplan-cli --version"
out=$(run_clean "$cli" --version)
echo "$out"
[[ $out == "clusterplan-cli $version" ]] || fail "clusterplan-cli --version printed '$out'"

step "clusterplan-cli estimate"
run_clean "$cli" estimate > "$tmp/estimate.txt" || fail "estimate (text) exited $?"
head -5 "$tmp/estimate.txt"
run_clean "$cli" estimate --model llama-2-70b --gpu h100-sxm --gpus 64 --tp 8 --pp 2 --format json \
  > "$tmp/estimate.json" || fail "estimate --format json exited $?"
grep -q '"memory"' "$tmp/estimate.json" || fail "the estimate JSON has no memory"
rc=0; run_clean "$cli" estimate --tp 7 > /dev/null 2>&1 || rc=$?
[[ $rc == 2 ]] || fail "invalid input exited $rc, not 2"

if "$cli" --help | grep -q "^  chart "; then
  step "clusterplan-cli chart (runs the installed clusterplan-render, no display)"
  run_clean "$cli" chart memory -o "$tmp/memory.png" > "$tmp/chart.log" 2>&1 \
    || { cat "$tmp/chart.log"; fail "chart exited $?"; }
  [[ $(head -c 8 "$tmp/memory.png" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || fail "chart wrote no PNG"
  echo "memory.png: $(stat -c %s "$tmp/memory.png") bytes"
fi

step "clusterplan --version (no display needed)"
out=$(run_clean "$gui" --version)
echo "$out"
[[ $out == "clusterplan $version" ]] || fail "clusterplan --version printed '$out'"

step "clusterplan under Xvfb for 3 s"
run_clean xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" --quit-after 3000 > "$tmp/gui.log" 2>&1 \
  || { cat "$tmp/gui.log"; fail "the GUI exited $?"; }
cat "$tmp/gui.log"
if grep -iE "could not (load|find) the Qt platform plugin|qt.qpa.plugin" "$tmp/gui.log"; then
  fail "the GUI could not load its platform plugin"
fi

step "desktop integration files"
if command -v desktop-file-validate > /dev/null; then
  desktop-file-validate "$root/usr/share/applications/clusterplan.desktop" || fail "desktop-file-validate"
fi
grep -q "^Exec=clusterplan" "$root/usr/share/applications/clusterplan.desktop" || fail "desktop Exec"
if command -v appstreamcli > /dev/null; then
  appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/io.github.clusterplan.metainfo.xml" \
    || fail "appstreamcli validate"
fi
grep -q "release version=\"$version\"" "$root/usr/share/metainfo/io.github.clusterplan.metainfo.xml" \
  || fail "the metainfo's release is not $version"
gzip -dc "$root/usr/share/man/man1/clusterplan-cli.1.gz" | grep -q '^\.TH' || fail "the man page"
if command -v man > /dev/null; then
  MANWIDTH=80 man -l "$root/usr/share/man/man1/clusterplan-cli.1.gz" 2>&1 > /dev/null | grep -i warn && fail "man warns"
fi

step "tarball (TGZ)"
(cd "$tmp" && cpack -G TGZ --config "$build/CPackConfig.cmake" -B "$tmp/pkg" > "$tmp/cpack-tgz.log" 2>&1) \
  || { cat "$tmp/cpack-tgz.log"; fail "cpack -G TGZ failed"; }
tgz=$(ls "$tmp"/pkg/clusterplan-"$version"-*.tar.gz | head -1)
tar -tzf "$tgz" | grep -q "^clusterplan-$version-[^/]*/bin/clusterplan-cli$" || { tar -tzf "$tgz"; fail "tarball layout"; }
mkdir -p "$tmp/tgz" && tar -xzf "$tgz" -C "$tmp/tgz"
out=$(run_clean "$tmp"/tgz/clusterplan-"$version"-*/bin/clusterplan-cli --version)
[[ $out == "clusterplan-cli $version" ]] || fail "the tarball's clusterplan-cli --version printed '$out'"

echo "test_package: OK"
