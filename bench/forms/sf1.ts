/**
 * bench:sf1 — DepEd School Form 1 (School Register) of every section of a 2,000-learner school, XLSX and PDF, through
 * the API on a real database; the baseline, measured in the same run on the same school: SF2 of November, XLSX and
 * PDF, of every section (the form the product already makes), with the ratio SF1 / SF2.
 *
 *   npm run bench:sf1 -- [--rounds 3] [--runs 20]                                  # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sf1          # PostgreSQL (temp schema)
 *
 * The school: ./school.ts (44 sections of 45 learners and one of 20, each with a birth date and SF1's fields).
 * Goal: SF1 of the whole school (every section's XLSX and PDF) < 5 s.
 */
import { ms, parseArgs, stats } from '../lib';
import { inProcessApp } from '../in-process';
import { BENCH_NOW, seedFormsSchool } from './school';

const USAGE = `
Usage: npm run bench:sf1 -- [options]   (or npx tsx bench/forms/sf1.ts [options])
DepEd SF1 through the API: every section's XLSX and PDF of a 2,000-learner school, against SF2's in the same run.
  --rounds <n>          timed rounds of the whole school (SF1, then the SF2 baseline), after one warm-up (default 3)
  --runs <n>            timed runs of one 45-learner section's SF1 per format, after 2 warm-up runs (default 20)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const ROUNDS = Number(args.get('rounds') ?? 3);
const RUNS = Number(args.get('runs') ?? 20);

const { store, db, call, close } = await inProcessApp('bench_sf1', BENCH_NOW);
const { schoolId, sectionIds, learners, records } = await seedFormsSchool({ db, call });
console.log(`SF1 bench on ${store}: ${learners} learners, ${sectionIds.length} sections, ${records} records`);

const sf1 = (section: number, format: string) => `/api/super-admin/schools/${schoolId}/sections/${section}/sf1?format=${format}`;
const sf2 = (section: number, format: string) =>
  `/api/super-admin/schools/${schoolId}/sections/${section}/sf2?month=2026-11&format=${format}`;

async function get(url: string): Promise<number> {
  const res = await call('GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.rawPayload.length;
}

/** Every section's XLSX and PDF of a form, one after another: seconds and bytes. */
async function wholeSchool(url: (section: number, format: string) => string) {
  const t0 = performance.now();
  let bytes = 0;
  for (const section of sectionIds) for (const format of ['xlsx', 'pdf']) bytes += await get(url(section, format));
  return { seconds: (performance.now() - t0) / 1000, bytes };
}

const section = sectionIds[0]!;
for (const format of ['json', 'xlsx', 'pdf'] as const) {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    bytes = await get(sf1(section, format));
    if (i >= 2) samples.push(performance.now() - t0); // two warm-up runs
  }
  const s = stats(samples);
  console.log(
    `  45-learner section SF1, ${format.padEnd(4)}: median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (${(bytes / 1024).toFixed(0)} KB)`,
  );
}

// One warm-up round of each, then the timed rounds (SF1 and SF2 alternate, so both see the same machine).
await wholeSchool(sf1);
await wholeSchool(sf2);
const sf1Times: number[] = [];
const sf2Times: number[] = [];
let sizes = { sf1: 0, sf2: 0 };
for (let r = 0; r < ROUNDS; r++) {
  const a = await wholeSchool(sf1);
  const b = await wholeSchool(sf2);
  sf1Times.push(a.seconds);
  sf2Times.push(b.seconds);
  sizes = { sf1: a.bytes, sf2: b.bytes };
}
const median = (xs: number[]) => stats(xs).median;
const [one, two] = [median(sf1Times), median(sf2Times)];
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `  2,000-learner school, SF1 XLSX+PDF of ${sectionIds.length} sections: median ${one.toFixed(2)} s ` +
    `(rounds ${sf1Times.map((s) => s.toFixed(2)).join(', ')}; ${mb(sizes.sf1)}); goal < 5 s: ${one < 5 ? 'met' : 'NOT met'}`,
);
console.log(
  `  baseline, SF2 (November) XLSX+PDF of the same sections: median ${two.toFixed(2)} s ` +
    `(rounds ${sf2Times.map((s) => s.toFixed(2)).join(', ')}; ${mb(sizes.sf2)})`,
);
console.log(`  ratio SF1 / SF2: ${(one / two).toFixed(2)}`);

await close();
