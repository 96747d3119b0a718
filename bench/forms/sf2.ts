/**
 * bench:sf2 — DepEd School Form 2: a 45-learner section's month (preview data, XLSX, PDF) and a
 * 2,000-learner school's ZIP of every section, through the API on a real database.
 *
 *   npm run bench:sf2 -- [--runs 20]                                              # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sf2         # PostgreSQL (temp schema)
 *
 * The school (./forms/school.ts): 44 sections of 45 learners and one of 20 (2,000), November 2026 (19 class days after a
 * holiday and a suspension), each learner present on ~90% of days, late on ~5%, no check-in on the rest. Targets: a
 * section's month < 300 ms, the school's ZIP < 30 s.
 */
import { ms, parseArgs, stats } from '../lib';
import { inProcessApp } from '../in-process';
import { BENCH_NOW, seedFormsSchool } from './school';

const USAGE = `
Usage: npm run bench:sf2 -- [options]   (or npx tsx bench/forms/sf2.ts [options])
DepEd SF2 through the API: a 45-learner section's month (preview, XLSX, PDF) and a 2,000-learner school's ZIP.
  --runs <n>            timed runs of the section's month per format, after 2 warm-up runs (default 20)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const RUNS = Number(args.get('runs') ?? 20);

const { store, db, call, close } = await inProcessApp('bench_sf2', BENCH_NOW);
const { schoolId, sectionIds, learners, records } = await seedFormsSchool({ db, call });
console.log(`SF2 bench on ${store}: ${learners} learners, ${sectionIds.length} sections, ${records} records`);

const section = sectionIds[0]!;
for (const format of ['json', 'xlsx', 'pdf'] as const) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await call('GET', `/api/super-admin/schools/${schoolId}/sections/${section}/sf2?month=2026-11&format=${format}`);
    if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i >= 2) samples.push(performance.now() - t0); // two warm-up runs
    bytes = res.rawPayload.length;
  }
  const s = stats(samples);
  console.log(
    `  45-learner section, ${format.padEnd(4)}: median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (${(bytes / 1024).toFixed(0)} KB)`,
  );
}
for (const format of ['xlsx', 'pdf'] as const) {
  const t0 = performance.now();
  const res = await call('GET', `/api/super-admin/schools/${schoolId}/sf2.zip?month=2026-11&format=${format}`);
  if (res.statusCode !== 200) throw new Error(`zip ${format}: ${res.statusCode}`);
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `  2,000-learner school ZIP (${format}): ${seconds.toFixed(2)} s, ${(res.rawPayload.length / 1024 / 1024).toFixed(1)} MB`,
  );
}

await close();
