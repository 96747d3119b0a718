/**
 * The school the DepEd forms' benches measure (bench/forms/sf1.ts, bench/forms/sf2.ts): 2,000 learners in 44
 * sections of 45 and one of 20, school year 8 Jun 2026 – 9 Apr 2027 (national holidays load with it) and a typhoon
 * suspension on 18 Nov; each section's last learner enrolled late (16 Nov). November 2026 has 19 class days; each
 * learner is present on ~90% of them, late on ~5%, with no check-in on the rest. Every learner has a birth date and
 * SF1's register fields (address parts, parents, guardian). The app runs on a temp SQLite file, or PostgreSQL in a
 * fresh schema when DATABASE_URL is set; `close` drops what it made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { testConfig } from '../../tests/helpers/config';
import { createDb } from '@core/db/index';
import { localDateTime, nowIso } from '@core/time/time';
import { SUPER_ADMIN } from '../../tests/helpers/app';
import { createPgSchema, dropPgSchema, prng } from '../lib';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

export const CLASS_DAYS = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 19, 20, 23, 24, 25, 26, 27].map(
  (d) => `2026-11-${String(d).padStart(2, '0')}`,
);

export async function formsBench(name: string) {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const schema = url ? await createPgSchema(url, `bench_${name}`) : undefined;
  const config = testConfig(dataDir, { databaseUrl: url, pgSchema: schema });
  const db = createDb({ databaseUrl: url, sqliteFile: config.sqliteFile, pgSchema: schema });
  const app = await buildApp(config, { db, clock: { now: () => new Date('2026-12-01T04:00:00.000Z') } });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/super-admin/login',
    headers: { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
    payload: SUPER_ADMIN,
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  const call = (method: 'GET' | 'POST' | 'PUT', u: string, payload?: object) => app.inject({ method, url: u, headers, payload });
  const close = async () => {
    await app.close();
    await db.destroy();
    if (url && schema) await dropPgSchema(url, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { store: url ? 'PostgreSQL' : 'SQLite', db, app, call, close };
}

type Bench = Awaited<ReturnType<typeof formsBench>>;

/** Seeds the school; answers its id, its sections' ids, and how many learners and attendance records it holds. */
export async function seedFormsSchool({ db, call }: Pick<Bench, 'db' | 'call'>) {
  const now = nowIso();
  const school = await db
    .insertInto('schools')
    .values({
      name: 'Bench National High School',
      acronym: 'BNHS',
      depedSchoolId: '305976',
      timezone: 'Asia/Manila',
      schoolHeadName: 'Pedro Reyes',
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
      .values({
        schoolId,
        gradeId: grade.id,
        name: `Section ${i + 1}`,
        adviserName: `Adviser ${i + 1}`,
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sectionIds.push(section.id);
    const learners = Array.from({ length: size }, (_, j) => ({
      firstName: `Learner${j}`,
      middleName: 'Santos',
      lastName: `Family${i}-${j}`,
      gender: j % 2 ? 'FEMALE' : 'MALE',
      dateOfBirth: `${2014 - (level - 7)}-${String((j % 12) + 1).padStart(2, '0')}-${String((j % 28) + 1).padStart(2, '0')}`,
      email: `forms-${i}-${j}@bench.test`,
      passwordHash: 'x',
      lrn: String(700_000_000_000 + i * 1000 + j),
      address: `${j + 1} Purok Malipayon`,
      barangay: 'San Roque',
      municipality: 'Iloilo City',
      province: 'Iloilo',
      motherTongue: 'Hiligaynon',
      religion: 'Roman Catholic',
      fatherName: `Family${i}-${j}, Jose`,
      motherMaidenName: `Reyes, Rosa`,
      parentFirstName: 'Rosa',
      parentLastName: `Family${i}-${j}`,
      guardianRelationship: 'Mother',
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
    for (const date of CLASS_DAYS) {
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
  return { schoolId, sectionIds, learners: students.length, records: records.length };
}
