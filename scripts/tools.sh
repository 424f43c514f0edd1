#!/usr/bin/env bash
# `make tools`: install what building the app needs, each at its pinned
# version, from the registries (cargo builds trunk, wasm-bindgen-cli and
# wasm-split-cli from crates.io; npm brings binaryen's wasm-opt). A tool
# already present at the right version is skipped without a word, so a warm
# machine prints nothing. A long install says once what it is doing and how
# long it took; cargo's compile lines go to a log that is shown only when
# the install fails.
#
# Usage: scripts/tools.sh TRUNK WASM_BINDGEN WASM_SPLIT WASM_OPT
set -euo pipefail
trunk_v="$1" bindgen_v="$2" split_v="$3" opt_v="$4"
cd "$(dirname "$0")/.."
who=tools
. scripts/install-step.sh

rustup target list --installed | grep -qx wasm32-unknown-unknown \
  || step "the wasm32-unknown-unknown target" "a minute" rustup target add wasm32-unknown-unknown
trunk --version 2>/dev/null | grep -q "trunk $trunk_v" \
  || step "trunk $trunk_v" "8 minutes" cargo install --locked trunk --version "$trunk_v"
# Not --locked: a dependency version its lock file names is no longer served.
wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $bindgen_v" \
  || step "wasm-bindgen-cli $bindgen_v" "3 minutes" cargo install wasm-bindgen-cli --version "$bindgen_v"
# wasm-split-cli splits the app's wasm at its workbenches (scripts/build-app.mjs).
cargo install --list | grep -q "^wasm_split_cli_support v$split_v:" \
  || step "wasm-split-cli $split_v" "2 minutes" \
    cargo install --locked wasm_split_cli_support --version "$split_v" --features build-binary
# wasm-opt for release builds: npm's binaryen (Trunk.toml pins its version;
# the Makefile puts scripts/binaryen/node_modules/.bin first on PATH).
wasm-opt --version 2>/dev/null | grep -q "version $opt_v" \
  || step "binaryen $opt_v (wasm-opt)" "half a minute" \
    bash -c 'cd scripts/binaryen && npm ci --no-audit --no-fund'
