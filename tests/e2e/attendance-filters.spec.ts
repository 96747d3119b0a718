/*
 * Attendance History's filters (school, grade, section, student by name or LRN, reader) in both consoles, kept in
 * the URL across a reload, and the section's day a class adviser opens from it — at 390 and 1440 px.
 * Own instance: the records need days and times no API sets.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { expectFitsWidth, LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { seedAttendance } from './school-data';
import { at } from '../helpers/rfid';
import { localDate, nowIso } from '@core/time/time';

const ROOT = { email: 'history-root@school.test', password: 'HistoryRootPass123' };
const TZ = 'Asia/Manila';
test.use({ timezoneId: TZ });
test.describe.configure({ mode: 'default' });

let instance: Instance;
const today = localDate(new Date(), TZ);
const ids = {} as Record<string, number>;
const JUAN_LRN = '400000000123';

async function post(app: FastifyInstance, token: string, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: TZ, prefix: 'e2e-history-' }, async () => undefined);
  const { app, token } = instance;
  const call = (url: string, payload: object) => post(app, token, url, payload);
  ids.a = await call('/api/super-admin/schools', { name: 'Filter Academy', acronym: 'FA' });
  ids.b = await call('/api/super-admin/schools', { name: 'Other School', acronym: 'OS' });
  ids.g7 = await call('/api/super-admin/grades', { schoolId: ids.a, name: 'Grade 7', level: 7 });
  ids.g8 = await call('/api/super-admin/grades', { schoolId: ids.a, name: 'Grade 8', level: 8 });
  ids.gB = await call('/api/super-admin/grades', { schoolId: ids.b, name: 'Grade 7', level: 7 });
  ids.narra = await call('/api/super-admin/sections', { schoolId: ids.a, gradeId: ids.g7, name: 'Narra' });
  ids.sampaguita = await call('/api/super-admin/sections', { schoolId: ids.a, gradeId: ids.g7, name: 'Sampaguita' });
  ids.acacia = await call('/api/super-admin/sections', { schoolId: ids.a, gradeId: ids.g8, name: 'Acacia' });
  ids.molave = await call('/api/super-admin/sections', { schoolId: ids.b, gradeId: ids.gB, name: 'Molave' });
  ids.gate = await call('/api/super-admin/rfid-readers', { schoolId: ids.a, name: 'North Gate', location: 'Main gate' });
  let seq = 0;
  const learner = (schoolId: number, gradeId: number, sectionId: number, firstName: string, lastName: string, lrn?: string) =>
    call('/api/super-admin/register-student', {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase().replace(/\s/g, '')}@students.test`,
      lrn: lrn ?? String(400000000200 + (seq += 1)),
      parentPhone: '0917 123 4567',
      password: 'Mango-Lantern-58',
      schoolId,
      gradeId,
      sectionId,
    });
  ids.juan = await learner(ids.a, ids.g7, ids.narra, 'Juan', 'Dela Cruz', JUAN_LRN);
  ids.maria = await learner(ids.a, ids.g7, ids.narra, 'Maria', 'Santos');
  ids.ana = await learner(ids.a, ids.g7, ids.narra, 'Ana', 'Lim');
  ids.pedro = await learner(ids.a, ids.g7, ids.sampaguita, 'Pedro', 'Reyes');
  ids.liza = await learner(ids.a, ids.g8, ids.acacia, 'Liza', 'Tan');
  ids.juanB = await learner(ids.b, ids.gB, ids.molave, 'Juan', 'Bautista');
  // Registered today, enrolled since June (a registration's enrolment date is its day).
  await app.db.updateTable('students').set({ enrolmentDate: '2026-06-08' }).execute();
  const day = (studentId: number, date: string, status: string, times: { in?: string; out?: string } = {}) =>
    seedAttendance(app, {
      studentId,
      schoolId: studentId === ids.juanB ? ids.b : ids.a,
      date,
      status,
      checkInAt: times.in && at(date, times.in),
      checkOutAt: times.out && at(date, times.out),
    });
  // Today: Juan is in, Ana came and left, Maria has not come; Pedro (Sampaguita) and Liza (Grade 8) are in.
  await day(ids.juan, today, 'PRESENT', { in: '07:20' });
  await day(ids.ana, today, 'PRESENT', { in: '07:10', out: '11:30' });
  await day(ids.pedro, today, 'PRESENT', { in: '07:25' });
  await day(ids.liza, today, 'LATE', { in: '08:05' });
  await day(ids.juanB, today, 'PRESENT', { in: '07:00' });
  // Juan's October (and the days around it).
  const oct5 = await day(ids.juan, '2026-10-05', 'PRESENT', { in: '07:15' });
  await app.db.updateTable('attendanceRecords').set({ readerId: ids.gate }).where('id', '=', oct5).execute();
  await day(ids.juan, '2026-10-20', 'LATE', { in: '08:10' });
  await day(ids.juan, '2026-09-30', 'PRESENT', { in: '07:05' });
  await day(ids.maria, '2026-10-10', 'ABSENT');
  await day(ids.juanB, '2026-10-12', 'PRESENT', { in: '07:00' });
  // A school admin of Filter Academy who may view attendance (a class adviser).
  const now = nowIso();
  const adviser = await app.db
    .insertInto('admins')
    .values({
      email: 'adviser@filter.test',
      passwordHash: 'x',
      firstName: 'Ada',
      lastName: 'Adviser',
      employeeId: 'ADV-1',
      schoolId: ids.a,
      permissions: JSON.stringify({ VIEW_ATTENDANCE: true }),
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.adviser = adviser.id;
});
test.afterAll(async () => instance?.close());

async function open(page: Page, context: BrowserContext, route: string, as: 'root' | 'adviser' = 'root') {
  if (as === 'root') await instance.signInBrowser(context);
  else await instance.signInAdmin(context, ids.adviser!);
  await page.goto(`${instance.base}${route}`);
}

const table = (page: Page) => page.getByRole('table', { name: 'Attendance records' });
/** The rows' names and days ('Juan Dela Cruz Oct 20, 2026'), top to bottom, once there are `count`. */
async function rows(page: Page, count: number): Promise<string[]> {
  const body = table(page).locator('tbody tr');
  await expect(body).toHaveCount(count);
  const texts = await body.allTextContents();
  return texts.map((t) => {
    const name = /(Juan Dela Cruz|Maria Santos|Ana Lim|Pedro Reyes|Liza Tan|Juan Bautista)/.exec(t)?.[1];
    const date = /([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(t)?.[1];
    return `${name} ${date}`;
  });
}
const todayText = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${today}T12:00:00Z`),
);
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

test(
  'Grade 7 Narra today: school, grade, section and Today, kept in the URL on reload',
  LAYOUT,
  async ({ page, context, width }) => {
    await open(page, context, '/super-admin/attendance-history');
    await page.getByLabel('School').selectOption({ label: 'Filter Academy (FA)' });
    await page.getByLabel('Grade').selectOption({ label: 'Grade 7' });
    await page.getByLabel('Section').selectOption({ label: 'Narra' });
    await page.getByRole('button', { name: 'Today' }).click();
    await expect
      .poll(() => params(page))
      .toEqual({
        schoolId: String(ids.a),
        gradeId: String(ids.g7),
        sectionId: String(ids.narra),
        startDate: today,
        endDate: today,
      });
    const shown = [`Ana Lim ${todayText}`, `Juan Dela Cruz ${todayText}`];
    expect((await rows(page, 2)).sort()).toEqual(shown);
    await expectFitsWidth(page, `Attendance History at ${width}px`, { tablesFit: width > 1000 });
    await page.reload();
    expect((await rows(page, 2)).sort()).toEqual(shown);
    await expect(page.getByLabel('Section')).toHaveValue(String(ids.narra));
    await expect(page.getByLabel('From Date')).toHaveValue(today);
    // Another school clears the grade and section it held.
    await page.getByLabel('School').selectOption({ label: 'Other School (OS)' });
    await expect(page.getByLabel('Grade')).toHaveValue('');
    await expect(page.getByLabel('Section')).toBeDisabled();
  },
);

test("Juan's October: a name and two dates; an LRN finds one learner; kept on reload", LAYOUT, async ({ page, context }) => {
  await open(page, context, '/super-admin/attendance-history');
  await page.getByLabel('Student', { exact: true }).fill('Juan');
  await page.getByLabel('From Date').fill('2026-10-01');
  await page.getByLabel('To Date').fill('2026-10-31');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect.poll(() => params(page)).toEqual({ search: 'Juan', startDate: '2026-10-01', endDate: '2026-10-31' });
  const october = ['Juan Dela Cruz Oct 20, 2026', 'Juan Bautista Oct 12, 2026', 'Juan Dela Cruz Oct 5, 2026'];
  expect(await rows(page, 3)).toEqual(october);
  await page.reload();
  expect(await rows(page, 3)).toEqual(october);
  await expect(page.getByLabel('Student', { exact: true })).toHaveValue('Juan');
  await page.getByLabel('Student', { exact: true }).fill(JUAN_LRN);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  expect(await rows(page, 2)).toEqual(['Juan Dela Cruz Oct 20, 2026', 'Juan Dela Cruz Oct 5, 2026']);
});

test('the reader filter lists the taps at that reader', async ({ page, context }) => {
  await open(page, context, `/super-admin/attendance-history?schoolId=${ids.a}`);
  await page.getByLabel('Reader').selectOption({ label: 'North Gate (Main gate)' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect.poll(() => params(page)).toEqual({ schoolId: String(ids.a), readerId: String(ids.gate) });
  expect(await rows(page, 1)).toEqual(['Juan Dela Cruz Oct 5, 2026']);
});

test(
  "a school admin filters their own school's grades and sections; another school's grade is not found",
  LAYOUT,
  async ({ page, context }) => {
    await open(page, context, '/admin/attendance-history', 'adviser');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance History' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'School' })).toHaveCount(0);
    await expect(page.getByLabel('Grade').locator('option')).toHaveText(['All Grades', 'Grade 7', 'Grade 8']);
    await page.getByLabel('Grade').selectOption({ label: 'Grade 7' });
    await page.getByLabel('Section').selectOption({ label: 'Sampaguita' });
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => params(page)).toMatchObject({ gradeId: String(ids.g7), sectionId: String(ids.sampaguita) });
    expect(await rows(page, 1)).toEqual([`Pedro Reyes ${todayText}`]);
    await page.reload();
    expect(await rows(page, 1)).toEqual([`Pedro Reyes ${todayText}`]);
    await page.goto(`${instance.base}/admin/attendance-history?gradeId=${ids.gB}`);
    await expect(page.getByRole('alert')).toHaveText(/Error: Grade not found/);
  },
);

test(
  "a section's day from Attendance History: in, still missing, left; kept on reload",
  LAYOUT,
  async ({ page, context, width }) => {
    await open(page, context, `/super-admin/attendance-history?schoolId=${ids.a}&gradeId=${ids.g7}&sectionId=${ids.narra}`);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => params(page)).toMatchObject({ startDate: today });
    await page.getByRole('link', { name: 'Section day' }).click();
    await expect(page).toHaveURL(/\/super-admin\/attendance-history\/section-day\?/);
    expect(params(page)).toEqual({ schoolId: String(ids.a), gradeId: String(ids.g7), sectionId: String(ids.narra), date: today });
    await expectSectionDay(page);
    await expectFitsWidth(page, `Section Day at ${width}px`);
    await page.reload();
    await expectSectionDay(page);
  },
);

async function expectSectionDay(page: Page) {
  await expect(page.getByRole('heading', { name: 'Grade 7 · Narra' })).toBeVisible();
  const counts = page.getByRole('list', { name: 'Counts' });
  await expect(counts.getByRole('link', { name: 'Still missing: 1' })).toBeVisible();
  await expect(counts.getByRole('link', { name: 'In school: 1' })).toBeVisible();
  await expect(counts.getByRole('link', { name: 'Left: 1' })).toBeVisible();
  await expect(counts.getByRole('link', { name: 'Excused: 0' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Still missing (1)' })).toContainText('Santos, Maria');
  await expect(page.getByRole('region', { name: 'In school (1)' })).toContainText(/Dela Cruz, Juan.*In 7:20 AM/);
  await expect(page.getByRole('region', { name: 'Left (1)' })).toContainText(/Lim, Ana.*In 7:10 AM · Left 11:30 AM/);
}

test(
  "a class adviser picks their section's day on a phone; the choice stays in the URL",
  LAYOUT,
  async ({ page, context, width }) => {
    await open(page, context, '/admin/attendance-history/section-day', 'adviser');
    await expect(page.getByRole('heading', { level: 1, name: 'Section Day' })).toBeVisible();
    await expect(page.getByText('Choose a grade and section: see who is in school')).toBeVisible();
    await page.getByLabel('Grade').selectOption({ label: 'Grade 7' });
    await page.getByLabel('Section').selectOption({ label: 'Narra' });
    await expect.poll(() => params(page)).toEqual({ gradeId: String(ids.g7), sectionId: String(ids.narra) });
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue(today);
    await expectSectionDay(page);
    await expectFitsWidth(page, `Section Day (school admin) at ${width}px`);
    await page.reload();
    await expectSectionDay(page);
    // Another day: October 10th, Maria was absent and nobody else has a record.
    await page.getByLabel('Day', { exact: true }).fill('2026-10-10');
    await expect(page.getByRole('region', { name: 'Still missing (3)' })).toContainText(/Santos, Maria.*ABSENT/);
    expect(params(page)).toMatchObject({ date: '2026-10-10' });
  },
);
