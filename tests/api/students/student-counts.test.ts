import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';
import * as counts from '../../../server/core/db/migrations/0023_student_counts';

/*
 * The student counts (migration 0023) equal a direct count of students after every kind of
 * write — register, archive, restore, deactivate, a move to another school, a school deleted (SET NULL), a
 * delete, a multi-row insert — and the migration's backfill counts the students already there. The student list's
 * total and the dashboard read them.
 */
describe(`student counts (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The kept counts (zeros left out) and the same counted from students, as sorted 'archived|active|school=n'. */
  async function expectCountsRight(): Promise<string[]> {
    const db = t.app.db;
    const kept = await db.selectFrom('studentCounts').selectAll().where('n', '<>', 0).execute();
    const counted = await db
      .selectFrom('students')
      .select([
        'isArchived',
        'isActive',
        sql<number>`coalesce(school_id, 0)`.as('schoolId'),
        (e) => e.fn.countAll<number>().as('n'),
      ])
      .groupBy(['isArchived', 'isActive', sql`coalesce(school_id, 0)`])
      .execute();
    const norm = (rows: Array<{ isArchived: number; isActive: number; schoolId: number; n: number | string }>) =>
      rows.map((r) => `${r.isArchived}|${r.isActive}|${Number(r.schoolId)}=${Number(r.n)}`).sort();
    expect(norm(kept)).toEqual(norm(counted));
    return norm(kept);
  }

  const listTotal = async (query = '') => {
    const res = await api({ method: 'GET', url: `/api/super-admin/students${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.pagination.total as number;
  };

  it('follow every write, and the list total and the dashboard read them', async () => {
    const a = (await createSchool(t.app, token)).id;
    const b = (await createSchool(t.app, token)).id;
    const s1 = await createStudent(t.app, token, a);
    const s2 = await createStudent(t.app, token, a);
    const s3 = await createStudent(t.app, token, b);
    expect(await expectCountsRight()).toEqual([`0|1|${a}=2`, `0|1|${b}=1`].sort());
    expect(await listTotal()).toBe(3);
    expect(await listTotal(`?schoolId=${a}`)).toBe(2);

    expect((await api({ method: 'POST', url: `/api/super-admin/students/${s1.id}/archive`, payload: {} })).statusCode).toBe(200);
    expect(await expectCountsRight()).toEqual([`0|1|${a}=1`, `0|1|${b}=1`, `1|1|${a}=1`].sort());
    expect(await listTotal(`?schoolId=${a}`)).toBe(1);
    expect((await api({ method: 'POST', url: `/api/super-admin/archived-students/${s1.id}/restore` })).statusCode).toBe(200);
    expect(await listTotal(`?schoolId=${a}`)).toBe(2);

    // Deactivated: still listed (not archived), no longer an active student on the dashboard.
    await t.app.db.updateTable('students').set({ isActive: 0 }).where('id', '=', s2.id).execute();
    await t.app.db.updateTable('students').set({ schoolId: b }).where('id', '=', s1.id).execute();
    // A change of none of the three columns writes nothing.
    await t.app.db.updateTable('students').set({ firstName: 'Renamed' }).where('id', '=', s3.id).execute();
    expect(await expectCountsRight()).toEqual([`0|0|${a}=1`, `0|1|${b}=2`].sort());
    expect(await listTotal()).toBe(3);
    const dash = await api({ method: 'GET', url: '/api/super-admin/dashboard-stats' });
    expect(dash.json().data.counts.students).toBe(2);

    // A deleted school leaves its students without one (ON DELETE SET NULL fires the update trigger).
    await t.app.db.deleteFrom('schools').where('id', '=', b).execute();
    expect(await expectCountsRight()).toEqual([`0|0|${a}=1`, '0|1|0=2'].sort());
    expect(await listTotal()).toBe(3);
    await t.app.db.deleteFrom('students').where('id', 'in', [s1.id, s3.id]).execute();
    expect(await expectCountsRight()).toEqual([`0|0|${a}=1`]);
    expect(await listTotal()).toBe(1);
  });

  it('the migration counts the students already there (backfill), and the triggers are back', async () => {
    const a = (await createSchool(t.app, token)).id;
    await createStudent(t.app, token, a);
    await createStudent(t.app, token, a);
    await counts.down(t.app.db);
    await createStudent(t.app, token, a);
    await counts.up(t.app.db);
    const before = await expectCountsRight();
    expect(before).toContain(`0|1|${a}=3`);
    await createStudent(t.app, token, a);
    expect(await expectCountsRight()).toContain(`0|1|${a}=4`);
  });
});
