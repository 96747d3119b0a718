import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { createDb, migrateToLatest } from '@core/db/index';
import { migrations } from '@core/db/migrations/index';
import { dbKind } from '../../helpers/app';

/*
 * Migration 0039 on a SQLite database that already holds learners: the students table is rebuilt so a learner's
 * e-mail may be empty, and every row, index, trigger and row pointing at a learner survives it (foreign keys are
 * off while the old table is dropped, so nothing cascades). PostgreSQL drops the NOT NULL in place.
 */
describe.skipIf(dbKind === 'postgres')('migration 0039: learners without e-mail, must-change mark (sqlite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig0039-'));
  const db = createDb({ sqliteFile: path.join(dir, 'app.db') });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every learner, their linked rows, indexes and triggers; e-mail becomes optional', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0037_gate_pairing_codes');
    expect(error).toBeUndefined();
    const now = new Date().toISOString();
    const school = await db
      .insertInto('schools')
      .values({ name: 'Old School', acronym: 'OS', createdAt: now, updatedAt: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = (n: number) => ({
      firstName: 'Old',
      lastName: `Learner${n}`,
      email: `old${n}@students.test`,
      passwordHash: 'x',
      lrn: String(300000000000 + n),
      parentPhone: '+639171234567',
      schoolId: school.id,
      createdAt: now,
      updatedAt: now,
    });
    const ids = (await db.insertInto('students').values([1, 2, 3].map(student)).returning('id').execute()).map((r) => r.id);
    await db.deleteFrom('students').where('id', '=', ids[2]!).execute();
    await db.insertInto('studentSearchTerms').values({ studentId: ids[0]!, term: 'old' }).execute();
    const objects = async () =>
      (
        await sql<{
          name: string;
        }>`select name from sqlite_master where tbl_name = 'students' and type <> 'table' order by name`.execute(db)
      ).rows.map((r) => r.name);
    const before = await objects();
    expect(before).toEqual(expect.arrayContaining(['students_school_idx', 'student_counts_ai']));

    await migrateToLatest(db);

    expect(await objects()).toEqual(before);
    const fk = (await sql<Record<string, number>>`pragma foreign_keys`.execute(db)).rows[0]!;
    expect(Object.values(fk)).toEqual([1]);
    const rows = await db.selectFrom('students').select(['id', 'email', 'mustChangePassword']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ids[0], email: 'old1@students.test', mustChangePassword: 0 },
      { id: ids[1], email: 'old2@students.test', mustChangePassword: 0 },
    ]);
    expect(await db.selectFrom('studentSearchTerms').selectAll().execute()).toEqual([{ studentId: ids[0], term: 'old' }]);
    // A learner without an e-mail, twice; ids keep counting past the deleted one; the count trigger still runs.
    const added = await db
      .insertInto('students')
      .values([4, 5].map((n) => ({ ...student(n), email: null })))
      .returning('id')
      .execute();
    expect(added.map((r) => r.id)).toEqual([ids[2]! + 1, ids[2]! + 2]);
    const counted = await db.selectFrom('studentCounts').select('n').where('schoolId', '=', school.id).executeTakeFirstOrThrow();
    expect(counted.n).toBe(4);
    await expect(
      db
        .insertInto('students')
        .values({ ...student(6), email: 'old1@students.test' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
