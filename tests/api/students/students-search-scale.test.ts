import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';
import { insertCardStudents } from '../../helpers/rfid';
import { SEARCH_IDS_MAX, SEARCH_ROWS_READ } from '../../../server/features/students/search';
import type { StudentList } from '@domain/students';

/*
 * A search is matched one of two ways (features/students/search.ts): the students of its small words become an id
 * list, and a word with too many rows, or matches past SEARCH_IDS_MAX, stay subqueries. Both ways must answer
 * the same students, in the list's own order.
 */
describe(`student search at scale (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let ids: number[];
  const STUDENTS = SEARCH_IDS_MAX + 1;
  const list = async (query: string) => {
    const res = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/students?schoolId=${schoolId}&${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as StudentList;
  };
  const page = async (query: string, n: number) => (await list(`${query}&page=${n}`)).students.map((s) => s.id);

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    await insertCardStudents(
      t.app.db,
      schoolId,
      Array.from({ length: STUDENTS }, (_, i) => `5CA1E${String(i).padStart(4, '0')}`),
      'Scale',
    );
    ids = (await t.app.db.selectFrom('students').select('id').where('schoolId', '=', schoolId).orderBy('id').execute()).map(
      (r) => r.id,
    );
    // Terms written directly: every student "widename" (more students than an id list holds), ten "bigword…" each
    // (a range longer than is read), every 40th "fewname", the eighth "onlyeight".
    const terms = ids.flatMap((studentId, i) => [
      { studentId, term: 'widename' },
      ...Array.from({ length: Math.ceil(SEARCH_ROWS_READ / STUDENTS) + 1 }, (_, k) => ({ studentId, term: `bigword${k}` })),
      ...(i % 40 === 0 ? [{ studentId, term: 'fewname' }] : []),
      ...(i === 7 ? [{ studentId, term: 'onlyeight' }] : []),
    ]);
    for (let i = 0; i < terms.length; i += 500)
      await t.app.db
        .insertInto('studentSearchTerms')
        .values(terms.slice(i, i + 500))
        .execute();
  });
  afterAll(async () => t.close());

  it('a word matching more students than an id list holds: every one, pages in the list order', async () => {
    const all = await list('searchTerm=widename');
    expect(all.pagination.total).toBe(STUDENTS);
    const last = Math.ceil(STUDENTS / 20);
    for (const n of [1, 2, last]) expect(await page('searchTerm=widename', n)).toEqual(await page('limit=20', n));
    // The same word repeated, and a word whose range is longer than is read, answer alike.
    expect((await list('searchTerm=bigword')).pagination.total).toBe(STUDENTS);
    expect((await list('searchTerm=widename%20bigword')).pagination.total).toBe(STUDENTS);
  });

  it('a few matches as an id list: the same students in the same order as the whole list', async () => {
    const few = ids.filter((_, i) => i % 40 === 0);
    // Named against their id order, so that an order by id (or by nothing) cannot pass for the list's.
    for (const [k, id] of few.entries())
      await t.app.db
        .updateTable('students')
        .set({ lastName: `Few ${String(few.length - k).padStart(2, '0')}` })
        .where('id', '=', id)
        .execute();
    const whole: number[] = [];
    for (let n = 1; n <= Math.ceil(STUDENTS / 20); n++) whole.push(...(await page('limit=20', n)));
    const expected = whole.filter((id) => few.includes(id));
    expect((await list('searchTerm=fewname')).pagination.total).toBe(few.length);
    expect([...(await page('searchTerm=fewname', 1)), ...(await page('searchTerm=fewname', 2))]).toEqual(expected);
  });

  it('a small word with a long one: the id list narrowed by the long word', async () => {
    const one = await list('searchTerm=bigword%20onlyeight');
    expect(one.students.map((s) => s.id)).toEqual([ids[7]]);
    expect(one.pagination.total).toBe(1);
    // A student with no "bigword" term is not matched by it, even when the other word is theirs alone.
    const lone = await createStudent(t.app, token, schoolId, { firstName: 'Lonesome', lastName: 'Cordero' });
    expect((await list('searchTerm=lonesome')).students.map((s) => s.id)).toEqual([lone.id]);
    expect((await list('searchTerm=bigword%20lonesome')).pagination.total).toBe(0);
    expect((await list('searchTerm=widename%20onlyeight%20bigword')).students.map((s) => s.id)).toEqual([ids[7]]);
  });
});
