#!/usr/bin/env bash
# `make test-deps`: what the tests need beside the build tools, each
# installed only when missing, quietly, with one line before and after.
#   Debian: chromium + chromium-driver (the browser suite); picosat, minisat,
#     glpk-utils, minizinc, flatzinc (the Sudoku models are checked with
#     them: tests/sudoku_models.rs, tests/sat_encodings.rs); brotli (`make
#     dist` writes .br beside .gz); GNU parallel (the documented way to run
#     a sharded count's shards, run by tests/cli_scale.rs).
#   npm: playwright-core and axe-core for tests/e2e (its package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."
who=test-deps
. scripts/install-step.sh

# Chromium with its recommended packages (fonts for the screenshots).
browser=()
[ -x /usr/bin/chromium ] || browser+=(chromium)
[ -x /usr/bin/chromedriver ] || browser+=(chromium-driver)
tools=()
for pair in picosat:picosat minisat:minisat glpsol:glpk-utils minizinc:minizinc fzn-gecode:flatzinc \
  brotli:brotli parallel:parallel; do
  command -v "${pair%%:*}" >/dev/null || tools+=("${pair#*:}")
done
if [ ${#browser[@]} -gt 0 ] || [ ${#tools[@]} -gt 0 ]; then
  step "Debian packages (${browser[*]} ${tools[*]})" "2 minutes" bash -c "
    apt-get update
    export DEBIAN_FRONTEND=noninteractive
    if [ -n '${browser[*]}' ]; then apt-get install -y ${browser[*]}; fi
    if [ -n '${tools[*]}' ]; then apt-get install -y --no-install-recommends ${tools[*]}; fi"
fi

if [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/@axe-core/playwright ]; then
  step "playwright-core and axe-core (npm)" "half a minute" bash -c 'cd tests/e2e && npm ci --no-audit --no-fund'
fi
