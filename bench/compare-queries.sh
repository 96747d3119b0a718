#!/usr/bin/env bash
# Before/after of `npm run bench:queries` (dashboard and system logs) on ONE data set, interleaved so both see
# the same machine load:
#   bench/compare-queries.sh <baseline checkout with node_modules> [db file] [rounds] [runs]
# e.g. git worktree add /tmp/base d9e351b && (cd /tmp/base && npm ci && npm run bench:seed -- --db /tmp/b.sqlite --reset)
#      flock /tmp/bench.lock bench/compare-queries.sh /tmp/base /tmp/b.sqlite 3 60
# Seed the data set with the BASELINE's code: the baseline reads <db file>; this checkout reads <db file>-after.sqlite,
# a copy migrated forward by this code (Kysely refuses a database carrying migrations its code does not know, so the
# baseline cannot read a file this code has migrated). Both run this checkout's bench/queries.ts and bench/lib.ts
# (copied into the baseline) so they report the same measures, including CPU time per request.
# Prints each round's table; compare the medians per scenario (docs/benchmarks.md records them with uptime).
set -euo pipefail
base=$(cd "$1" && pwd); db=$(realpath "${2:-data/bench.sqlite}"); rounds=${3:-3}; runs=${4:-40}
here=$(cd "$(dirname "$0")/.." && pwd)
after_db="${db%.sqlite}-after.sqlite"
only=dashboard,system-logs
cp "$here/bench/queries.ts" "$here/bench/lib.ts" "$base/bench/"
if [ ! -e "$after_db" ] || [ "$db" -nt "$after_db" ]; then
  cp "$db" "$after_db"
  # Migrates the copy (untimed), so no round pays for it.
  (cd "$here" && npx tsx bench/queries.ts --db "$after_db" --runs 1 --only dashboard > /dev/null)
fi
uname -a; nproc
log=$(mktemp)
for round in $(seq "$rounds"); do
  echo "=== before round $round $(uptime)"; (cd "$base" && npx tsx bench/queries.ts --db "$db" --runs "$runs" --only "$only") | tee -a "$log"
  echo "=== after round $round $(uptime)"; (cd "$here" && npx tsx bench/queries.ts --db "$after_db" --runs "$runs" --only "$only") | sed 's/^/after /' | tee -a "$log"
done
# Per scenario: the median over the rounds of each side's median wall time and median CPU time, and after/before.
echo; echo "median of $rounds round medians (ms): wall before, after, ratio | CPU before, after, ratio"
awk -v rounds="$rounds" '
  function med(list,   n, a, i, j, t) { n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  /^(after )?(dashboard|system-logs)/ {
    side = sub(/^after /, "") ? "after" : "before"; label = substr($0, 1, 30); sub(/ +$/, "", label)
    split(substr($0, 31), f, " "); if (!(label in seen)) { seen[label] = 1; order[++n] = label }
    wall[side, label] = wall[side, label] " " f[1]; cpu[side, label] = cpu[side, label] " " f[9]
  }
  END { for (i = 1; i <= n; i++) { l = order[i]; wb = med(wall["before", l]); wa = med(wall["after", l]); cb = med(cpu["before", l]); ca = med(cpu["after", l])
    printf "%-28s %8.2f %8.2f %5.2f | %8.2f %8.2f %5.2f\n", l, wb, wa, wa / wb, cb, ca, ca / cb } }' "$log"
rm -f "$log"
