/*
 * The SMS alarm banner on both dashboards, against the real app: a school's message waits with no SMS device, the
 * alarm check raises the alarm and the super admin's dashboard shows it live (naming the school), the school admin's
 * dashboard shows it too (their own school's); an ACTIVE device added, the next check clears it and the banner goes,
 * live. The spec runs its own instance (its alarm check and outbox are driven here, not by timers).
 */
import { expect, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { expectFitsWidth, LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { addStudent } from '../helpers/notifications';

const ROOT = { email: 'alarm-root@school.test', password: 'AlarmRootPass123' };
const SCHOOL = { name: 'Alarm Bay National High School', acronym: 'ABNHS', contactNumber: '+639170005555' };
const MESSAGE = 'Messages are waiting and no SMS device can send them: no active SMS device.';
const HINT = 'Add an SMS device in Device Management, or set one to Active.';

test.describe.configure({ mode: 'serial' });

let instance: Instance;
let schoolId = 0;
let adminId = 0;

async function seed(app: FastifyInstance) {
  const now = nowIso();
  schoolId = (
    await app.db
      .insertInto('schools')
      .values({ ...SCHOOL, isActive: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  adminId = (
    await app.db
      .insertInto('admins')
      .values({
        email: 'alarm-registrar@school.test',
        passwordHash: await hashPassword('Registrar-Gate-2024', app.config.scryptCost),
        firstName: 'Alma',
        lastName: 'Registrar',
        employeeId: 'ALM-1',
        schoolId,
        permissions: JSON.stringify({ VIEW_SMS_HISTORY: true, SEND_SMS: true }),
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

test.beforeAll(async () => {
  instance = await startInstance(
    {
      root: ROOT,
      timeZone: 'Asia/Manila',
      prefix: 'e2e-alarms-',
      env: { OUTBOX_WORKER: '0', SMS_GATEWAY_URL: 'http://127.0.0.1:9' },
    },
    seed,
  );
});
test.afterAll(async () => instance?.close());

const banner = (page: Page) => page.getByRole('alert', { name: 'SMS alarms' });

/** Queues a message to a new student's parent and lets the outbox find no device for it. */
async function messageWithNoDevice() {
  const studentId = await addStudent(instance.app, schoolId, { firstName: 'Lara', parentPhone: '+639171110000' });
  const res = await instance.app.inject({
    method: 'POST',
    url: '/api/super-admin/sms-history/messages',
    headers: { authorization: `Bearer ${instance.token}` },
    payload: { studentId, message: 'No classes tomorrow.' },
  });
  expect(res.statusCode, res.body).toBe(202);
  await instance.app.outbox.runOnce();
}

test(
  'SMS alarm banner: raised live on the super admin’s dashboard (naming the school) and on the school’s own; cleared live',
  LAYOUT,
  async ({ page, context, width }) => {
    await instance.signInBrowser(context);
    await page.goto(`${instance.base}/super-admin`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    await messageWithNoDevice();
    await instance.app.alarms.check();
    // Live: the banner comes without a reload, naming the school.
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading')).toHaveText('SMS alarm: messages are not going out');
    await expect(banner(page)).toContainText(`${SCHOOL.name} (${SCHOOL.acronym}): ${MESSAGE}`);
    await expect(banner(page)).toContainText(HINT);
    await expectFitsWidth(page, `super admin dashboard with an alarm at ${width}px`);

    const admin = await context.browser()!.newContext({ viewport: page.viewportSize()!, timezoneId: 'Asia/Manila' });
    const adminPage = await admin.newPage();
    await instance.signInAdmin(admin, adminId);
    await adminPage.goto(`${instance.base}/admin`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner(adminPage)).toBeVisible();
    // The school's own console does not name the school: the alarm is theirs.
    await expect(banner(adminPage).getByRole('listitem')).toHaveText(new RegExp(`^${MESSAGE.replace(/[.:]/g, '\\$&')} Since `));
    await expect(banner(adminPage)).toContainText(HINT);
    await expectFitsWidth(adminPage, `school admin dashboard with an alarm at ${width}px`);

    // A device comes: the next check clears the alarm, and both banners go without a reload.
    const device = await instance.app.inject({
      method: 'POST',
      url: '/api/super-admin/sms-devices',
      headers: { authorization: `Bearer ${instance.token}` },
      payload: {
        name: 'Gate phone',
        deviceName: 'Samsung Galaxy A14',
        phoneNumber: `+63918${String(Date.now()).slice(-7)}`,
        apiKey: 'alarm-e2e-key-0001',
        schoolId,
      },
    });
    expect(device.statusCode, device.body).toBe(201);
    await instance.app.alarms.check();
    await expect(banner(page)).toHaveCount(0);
    await expect(banner(adminPage)).toHaveCount(0);
    await admin.close();
    await instance.app.db.updateTable('smsDevices').set({ status: 'INACTIVE' }).execute();
  },
);
