/*
 * A school's SMS capacity panel, on the school admin's dashboard and in Device Management's SMS Devices (the super
 * admin's, for the school chosen), at 390 and 1440 px. Own instance: yesterday morning's messages are written as
 * the outbox leaves them (no API creates past ones), with three waiting now.
 */
import { expect, type Locator } from '@playwright/test';
import { localDate, localDateTime, nowIso } from '@core/time/time';
import { expectFitsWidth, LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { seedSchool } from './school-data';
import { seedSmsNotice } from '../helpers/notifications';

const ROOT = { email: 'capacity-root@school.test', password: 'CapacityRootPass123' };
const SCHOOL = 'Capacity Panel School';
const SEC = 1000;
const MIN = 60 * SEC;
let instance: Instance;
let schoolId: number;
let adminId: number;

test.beforeAll(async () => {
  // The worker stays off: the three messages seeded as waiting keep waiting.
  const env = { OUTBOX_WORKER: '0' };
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-capacity-', env }, async () => undefined);
  const { app } = instance;
  schoolId = await seedSchool(app, SCHOOL, 'CPS', 'Asia/Manila');
  const device = await app.inject({
    method: 'POST',
    url: '/api/super-admin/sms-devices',
    headers: { authorization: `Bearer ${instance.token}` },
    payload: {
      name: 'Gate phone',
      deviceName: 'Pixel 7',
      phoneNumber: '+639181230001',
      apiKey: 'capacity-key-1234',
      schoolId,
      isDefault: true,
      sendRatePerMinute: 1,
    },
  });
  expect(device.statusCode, device.body).toBe(201);
  // Yesterday at 06:45 in Manila: 20 arrivals sent one every 30 s, 4 expired half an hour later.
  const yesterday = localDate(new Date(Date.now() - 24 * 60 * MIN), 'Asia/Manila');
  const t0 = localDateTime(yesterday, '06:45', 'Asia/Manila').getTime();
  for (let i = 0; i < 20; i += 1) await seedSmsNotice(app, schoolId, { tap: t0, status: 'SENT', sentAt: t0 + i * 30 * SEC });
  for (let i = 0; i < 4; i += 1)
    await seedSmsNotice(app, schoolId, { tap: t0, status: 'EXPIRED', endedAt: t0 + 30 * MIN, outbox: 'expired' });
  // Three waiting now.
  for (let i = 0; i < 3; i += 1) await seedSmsNotice(app, schoolId, { tap: Date.now(), status: 'PENDING', outbox: 'pending' });
  const now = nowIso();
  adminId = (
    await app.db
      .insertInto('admins')
      .values({
        email: 'capacity-admin@school.test',
        passwordHash: 'x',
        firstName: 'Cora',
        lastName: 'Pacity',
        employeeId: 'CAP-1',
        schoolId,
        permissions: JSON.stringify({ VIEW_SMS_HISTORY: true, MANAGE_SMS_DEVICES: true }),
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
test.afterAll(async () => instance?.close());

/** The panel shows the pool, the queue, yesterday morning's figures and the advice. */
async function expectPanel(panel: Locator) {
  await expect(panel.getByText('1 phone × 1 a minute = 1 message a minute')).toBeVisible();
  await expect(panel.getByText(/^3 messages waiting: the last goes at about \d{1,2}:\d{2} (AM|PM)/)).toBeVisible();
  await expect(panel.getByText('Peak queue')).toBeVisible();
  await expect(panel.getByTestId('capacity-advice')).toHaveText('Add 3 phones to keep 95% of notices within 5 minutes');
}

test("the school admin's dashboard shows the school's SMS capacity", LAYOUT, async ({ page, context, width }) => {
  await instance.signInAdmin(context, adminId);
  await page.goto(`${instance.base}/admin`);
  const panel = page.getByRole('region', { name: 'SMS capacity' });
  await expectPanel(panel);
  await expectFitsWidth(page, `capacity on the dashboard ${width}`);
});

test("Device Management shows the capacity of the super admin's chosen school", LAYOUT, async ({ page, context, width }) => {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}/super-admin/device-management`);
  await expect(page.getByText('Gate phone')).toBeVisible();
  // All schools: no one school's capacity.
  await expect(page.getByRole('region', { name: /SMS capacity/ })).toHaveCount(0);
  await page.getByLabel('School').selectOption(String(schoolId));
  const panel = page.getByRole('region', { name: `SMS capacity: ${SCHOOL}` });
  await expectPanel(panel);
  await expectFitsWidth(page, `capacity in device management ${width}`);
});
