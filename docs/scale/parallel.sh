#!/usr/bin/env bash
# Run the N shards of a count with GNU parallel, on this machine or over ssh,
# then merge them (docs/counting-at-scale.md).
#
#   N=64 JOBS=2 bash docs/scale/parallel.sh polyform solve solid-pentominoes-3x4x5 --count
#   SSH="--sshlogin 8/node1,8/node2" N=64 bash docs/scale/parallel.sh quantumino count --aside 3
#
# Each shard's line goes to shards/<I>.json, so a rerun (parallel --resume-failed
# or simply running this again) only redoes the shards whose file is missing or empty.
set -euo pipefail
N=${N:-8}
JOBS=${JOBS:-2}
TESSERA=${TESSERA:-tessera}
OUT=${OUT:-shards}
mkdir -p "$OUT"
# --will-cite: GNU parallel's citation notice is not for scripts.
# shellcheck disable=SC2086
seq 0 $((N - 1)) | parallel --will-cite -j "$JOBS" ${SSH:-} \
  "[ -s $OUT/{}.json ] || { $TESSERA $* --shard {}/$N > $OUT/{}.json.part && mv $OUT/{}.json.part $OUT/{}.json; }"
"$TESSERA" merge "$OUT"/*.json
