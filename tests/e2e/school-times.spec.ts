/*
 * Times of a school's events read in the school's zone, with its abbreviation, for a viewer
 * whose browser is set to UTC: attendance (table and live card), SMS history, unknown cards, the dashboard's SMS.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startInstance, type Instance } from './instance';
import { seedAttendance, seedSchool, seedSms, seedStudent } from './school-data';
import { addDays, localDate, localDateTime } from '@core/time/time';

const ROOT = { email: 'times-root@school.test', password: 'TimesRootPass123' };
const TZ = 'Asia/Manila';
test.use({ timezoneId: 'UTC' });
test.describe.configure({ mode: 'serial' });

let instance: Instance;
let readerToken: string;
let liveCard = '';

const api = (path: string, payload?: unknown, method = 'POST') =>
  instance.app.inject({
    method: method as 'POST',
    url: path,
    headers: { authorization: `Bearer ${instance.token}` },
    payload: payload as object,
  });

const tap = (card: string, eventId: string, at: Date) =>
  fetch(`${instance.base}/api/rfid/taps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, cardUid: card, tappedAt: at.toISOString() }),
  });

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: TZ, prefix: 'e2e-times-' }, async (app) => {
    // A school with no zone of its own: the platform's (SCHOOL_TIMEZONE = Asia/Manila).
    const school = await seedSchool(app, 'Default Zone School', 'DZS');
    const ana = await seedStudent(app, school, 'Ana', 'Zone');
    // 07:30 and 15:02 in Manila on Mar 3 (23:30 and 07:02 UTC).
    await seedAttendance(app, {
      studentId: ana,
      schoolId: school,
      date: '2026-03-03',
      status: 'PRESENT',
      checkInAt: '2026-03-02T23:30:00.000Z',
      checkOutAt: '2026-03-03T07:02:00.000Z',
    });
    await seedSms(app, {
      studentId: ana,
      schoolId: school,
      type: 'CHECK_IN',
      status: 'DELIVERED',
      createdAt: '2026-03-02T23:30:00.000Z',
      message: 'Ana Zone checked in',
    });
  });
  const school = await api('/api/super-admin/schools', { name: 'Manila Live School', acronym: 'MLS' });
  expect(school.statusCode, school.body).toBe(201);
  const schoolId = school.json().data.id as number;
  const settings = await api(
    `/api/super-admin/schools/${schoolId}/attendance-settings`,
    { timeZone: TZ, lateCutoff: '23:58', absenceCutoff: '23:59', schoolDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] },
    'PUT',
  );
  expect(settings.statusCode, settings.body).toBe(200);
  const reader = await api('/api/super-admin/rfid-readers', { name: 'Zone Gate', location: 'Lobby', schoolId });
  expect(reader.statusCode, reader.body).toBe(201);
  readerToken = reader.json().data.token;
  const student = await seedStudent(instance.app, schoolId, 'Live', 'Zone');
  liveCard = (
    await instance.app.db.selectFrom('students').select('rfidCardId').where('id', '=', student).executeTakeFirstOrThrow()
  ).rfidCardId!;
});
test.afterAll(async () => instance?.close());

async function open(page: Page, context: BrowserContext, route: string) {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}${route}`);
}

test('Attendance History shows check-in and check-out in the school zone (PHT) to a UTC browser', async ({ page, context }) => {
  await open(page, context, '/super-admin/attendance-history');
  const row = page.getByRole('table', { name: 'Attendance records' }).locator('tbody tr', { hasText: 'Ana Zone' });
  await expect(row).toContainText('Mar 3, 2026');
  await expect(row.locator('td').nth(3)).toHaveText('7:30 AM PHT');
  await expect(row.locator('td').nth(4)).toHaveText('3:02 PM PHT');
});

test('a live tap shows in the live card with its date, at the school time (PHT)', async ({ page, context }) => {
  await open(page, context, '/super-admin/attendance-history');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const at = new Date(Date.now() - 60_000);
  expect((await tap(liveCard, 'zone-live-1', at)).status).toBe(201);
  const parts = { timeZone: TZ, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
  const expected = `${new Intl.DateTimeFormat('en-US', parts).format(at)} PHT`;
  const live = page.getByRole('list', { name: 'Live attendance events' }).getByRole('listitem').filter({ hasText: 'Live Zone' });
  await expect(live.locator('time')).toHaveText(expected);
});

test('SMS History and the dashboard show an SMS at the school time (PHT)', async ({ page, context }) => {
  await open(page, context, '/super-admin/sms-history');
  const row = page.getByRole('table', { name: 'SMS notifications' }).locator('tbody tr', { hasText: 'Ana Zone' });
  await expect(row).toContainText('Mar 3, 2026, 7:30 AM PHT');
  await open(page, context, '/home');
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent SMS Logs' }) });
  await expect(recent.locator('tbody tr', { hasText: 'Ana Zone' })).toContainText('Mar 3, 2026, 7:30 AM PHT');
});

test('Unknown Cards shows a tap at the school time (PHT)', async ({ page, context }) => {
  const day = addDays(localDate(new Date(), TZ), -1);
  const at = localDateTime(day, '07:30', TZ);
  expect((await tap('FEEDF00D', 'zone-unknown-1', at)).status).toBe(201);
  await open(page, context, '/super-admin/device-management?tab=rfid');
  const row = page.getByRole('table', { name: 'Unknown cards' }).locator('tbody tr', { hasText: 'FEEDF00D' });
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  await expect(row).toContainText(`${date}, 7:30 AM PHT`);
});

test("RFID Readers shows a reader's Last Seen and its refused taps at the school time (PHT)", async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A tap (the reader is seen) and one more than 5 minutes ahead of the clock (refused, kept with its reason).
  expect((await tap(liveCard, 'zone-seen-1', new Date(Date.now() - 30_000))).status).toBe(201);
  await tap(liveCard, 'zone-refused-1', new Date(Date.now() + 3_600_000));
  const reader = (await api('/api/super-admin/rfid-readers', undefined, 'GET'))
    .json()
    .data.find((r: { name: string }) => r.name === 'Zone Gate') as { lastSeenAt: string; timeZone: string };
  expect(reader.timeZone).toBe(TZ);
  const refusal = (await api('/api/super-admin/rfid-tap-refusals', undefined, 'GET'))
    .json()
    .data.find((r: { eventId: string }) => r.eventId === 'zone-refused-1') as { receivedAt: string; timeZone: string };
  expect(refusal.timeZone).toBe(TZ);
  const manila = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TZ,
  });

  await open(page, context, '/super-admin/device-management?tab=rfid');
  const row = page.getByRole('table', { name: 'RFID readers' }).locator('tbody tr', { hasText: 'Zone Gate' });
  await expect(row).toContainText(`${manila.format(new Date(reader.lastSeenAt))} PHT`);
  const refused = page.getByRole('table', { name: 'Refused taps' }).locator('tbody tr', { hasText: 'zone-refused-1' });
  await expect(refused).toContainText('tappedAt is more than 5 minutes ahead of the server clock');
  await expect(refused).toContainText(`${manila.format(new Date(refusal.receivedAt))} PHT`);
});
