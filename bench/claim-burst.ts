/*
 * bench:claim-burst — what one outbox claim costs right after a burst of pending rows.
 *
 * A backlog committed at once (the gateway was down all morning, the absence job's notices) leaves PostgreSQL's
 * planner statistics from before it until autovacuum's ANALYZE comes round (up to a minute): they say 'pending' is
 * rare. The claim's plan must not depend on them. Steps, on a fresh schema (PostgreSQL) or temp file (SQLite):
 *   1. a small outbox, all of it done, ANALYZE (the statistics of a quiet outbox);
 *   2. --backlog CHECK_IN intents for one school committed in one transaction;
 *   3. --claims claims of 20 rows, timed ("stale statistics");
 *   4. ANALYZE, then --claims more ("fresh statistics"; SQLite: the same, no ANALYZE is ever run by the app).
 * Prints each claim's time, and the median of each step. Run it on two checkouts to compare code.
 *
 *   npm run bench:claim-burst -- [--backlog 10000] [--claims 12]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/claim-burst.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, isPostgres, migrateToLatest } from '@core/db/index';
import { createSecretBox, loadSecretKey } from '@core/secrets/secrets';
import { seedOutboxLoad } from '../tests/fixtures/outbox-load';
import { claimDue } from '../server/features/outbox/claim';
import { FRESH_WINDOW_SECONDS } from '../server/features/outbox/urgency';
import { createPgSchema, dropPgSchema, parseArgs, percentile } from './lib';

const USAGE = `
Usage: npx tsx bench/claim-burst.ts [options]
One outbox claim's time right after a burst of pending rows, before and after ANALYZE.
  --backlog <n>         CHECK_IN intents committed at once (default 10000)
  --claims <n>          claims timed in each step (default 12)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const BACKLOG = Number(args.get('backlog') ?? 10_000);
const CLAIMS = Number(args.get('claims') ?? 12);
const pgUrl = process.env.DATABASE_URL?.trim();
const usePg = !!pgUrl && /^postgres(ql)?:\/\//.test(pgUrl);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-claim-'));
const schema = usePg ? await createPgSchema(pgUrl!, 'bench_claim') : undefined;
const db = createDb({ databaseUrl: usePg ? pgUrl : undefined, pgSchema: schema, sqliteFile: path.join(dataDir, 'app.db') });
try {
  await migrateToLatest(db, schema);
  const secrets = createSecretBox(loadSecretKey({ dataDir }));
  // 1. A quiet outbox: a few rows, all done, and the statistics that go with it.
  await db.transaction().execute((trx) => seedOutboxLoad(trx, secrets, 50, 'quiet', 1));
  await db.updateTable('notificationOutbox').set({ status: 'done' }).execute();
  await sql`analyze`.execute(db);
  await db.updateTable('schools').set({ acronym: 'QUIET' }).execute();
  await db
    .updateTable('students')
    .set({ lrn: sql`'9' || lrn`, email: sql`'q' || email` })
    .execute();
  // 2. The burst.
  const t0 = performance.now();
  await db.transaction().execute((trx) => seedOutboxLoad(trx, secrets, BACKLOG, 'burst', 1_000_000));
  const seedMs = performance.now() - t0;
  const timeClaims = async () => {
    const ms: number[] = [];
    for (let i = 0; i < CLAIMS; i++) {
      const start = performance.now();
      const rows = await claimDue(db, 20, 60_000, FRESH_WINDOW_SECONDS * 1000, new Date());
      ms.push(performance.now() - start);
      if (rows.length !== 20) throw new Error(`claim ${i} took ${rows.length} rows, not 20`);
    }
    return ms;
  };
  const stale = await timeClaims();
  if (isPostgres(db)) await sql`analyze`.execute(db);
  const fresh = await timeClaims();
  const show = (ms: number[]) => `median ${percentile(ms, 0.5).toFixed(1)} ms (${ms.map((m) => m.toFixed(1)).join(' ')})`;
  console.log(
    `claim-burst on ${usePg ? 'PostgreSQL' : 'SQLite'}, ${new Date().toISOString()}, load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`burst of ${BACKLOG} intents committed in ${(seedMs / 1000).toFixed(1)} s`);
  console.log(`claims of 20, ${usePg ? 'statistics from before the burst' : 'no ANALYZE'}: ${show(stale)}`);
  console.log(`claims of 20, ${usePg ? 'after ANALYZE' : 'again'}: ${show(fresh)}`);
} finally {
  await db.destroy();
  if (schema) await dropPgSchema(pgUrl!, schema);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
