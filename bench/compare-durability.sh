#!/usr/bin/env bash
# What durable commits cost (issue #18.10): `bench:taps` on this checkout (SQLite synchronous=FULL) and on a copy of
# the same commit whose only change is synchronous=NORMAL, interleaved so both see the same machine load.
#   bench/compare-durability.sh [rounds] [bench:taps options…]     e.g. bench/compare-durability.sh 2 --taps 5000
# Runs on SQLite (DATABASE_URL is ignored: PostgreSQL's durability is its own fsync setting). Records go in
# docs/benchmarks.md "Durable commits" with `uptime`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-2}
shift || true
base="$(mktemp -d)/normal"
git -C "$here" worktree add --detach "$base" HEAD > /dev/null
trap 'git -C "$here" worktree remove --force "$base"' EXIT
ln -s "$here/node_modules" "$base/node_modules"
sed -i "s/sqlite.pragma('synchronous = FULL')/sqlite.pragma('synchronous = NORMAL')/" "$base/server/db/index.ts"
grep -q "synchronous = NORMAL" "$base/server/db/index.ts" || { echo "could not make the NORMAL copy" >&2; exit 1; }
uname -a; nproc
for round in $(seq "$rounds"); do
  echo "=== NORMAL (before) round $round — $(uptime)"; (cd "$base" && DATABASE_URL= npx tsx bench/taps.ts "$@")
  echo "=== FULL (after) round $round — $(uptime)"; (cd "$here" && DATABASE_URL= npx tsx bench/taps.ts "$@")
done
