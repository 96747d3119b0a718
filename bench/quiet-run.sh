#!/usr/bin/env bash
# The lead's quiet benchmark sequence for issues #20 and #24 (docs/benchmarks.md, "the lead's quiet run"): every
# figure of the run from one command, on a machine where nothing else runs. Needs a build (npm run build) and the
# 10M data sets of "Cost flat in size → Running it" (SQLite file and PostgreSQL database bench10m).
#   flock /tmp/bench.lock bench/quiet-run.sh [logdir]
# Each step writes its log to logdir (default /tmp); the time and load average of each step go to stdout.
# BASE=<another checkout> also runs the tap benches there, in the same sequence (the "before" of a change).
# Steps whose input is missing (the 10M data sets, a build) are skipped and say so.
set -uo pipefail
cd "$(dirname "$0")/.."
LOGS=${1:-/tmp}
PG=${PG_URL:-postgres://postgres@127.0.0.1:5432/test}
PG10M=${PG10M_URL:-postgres://postgres@127.0.0.1:5432/bench10m}
SQLITE10M=${SQLITE10M:-/work/bench-data/10m.sqlite}
stamp() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"; }
step() {
  local name=$1
  shift
  stamp "$name start"
  "$@" >"$LOGS/qb-$name.log" 2>&1 || echo "!! $name exited $?"
  stamp "$name end"
}
BASE=${BASE:-}
step taps-sqlite npx tsx bench/taps.ts
step taps-pg env DATABASE_URL="$PG" npx tsx bench/taps.ts
if [ -n "$BASE" ]; then
  step taps-sqlite-before bash -c "cd '$BASE' && npx tsx bench/taps.ts"
  step taps-pg-before bash -c "cd '$BASE' && DATABASE_URL='$PG' npx tsx bench/taps.ts"
fi
step drain-sqlite npx tsx bench/drain-taps.ts
step drain-pg env DATABASE_URL="$PG" npx tsx bench/drain-taps.ts
if [ -f "$SQLITE10M" ]; then
  step queries-sqlite npx tsx bench/queries.ts --db "$SQLITE10M" --runs 100 --only dashboard,attendance-history,students
else echo "-- queries-sqlite skipped: no $SQLITE10M"; fi
if psql "$PG10M" -c 'select 1' >/dev/null 2>&1; then
  step queries-pg env DATABASE_URL="$PG10M" npx tsx bench/queries.ts --runs 100 --only dashboard,attendance-history,students
else echo "-- queries-pg skipped: no database at $PG10M"; fi
if [ -d dist ]; then
  step lighthouse env LH_PAGES=/,/systems,/login,/student node bench/lighthouse.mjs dist
else echo "-- lighthouse skipped: no dist/ (npm run build)"; fi
