/*
 * Live updates merge by id, so the totals on screen equal the server's after a reload; a new
 * message that failed appears live in SMS History. Own instance: taps at chosen instants, one-attempt outbox, and a
 * school phone whose key the (stand-in) gateway refuses, so every message fails at its one attempt.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startInstance, type Instance } from './instance';
import { seedStudent } from './school-data';
import { startStandInGateway, type StandInGateway } from '../fixtures/sms-gateway';
import { localDate, startOfLocalDay } from '@core/time/time';

const ROOT = { email: 'totals-root@school.test', password: 'TotalsRootPass123' };
const TZ = 'Asia/Manila';
test.describe.configure({ mode: 'serial' });

let instance: Instance;
let gateway: StandInGateway;
let readerToken: string;
const cards: string[] = [];

const api = (path: string, payload?: unknown, method = 'POST') =>
  instance.app.inject({
    method: method as 'POST',
    url: path,
    headers: { authorization: `Bearer ${instance.token}` },
    payload: payload as object,
  });

const tap = async (card: string, eventId: string, at = new Date()) => {
  const res = await fetch(`${instance.base}/api/rfid/taps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, cardUid: card, tappedAt: at.toISOString() }),
  });
  expect(res.status, await res.text()).toBe(201);
};

test.beforeAll(async () => {
  // One attempt through a phone whose key the gateway refuses: every message fails at once (the SMS History case).
  gateway = await startStandInGateway();
  gateway.keys.add('the-account-key-0001');
  instance = await startInstance(
    {
      root: ROOT,
      timeZone: TZ,
      prefix: 'e2e-totals-',
      env: {
        SMS_GATEWAY_URL: gateway.url,
        OUTBOX_MAX_ATTEMPTS: '1',
        // One send at a time: sends side by side would find the phone's moment taken by the other and wait for its pace.
        OUTBOX_CONCURRENCY: '1',
        OUTBOX_POLL_MS: '200',
        // The check-ins are at most an hour old but never yesterday's (just after midnight they are minutes old):
        // any later tap of the same day is the check-out.
        CHECKOUT_MIN_MINUTES: '0',
        TAP_DEBOUNCE_SECONDS: '0',
      },
    },
    async () => undefined,
  );
  const school = await api('/api/super-admin/schools', { name: 'Totals Academy', acronym: 'TOT' });
  expect(school.statusCode, school.body).toBe(201);
  const schoolId = school.json().data.id as number;
  const settings = await api(
    `/api/super-admin/schools/${schoolId}/attendance-settings`,
    { timeZone: TZ, lateCutoff: '23:58', absenceCutoff: '23:59', schoolDays: [1, 2, 3, 4, 5, 6, 7], holidays: [] },
    'PUT',
  );
  expect(settings.statusCode, settings.body).toBe(200);
  const reader = await api('/api/super-admin/rfid-readers', { name: 'Totals Gate', location: null, schoolId });
  expect(reader.statusCode, reader.body).toBe(201);
  readerToken = reader.json().data.token;
  const phone = await api('/api/super-admin/sms-devices', {
    name: 'Totals phone',
    deviceName: 'Samsung Galaxy A14',
    phoneNumber: '+639181230001',
    apiKey: 'a-key-the-gateway-refuses',
    schoolId,
    isDefault: true,
  });
  expect(phone.statusCode, phone.body).toBe(201);
  for (let i = 1; i <= 12; i += 1) {
    const id = await seedStudent(instance.app, schoolId, `Pupil${i}`, 'Count');
    const row = await instance.app.db.selectFrom('students').select('rfidCardId').where('id', '=', id).executeTakeFirstOrThrow();
    cards.push(row.rfidCardId!);
  }
});
test.afterAll(async () => {
  await instance?.close();
  await gateway?.close();
});

async function open(page: Page, context: BrowserContext, route: string) {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}${route}`);
}

test('Attendance History: a check-out of a record on another page is no new record; the total matches a reload', async ({
  page,
  context,
}) => {
  // An hour ago, or the first second of today in the school's zone if that is later: the check-outs below must fall
  // on the same school day as the check-ins (between 00:00 and 01:00 in Manila an hour ago is yesterday).
  const hourAgo = new Date(Math.max(Date.now() - 60 * 60_000, startOfLocalDay(localDate(new Date(), TZ), TZ).getTime() + 1000));
  // Eleven check-ins: page 1 shows Pupil11…Pupil2, Pupil1 is on page 2.
  for (let i = 0; i < 11; i += 1) await tap(cards[i]!, `in-${i}`, new Date(hourAgo.getTime() + i * 1000));
  await open(page, context, '/super-admin/attendance-history');
  const table = page.getByRole('table', { name: 'Attendance records' });
  await expect(page.getByText('Showing 1 to 10 of 11 records')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();

  await tap(cards[0]!, 'out-0'); // Pupil1 checks out: its record is on page 2
  await tap(cards[10]!, 'out-10'); // Pupil11 checks out: its row is on screen
  await tap(cards[11]!, 'in-11'); // Pupil12 checks in: a new record
  await expect(table.locator('tbody tr').first()).toContainText('Pupil12 Count');
  await expect(table.locator('tbody tr', { hasText: 'Pupil11 Count' }).locator('td').nth(4)).not.toHaveText('-');
  await expect(table.locator('tbody tr', { hasText: 'Pupil1 Count' })).toHaveCount(0);
  // The live card says a check-out is one (its record stays PRESENT).
  const live = page.getByRole('list', { name: 'Live attendance events' }).getByRole('listitem');
  await expect(live.filter({ hasText: 'Pupil11 Count' })).toContainText(
    /Checked out [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
  );
  await expect(live.filter({ hasText: 'Pupil11 Count' })).not.toContainText('PRESENT');
  await expect(live.filter({ hasText: 'Pupil12 Count' })).toContainText('PRESENT');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByText('Showing 1 to 10 of 12 records')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Showing 1 to 10 of 12 records')).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText('Pupil12 Count');
});

/** Every queued message has been tried (sent or failed): nothing more arrives unasked. */
const outboxIdle = () =>
  expect
    .poll(async () => {
      const busy = await instance.app.db
        .selectFrom('notificationOutbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(busy.n);
    })
    .toBe(0);

test('SMS History: a new message that failed appears live and counts once', async ({ page, context }) => {
  await outboxIdle();
  // Through the console's own link, so the live connection made on Attendance History is already up.
  await open(page, context, '/super-admin/attendance-history');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await page.getByRole('link', { name: 'SMS History' }).click();
  const table = page.getByRole('table', { name: 'SMS notifications' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const summary = page.getByText(/^Showing 1 to \d+ of \d+ notifications$/);
  const total = Number(/of (\d+)/.exec((await summary.textContent())!)![1]);

  // The gateway refuses the phone's key: the check-in message of a student who was not there before fails at once.
  const school = await instance.app.db.selectFrom('schools').select('id').executeTakeFirstOrThrow();
  const id = await seedStudent(instance.app, school.id, 'Late', 'Comer');
  const card = (await instance.app.db.selectFrom('students').select('rfidCardId').where('id', '=', id).executeTakeFirstOrThrow())
    .rfidCardId!;
  await tap(card, 'late-comer');
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText('Late Comer', { timeout: 10_000 });
  await expect(row).toContainText('FAILED');
  await expect(page.getByText(`Showing 1 to 10 of ${total + 1} notifications`)).toBeVisible();
  await outboxIdle();
  await page.reload();
  await expect(page.getByText(`Showing 1 to 10 of ${total + 1} notifications`)).toBeVisible();
});
