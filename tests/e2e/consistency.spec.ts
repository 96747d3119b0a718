/*
 * Screens saying the same thing the same way, for a viewer whose browser is set to UTC (school time is Manila's):
 * the logs in words and school time ("PHT"), the school's Activity Log with what the super admin did, a learner's
 * Registered time, SMS History's filters in the table's words, Archive in the row's menu, "Message a class" for the
 * super admin, and the guardian's Messenger panel on a school admin's learner page. At 390 and 1440 px.
 */
import { expect, type Page } from '@playwright/test';
import { expectFitsWidth, LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';
import { seedSms, seedStudent } from './school-data';
import { nowIso } from '@core/time/time';

const ROOT = { email: 'consistency-root@school.test', password: 'ConsistencyRootPass123' };
test.use({ timezoneId: 'UTC' });

let instance: Instance;
let schoolId: number;
let adminId: number;
let learnerId: number;
const PHT = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M PHT/;

const api = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
  const res = await instance.app.inject({ method, url, headers: { authorization: `Bearer ${instance.token}` }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
};

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-consistency-' }, async () => undefined);
  // Made by the super admin through the API: these land in the school's Activity Log too.
  schoolId = (await api('POST', '/api/super-admin/schools', { name: 'Consistency High', acronym: 'CONH' })).id;
  await api('POST', '/api/super-admin/rfid-readers', { name: 'Main gate', schoolId });
  const grade = await api('POST', '/api/super-admin/grades', { name: 'Grade 7', level: 7, schoolId });
  await api('POST', '/api/super-admin/sections', { name: 'Narra', gradeId: grade.id, schoolId });
  learnerId = await seedStudent(instance.app, schoolId, 'Lorna', 'Consistent');
  await instance.app.db.updateTable('students').set({ gradeId: grade.id }).where('id', '=', learnerId).execute();
  await seedSms(instance.app, {
    studentId: learnerId,
    schoolId,
    type: 'LATE_ARRIVAL',
    status: 'SENT',
    createdAt: nowIso(),
    message: 'Lorna Consistent arrived late',
  });
  // A page to link the guardian through.
  const now = nowIso();
  await instance.app.db
    .insertInto('facebookPages')
    .values({
      pageId: '5550001',
      pageName: 'CONH Page',
      accessToken: 'x',
      schoolId,
      isActive: 1,
      needsReauth: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  adminId = (
    await instance.app.db
      .insertInto('admins')
      .values({
        email: 'consistency-admin@school.test',
        passwordHash: 'x',
        firstName: 'Rita',
        lastName: 'Registrar',
        employeeId: 'CON-1',
        schoolId,
        permissions: JSON.stringify({
          VIEW_SYSTEM_LOGS: true,
          VIEW_STUDENTS: true,
          MANAGE_STUDENTS: true,
          ARCHIVE_STUDENTS: true,
        }),
        isActive: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
test.afterAll(async () => instance?.close());

const logRows = (page: Page, caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr');

test('System Logs: actions in words, times in school time', LAYOUT, async ({ page, context, width }) => {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}/super-admin/system-logs`);
  await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
  const created = logRows(page, 'System logs').filter({ hasText: 'Created RFID reader' });
  await expect(created).toHaveCount(1);
  await expect(logRows(page, 'System logs').filter({ hasText: 'CREATE_RFID_READER' })).toHaveCount(0);
  await expect(created.locator('time')).toHaveText(PHT);
  // The Action filter offers the same words.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(
    page.getByRole('search', { name: 'Filters' }).getByLabel('Action').locator('option', { hasText: 'Created school' }),
  ).toHaveCount(1);
  await expectFitsWidth(page, `system logs ${width}`);
});

test("the school's Activity Log shows what the super admin did to it", LAYOUT, async ({ page, context, width }) => {
  await instance.signInAdmin(context, adminId);
  await page.goto(`${instance.base}/admin/system-logs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  for (const words of ['Created RFID reader', 'Created grade', 'Created section'])
    await expect(logRows(page, 'Activity log').filter({ hasText: words }), words).toHaveCount(1);
  await expectFitsWidth(page, `activity log ${width}`);
});

test(
  "a learner's Registered time, Archive in the row's menu, the guardian's Messenger (school admin)",
  LAYOUT,
  async ({ page, context, width }) => {
    await instance.signInAdmin(context, adminId);
    await page.goto(`${instance.base}/admin/schools/${schoolId}/students`);
    const row = page.getByRole('table', { name: 'Students' }).locator('tbody tr').filter({ hasText: 'Lorna Consistent' });
    await expect(row.getByRole('button', { name: 'Archive Lorna Consistent' })).toHaveCount(0);
    await row.getByRole('button', { name: 'More actions for Lorna Consistent' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const archive = page.getByRole('dialog', { name: 'Archive Student' });
    await expect(archive).toBeVisible();
    await archive.getByRole('button', { name: 'Cancel' }).click();
    await expect(archive).toBeHidden();

    await row.getByRole('button', { name: 'View Lorna Consistent' }).click();
    const detail = page.getByRole('dialog', { name: 'Student Details' });
    await expect(detail.getByText(PHT).first()).toBeVisible();
    // The guardian's Messenger panel answers (no "Not found"): nobody is connected yet, and a link can be made.
    await expect(detail.getByRole('button', { name: 'New link' })).toBeVisible();
    await expect(detail.getByText(/Not found/)).toHaveCount(0);
    await detail.getByRole('button', { name: 'New link' }).click();
    await expect(detail.getByText(/m\.me\/5550001\?ref=/)).toBeVisible();
    await expectFitsWidth(page, `student detail ${width}`);
  },
);

test(
  "SMS History's filters use the table's words; the super admin messages a class",
  LAYOUT,
  async ({ page, context, width }) => {
    await instance.signInBrowser(context);
    await page.goto(`${instance.base}/super-admin/sms-history`);
    const row = page.getByRole('table', { name: 'SMS notifications' }).locator('tbody tr').filter({ hasText: 'Lorna' });
    await expect(row).toContainText('Late arrival');
    const type = page.getByRole('search', { name: 'Filters' }).getByLabel('Type');
    await expect(type.locator('option', { hasText: 'Late arrival' })).toHaveCount(1);
    await expect(type.locator('option', { hasText: 'LATE_ARRIVAL' })).toHaveCount(0);
    await type.selectOption({ label: 'Late arrival' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/type=LATE_ARRIVAL/);
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: 'Message a class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message a class' });
    await expect(dialog.getByLabel('Grade')).toBeDisabled();
    await dialog.getByLabel('School').selectOption({ label: 'Consistency High (CONH)' });
    await dialog.getByLabel('Grade').selectOption({ label: 'Grade 7' });
    await expect(dialog.getByText("Recipients: 1 student's parents")).toBeVisible();
    await dialog.getByLabel('Message').fill('No classes on Friday.');
    await expectFitsWidth(page, `message a class ${width}`);
    await dialog.getByRole('button', { name: "Send to 1 student's parents" }).click();
    await expect(page.getByText('Message queued for the parents of 1 student')).toBeVisible();
  },
);
