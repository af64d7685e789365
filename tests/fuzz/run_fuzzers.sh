#!/usr/bin/env bash
# Runs every libFuzzer target: first on its regression inputs (tests/fuzz/regressions/TARGET/,
# each must pass), then for FUZZ_SECONDS (default 30) from a copy of its seed corpus
# (tests/fuzz/corpus/TARGET/; the committed corpus is not changed). A crash, a leak, a timeout
# or a sanitizer report fails the run; the input that did it is kept in FUZZ_ARTIFACTS
# (default build/fuzz-artifacts) and printed for the report.
#   FUZZ_BUILD_DIR   where the fuzzers are (default build/fuzz/tests/fuzz)
#   FUZZ_SECONDS     seconds per target (default 30); FUZZ_TARGETS: which (default all)
#   FUZZ_JOBS        parallel fuzzing processes per target (default 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${FUZZ_BUILD_DIR:-$root/build/fuzz/tests/fuzz}" && pwd)
seconds=${FUZZ_SECONDS:-30}
jobs=${FUZZ_JOBS:-1}
artifacts=${FUZZ_ARTIFACTS:-$root/build/fuzz-artifacts}
mkdir -p "$artifacts" && artifacts=$(cd "$artifacts" && pwd)
targets=${FUZZ_TARGETS:-"fuzz_scenario_json fuzz_cli_args fuzz_store_open"}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p "$artifacts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
for t in $targets; do
  bin=$build/$t
  if [[ ! -x $bin ]]; then
    echo "fuzz: $bin not built" >&2
    exit 1
  fi
  max_len=65536
  [[ $t == fuzz_store_open ]] && max_len=131072  # the seed libraries are up to 64 KiB
  opts=(-timeout=10 -rss_limit_mb=2048 -max_len=$max_len -print_final_stats=1)
  [[ -f $here/$t.dict ]] && opts+=("-dict=$here/$t.dict")

  # 1. The regressions: every input that once failed must pass now.
  if compgen -G "$here/regressions/$t/*" > /dev/null; then
    echo "fuzz: $t: replaying $(ls "$here/regressions/$t" | wc -l) regression inputs"
    if ! "$bin" "${opts[@]}" "$here"/regressions/$t/* > "$work/$t.replay.log" 2>&1; then
      echo "fuzz: $t: a regression input fails again:" >&2
      tail -60 "$work/$t.replay.log" >&2
      status=1
      continue
    fi
  fi

  # 2. A short run from a copy of the seed corpus.
  mkdir -p "$work/corpus-$t"
  cp "$here"/corpus/$t/* "$work/corpus-$t"/ 2>/dev/null || true
  echo "fuzz: $t: fuzzing for ${seconds}s"
  par=()
  (( jobs > 1 )) && par=(-jobs="$jobs" -workers="$jobs")
  if ! (cd "$work" && "$bin" "${opts[@]}" -max_total_time="$seconds" "${par[@]}" \
       -artifact_prefix="$artifacts/$t-" "$work/corpus-$t" > "$work/$t.log" 2>&1); then
    echo "fuzz: $t FAILED; the input is in $artifacts:" >&2
    ls -l "$artifacts" | grep -- "$t-" >&2 || true
    tail -80 "$work/$t.log" >&2
    status=1
  else
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|cov: " "$work/$t.log" | tail -3 || true
  fi
done
exit $status
