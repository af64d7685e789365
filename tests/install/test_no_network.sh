#!/usr/bin/env bash
# clusterplan never touches the network. This runs clusterplan-cli (an estimate, a sweep, the
# catalog) and the GUI smoke test inside a network namespace with no interfaces but a loopback
# that is down (unshare -n), checks that they work there, and, when strace is installed, that
# neither program so much as opens an internet (AF_INET/AF_INET6) socket.
#   test_no_network.sh BUILD_DIR VERSION
# Exits 77 (CTest: skipped) when this machine does not allow a network namespace.
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
cli=$build/app/clusterplan-cli
gui=$build/app/clusterplan
fail() { echo "test_no_network: FAIL: $*" >&2; exit 1; }

if unshare -n true 2> /dev/null; then
  netns=(unshare -n)
elif unshare -rn true 2> /dev/null; then
  netns=(unshare -rn)  # an unprivileged user namespace maps us to root inside
else
  echo "test_no_network: SKIPPED: unshare -n is not permitted here (needs root or user namespaces)"
  exit 77
fi
command -v xvfb-run > /dev/null || fail "xvfb-run is missing (run .ci/install-deps)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home/run" && chmod 700 "$tmp/home/run"
inside() { "${netns[@]}" env -i PATH=/usr/bin:/bin HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/home/run" LANG=C.UTF-8 "$@"; }

echo "--- the namespace's interfaces"
# /proc/self/net is the calling process's namespace (/sys/class/net would show the host's).
ifaces=$(inside sh -c "tail -n +3 /proc/self/net/dev | cut -d: -f1 | tr -d ' '")
echo "$ifaces"
[[ $ifaces == lo ]] || fail "the namespace has interfaces besides lo: $ifaces"
if command -v ip > /dev/null; then
  if inside ip -o link show lo | grep -q "[<,]UP[,>]"; then fail "lo is up in the namespace"; fi
fi

trace=()
if command -v strace > /dev/null; then
  trace=(strace -f -qq -e trace=socket,connect -o "$tmp/strace.log")
fi

echo "--- clusterplan-cli without a network"
[[ $(inside "$cli" --version) == "clusterplan-cli $version" ]] || fail "--version"
inside "${trace[@]}" "$cli" estimate --model llama-2-70b --gpu h100-sxm --gpus 64 --tp 8 --pp 2 --format json \
  > "$tmp/estimate.json" || fail "estimate exited $?"
grep -q '"memory"' "$tmp/estimate.json" || fail "the estimate has no memory"
[[ -z ${trace[*]} ]] || cp "$tmp/strace.log" "$tmp/cli-estimate.strace"
inside "$cli" sweep --model llama-3-8b --gpus 8,16 --format csv > /dev/null || fail "sweep exited $?"
inside "$cli" catalog gpus > /dev/null || fail "catalog exited $?"
echo "ok"

echo "--- clusterplan under Xvfb without a network, for 3 s"
inside xvfb-run -a -s "-screen 0 1600x1000x24" "${trace[@]}" "$gui" --quit-after 3000 > "$tmp/gui.log" 2>&1 \
  || { cat "$tmp/gui.log"; fail "the GUI exited $?"; }
[[ -z ${trace[*]} ]] || cp "$tmp/strace.log" "$tmp/gui.strace"
echo "ok"

if [[ -n ${trace[*]} ]]; then
  echo "--- sockets opened (strace)"
  for f in "$tmp/cli-estimate.strace" "$tmp/gui.strace"; do
    grep -oE 'socket\(AF_[A-Z0-9]+' "$f" | sort | uniq -c || true
    if grep -E 'socket\(AF_INET6?,|connect\([0-9]+, \{sa_family=AF_INET6?' "$f"; then
      fail "$(basename "$f" .strace) opened an internet socket (above)"
    fi
  done
fi
echo "test_no_network: OK"
