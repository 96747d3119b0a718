/*
 * The SMS device card counts what the gateway accepted as Sent (and against the daily limit)
 * and shows failed attempts apart. Own instance whose gateway nobody listens on: every attempt fails.
 */
import { expect } from '@playwright/test';
import { LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { seedSchool, seedStudent } from './school-data';
import { freePort } from '../helpers/processes';

const ROOT = { email: 'devices-root@school.test', password: 'DevicesRootPass123' };
let instance: Instance;

test.beforeAll(async () => {
  const env = {
    SMS_GATEWAY_URL: `http://127.0.0.1:${await freePort()}`,
    OUTBOX_MAX_ATTEMPTS: '2',
    OUTBOX_BASE_DELAY_MS: '10',
    OUTBOX_MAX_DELAY_MS: '20',
    OUTBOX_POLL_MS: '100',
  };
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-devices-', env }, async () => undefined);
});
test.afterAll(async () => instance?.close());

test('the device card shows failed attempts apart from Sent', LAYOUT, async ({ page, context, width }) => {
  const auth = { authorization: `Bearer ${instance.token}` };
  const schoolId = await seedSchool(instance.app, `Count School ${width}`, `CS${width}`);
  const studentId = await seedStudent(instance.app, schoolId, 'Count', `Pupil${width}`);
  const name = `Counting phone ${width}`;
  const device = await instance.app.inject({
    method: 'POST',
    url: '/api/super-admin/sms-devices',
    headers: auth,
    payload: {
      name,
      deviceName: 'Pixel 7',
      phoneNumber: `+63918123${String(width).padStart(4, '0')}`,
      apiKey: 'count-key-1234',
      schoolId,
      isDefault: true,
      dailyLimit: 300,
    },
  });
  expect(device.statusCode, device.body).toBe(201);
  const queued = await instance.app.inject({
    method: 'POST',
    url: '/api/super-admin/sms-history/messages',
    headers: auth,
    payload: { studentId, message: 'Reminder: bring your library card.' },
  });
  expect(queued.statusCode, queued.body).toBe(202);
  await expect
    .poll(async () => {
      const rows = await instance.app.db
        .selectFrom('smsNotifications')
        .select('status')
        .where('studentId', '=', studentId)
        .execute();
      return rows.map((r) => r.status);
    })
    .toEqual(['FAILED']);

  await instance.signInBrowser(context);
  await page.goto(`${instance.base}/super-admin/device-management`);
  const card = page.getByRole('article', { name });
  await expect(card.getByRole('definition').filter({ hasText: 'today' }).first()).toHaveText('0 / 300 today');
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByText('2 today', { exact: true })).toBeVisible();
});
