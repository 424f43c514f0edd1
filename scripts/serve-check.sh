#!/usr/bin/env bash
# `make test-serve`: the README's first command, run as a newcomer runs it.
#
# A fresh clone of this tree's HEAD — its committed files only: no target/,
# no dist/, no node_modules/ — in a scratch folder with nothing beside it (no
# ../shared), runs `make serve` on a free port. The check passes when the
# page answers with this build's app (index.html naming its app-<hash>/
# directory, that directory's main module, and the worker's wasm), and fails
# with serve's own output when `make serve` exits or does not answer in time.
#
# Why this is faithful and still cheap: everything `make serve` reads comes
# from the clone (Makefile, Trunk.toml and its [watch] paths, the hooks and
# scripts, npm's binaryen in the clone's scripts/), so a path that only a
# worked-in tree has breaks the check as it breaks a newcomer. Only cargo's
# output goes elsewhere: to this tree's target/serve-check (CARGO_TARGET_DIR,
# outside the clone), so that a second run on the same machine does not
# compile the app's debug build again; the clone has no target/ of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tessera-serve-check.XXXXXX")"
clone="$scratch/tessera"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
url="http://127.0.0.1:$port/"
out="$scratch/serve.out"
limit="${SERVE_CHECK_SECONDS:-1800}"

cleanup() {
  if [ -n "${serve_pid:-}" ]; then kill -- "-$serve_pid" 2>/dev/null || true; fi
  sleep 0.5
  rm -rf "$scratch"
}
trap cleanup EXIT

git clone --quiet --no-local "$root" "$clone"
for p in target dist node_modules tests/e2e/node_modules scripts/binaryen/node_modules; do
  if [ -e "$clone/$p" ]; then echo "serve-check: the clone has $p: not a fresh clone" >&2; exit 1; fi
done

echo "serve-check: make serve in a fresh clone ($clone), port $port"
start=$SECONDS
# Its own process group, so that the whole of it (make, serve.sh, trunk,
# cargo) is stopped at the end.
set -m
# As a newcomer's shell has it: none of this tree's make (its PATH entry for
# npm's binaryen, TRUNK_OFFLINE, the make level) leaks into the clone's.
clean_path="$(tr ':' '\n' <<<"$PATH" | grep -vxF "$root/scripts/binaryen/node_modules/.bin" | paste -sd: -)"
(cd "$clone" && exec env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS -u TRUNK_OFFLINE PATH="$clean_path" \
  CARGO_TARGET_DIR="$root/target/serve-check" make serve PORT="$port") >"$out" 2>&1 &
serve_pid=$!
set +m

answers() {
  local page dir
  page="$(curl -sf --max-time 5 "$url")" || return 1
  dir="$(grep -o 'app-[0-9a-f]*/' <<<"$page" | head -n 1)" || return 1
  [ -n "$dir" ] || return 1
  curl -sf -o /dev/null --max-time 5 "${url}${dir}app_bg.wasm" || return 1
  curl -sf -o /dev/null --max-time 5 "${url}worker_bg.wasm"
}
until answers; do
  if ! kill -0 "$serve_pid" 2>/dev/null; then
    echo "serve-check: FAILED: make serve exited after $((SECONDS - start)) s without serving the app. Its output:" >&2
    sed 's/^/  | /' "$out" >&2
    exit 1
  fi
  if [ $((SECONDS - start)) -gt "$limit" ]; then
    echo "serve-check: FAILED: make serve did not answer on $url within $limit s. Its output:" >&2
    sed 's/^/  | /' "$out" >&2
    exit 1
  fi
  sleep 1
done
# serve.sh prints the URL once its own check sees the page: give it a moment.
for _ in $(seq 20); do
  last="$(tail -n 1 "$out")"
  [ "$last" = "Tessera is ready: $url" ] && break
  sleep 0.5
done
if [ "$last" != "Tessera is ready: $url" ]; then
  echo "serve-check: FAILED: the app answers, but make serve's last line is not its URL: \"$last\"" >&2
  exit 1
fi
echo "serve-check: a fresh clone's make serve answered on $url in $((SECONDS - start)) s; its output:"
sed 's/^/  | /' "$out"
