#!/usr/bin/env bash
# `make test`: run every layer (`make LAYER`), each even when an earlier one
# failed, then print a summary: each layer's result and wall time against its
# budget, and the slowest ten tests of the layers that time their tests
# (target/test-times/*.tsv). A layer that takes more than twice its budget
# fails, named, even when its tests passed: the suite's time is kept where it
# cannot flake, on whole layers with a wide margin, never in a unit test.
#
# Usage: scripts/test-layers.sh SPEC …, where SPEC is
#   LAYER:BUDGET    run LAYER now, its output live;
#   LAYER&:BUDGET   start LAYER in the background at the lowest CPU priority
#                   (nice 19; its output to target/test-logs/LAYER.log,
#                   printed when it ends), so that it uses only what the
#                   foreground layer leaves of the 2 cores — the browser
#                   tests' timings stay their own;
#   LAYER&N:BUDGET  the same at nice N (a background layer on the longest
#                   chain gets what the foreground leaves before the others);
#   wait            wait for every background layer;
#   wait=LAYER,…    wait for those background layers only.
# A background layer must not share a cargo target directory with the
# foreground (cargo would make one wait for the other's lock): the Makefile
# gives it its own.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf target/test-times target/test-logs
mkdir -p target/test-times target/test-logs

names=() results=() times=() budgets=()
pass=0 fail=0 total_start=$SECONDS
declare -A bg_pid bg_start bg_budget

record() { # LAYER STATUS SECONDS BUDGET
  local layer="$1" status="$2" took="$3" budget="$4" result=passed
  [ "$status" -eq 0 ] || result=failed
  if [ "$result" = passed ] && [ "$took" -gt $((2 * budget)) ]; then
    result="failed: took $took s, more than twice its budget of $budget s (docs/testing.md)"
  fi
  echo "=== make $layer: $result in $took s"
  names+=("$layer") results+=("$result") times+=("$took") budgets+=("$budget")
  if [ "$result" = passed ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

join_background() { # [LAYER …]: those, else all
  local layer status
  local which=("$@")
  [ ${#which[@]} -gt 0 ] || which=("${!bg_pid[@]}")
  for layer in "${which[@]}"; do
    [ -n "${bg_pid[$layer]:-}" ] || continue
    wait "${bg_pid[$layer]}"
    status="$(cat "target/test-logs/$layer.status" 2>/dev/null || echo 1)"
    local took=$(($(cat "target/test-logs/$layer.end" 2>/dev/null || date +%s) - bg_start[$layer]))
    echo "=== make $layer (ran in the background; its output:)"
    sed 's/^/  | /' "target/test-logs/$layer.log"
    record "$layer" "$status" "$took" "${bg_budget[$layer]}"
    unset "bg_pid[$layer]"
  done
}

for spec in "$@"; do
  if [ "$spec" = wait ]; then
    echo "=== waiting for the background layers: ${!bg_pid[*]}"
    join_background
    continue
  fi
  if [ "${spec#wait=}" != "$spec" ]; then
    IFS=, read -ra some <<<"${spec#wait=}"
    echo "=== waiting for ${some[*]}"
    join_background "${some[@]}"
    continue
  fi
  layer="${spec%%:*}" budget="${spec#*:}"
  if [[ "$layer" == *"&"* ]]; then
    niceness="${layer#*&}"
    layer="${layer%%&*}"
    niceness="${niceness:-19}"
    echo "=== make $layer: started in the background at nice $niceness (budget $budget s; log target/test-logs/$layer.log)"
    # The layer's own end time, not the join's, is its wall time.
    ( nice -n "$niceness" make --no-print-directory "$layer" >"target/test-logs/$layer.log" 2>&1
      echo $? >"target/test-logs/$layer.status"; date +%s >"target/test-logs/$layer.end" ) &
    bg_pid[$layer]=$! bg_start[$layer]=$(date +%s) bg_budget[$layer]=$budget
    continue
  fi
  echo "=== make $layer (budget $budget s)"
  start=$SECONDS
  make --no-print-directory "$layer"; status=$?
  record "$layer" "$status" $((SECONDS - start)) "$budget"
done
join_background

echo
echo "=== summary: wall time of each layer (budget)"
for i in "${!names[@]}"; do
  printf '  %-12s %5d s  (%4d s)  %s\n' "${names[$i]}" "${times[$i]}" "${budgets[$i]}" "${results[$i]}"
done
printf '  %-12s %5d s\n' "make test" $((SECONDS - total_start))
if compgen -G "target/test-times/*.tsv" >/dev/null; then
  echo "=== the slowest ten tests"
  sort -t$'\t' -k2,2 -g -r target/test-times/*.tsv | head -n 10 \
    | awk -F'\t' '{ printf "  %7.1f s  %s\n", $2, $1 }'
fi
# The failed tests, named again at the very end (a CI log may keep only
# its last lines): the browser runner's list, and nextest's FAIL lines.
failed_tests="$( { cat target/test-times/*.failures 2>/dev/null
  grep -hE '^ +(FAIL|TIMEOUT|SIGSEGV|SIGABRT) \[' target/test-times/nextest.log 2>/dev/null | sort -u; } )"
if [ -n "$failed_tests" ]; then
  echo "=== failed tests"
  printf '%s\n' "$failed_tests" | sed 's/^ */  /'
fi
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
