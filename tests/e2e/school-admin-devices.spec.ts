/*
 * The rest of the school-admin console against the real app: Device Management with only the tabs the
 * admin's permissions allow (on their own school), the School Profile's logo through the upload pipeline, and an
 * attendance correction ABSENT → LATE with a reason and the arrival time. At 390 and 1440 px.
 */
import path from 'node:path';
import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from './helpers';
import { admin, adminSession, call, card, run, school, student, tap } from './admin-seed';

let root: string;
let schoolA: number;
let schoolB: number;
let readerA: string;
const SCHOOL_A = `Devices School A ${run}`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  root = await signInViaApi(page);
  schoolA = await school(page.request, root, SCHOOL_A);
  schoolB = await school(page.request, root, `Devices School B ${run}`);
  readerA = (
    await call(page.request, root, 'post', '/api/super-admin/rfid-readers', { name: `Gate A ${run}`, schoolId: schoolA })
  ).token;
  await call(page.request, root, 'post', '/api/super-admin/rfid-readers', { name: `Gate B ${run}`, schoolId: schoolB });
  await page.close();
});

test(
  'an admin with MANAGE_RFID_READERS sees only the readers tab, of their school',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, root, schoolA, ['MANAGE_RFID_READERS']);
    await adminSession(page, context, email);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await expect(page).toHaveURL(/\/admin\/device-management/);
    await expect(page.getByRole('tab')).toHaveText(['RFID Readers']);
    await expect(page.getByText(`Gate A ${run}`).first()).toBeVisible();
    await expect(page.getByText(`Gate B ${run}`)).toHaveCount(0);
    await expectFitsWidth(page, `admin device management ${width}`);

    // A reader added here is the admin's school's (the form offers no other).
    await page.getByRole('button', { name: '+ Add Reader' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reader Name').fill(`Side gate ${width} ${run}`);
    await expect(dialog.getByLabel('School')).toHaveValue(String(schoolA));
    await dialog.getByRole('button', { name: /^(Add|Save)/ }).click();
    await expect(page.getByText(/Copy this token now: it is shown only once/)).toBeVisible();
  },
);

test("an admin with MANAGE_SCHOOL_PROFILE changes the school's logo", LAYOUT, async ({ page, context, request, width }) => {
  const email = await admin(request, root, schoolA, ['MANAGE_SCHOOL_PROFILE']);
  await adminSession(page, context, email);
  await page.goto('/admin/school-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'School Profile' })).toBeVisible();
  await expect(page.getByLabel('Contract Number')).toBeHidden();
  await expectFitsWidth(page, `school profile ${width}`);
  await page.getByLabel('Logo').setInputFiles(path.join(import.meta.dirname, '..', 'fixtures', 'pixel.png'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('School profile saved!')).toBeVisible();
  const logo = page.getByRole('img', { name: `${SCHOOL_A} logo` });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
  // The device tabs are not this admin's: a direct URL is the forbidden page.
  await page.goto('/admin/device-management');
  await expect(page).toHaveURL(/\/forbidden/);
});

test(
  'an admin with MANAGE_ATTENDANCE corrects ABSENT to LATE with a reason',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const cardA = card();
    const name = `Ines Fix${width}${run}`;
    await student(request, root, schoolA, 'Ines', `Fix${width}${run}`, cardA);
    const tapped = await tap(readerA, cardA, `fix-${width}-${run}`);
    expect(tapped.status).toBe(201);
    const recordId = ((await tapped.json()) as { data: { attendanceId: number } }).data.attendanceId;
    // The tap was a classmate's using the card: the super admin marks the day ABSENT first.
    await call(request, root, 'post', `/api/super-admin/attendance/${recordId}/correct`, {
      status: 'ABSENT',
      reason: 'Card used by a classmate',
    });
    const email = await admin(request, root, schoolA, ['VIEW_ATTENDANCE', 'MANAGE_ATTENDANCE']);
    await adminSession(page, context, email);
    await page.goto('/admin/attendance-history');
    const row = page.getByRole('table', { name: 'Attendance records' }).locator('tbody tr', { hasText: name });
    await expect(row).toContainText('ABSENT');
    await row.getByRole('button', { name: `Correct ${name}'s attendance` }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct Attendance' });
    await dialog.getByLabel('Corrected Status').selectOption('LATE');
    await dialog.getByRole('button', { name: 'Save Correction' }).click();
    await expect(dialog.getByText('A reason is required to correct attendance')).toBeVisible();
    await expectFitsWidth(page, `attendance correction ${width}`);
    await dialog.getByLabel('Reason').fill('Arrived 9:10, the gate reader was offline');
    // LATE asks when the learner came (the tap's time to start with): none is refused before anything is sent.
    await expect(dialog.getByLabel('Arrival Time')).not.toHaveValue('');
    await dialog.getByLabel('Arrival Time').fill('');
    await dialog.getByRole('button', { name: 'Save Correction' }).click();
    await expect(dialog.getByText('Enter the arrival time (HH:MM) of a PRESENT or LATE learner')).toBeVisible();
    await dialog.getByLabel('Arrival Time').fill('00:01');
    await dialog.getByRole('button', { name: 'Save Correction' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('LATE');
    await expect(row).toContainText('12:01 AM');
    await expect(row).not.toContainText('ABSENT');
    // ABSENT asks for no time.
    await row.getByRole('button', { name: `Correct ${name}'s attendance` }).click();
    await dialog.getByLabel('Corrected Status').selectOption('ABSENT');
    await expect(dialog.getByLabel('Arrival Time')).toHaveCount(0);
  },
);
