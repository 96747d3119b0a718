/**
 * bench:rollover — the school year's rollover of a 2,000-learner school through the API on a real database: the
 * preview, the one commit and the undo, each against a baseline measured in the same run (one UPDATE of the same
 * 2,000 learner rows in one transaction: the least a rollover could write).
 *
 *   npm run bench:rollover -- [--runs 5]                                            # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:rollover       # PostgreSQL (temp schema)
 *
 * The school: grades 7 to 10 (10 completes), 11 sections of 45 learners per grade and one more of 20 in grade 7 (2,000
 * learners), 2 % of them transferred out during the year, 1 % archived during it, 1 % retained; the next grade lacks
 * three of the sections' names, so each commit also creates three. Targets: commit < 10 s, undo < 10 s.
 */
import { nowIso } from '@core/time/time';
import { ms, parseArgs, stats } from '../lib';
import { inProcessApp } from '../in-process';
import type { RolloverChoices } from '@domain/school-year';

const USAGE = `
Usage: npm run bench:rollover -- [options]   (or npx tsx bench/forms/rollover.ts [options])
The school year's rollover of a 2,000-learner school: preview, commit and undo through the API.
  --runs <n>            commit + undo rounds after one warm-up round (default 5)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const RUNS = Number(args.get('runs') ?? 5);
const { db, call, store, close } = await inProcessApp('bench_rollover', new Date('2027-05-20T04:00:00.000Z'));

const now = nowIso();
const { id: schoolId } = await db
  .insertInto('schools')
  .values({
    name: 'Bench Rollover High School',
    acronym: 'BRHS',
    timezone: 'Asia/Manila',
    isActive: 1,
    createdAt: now,
    updatedAt: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await call('PUT', `/api/super-admin/schools/${schoolId}/calendar/school-year`, { start: '2026-06-08', end: '2027-03-31' });
let n = 0;
for (const level of [7, 8, 9, 10]) {
  const grade = await db
    .insertInto('grades')
    .values({ schoolId, name: `Grade ${level}`, level, isActive: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sizes = [...Array.from({ length: 11 }, () => 45), level === 7 ? 20 : 0].filter(Boolean);
  // Grade 8 lacks grade 7's last section: the commit creates it.
  const names = sizes.map((_, i) => (level === 8 && i === sizes.length - 1 ? 'Extra' : `Section ${i + 1}`));
  for (const [i, size] of sizes.entries()) {
    const section = await db
      .insertInto('sections')
      .values({ schoolId, gradeId: grade.id, name: names[i]!, isActive: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const learners = Array.from({ length: size }, (_, j) => {
      n += 1;
      return {
        firstName: `Learner${j}`,
        lastName: `Family${level}-${i}-${j}`,
        gender: j % 2 ? 'FEMALE' : 'MALE',
        email: null,
        passwordHash: 'x',
        lrn: String(800_000_000_000 + n),
        rfidCardId: `B${String(n).padStart(7, '0')}`,
        parentPhone: '+639171234567',
        schoolId,
        gradeId: grade.id,
        sectionId: section.id,
        enrolmentDate: '2026-06-08',
        // Every row names every column (a multi-row insert on SQLite has no DEFAULT).
        leftOn: n % 50 === 0 ? '2026-11-10' : null,
        leftReason: n % 50 === 0 ? 'TRANSFERRED_OUT' : null,
        leftDetail: n % 50 === 0 ? 'Other School' : null,
        isArchived: n % 100 === 1 ? 1 : 0,
        archivedAt: n % 100 === 1 ? '2027-01-15T02:00:00.000Z' : null,
        archiveReason: n % 100 === 1 ? 'Moved away' : null,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insertInto('students').values(learners).execute();
  }
}
const ids = (await db.selectFrom('students').select('id').where('schoolId', '=', schoolId).execute()).map((r) => r.id);
console.log(`Rollover bench on ${store}: ${ids.length} learners`);

const choices = (await call('GET', `/api/super-admin/schools/${schoolId}/school-year/rollover`)).json().data as RolloverChoices;
const retainedIds = choices.sections
  .flatMap((s) => s.learners.filter((l) => !l.left).map((l) => l.id))
  .filter((id) => id % 100 === 7);
const plan = { year: { start: '2027-06-07', end: '2028-03-31' }, sections: choices.sections.map((s) => s.plan), retainedIds };

const timed = async (what: string, run: () => Promise<{ statusCode: number; body: string }>) => {
  const t0 = performance.now();
  const res = await run();
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { ms: performance.now() - t0, res };
};

const baseline: number[] = [];
const previews: number[] = [];
const commits: number[] = [];
const undos: number[] = [];
for (let round = 0; round < RUNS + 1; round++) {
  const t0 = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i += 500)
      await trx
        .updateTable('students')
        .set({ updatedAt: now })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
  });
  const b = performance.now() - t0;
  const p = await timed('preview', () => call('POST', `/api/super-admin/schools/${schoolId}/school-year/rollover/preview`, plan));
  const c = await timed('commit', () => call('POST', `/api/super-admin/schools/${schoolId}/school-year/rollover`, plan));
  const id = (c.res as unknown as { json: () => { data: { rollover: { id: number } } } }).json().data.rollover.id;
  const u = await timed('undo', () => call('POST', `/api/super-admin/schools/${schoolId}/school-year/rollovers/${id}/undo`));
  if (round === 0) {
    const totals = (c.res as unknown as { json: () => { data: { preview: { totals: object } } } }).json().data.preview.totals;
    console.log(`  each commit: ${JSON.stringify(totals)}`);
    continue; // warm-up
  }
  baseline.push(b);
  previews.push(p.ms);
  commits.push(c.ms);
  undos.push(u.ms);
}
const base = stats(baseline).median;
for (const [label, samples] of [
  ['baseline (one UPDATE of the 2,000 rows)', baseline],
  ['preview', previews],
  ['commit', commits],
  ['undo', undos],
] as const) {
  const s = stats(samples);
  console.log(`  ${label.padEnd(40)} median ${ms(s.median)}, max ${ms(s.max)} (${(s.median / base).toFixed(1)}× baseline)`);
}

await close();
