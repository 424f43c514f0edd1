# Tessera — every command a developer or CI needs. See README.md.
#   make serve   install what is missing, build, serve on http://127.0.0.1:8080
#   make test    install what tests need, run every test layer, print a summary
#   make check   the inner loop: fmt, clippy, the engine's unit tests (under a minute)
#   make dist    release build into dist/ (relative URLs: any sub-path works)
#   make bench   benchmarks, printed side by side with peers measured in the same run
#   make bench-web  first load: sizes, throttled time to the grid, Lighthouse
#   make fuzz    fuzz every parser/decoder for FUZZ_SECONDS each (docs/fuzzing.md)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

TRUNK_VERSION        := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
WASM_OPT_VERSION     := 132
WASM_SPLIT_VERSION   := 0.2.4
CARGO_BIN            := $(HOME)/.cargo/bin
export PATH          := $(CURDIR)/scripts/binaryen/node_modules/.bin:$(CARGO_BIN):$(PATH)
export TRUNK_OFFLINE := true
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: help tools test-deps serve dist check test test-native lint test-wasm test-e2e e2e-build e2e-run test-serve bench bench-browser bench-web fmt clean fuzz

help:
	@sed -n '2,9p' Makefile

# --- installs (each step skips itself when the right version is present) ---
tools:
	@bash scripts/tools.sh $(TRUNK_VERSION) $(WASM_BINDGEN_VERSION) $(WASM_SPLIT_VERSION) $(WASM_OPT_VERSION)

test-deps:
	@bash scripts/test-deps.sh

# --- the app ---
serve: tools
	@bash scripts/serve.sh $(HOST) $(PORT)

dist: tools
	trunk build --release --offline --public-url ./
	sh scripts/precompress.sh dist

# --- fuzzing (docs/fuzzing.md): every parser and decoder that takes outside
# input, libFuzzer on stable Rust, FUZZ_SECONDS per target, one at a time ---
FUZZ_SECONDS ?= 10
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh

# --- tests (docs/testing.md): every layer builds natively with one profile,
# `checked` (Cargo.toml: opt-level 3, debug assertions and overflow checks) ---
# The layers of `make test`, in order, each with its time budget in seconds on
# a 2-core machine with the tools installed (scripts/test-layers.sh: `&N`
# starts a layer in the background at nice N, 19 when N is left out;
# `wait=L` waits for background layer L, `wait` for all). The native tests
# run in the foreground and build the CLI the browser tests use. Beside
# them, at low priority: the release build for the browser tests (the longest
# chain, so before the others: nice 10), the fresh-clone serve check and lint,
# which fill what the foreground leaves idle (the release link is one
# thread). Then the browser suite in the foreground, with the wasm check and
# whatever is left beside it. Each cargo build that runs beside another has
# its own target directory or profile. `make test` prints each layer's wall
# time and the slowest ten tests; a layer that takes more than twice its
# budget fails, named.
LAYERS := e2e-build&10:600 test-serve&:900 lint&:900 test-native:600 wait=e2e-build test-wasm&:300 e2e-run:480 wait

# The inner loop: formatting, native clippy, the engine's unit tests in the
# incremental debug build (the minute-long counts are left to `make test`).
check:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo test -p tessera-engine --lib

# Every crate of the workspace (the engine, voxel, jobs and web crates' own
# tests; the web crate natively: its pure modules), the root package's
# integration tests (engine + the CLI as a binary), tests/walls.rs, the big
# counts, then the doc tests. No test may be skipped.
test-native: test-deps
	@mkdir -p target/test-times
	cargo nextest run --cargo-profile checked --workspace --no-fail-fast --run-ignored all 2>&1 \
	  | tee target/test-times/nextest.log
	cargo test --profile checked --workspace --doc
	@node scripts/test-times.mjs junit target/nextest/default/junit.xml target/test-times/native.tsv \
	  target/test-times/nextest.log

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy --workspace --target wasm32-unknown-unknown --bins --lib -- -D warnings

test-e2e: test-deps dist e2e-run

# The two halves of test-e2e as `make test` runs them: the release build in
# its own cargo target directory (so it can run beside test-native), then the
# browser suite, two tests at a time.
e2e-build: tools
	CARGO_TARGET_DIR=$(CURDIR)/target/e2e-build $(MAKE) --no-print-directory dist

e2e-run: test-deps
	cd tests/e2e && $(if $(wildcard target/checked/tessera),TESSERA_CLI=$(CURDIR)/target/checked/tessera) \
	  node run.mjs --jobs 2 --times ../../target/test-times/e2e.tsv

# The 9x9 solvers compiled to wasm (their own memory layouts there) against
# an independent checker and the native CLI (tests/wasm/check.mjs).
test-wasm: tools
	@# In e2e-build's target directory, as an example of the worker, with the
	@# packages of the app's build (scripts/build-app.mjs), so that cargo
	@# unifies the same features and reuses every crate that build compiled.
	CARGO_TARGET_DIR=$(CURDIR)/target/e2e-build cargo build --release --target wasm32-unknown-unknown \
	  -p tessera-web --bin app -p tessera-worker --bin worker --example wasm_check
	@# The CLI as test-native builds it (the same command: nothing to do after it).
	cargo nextest run --cargo-profile checked --workspace --no-run
	node tests/wasm/check.mjs target/e2e-build/wasm32-unknown-unknown/release/examples/wasm_check.wasm target/checked/tessera

# `make serve` from a fresh clone of this tree's HEAD (no target/, no dist/,
# nothing beside it) must answer with the app (scripts/serve-check.sh).
test-serve: tools
	bash scripts/serve-check.sh

test: tools test-deps
	@bash scripts/test-layers.sh $(foreach l,$(LAYERS),'$(l)')

bench: tools
	cargo bench --bench sudoku
	cargo bench --bench polyform
	cargo bench --bench constraints
	cargo build --release --target wasm32-unknown-unknown --example wasm_bench
	node benches/wasm/run.mjs target/wasm32-unknown-unknown/release/examples/wasm_bench.wasm target/bench/native.json

# The browser target for Quantumino (minutes, GBs of memory): one aside
# counted in headless Chromium by the Web Workers. ASIDE=K picks the aside.
bench-browser: test-deps dist
	cd tests/e2e && node bench-quantumino-count.mjs --aside $${ASIDE:-0}

# The first-load budget: asset sizes (raw/gzip/brotli), time to a
# usable Sudoku grid on localhost and throttled (CDP: 9 Mbit/s, 60 ms RTT,
# 4x CPU), the first screen's transfer, and Lighthouse's scores, each against
# its target (docs/performance.md). DIST=/absolute/dir benchmarks another build.
bench-web: test-deps
	@cd benches/web && { [ -d node_modules/lighthouse ] && [ -d node_modules/playwright-core ] \
	  || npm ci --no-audit --no-fund; }
	@if [ -z "$${DIST:-}" ]; then $(MAKE) --no-print-directory dist; fi
	cd benches/web && node run.mjs --dist $${DIST:-../../dist}

fmt:
	cargo fmt --all

clean:
	cargo clean; rm -rf dist
