#!/usr/bin/env bash
# Runs every libFuzzer target of tools/tofu-fuzz for a bounded time over a
# copy of its seed corpus (test/fuzz/corpus/<target>/), one after another,
# and prints one table row per target. Exits 1 if any target found a crash,
# a sanitizer report, a leak, a timeout or an out-of-memory; the message
# names the reproducer and the command that replays it. The text targets
# also get their dictionary, dict/<target>.dict.
#
#   test/fuzz/run_fuzzers.sh BUILD_DIR SECONDS_PER_TARGET [OUT_DIR]
#
# BUILD_DIR must hold the fuzzers (a build configured with
# -DLLVM_USE_SANITIZE_COVERAGE=ON, e.g. build-sanitize/). OUT_DIR (default: a
# new temporary directory) gets, per target, the grown corpus, the log and
# the reproducers. TOFU_FUZZ_TARGETS="npy iopddl" runs a subset;
# TOFU_FUZZ_SEED=N fixes libFuzzer's seed.
set -u

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 BUILD_DIR SECONDS_PER_TARGET [OUT_DIR]" >&2
  exit 2
fi
build=$1
seconds=$2
out=${3:-$(mktemp -d /tmp/tofu-fuzz.XXXXXX)}
here=$(cd "$(dirname "$0")" && pwd)
targets=${TOFU_FUZZ_TARGETS:-"tdl-parser stablehlo-parser search materialize options npy iopddl placement-json"}

case $seconds in
  '' | *[!0-9]*) echo "$0: SECONDS_PER_TARGET must be a whole number, got '$seconds'" >&2; exit 2 ;;
esac
for t in $targets; do
  if [ ! -x "$build/bin/tofu-$t-fuzzer" ]; then
    echo "$0: $build/bin/tofu-$t-fuzzer is missing (build the fuzzers in a build" \
      "configured with -DLLVM_USE_SANITIZE_COVERAGE=ON)" >&2
    exit 2
  fi
  if [ ! -d "$here/corpus/$t" ]; then
    echo "$0: no seed corpus $here/corpus/$t" >&2
    exit 2
  fi
done
mkdir -p "$out" || exit 2

failed=0
findings=()
printf '%-18s %8s %12s %8s %8s %-8s\n' target seconds executions seeds corpus crashes
for t in $targets; do
  bin=$build/bin/tofu-$t-fuzzer
  dir=$out/$t
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp "$here/corpus/$t/"* "$dir/corpus/"
  seeds=$(ls "$dir/corpus" | wc -l)
  # The text targets' tokens (dict/<target>.dict), which the mutator
  # splices in: op and attribute names are hard to reach byte by byte.
  dict=()
  [ -f "$here/dict/$t.dict" ] && dict=(-dict="$here/dict/$t.dict")
  # TOFU_FUZZ_SEED fixes libFuzzer's random seed (scripts/test.sh sets 1):
  # a bounded run then tries the same inputs in the same order every time,
  # as far as its time allows.
  seed=()
  [ -n "${TOFU_FUZZ_SEED:-}" ] && seed=(-seed="$TOFU_FUZZ_SEED")
  start=$(date +%s)
  # -timeout: one input may take 10 s; -rss_limit_mb: 2 GiB of memory.
  nice -n 10 "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "${dict[@]+"${dict[@]}"}" \
    "${seed[@]+"${seed[@]}"}" \
    "$dir/corpus" > "$dir/log" 2>&1
  rc=$?
  elapsed=$(($(date +%s) - start))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -1)
  corpus=$(ls "$dir/corpus" | wc -l)
  # libFuzzer stops at its first finding: crash-, leak-, timeout- or oom-
  # (slow-unit- files are not failures).
  artifacts=$(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' \
    -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  crashes=$(printf '%s' "$artifacts" | grep -c . || true)
  printf '%-18s %8s %12s %8s %8s %-8s\n' "$t" "$elapsed" "${execs:-?}" "$seeds" \
    "$corpus" "$crashes"
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    failed=1
    if [ -z "$artifacts" ]; then
      findings+=("$t: exited with status $rc and left no reproducer; see $dir/log")
    fi
    for a in $artifacts; do
      findings+=("$t: $(basename "$a" | sed 's/-.*//') reproducer $a (replay: $bin $a; log: $dir/log)")
    done
  fi
done

for f in "${findings[@]+"${findings[@]}"}"; do
  echo "FOUND $f"
done
# CI keeps only this output, not OUT_DIR: print each finding's report (the
# log without libFuzzer's progress lines) and the reproducer itself, in
# base64, so that a finding on a machine that is gone still replays
# (base64 -d > crash; BUILD_DIR/bin/tofu-T-fuzzer crash).
for t in $targets; do
  dir=$out/$t
  for a in $(find "$dir/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' \
    -o -name 'timeout-*' -o -name 'oom-*' \) 2>/dev/null | sort); do
    echo "---- $t: $(basename "$a"): report"
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD|INITED|DONE)|^INFO:' \
      "$dir/log" | tail -n 40
    echo "---- $t: $(basename "$a"): the input, base64"
    head -c 16384 "$a" | base64
  done
done
echo "fuzzing output in $out"
exit $failed
