#!/usr/bin/env bash
# Before/after of `npm run bench:queries` on ONE data set, interleaved so both see the same machine load:
#   bench/compare-queries.sh <baseline checkout with node_modules> [db file] [rounds] [runs]
# e.g. git worktree add /tmp/base main && (cd /tmp/base && npm ci) && bench/compare-queries.sh /tmp/base data/bench.sqlite
# Prints each round's table; compare the medians per scenario (docs/benchmarks.md records them with uptime).
set -euo pipefail
base=$(cd "$1" && pwd); db=$(realpath "${2:-data/bench.sqlite}"); rounds=${3:-3}; runs=${4:-40}
here=$(cd "$(dirname "$0")/.." && pwd)
uname -a; nproc
for round in $(seq "$rounds"); do
  echo "=== before round $round $(uptime)"; (cd "$base" && npx tsx bench/queries.ts --db "$db" --runs "$runs")
  echo "=== after round $round $(uptime)"; (cd "$here" && npx tsx bench/queries.ts --db "$db" --runs "$runs")
done
