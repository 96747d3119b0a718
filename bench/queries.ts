/*
 * npm run bench:queries -- [--db data/bench.sqlite | DATABASE_URL=postgres://…] [--runs 50]
 *
 * Times the dashboard statistics and filtered system-log pages on the `npm run bench:seed` data set,
 * through the real app (buildApp + app.inject: routing, auth, validation, queries, serialisation; no
 * network). Reports median / p95 / min / max over --runs runs after 3 warm-up runs, against the targets
 * of issue #4: dashboard-stats < 150 ms, a system-logs page < 20 ms. A benchmark, not a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { localDate, lastLocalDays } from '../server/lib/time';
import { BENCH_PASSWORD, benchTarget, ms, parseArgs, stats } from './lib';

interface Scenario {
  label: string;
  url: string;
  targetMs: number;
}

async function main() {
  const args = parseArgs();
  const target = benchTarget(args);
  const runs = Number(args.get('runs') ?? 50);
  if (!target.databaseUrl && !fs.existsSync(target.sqliteFile)) {
    console.error(`${target.sqliteFile} does not exist: run \`npm run bench:seed\` first.`);
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_WORKERS: '0', LOGIN_RATE_PER_MINUTE: '1000' }),
    databaseUrl: target.databaseUrl,
    sqliteFile: target.sqliteFile,
    staticDir: undefined,
  };
  const app = await buildApp(config);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      payload: { email: 'bench-root@example.com', password: BENCH_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed (${login.statusCode}): was the database seeded by bench:seed?`);
    const token = login.json().data.token as string;

    const tz = config.schoolTimezone;
    const week = lastLocalDays(7, tz);
    const month = lastLocalDays(30, tz);
    const today = localDate(new Date(), tz);
    const logs = '/api/super-admin/system-logs';
    const scenarios: Scenario[] = [
      { label: 'dashboard-stats', url: '/api/super-admin/dashboard-stats', targetMs: 150 },
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

    console.log(`bench:queries on ${target.label}, ${runs} runs each (after 3 warm-up runs)\n`);
    console.log(
      `${'scenario'.padEnd(30)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'min'.padStart(10)} ${'max'.padStart(10)} ${'cpu med'.padStart(10)}  target`,
    );
    for (const s of scenarios) {
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
