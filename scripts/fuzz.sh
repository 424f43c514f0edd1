#!/usr/bin/env bash
# `make fuzz`: build every fuzz target with libFuzzer's coverage
# instrumentation on stable Rust and run each for FUZZ_SECONDS, one after
# another (docs/fuzzing.md). Prints executions, new inputs and the outcome
# per target; exits non-zero if any target found a crash, hang or OOM (the
# input is left in fuzz/artifacts/<target>/).
#
#   FUZZ_SECONDS=60 make fuzz            every target, 60 s each
#   FUZZ_TARGETS="sudoku_text" make fuzz one target
#   FUZZ_RUNS=10000000 FUZZ_SECONDS=7200 make fuzz
#                                        stop each target at 10 M executions
#                                        (or the time, whichever comes first)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
SECONDS_PER_TARGET=${FUZZ_SECONDS:-10}
# 0 = no limit on executions (libFuzzer's -runs=-1); time bounds the run.
RUNS=${FUZZ_RUNS:-0}
# Niceness of the fuzzing processes (10: a background run yields to builds).
NICE=${FUZZ_NICE:-10}
[ "$RUNS" -gt 0 ] 2>/dev/null || RUNS=-1
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-../target}/fuzz
# What cargo-fuzz passes, minus the sanitizer (`-Zsanitizer` is nightly
# only): SanitizerCoverage through LLVM's pass, which stable rustc accepts.
# `--target` keeps these flags off build scripts and proc macros.
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares"
TARGETS=${FUZZ_TARGETS:-$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^tessera-fuzz$')}
# FUZZ_BIN: run already-built targets from there (no build).
if [ -n "${FUZZ_BIN:-}" ]; then
  BIN=$FUZZ_BIN
else
  cargo build --release --locked --target "$TRIPLE" --bins
  BIN=$CARGO_TARGET_DIR/$TRIPLE/release
fi
failed=0
# A panic is reported by its message; a symbolised backtrace under load can
# take over the 1 s timeout and be misfiled as a hang (RUST_BACKTRACE=1 to
# reproduce with one).
export RUST_BACKTRACE=0
printf '%-20s %12s %10s %8s  %s\n' target executions exec/s corpus outcome
# libFuzzer's -timeout is wall-clock time: on a loaded machine (a run at
# nice 19 beside builds) a 30 ms input can be starved past 1 s. So a
# "timeout" artifact is replayed alone; if it then finishes within the
# second it is filed under artifacts/<target>/load/ (kept, named in the
# outcome) and the run resumes with the executions still owed. A timeout
# that reproduces, a crash or an OOM fails the target.
for t in $TARGETS; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  total=0 secs=0 load=0 outcome=
  while :; do
    left=-1
    [ "$RUNS" -gt 0 ] && left=$((RUNS - total))
    start=$(date +%s)
    # -timeout=1: an input taking over a second is a hang; 2 GB is an OOM.
    if nice -n "$NICE" "$BIN/$t" "corpus/$t" "seeds/$t" -max_total_time="$((SECONDS_PER_TARGET - secs))" \
        -runs="$left" -timeout=1 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" >"$log" 2>&1; then
      ok=1
    else
      ok=0
    fi
    secs=$((secs + $(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    total=$((total + ${execs:-0}))
    rate=$(( secs > 0 ? total / secs : total ))
    [ "$ok" = 1 ] && { outcome=ok; break; }
    art=$(sed -n "s/^.*Test unit written to \(artifacts\/$t\/timeout-[0-9a-f]*\).*$/\1/p" "$log" | tail -1)
    if grep -q 'ERROR: libFuzzer: timeout' "$log" && [ -n "$art" ] && [ -f "$art" ] \
        && "$BIN/$t" -timeout=1 -rss_limit_mb=2048 "$art" >/dev/null 2>&1 \
        && [ "$secs" -lt "$SECONDS_PER_TARGET" ] && { [ "$RUNS" -le 0 ] || [ "$total" -lt "$RUNS" ]; }; then
      mkdir -p "artifacts/$t/load"
      mv "$art" "artifacts/$t/load/"
      load=$((load + 1))
      continue
    fi
    outcome="FAILED (see fuzz/artifacts/$t/, log $log)"
    failed=1
    break
  done
  [ "$load" -gt 0 ] && [ "$outcome" = ok ] && \
    outcome="ok ($load wall-clock timeout(s) under load, each under 1 s alone: fuzz/artifacts/$t/load/)"
  printf '%-20s %12s %10s %8s  %s\n' "$t" "$total" "$rate" \
    "$(ls "corpus/$t" | wc -l)" "$outcome"
  case $outcome in ok*) rm -f "$log" ;; esac
done
exit $failed
