# Sourced by scripts/tools.sh and scripts/test-deps.sh (which set `who`):
# `step NAME MINUTES COMMAND…` runs COMMAND quietly, with one line before and
# one after; on failure it shows the log's last lines and where the whole log
# is. Logs go to $TMPDIR/tessera-install, outside the tree.
logs="${TMPDIR:-/tmp}/tessera-install"
mkdir -p "$logs"

step() {
  local name="$1" minutes="$2"; shift 2
  local log="$logs/${name%% *}.log" start=$SECONDS
  echo "$who: installing $name — about $minutes, only the first time (log: $log)"
  if "$@" >"$log" 2>&1; then
    echo "$who: $name installed in $((SECONDS - start)) s"
  else
    echo "$who: installing $name failed after $((SECONDS - start)) s; the end of $log:" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
}
