/*
 * Attendance History live in the browser and the RFID Readers tab, against the real app.
 *
 * Own instance of the real server (./instance.ts): the history starts empty and holds only this spec's taps. Its
 * students (cards with chosen UIDs) are inserted through that app's database; schools, readers and taps go through
 * the API.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { insertCardStudent } from '../helpers/rfid';
import { localDate } from '@core/time/time';

const ROOT = { email: 'att-root@school.test', password: 'AttRootPass123' };
const TZ = 'Asia/Manila';
test.use({ timezoneId: TZ });
test.describe.configure({ mode: 'serial' });

let instance: Instance;
let readerToken: string;

const addStudent = (firstName: string, lastName: string, card: string, schoolId: number) =>
  insertCardStudent(instance.app, schoolId, card, undefined, { firstName, lastName });

const api = (path: string, payload?: unknown, method = 'POST') =>
  instance.app.inject({
    method: method as 'POST',
    url: path,
    headers: { authorization: `Bearer ${instance.token}` },
    payload: payload as object,
  });

/** A tap now (a school day or not: the live feed shows it either way only when it changes attendance). */
const tap = (card: string, eventId: string, at = new Date()) =>
  fetch(`${instance.base}/api/rfid/taps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, cardUid: card, tappedAt: at.toISOString() }),
  });

/** Today counts as a school day whatever the weekday, so the live test does not depend on the calendar. */
async function everyDayIsASchoolDay(schoolId: number) {
  const res = await api(
    `/api/super-admin/schools/${schoolId}/attendance-settings`,
    {
      timeZone: TZ,
      lateCutoff: '23:58',
      absenceCutoff: '23:59',
      schoolDays: [1, 2, 3, 4, 5, 6, 7],
      holidays: [],
    },
    'PUT',
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function open(page: Page, context: BrowserContext, route: string) {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}${route}`);
}

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: TZ, prefix: 'e2e-attendance-' }, async () => undefined);
  const school = await api('/api/super-admin/schools', { name: 'Live Tap Academy', acronym: 'LTA' });
  expect(school.statusCode, school.body).toBe(201);
  const schoolId = school.json().data.id as number;
  await everyDayIsASchoolDay(schoolId);
  const reader = await api('/api/super-admin/rfid-readers', { name: 'North Gate', location: 'Building A', schoolId });
  expect(reader.statusCode, reader.body).toBe(201);
  readerToken = reader.json().data.token;
  await addStudent('Maria', 'Santos', '04A1B2C3', schoolId);
  await addStudent('Jose', 'Rizal', '0BADCAFE', schoolId);
});
test.afterAll(async () => instance?.close());

test('Attendance History shows a tap posted to the API within a second, in the table and the live card', async ({
  page,
  context,
}) => {
  await open(page, context, '/super-admin/attendance-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance History' })).toBeVisible();
  await expect(page.getByText('No attendance records found. Adjust your filters or try again later.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  const posted = Date.now();
  expect((await tap('04:a1:b2:c3', 'live-1')).status).toBe(201);
  const table = page.getByRole('table', { name: 'Attendance records' });
  await expect(table.getByText('Maria Santos')).toBeVisible({ timeout: 1000 });
  expect(Date.now() - posted).toBeLessThan(1000);
  const live = page.getByRole('list', { name: 'Live attendance events' });
  await expect(live.getByText('Maria Santos')).toBeVisible();
  await expect(live.getByText('North Gate')).toBeVisible();
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText('PRESENT');
  await expect(row).toContainText('North Gate');
  await expect(row).toContainText('Building A');
  await expect(row).toContainText('04A1B2C3');
  await expect(row).toContainText(
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${localDate(new Date(), TZ)}T12:00:00Z`),
    ),
  );
});

test("a revoked session's socket gets nothing", async ({ page, context }) => {
  await open(page, context, '/super-admin/attendance-history');
  // The browser's own session (its HttpOnly cookie, which the test can read), signed out as a script would.
  const token = (await context.cookies(instance.base)).find((c) => c.name === 'SUPER_ADMIN_TOKEN')!.value;
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  // Sign that session out elsewhere (another tab, an admin revoking it): its socket is dropped at once.
  const out = await instance.app.inject({
    method: 'POST',
    url: '/api/super-admin/logout',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.statusCode).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: /Reconnecting|Offline/ })).toBeVisible();
  expect((await tap('0BADCAFE', 'revoked-1')).status).toBe(201);
  await page.waitForTimeout(1500);
  await expect(page.getByText('Jose Rizal')).toHaveCount(0);
});

test('Attendance History and RFID Readers fit the screen', LAYOUT, async ({ page, context }) => {
  // A record of a past day, so the history has a row whether or not the tests above ran in this project.
  const jose = await instance.app.db
    .selectFrom('students')
    .select(['id', 'schoolId'])
    .where('lastName', '=', 'Rizal')
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  await instance.app.db
    .insertInto('attendanceRecords')
    .values({
      studentId: jose.id,
      schoolId: jose.schoolId,
      date: '2024-12-31',
      status: 'PRESENT',
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
  for (const route of ['/super-admin/attendance-history', '/super-admin/device-management?tab=rfid']) {
    await open(page, context, route);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, route).toBeLessThanOrEqual(0);
  }
});

test('RFID Readers: add a reader, see its token once with a curl example, online after a tap', async ({ page, context }) => {
  await open(page, context, '/super-admin/device-management?tab=rfid');
  await expect(page.getByRole('tab', { name: 'RFID Readers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'RFID readers' });
  await expect(table.getByText('North Gate')).toBeVisible();
  await expect(table.locator('tbody tr', { hasText: 'North Gate' })).toContainText('Online');

  await page.getByRole('button', { name: 'Add Reader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add RFID Reader' });
  await dialog.getByRole('button', { name: 'Add Reader' }).click();
  await expect(dialog.getByText('Reader name is required')).toBeVisible();
  await dialog.getByLabel('Reader Name').fill('South Gate');
  await dialog.getByLabel('Location').fill('Building C');
  await dialog.getByLabel('School').selectOption({ label: 'Live Tap Academy (LTA)' });
  await dialog.getByRole('button', { name: 'Add Reader' }).click();

  const tokenDialog = page.getByRole('dialog', { name: 'Token for South Gate' });
  const token = (await tokenDialog.getByTestId('reader-token').textContent())!;
  expect(token).toMatch(/^rdr_/);
  await expect(tokenDialog.locator('pre')).toContainText(`Authorization: Bearer ${token}`);
  await tokenDialog.getByRole('button', { name: 'Done' }).click();
  const row = table.locator('tbody tr', { hasText: 'South Gate' });
  await expect(row).toContainText('Offline');
  await expect(row).toContainText(`••••${token.slice(-4)}`);
  await expect(page.getByText(token)).toHaveCount(0);
});

test('Attendance History: Next and Previous ask for the page beside the shown one by cursor; a page link by number', async ({
  page,
  context,
}) => {
  // 25 past days of one student (no live event touches them), so there are at least three pages of 10.
  const student = await instance.app.db.selectFrom('students').select(['id', 'schoolId']).orderBy('id').executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  await instance.app.db
    .insertInto('attendanceRecords')
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        studentId: student.id,
        schoolId: student.schoolId,
        date: `2025-01-${String(i + 1).padStart(2, '0')}`,
        status: 'PRESENT',
        createdAt: stamp,
        updatedAt: stamp,
      })),
    )
    .execute();
  const byNumber = async (n: number) =>
    (
      (await api(`/api/super-admin/attendance-history?page=${n}`, undefined, 'GET')).json().data.records as Array<{ id: number }>
    ).map((r) => r.id);
  const idsOf = async (res: { json(): Promise<unknown> }) =>
    ((await res.json()) as { data: { records: Array<{ id: number }> } }).data.records.map((r) => r.id);
  const history = (check: (url: URL) => boolean) =>
    page.waitForResponse((r) => r.url().includes('/api/super-admin/attendance-history') && check(new URL(r.url())));

  const first = history((u) => u.searchParams.get('page') === '1');
  await open(page, context, '/super-admin/attendance-history');
  expect(await idsOf(await first)).toEqual(await byNumber(1));
  const pager = page.getByRole('navigation', { name: 'Pagination' });

  const next = history((u) => u.searchParams.get('page') === '2');
  await pager.getByRole('button', { name: 'Next' }).click();
  const second = await next;
  expect(new URL(second.url()).searchParams.get('after')).toMatch(/^\d{4}-\d{2}-\d{2}_\d+$/);
  expect(await idsOf(second)).toEqual(await byNumber(2));

  const jump = history((u) => u.searchParams.get('page') === '3');
  await pager.getByRole('button', { name: 'Page 3' }).click();
  const third = await jump;
  // From page 2, page 3 is also the next one: the cursor goes along.
  expect(new URL(third.url()).searchParams.get('after')).not.toBeNull();
  expect(await idsOf(third)).toEqual(await byNumber(3));

  const back = history((u) => u.searchParams.get('page') === '2');
  await pager.getByRole('button', { name: 'Previous' }).click();
  const again = await back;
  expect(new URL(again.url()).searchParams.get('before')).toMatch(/^\d{4}-\d{2}-\d{2}_\d+$/);
  expect(await idsOf(again)).toEqual(await byNumber(2));
  await expect(page.locator('tbody tr')).toHaveCount(10);

  // A page link nearer to an end of the list than to the shown page (page 1 from page 3) goes by number alone; a jump
  // of k pages from the middle sends the cursor and skip (tests/unit/attendance/keyset-step.test.ts, history-paging.test.ts).
  const deep = history((u) => u.searchParams.get('page') === '3');
  await page.goto(`${instance.base}/super-admin/attendance-history?page=3`);
  await deep;
  const far = history((u) => u.searchParams.get('page') === '1');
  await pager.getByRole('button', { name: 'Page 1' }).click();
  const jumped = await far;
  expect(new URL(jumped.url()).searchParams.get('after')).toBeNull();
  expect(new URL(jumped.url()).searchParams.get('before')).toBeNull();
});
