/*
 * npm run bench:queries -- [--db data/bench.sqlite | DATABASE_URL=postgres://…] [--runs 50]
 *
 * Times the dashboard statistics and filtered system-log pages on the `npm run bench:seed` data set,
 * through the real app (buildApp + app.inject: routing, auth, validation, queries, serialisation; no
 * network). Reports median / p95 / min / max over --runs runs after 3 warm-up runs, against the targets
 * (a system-logs page < 20 ms; a student-list or archived-list page, with each filter and with a search term,
 * < 15 ms; dashboard-stats < 50 ms at 10M attendance records, Attendance History first and deep pages < 20 ms,
 * the student list's deep page at 100k < 20 ms: seed with `--attendance 10000000`). A benchmark, not a test.
 * `--only students` runs just the scenarios whose label starts with that word (`--only dashboard,system-logs`:
 * any of those words; what bench/compare-queries.sh runs, for a base that has no student lists).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { DB } from '@core/db/index';
import { loadConfig } from '@core/config';
import { localDate, lastLocalDays } from '@core/time/time';
import { pageCursor } from '@domain/list-filters';
import { DEFAULT_BENCH_DB, benchSignIn, benchTarget, ms, parseArgs, stats } from './lib';

const USAGE = `
Usage: npm run bench:queries -- [options]   (or npx tsx bench/queries.ts [options])
Dashboard, system-log, student-list and attendance-history pages on the bench:seed data set, through app.inject.
  --db <file>           SQLite file of the data set (default ${DEFAULT_BENCH_DB})
  DATABASE_URL=postgres://…   the PostgreSQL data set instead, when --db is not given
  --runs <n>            timed runs of each scenario, after 3 warm-up runs (default 50)
  --only <w1,w2>        only the scenarios whose label starts with one of these words (default: all)
  SECRETS_KEY=<base64>  the data set's secrets key (default: the fixed bench key)
  --help                this text
`;

interface Scenario {
  label: string;
  url: string;
  targetMs: number;
}

async function main() {
  const args = parseArgs(USAGE);
  const target = benchTarget(args);
  const runs = Number(args.get('runs') ?? 50);
  if (!target.databaseUrl && !fs.existsSync(target.sqliteFile)) {
    console.error(`${target.sqliteFile} does not exist: run \`npm run bench:seed\` first.`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RUN_WORKERS: '0',
      LOGIN_RATE_PER_MINUTE: '1000',
      // One fixed key for bench data sets: the database keeps a check of the first key it saw, so a
      // fresh random key per run would refuse the second run.
      SECRETS_KEY: process.env.SECRETS_KEY ?? Buffer.alloc(32, 42).toString('base64'),
      // Timing, not load shedding: a loaded machine must not turn a slow answer into a 503.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    databaseUrl: target.databaseUrl,
    sqliteFile: target.sqliteFile,
    staticDir: undefined,
  };
  const app = await buildApp(config);
  try {
    const token = await benchSignIn(app);

    const tz = config.schoolTimezone;
    const week = lastLocalDays(7, tz);
    const month = lastLocalDays(30, tz);
    const today = localDate(new Date(), tz);
    const logs = '/api/super-admin/system-logs';
    const scenarios: Scenario[] = [
      // < 50 ms at 10M attendance records.
      { label: 'dashboard-stats', url: '/api/super-admin/dashboard-stats', targetMs: 50 },
      { label: 'system-logs page 1', url: logs, targetMs: 20 },
      { label: 'system-logs page 200', url: `${logs}?page=200`, targetMs: 20 },
      { label: 'system-logs action', url: `${logs}?action=UPDATE_STUDENT`, targetMs: 20 },
      { label: 'system-logs entity', url: `${logs}?entity=Student&page=3`, targetMs: 20 },
      { label: 'system-logs 7-day range', url: `${logs}?startDate=${week[0]}&endDate=${today}`, targetMs: 20 },
      { label: 'system-logs user', url: `${logs}?userType=admin&userId=17`, targetMs: 20 },
      { label: 'system-logs action+30 days', url: `${logs}?action=LOGIN&startDate=${month[0]}&endDate=${today}`, targetMs: 20 },
      {
        label: 'system-logs all filters',
        url: `${logs}?action=UPDATE_STUDENT&entity=Student&startDate=${month[0]}&endDate=${today}&userType=admin&userId=17`,
        targetMs: 20,
      },
      { label: 'system-logs filter choices', url: `${logs}/filters`, targetMs: 20 },
    ];
    const only = args.get('only')?.split(',');
    const chosen = (label: string) => !only || only.some((word) => label.startsWith(word));
    if (chosen('students')) scenarios.push(...(await studentScenarios(app.db, week[0]!, today)));
    if (chosen('attendance-history')) scenarios.push(...(await historyScenarios(app.db, month[0]!, today)));

    console.log(`bench:queries on ${target.label}, ${runs} runs each (after 3 warm-up runs)\n`);
    console.log(
      `${'scenario'.padEnd(30)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'min'.padStart(10)} ${'max'.padStart(10)} ${'cpu med'.padStart(10)}  target`,
    );
    for (const s of scenarios.filter((x) => chosen(x.label))) {
      const samples: number[] = [];
      // CPU time of the process per request: on a shared, loaded machine it moves far less than wall time.
      const cpu: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < runs + 3; i++) {
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        const res = await app.inject({ method: 'GET', url: s.url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - started;
        const used = process.cpuUsage(cpuStart);
        if (res.statusCode !== 200) throw new Error(`${s.url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        if (i >= 3) {
          samples.push(elapsed);
          cpu.push((used.user + used.system) / 1000);
        }
        total ??= res.json().data?.pagination?.total;
      }
      const r = stats(samples);
      const verdict = r.median < s.targetMs && r.p95 < s.targetMs ? 'ok' : 'OVER';
      const rows = total === undefined ? '' : `  (${total.toLocaleString('en-US')} matching)`;
      console.log(
        `${s.label.padEnd(30)} ${ms(r.median).padStart(10)} ${ms(r.p95).padStart(10)} ${ms(r.min).padStart(10)} ${ms(r.max).padStart(10)} ${ms(stats(cpu).median).padStart(10)}  < ${s.targetMs} ms ${verdict}${rows}`,
      );
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The student lists on a typical student's school/grade/section, and searches by name, email and LRN. */
async function studentScenarios(db: DB, weekStart: string, today: string): Promise<Scenario[]> {
  const s = await db
    .selectFrom('students')
    .select(['schoolId', 'gradeId', 'sectionId', 'lrn', 'email'])
    .where('id', '=', 50_000)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('students')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('isArchived', '=', 0)
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(active.n) / 20));
  const list = '/api/super-admin/students';
  const archived = '/api/super-admin/archived-students';
  const t = 15;
  return [
    { label: 'students page 1', url: list, targetMs: t },
    { label: 'students page 200', url: `${list}?page=200`, targetMs: t },
    // Deep pages (< 20 ms). The middle page is the deepest walk from either end.
    { label: 'students middle page', url: `${list}?page=${Math.ceil(pages / 2)}`, targetMs: 20 },
    { label: 'students last page', url: `${list}?page=${pages}`, targetMs: 20 },
    { label: 'students school', url: `${list}?schoolId=${s.schoolId}`, targetMs: t },
    { label: 'students school+grade', url: `${list}?schoolId=${s.schoolId}&gradeId=${s.gradeId}`, targetMs: t },
    {
      label: 'students school+grade+section',
      url: `${list}?schoolId=${s.schoolId}&gradeId=${s.gradeId}&sectionId=${s.sectionId}`,
      targetMs: t,
    },
    { label: 'students search name', url: `${list}?searchTerm=maria%20sant`, targetMs: t },
    {
      label: 'students search email',
      url: `${list}?searchTerm=${encodeURIComponent((s.email ?? '').split('@')[0]!)}`,
      targetMs: t,
    },
    { label: 'students search LRN prefix', url: `${list}?searchTerm=${s.lrn.slice(0, 9)}`, targetMs: t },
    { label: 'students search no match', url: `${list}?searchTerm=zzzz`, targetMs: t },
    { label: 'students school+search', url: `${list}?schoolId=${s.schoolId}&searchTerm=reyes`, targetMs: t },
    { label: 'students archived page 1', url: archived, targetMs: t },
    { label: 'students archived 7 days', url: `${archived}?startDate=${weekStart}&endDate=${today}`, targetMs: t },
    { label: 'students archived search', url: `${archived}?searchTerm=santos`, targetMs: t },
  ];
}

/**
 * Attendance History (10 a page) first, deep, middle and last pages, all schools and one, and the
 * rollup-counted filters. The middle page is the deepest index walk (pages are read from the nearer end).
 */
async function historyScenarios(db: DB, monthStart: string, today: string): Promise<Scenario[]> {
  const totals = await db.selectFrom('attendanceSchoolTotals').select(['schoolId', 'n']).orderBy('n', 'desc').execute();
  const all = totals.reduce((sum, r) => sum + Number(r.n), 0);
  const pages = Math.max(1, Math.ceil(all / 10));
  const school = totals[Math.floor(totals.length / 2)]!;
  const schoolPages = Math.max(1, Math.ceil(Number(school.n) / 10));
  const url = '/api/super-admin/attendance-history';
  const t = 20;
  // Keyset: Next and Previous from the middle page, as the console asks for them (the cursor of a listed record).
  const middle = await db
    .selectFrom('attendanceRecords')
    .select(['date', 'id'])
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(all / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const cursor = pageCursor(middle);
  const mid = Math.ceil(pages / 2);
  return [
    { label: 'attendance-history middle next', url: `${url}?page=${mid + 1}&after=${cursor}`, targetMs: t },
    { label: 'attendance-history middle prev', url: `${url}?page=${mid - 1}&before=${cursor}`, targetMs: t },
    // A page link 3 pages away, as the console asks for it: the shown page's cursor and the 2 pages between skipped.
    { label: 'attendance-history middle +3', url: `${url}?page=${mid + 3}&after=${cursor}&skip=20`, targetMs: t },
    { label: 'attendance-history middle -3', url: `${url}?page=${mid - 3}&before=${cursor}&skip=20`, targetMs: t },
    { label: 'attendance-history page 1', url, targetMs: t },
    { label: 'attendance-history page 10000', url: `${url}?page=10000`, targetMs: t },
    { label: 'attendance-history last page', url: `${url}?page=${pages}`, targetMs: t },
    { label: 'attendance-history middle page', url: `${url}?page=${Math.ceil(pages / 2)}`, targetMs: t },
    { label: 'attendance-history school p1', url: `${url}?schoolId=${school.schoolId}`, targetMs: t },
    {
      label: 'attendance-history school deep',
      url: `${url}?schoolId=${school.schoolId}&page=${Math.ceil(schoolPages / 2)}`,
      targetMs: t,
    },
    { label: 'attendance-history 30d+LATE', url: `${url}?status=LATE&startDate=${monthStart}&endDate=${today}`, targetMs: t },
  ];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
