#!/usr/bin/env bash
# `make serve`: build the app with Trunk and serve it, rebuilding on every
# change to the sources (Trunk.toml's [watch]). Trunk's and cargo's lines go
# to a log; the terminal gets what a person needs: what is happening, each
# rebuild and its errors, and — when the page really answers — the URL as
# the last line.
#
# Usage: scripts/serve.sh HOST PORT
set -euo pipefail
host="$1" port="$2"
cd "$(dirname "$0")/.."
url="http://$host:$port/"
# The log lives outside the tree: serve must not create a path (target/,
# dist/) before Trunk starts, so that the check of a fresh clone
# (scripts/serve-check.sh) sees the clone exactly as Trunk does.
log="${TMPDIR:-/tmp}/tessera-serve-$port.log"
: >"$log"

if curl -s -o /dev/null --max-time 2 "$url"; then
  echo "serve: something already answers on $url (another \`make serve\`?); stop it or use PORT=…" >&2
  exit 1
fi

if [ -d "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/debug" ]; then
  echo "serve: building the app (log: $log)"
else
  echo "serve: building the app for the first time — about a minute and a half on 2 cores, later builds reuse it (log: $log)"
fi
start=$SECONDS
trunk serve --offline --address "$host" --port "$port" >>"$log" 2>&1 &
trunk_pid=$!
trap 'kill "$trunk_pid" 2>/dev/null; wait "$trunk_pid" 2>/dev/null; exit 0' INT TERM
trap 'kill "$trunk_pid" 2>/dev/null || true' EXIT

# Ready means: index.html is served and names this build's app directory,
# and the worker's wasm it loads is there too.
ready() {
  local page
  page="$(curl -sf --max-time 2 "$url")" || return 1
  grep -q 'app-[0-9a-f]*/' <<<"$page" || return 1
  curl -sf -o /dev/null --max-time 2 "${url}worker_bg.wasm"
}
until ready; do
  if ! kill -0 "$trunk_pid" 2>/dev/null; then
    echo "serve: the build failed after $((SECONDS - start)) s; the end of $log:" >&2
    grep -v '^ *Compiling ' "$log" | tail -n 40 >&2
    exit 1
  fi
  sleep 1
done
echo "serve: built in $((SECONDS - start)) s; Ctrl+C stops, a saved change rebuilds"
echo "Tessera is ready: $url"

# From here on: one line per rebuild, and any error in full.
tail -n 0 -f "$log" --pid "$trunk_pid" | grep --line-buffered -E 'ERROR|error(\[|:)|warning: unused|success|build failed' \
  | sed -u -e 's/\x1b\[[0-9;]*m//g' -e 's/^/serve: /' &
wait "$trunk_pid"
