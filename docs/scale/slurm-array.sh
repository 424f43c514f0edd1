#!/bin/bash
# One shard per Slurm array task (docs/counting-at-scale.md).
#
#   sbatch docs/scale/slurm-array.sh                 # 64 shards, 0..63
#   sbatch --dependency=afterok:<jobid> --wrap 'tessera merge shards/*.json'
#
# Shards are numbered from 0, like the array indices below. --state lets a
# task that was preempted or requeued resume where it stopped.
#SBATCH --job-name=tessera-count
#SBATCH --array=0-63
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --output=logs/%A_%a.err
set -euo pipefail
N=64
I=${SLURM_ARRAY_TASK_ID}
mkdir -p shards state
tessera polyform solve solid-pentominoes-3x4x5 --count \
  --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$I/$N" --state "state/$I.json" > "shards/$I.json.part"
mv "shards/$I.json.part" "shards/$I.json"
