/**
 * bench:sf2 — DepEd School Form 2: a 45-learner section's month (preview data, XLSX, PDF) and a
 * 2,000-learner school's ZIP of every section, through the API on a real database.
 *
 *   npm run bench:sf2 -- [--runs 20]                                              # SQLite (temp file)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:sf2         # PostgreSQL (temp schema)
 *
 * The school: 44 sections of 45 learners and one of 20 (2,000), November 2026 (19 class days after a holiday and
 * a suspension), each learner present on ~90% of days, late on ~5%, no check-in on the rest. Targets: a
 * section's month < 300 ms, the school's ZIP < 30 s.
 */
import { localDateTime, nowIso } from '@core/time/time';
import { ms, parseArgs, prng, stats } from './lib';
import { inProcessApp } from './in-process';

const USAGE = `
Usage: npm run bench:sf2 -- [options]   (or npx tsx bench/sf2.ts [options])
DepEd SF2 through the API: a 45-learner section's month (preview, XLSX, PDF) and a 2,000-learner school's ZIP.
  --runs <n>            timed runs of the section's month per format, after 2 warm-up runs (default 20)
  DATABASE_URL=postgres://…   PostgreSQL, in a fresh schema dropped afterwards (default: SQLite in a temp dir)
  --help                this text
`;
const args = parseArgs(USAGE);
const RUNS = Number(args.get('runs') ?? 20);
const { db, call, store, close } = await inProcessApp('bench_sf2', new Date('2026-12-01T04:00:00.000Z'));

// The school, its year (national holidays load with it), a suspension, grades and sections.
const now = nowIso();
const school = await db
  .insertInto('schools')
  .values({
    name: 'Bench National High School',
    acronym: 'BNHS',
    depedSchoolId: '305976',
    timezone: 'Asia/Manila',
    isActive: 1,
    createdAt: now,
    updatedAt: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const schoolId = school.id;
await call('PUT', `/api/super-admin/schools/${schoolId}/calendar/school-year`, { start: '2026-06-08', end: '2027-04-09' });
await call('POST', `/api/super-admin/schools/${schoolId}/calendar/no-class-days`, {
  date: '2026-11-18',
  name: 'Typhoon',
  kind: 'SUSPENSION',
});
const sizes = [...Array.from({ length: 44 }, () => 45), 20];
const sectionIds: number[] = [];
for (const [i, size] of sizes.entries()) {
  const level = 7 + (i % 4);
  const grade = await db
    .insertInto('grades')
    .values({ schoolId, name: `Grade ${level} (${i})`, level, isActive: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('sections')
    .values({ schoolId, gradeId: grade.id, name: `Section ${i + 1}`, isActive: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  sectionIds.push(section.id);
  const learners = Array.from({ length: size }, (_, j) => ({
    firstName: `Learner${j}`,
    middleName: 'Santos',
    lastName: `Family${i}-${j}`,
    gender: j % 2 ? 'FEMALE' : 'MALE',
    email: `sf2-${i}-${j}@bench.test`,
    passwordHash: 'x',
    lrn: String(700_000_000_000 + i * 1000 + j),
    parentPhone: '+639171234567',
    schoolId,
    gradeId: grade.id,
    sectionId: section.id,
    enrolmentDate: j === size - 1 ? '2026-11-16' : '2026-06-08',
    createdAt: now,
    updatedAt: now,
  }));
  await db.insertInto('students').values(learners).execute();
}
const students = await db.selectFrom('students').select('id').where('schoolId', '=', schoolId).execute();
const days = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 19, 20, 23, 24, 25, 26, 27].map(
  (d) => `2026-11-${String(d).padStart(2, '0')}`,
);
const rng = prng(23);
const records: Array<{
  studentId: number;
  schoolId: number;
  date: string;
  status: string;
  checkInAt: string;
  createdAt: string;
  updatedAt: string;
}> = [];
for (const s of students) {
  for (const date of days) {
    const r = rng.next();
    if (r < 0.05) continue; // no check-in: absent on the form
    const late = r > 0.95;
    const at = localDateTime(date, late ? '08:05' : '07:20', 'Asia/Manila').toISOString();
    records.push({
      studentId: s.id,
      schoolId,
      date,
      status: late ? 'LATE' : 'PRESENT',
      checkInAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
}
for (let i = 0; i < records.length; i += 500)
  await db
    .insertInto('attendanceRecords')
    .values(records.slice(i, i + 500))
    .execute();
console.log(`SF2 bench on ${store}: ${students.length} learners, ${sectionIds.length} sections, ${records.length} records`);

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
