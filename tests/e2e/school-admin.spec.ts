/*
 * The school-admin console against the real app: an admin signs in through the one /login page and lands
 * on /admin; the same Students screen shows only what the permissions allow; a direct URL without its permission
 * is the forbidden page; the live attendance of another school never reaches the admin. At 390 and 1440 px.
 */
import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from './helpers';
import { admin, adminSession, call, card, nextSeq, PASSWORD, run, school, student, tap } from './admin-seed';

interface Seed {
  root: string;
  schoolA: number;
  schoolB: number;
  readerA: string;
  readerB: string;
}
let seed: Seed;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const root = await signInViaApi(page);
  const schoolA = await school(page.request, root, `Admin Console A ${run}`);
  const schoolB = await school(page.request, root, `Admin Console B ${run}`);
  await student(page.request, root, schoolA, 'Andrea', `Alonzo${run}`, card());
  await student(page.request, root, schoolB, 'Bernardo', `Bautista${run}`, card());
  const readerA = (
    await call(page.request, root, 'post', '/api/super-admin/rfid-readers', { name: `Gate A ${run}`, schoolId: schoolA })
  ).token;
  const readerB = (
    await call(page.request, root, 'post', '/api/super-admin/rfid-readers', { name: `Gate B ${run}`, schoolId: schoolB })
  ).token;
  seed = { root, schoolA, schoolB, readerA, readerB };
  await page.close();
});

test(
  'an admin with VIEW_STUDENTS only signs in at /login, sees the list and no Register button',
  LAYOUT,
  async ({ page, request, width }) => {
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_STUDENTS']);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectFitsWidth(page, `admin dashboard ${width}`);

    await page.goto(`/admin/schools/${seed.schoolA}/students`);
    const table = page.getByRole('table', { name: 'Students' });
    await expect(table.getByText(`Andrea Alonzo${run}`)).toBeVisible();
    // Only school A's students, and nothing the permission does not allow.
    await expect(page.getByText(`Bernardo Bautista${run}`)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Register New Student' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Archived Students' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^Archive / })).toHaveCount(0);
    await expectFitsWidth(page, `admin students ${width}`, { tablesFit: width >= 1440 });

    // Another school's id in the address is their own school's list again.
    await page.goto(`/admin/schools/${seed.schoolB}/students`);
    await expect(page).toHaveURL(new RegExp(`/admin/schools/${seed.schoolA}/students`));
    await expect(page.getByRole('table', { name: 'Students' }).getByText(`Andrea Alonzo${run}`)).toBeVisible();
  },
);

test(
  'a direct URL to a screen without its permission shows the forbidden page',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_STUDENTS']);
    await adminSession(page, context, email);
    await page.goto('/admin/attendance-history');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole('heading', { name: 'Access Forbidden' })).toBeVisible();
    await expectFitsWidth(page, `forbidden ${width}`);
  },
);

test('a super admin opening /admin goes to the forbidden page', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/forbidden$/);
});

test(
  "the live attendance of school B never reaches school A's admin; A's own does",
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_ATTENDANCE']);
    await adminSession(page, context, email);
    await page.goto('/admin/attendance-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance History' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expectFitsWidth(page, `admin attendance ${width}`);

    const [cardA, cardB] = [card(), card()];
    await student(request, seed.root, seed.schoolA, 'Carmen', `Live${width}${run}`, cardA);
    await student(request, seed.root, seed.schoolB, 'Dario', `Other${width}${run}`, cardB);
    expect((await tap(seed.readerB, cardB, `b-${width}-${run}`)).status).toBe(201);
    expect((await tap(seed.readerA, cardA, `a-${width}-${run}`)).status).toBe(201);
    // A's tap arrives (so the socket is live); B's, posted first, never does.
    const live = page.getByRole('list', { name: 'Live attendance events' });
    await expect(live.getByText(`Carmen Live${width}${run}`)).toBeVisible({ timeout: 5000 });
    await page.waitForTimeout(1000);
    await expect(page.getByText(`Dario Other${width}${run}`)).toHaveCount(0);
  },
);

test(
  "the dashboard shows the school's day: a student still missing arrives live",
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_ATTENDANCE']);
    const cardA = card();
    const name = `Elena Dash${width}${run}`;
    await student(request, seed.root, seed.schoolA, 'Elena', `Dash${width}${run}`, cardA);
    await adminSession(page, context, email);
    await page.goto('/admin');
    const missing = page.getByRole('list', { name: 'Students still missing' });
    await expect(missing.getByText(name)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expectFitsWidth(page, `admin dashboard ${width}`);

    expect((await tap(seed.readerA, cardA, `dash-${width}-${run}`)).status).toBe(201);
    await expect(page.getByRole('list', { name: 'Live attendance events' }).getByText(name)).toBeVisible({ timeout: 5000 });
    // The figures follow: the student is no longer missing.
    await expect(missing.getByText(name)).toHaveCount(0, { timeout: 5000 });
  },
);

const ALL = [
  'VIEW_STUDENTS',
  'MANAGE_STUDENTS',
  'ARCHIVE_STUDENTS',
  'VIEW_GRADES_SECTIONS',
  'MANAGE_GRADES_SECTIONS',
  'VIEW_ATTENDANCE',
  'MANAGE_ATTENDANCE',
  'VIEW_SMS_HISTORY',
  'SEND_SMS',
  'VIEW_SYSTEM_LOGS',
];

test(
  "every school-admin screen opens on the admin's school and fits the screen",
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, seed.root, seed.schoolA, ALL);
    await adminSession(page, context, email);
    const screens: Array<[string, string]> = [
      [`/admin/schools/${seed.schoolA}/students`, `Students - Admin Console A ${run}`],
      ['/admin/archived-students', 'Archived Students'],
      [`/admin/schools/${seed.schoolA}/grades-sections`, `Admin Console A ${run}`],
      ['/admin/attendance-history', 'Attendance History'],
      ['/admin/sms-history', 'SMS Notifications History'],
      ['/admin/system-logs', 'Activity Log'],
      ['/admin/profile', 'My Profile'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      // Nothing the console asked for was refused or missing (a call to a super-admin-only route would be).
      await expect(page.getByText(/^(Error: )?(Not found|Admin access required|You do not have permission)/), path).toHaveCount(
        0,
      );
      await expectFitsWidth(page, `${path} ${width}`);
    }
    // With every permission the Students screen offers its actions.
    await page.goto(`/admin/schools/${seed.schoolA}/students`);
    await expect(page.getByRole('button', { name: 'Register New Student' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Archived Students' })).toHaveAttribute('href', '/admin/archived-students');
  },
);

test(
  "a message to a section's parents shows its recipients before sending",
  LAYOUT,
  async ({ page, context, request, width }) => {
    const grade = await call(request, seed.root, 'post', '/api/super-admin/grades', {
      schoolId: seed.schoolA,
      name: `Grade ${width}${run}`,
      level: 7,
    });
    const section = await call(request, seed.root, 'post', '/api/super-admin/sections', {
      schoolId: seed.schoolA,
      gradeId: grade.id,
      name: `Rizal ${width}`,
    });
    for (const first of ['Felipe', 'Gloria']) {
      const seq = nextSeq();
      await call(request, seed.root, 'post', '/api/super-admin/register-student', {
        firstName: first,
        lastName: `Class${width}${run}`,
        email: `${first.toLowerCase()}.class.${run}${seq}@students.test`,
        lrn: String(700000000000 + ((Date.now() + seq) % 99999999999)).slice(0, 12),
        parentPhone: '0917 123 4567',
        password: 'Mango-Lantern-58',
        schoolId: seed.schoolA,
        gradeId: grade.id,
        sectionId: section.id,
      });
    }
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_SMS_HISTORY', 'SEND_SMS']);
    await adminSession(page, context, email);
    await page.goto('/admin/sms-history');
    await page.getByRole('button', { name: 'Message a class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message a class' });
    await dialog.getByLabel('Grade').selectOption({ label: `Grade ${width}${run}` });
    await expect(dialog.getByText("Recipients: 2 students' parents")).toBeVisible();
    await dialog.getByLabel('Section').selectOption({ label: `Rizal ${width}` });
    await expect(dialog.getByText("Recipients: 2 students' parents")).toBeVisible();
    await expectFitsWidth(page, `class message ${width}`);
    await dialog.getByRole('button', { name: /^Send/ }).click();
    await expect(dialog.getByText('Message is required')).toBeVisible();
    await dialog.getByLabel('Message').fill('The field trip is on Friday…');
    await expect(dialog.getByText('30 characters · 1 part · GSM-7', { exact: true })).toBeVisible();
    await dialog.getByLabel('Message').fill(`${'Bring a packed lunch. '.repeat(8)}Thank you!`);
    await expect(dialog.getByText('186 characters · 2 parts · GSM-7', { exact: true })).toBeVisible();
    await expectFitsWidth(page, `class message counter ${width}`);
    await dialog.getByRole('button', { name: "Send to 2 students' parents" }).click();
    await expect(page.getByText('Message queued for the parents of 2 students')).toBeVisible();
  },
);

test(
  'an admin with MANAGE_ATTENDANCE marks a record excused with a reason',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const cardA = card();
    const name = `Hector Excuse${width}${run}`;
    await student(request, seed.root, seed.schoolA, 'Hector', `Excuse${width}${run}`, cardA);
    expect((await tap(seed.readerA, cardA, `excuse-${width}-${run}`)).status).toBe(201);
    const email = await admin(request, seed.root, seed.schoolA, ['VIEW_ATTENDANCE', 'MANAGE_ATTENDANCE']);
    await adminSession(page, context, email);
    await page.goto('/admin/attendance-history');
    const table = page.getByRole('table', { name: 'Attendance records' });
    const row = table.locator('tbody tr', { hasText: name });
    await row.getByRole('button', { name: `Mark ${name} excused` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Excused' });
    await dialog.getByRole('button', { name: 'Mark Excused' }).click();
    await expect(dialog.getByText('A note is required to excuse a student')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Doctor appointment');
    await dialog.getByRole('button', { name: 'Mark Excused' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('EXCUSED');
    await expect(row.getByRole('button', { name: `Mark ${name} excused` })).toHaveCount(0);
    await expectFitsWidth(page, `attendance with corrections ${width}`);
  },
);
