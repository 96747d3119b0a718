import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { insertCardStudent } from '../../helpers/rfid';
import {
  MAX_KEYSET_SKIP,
  PAGE_CURSOR_MESSAGE,
  SKIP_MESSAGE,
  SKIP_WITHOUT_CURSOR_MESSAGE,
  pageCursor,
} from '@domain/list-filters';

/*
 * Attendance History pages are cut from the key alone, from the nearer end of the list, and the
 * total of day/status/school filters comes from the rollups. Every page of every filter, read one by one, must give
 * exactly the records in the spec's order (newest day, then newest record) with the exact total — deep pages
 * (read backwards) included — and a page past the end is empty with the same total.
 */
describe(`attendance history paging (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  type Rec = { id: number; studentId: number; schoolId: number; date: string; status: string; readerId: null };
  const records: Rec[] = [];
  let schools: number[] = [];
  const students: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schools = [(await createSchool(t.app, token)).id, (await createSchool(t.app, token)).id];
    for (let i = 0; i < 6; i++) students.push(await insertCardStudent(t.app, schools[i % 2]!, `BEEF00${i}0`));
    const statuses = ['PRESENT', 'LATE', 'ABSENT', 'EXCUSED', 'PRESENT'];
    const stamp = new Date().toISOString();
    const rows = [];
    // 6 students × 9 days = 54 records, inserted in an order unlike the list's (ids do not follow the days).
    for (let d = 9; d >= 1; d--) {
      for (const [k, studentId] of students.entries()) {
        rows.push({
          studentId,
          schoolId: schools[k % 2]!,
          date: `2026-03-${String(d * 2).padStart(2, '0')}`,
          status: statuses[(d + k) % statuses.length]!,
          createdAt: stamp,
          updatedAt: stamp,
        });
      }
    }
    const ids = await t.app.db.insertInto('attendanceRecords').values(rows).returning('id').execute();
    rows.forEach((r, i) => records.push({ ...r, id: ids[i]!.id, readerId: null }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const expected = (f: (r: Rec) => boolean) =>
    records
      .filter(f)
      .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)
      .map((r) => r.id);

  async function page(query: string, n: number, limit: number) {
    const res = await as(token)(t.app, {
      method: 'GET',
      url: `/api/super-admin/attendance-history?${query}&page=${n}&limit=${limit}`,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      records: Array<{ id: number; date: string }>;
      pagination: { total: number; totalPages: number };
    };
    const cursors = data.records.map(pageCursor);
    return { ids: data.records.map((r) => r.id), first: cursors[0], last: cursors.at(-1), ...data.pagination };
  }

  const cases: Array<[string, string, (r: Rec) => boolean]> = [
    ['no filter', 'x=1', () => true],
    ['one school', `schoolId=S0`, (r) => r.schoolId === schools[0]],
    ['a status', 'status=PRESENT', (r) => r.status === 'PRESENT'],
    ['a day range', 'startDate=2026-03-04&endDate=2026-03-12', (r) => r.date >= '2026-03-04' && r.date <= '2026-03-12'],
    [
      'school, status and from',
      'schoolId=S1&status=LATE&startDate=2026-03-06',
      (r) => r.schoolId === schools[1] && r.status === 'LATE' && r.date >= '2026-03-06',
    ],
    ['a student (counted)', 'studentId=P2', (r) => r.studentId === students[2]],
  ];

  it.each(cases)('%s: every page in order with the exact total, deep pages included', async (_name, raw, filter) => {
    const query = raw.replace('S0', String(schools[0])).replace('S1', String(schools[1])).replace('P2', String(students[2]));
    const want = expected(filter);
    expect(want.length).toBeGreaterThan(0);
    for (const limit of [4, 10]) {
      const pages = Math.max(1, Math.ceil(want.length / limit));
      const got: number[] = [];
      for (let n = 1; n <= pages; n++) {
        const p = await page(query, n, limit);
        expect(p.total).toBe(want.length);
        expect(p.totalPages).toBe(pages);
        expect(p.ids).toEqual(want.slice((n - 1) * limit, n * limit));
        got.push(...p.ids);
      }
      expect(got).toEqual(want);
      // Keyset: Next from each page with `after` its last record, then back with `before` its first.
      let p = await page(query, 1, limit);
      const forward = [...p.ids];
      for (let n = 2; n <= pages; n++) {
        p = await page(`${query}&after=${p.last}`, n, limit);
        expect(p.total).toBe(want.length);
        forward.push(...p.ids);
      }
      expect(forward).toEqual(want);
      expect((await page(`${query}&after=${p.last}`, pages + 1, limit)).ids).toEqual([]);
      const backward = [p.ids];
      for (let n = pages - 1; n >= 1; n--) {
        p = await page(`${query}&before=${p.first}`, n, limit);
        backward.unshift(p.ids);
      }
      expect(backward.flat()).toEqual(want);
      const past = await page(query, pages + 1, limit);
      expect(past.ids).toEqual([]);
      expect(past.total).toBe(want.length);
    }
  });

  it.each(cases)(
    '%s: a page k pages away from a shown page, by cursor and skip, is that page by number',
    async (_name, raw, filter) => {
      const query = raw.replace('S0', String(schools[0])).replace('S1', String(schools[1])).replace('P2', String(students[2]));
      const want = expected(filter);
      for (const limit of [4, 10]) {
        const pages = Math.max(1, Math.ceil(want.length / limit));
        for (const from of new Set([1, Math.ceil(pages / 2), pages])) {
          const shown = await page(query, from, limit);
          for (let to = 1; to <= pages + 1; to++) {
            if (to === from) continue;
            // Forward: after the shown page's last record, skip the (k - 1) pages between; backward: before its first.
            const k = Math.abs(to - from);
            const cursor = to > from ? `after=${shown.last}` : `before=${shown.first}`;
            const jump = await page(`${query}&${cursor}&skip=${(k - 1) * limit}`, to, limit);
            expect(jump.ids, `${from} → ${to} by ${limit}`).toEqual(want.slice((to - 1) * limit, to * limit));
            expect(jump.total).toBe(want.length);
            expect(jump.totalPages).toBe(pages);
          }
        }
      }
    },
  );

  it('skip is a whole number up to MAX_KEYSET_SKIP, and only with a cursor; skip 0 is Next', async () => {
    const url = '/api/super-admin/attendance-history';
    const first = await page('x=1', 1, 10);
    for (const [query, message] of [
      ['skip=10', SKIP_WITHOUT_CURSOR_MESSAGE],
      [`after=${first.last}&skip=-1`, SKIP_MESSAGE],
      [`after=${first.last}&skip=1.5`, SKIP_MESSAGE],
      [`after=${first.last}&skip=${MAX_KEYSET_SKIP + 1}`, SKIP_MESSAGE],
    ]) {
      const res = await as(token)(t.app, { method: 'GET', url: `${url}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await page(`after=${first.last}&skip=0`, 2, 10)).ids).toEqual((await page(`after=${first.last}`, 2, 10)).ids);
    const beyond = await page(`after=${first.last}&skip=${MAX_KEYSET_SKIP}`, 1002, 10);
    expect(beyond).toMatchObject({ ids: [], total: records.length });
  });

  it('a cursor that is not YYYY-MM-DD_id is a 400 with its message', async () => {
    for (const [name, value] of [
      ['after', '2026-03-02'],
      ['before', '2026-02-30_4'],
      ['after', '2026-03-02_0'],
      ['before', 'x_1'],
    ]) {
      const res = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/attendance-history?${name}=${value}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${name} ${PAGE_CURSOR_MESSAGE}`);
    }
  });

  it('an empty result has total 0 and no records', async () => {
    const p = await page('startDate=2027-01-01', 1, 10);
    expect(p).toMatchObject({ ids: [], total: 0, totalPages: 1 });
  });
});
