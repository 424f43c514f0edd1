#!/usr/bin/env bash
# `make test`: run every layer (`make LAYER`), each even when an earlier one
# failed, then print a summary: each layer's result and wall time against its
# budget, and the slowest ten tests of the layers that time their tests
# (target/test-times/*.tsv). A layer that takes more than twice its budget
# fails, named, even when its tests passed: the suite's time is kept where it
# cannot flake, on whole layers with a wide margin, never in a unit test.
#
# Usage: scripts/test-layers.sh LAYER:BUDGET_SECONDS …
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf target/test-times
mkdir -p target/test-times

names=() results=() times=() budgets=()
pass=0 fail=0 total_start=$SECONDS
for spec in "$@"; do
  layer="${spec%%:*}" budget="${spec#*:}"
  echo "=== make $layer (budget $budget s)"
  start=$SECONDS
  if make --no-print-directory "$layer"; then result=passed; else result=failed; fi
  took=$((SECONDS - start))
  if [ "$result" = passed ] && [ "$took" -gt $((2 * budget)) ]; then
    result="failed: took $took s, more than twice its budget of $budget s (docs/testing.md)"
  fi
  echo "=== make $layer: $result in $took s"
  names+=("$layer") results+=("$result") times+=("$took") budgets+=("$budget")
  if [ "$result" = passed ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done

echo
echo "=== summary: wall time of each layer (budget)"
for i in "${!names[@]}"; do
  printf '  %-12s %5d s  (%4d s)  %s\n' "${names[$i]}" "${times[$i]}" "${budgets[$i]}" "${results[$i]}"
done
printf '  %-12s %5d s\n' total $((SECONDS - total_start))
if compgen -G "target/test-times/*.tsv" >/dev/null; then
  echo "=== the slowest ten tests"
  sort -t$'\t' -k2,2 -g -r target/test-times/*.tsv | head -n 10 \
    | awk -F'\t' '{ printf "  %7.1f s  %s\n", $2, $1 }'
fi
echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
