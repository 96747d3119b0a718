/**
 * The school the DepEd forms' benches measure (bench/forms/sf1.ts, bench/forms/sf2.ts): 2,000 learners in 44
 * sections of 45 and one of 20, school year 8 Jun 2026 – 9 Apr 2027 (national holidays load with it) and a typhoon
 * suspension on 18 Nov; each section's last learner enrolled late (16 Nov). November 2026 has 19 class days; each
 * learner is present on ~90% of them, late on ~5%, with no check-in on the rest. Every learner has a birth date and
 * SF1's register fields (address parts, parents, guardian). The benches run it in their in-process app
 * (../in-process.ts) on a fresh database.
 */
import type { Executor } from '@core/db/index';
import { localDateTime, nowIso } from '@core/time/time';
import { prng } from '../lib';
import type { inProcessApp } from '../in-process';

/** The school's clock: 1 Dec 2026, noon in Manila (the whole of November is in the past). */
export const BENCH_NOW = new Date('2026-12-01T04:00:00.000Z');

export const CLASS_DAYS = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 19, 20, 23, 24, 25, 26, 27].map(
  (d) => `2026-11-${String(d).padStart(2, '0')}`,
);

/** Seeds the school; answers its id, its sections' ids, and how many learners and attendance records it holds. */
export async function seedFormsSchool({ db, call }: { db: Executor; call: Awaited<ReturnType<typeof inProcessApp>>['call'] }) {
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
