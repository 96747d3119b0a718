import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { call, run, school } from '../admin-seed';

/**
 * The CSV import as a registrar types it (its preview says how ambiguous dates are read and lists every problem of a
 * row), the printable password slips after it, and a new slip from a learner's page that the learner signs in with
 * (by LRN) and changes at once. At 390 and 1440 px.
 */

/** A 12-digit LRN no other spec of the shared server uses. */
const lrnOf = (_width: number) => String(600_000_000_000 + Math.floor(Math.random() * 99_999_999_999));

/** The page shows only the slips when printed: the slips are visible, what is behind them is not. */
async function expectPrintsOnlySlips(page: Page, slips: Locator, behind: Locator) {
  await page.emulateMedia({ media: 'print' });
  await expect(slips.first()).toBeVisible();
  await expect(behind).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
}

test(
  'import preview reads what a registrar types, then prints the new learners’ password slips',
  LAYOUT,
  async ({ page, width }) => {
    const root = await signInViaApi(page);
    const name = `Slip School ${width} ${run}`;
    const schoolId = await school(page.request, root, name);
    await call(page.request, root, 'post', '/api/super-admin/grades', { name: 'Grade 7', level: 7, schoolId });
    const [a, b] = [lrnOf(width), lrnOf(width)];
    const csv = [
      'First Name,Last Name,LRN,Grade,Date of Birth,Gender,Notification Preference,Parent Phone,Email',
      `Ana,Santos${width},${a},7,03/04/2012,F,SMS,0917 111 2222,`,
      `Ben,Reyes${width},${b},Grade 7,06/15/2012,m,both,09171112223,`,
      `,Cruz${width},12345,Grade 99,02/30/2012,X,email,12345,not-an-email`,
      `Carl,Cruz${width},${a},,,,,09171112224,`,
    ].join('\n');

    await page.goto(`/super-admin/schools/${schoolId}/students`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'registrar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Check File' }).click();

    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview.locator('tbody tr')).toHaveCount(4);
    await expect(dialog.locator('[data-import-rules]')).toContainText('03/04/2012 is March 4, 2012');
    const ana = preview.locator('tbody tr').filter({ hasText: `Santos${width}` });
    await expect(ana).toContainText('Valid');
    await expect(ana).toContainText('2012-03-04');
    await expect(ana).toContainText('Date of birth 03/04/2012 read as March 4, 2012 (month first)');
    await expect(ana).toContainText('Grade "7" matched to Grade 7');
    const bad = preview.locator('tbody tr').filter({ hasText: '12345' });
    for (const problem of [
      'First name is required',
      'Please enter a valid email address',
      'LRN must be a 12-digit number',
      'Grade "Grade 99" not found in this school',
      'Date of birth "02/30/2012" is not a date: write it MM/DD/YYYY or YYYY-MM-DD',
      'Gender "X" is not Male (M), Female (F) or Other',
      'Notification preference "email" is not SMS, Messenger or Both',
      'Please enter a valid phone number',
    ])
      await expect(bad).toContainText(problem);
    const dup = preview.locator('tbody tr').filter({ hasText: 'Carl' });
    await expect(dup).toContainText('Duplicate');
    await expect(dup).toContainText('Duplicate LRN in this file (same as line 2)');
    await expectFitsWidth(page, `import preview ${width}`);

    await dialog.getByRole('button', { name: 'Import 2 Valid Rows' }).click();
    await expect(dialog.getByRole('table', { name: 'Import summary' })).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Print Password Slips (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Password slips (2)' });
    const slips = sheet.getByRole('article');
    await expect(slips).toHaveCount(2);
    const first = sheet.getByRole('article', { name: `Password slip for Ana Santos${width}` });
    await expect(first).toContainText(name);
    await expect(first).toContainText(`LRN: ${a}`);
    await expect(first).toContainText(`Sign in at: ${E2E_BASE_URL}/login`);
    await expect(first).toContainText(/Password: [a-z]+-[a-z]+-[a-z]+-\d{2}/);
    await expectFitsWidth(page, `password slips ${width}`);
    await expectPrintsOnlySlips(page, slips, page.getByRole('heading', { level: 1 }));
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog.getByRole('table', { name: 'Import summary' })).toBeVisible();
  },
);

test(
  'a new password slip from the learner’s page; the learner signs in with the LRN and chooses their own',
  LAYOUT,
  async ({ page, browser, width }) => {
    const root = await signInViaApi(page);
    const schoolId = await school(page.request, root, `New Slip School ${width} ${run}`);
    const lrn = lrnOf(width);
    const learner = await call(page.request, root, 'post', '/api/super-admin/register-student', {
      firstName: 'Maya',
      lastName: `Dela Paz${width}`,
      lrn,
      parentPhone: '0917 123 4567',
      schoolId,
    });
    expect(learner.email).toBeNull();

    await page.goto(`/super-admin/schools/${schoolId}/students`);
    await page.getByRole('button', { name: `View Maya Dela Paz${width}` }).click();
    const detail = page.getByRole('dialog', { name: 'Student Details' });
    await detail.getByRole('button', { name: 'New password slip' }).click();
    const confirm = page.getByRole('dialog', { name: 'Issue a new password slip' });
    await expect(confirm).toContainText('every device signed in to the account is signed out');
    await expectFitsWidth(page, `new slip confirm ${width}`);
    await confirm.getByRole('button', { name: 'Issue new password' }).click();
    const sheet = page.getByRole('dialog', { name: 'Password slip' });
    const slip = sheet.getByRole('article', { name: `Password slip for Maya Dela Paz${width}` });
    await expect(slip).toContainText(`LRN: ${lrn}`);
    const password = (await slip.textContent())!.match(/Password: ([a-z]+-[a-z]+-[a-z]+-\d{2})/)![1]!;
    await expectFitsWidth(page, `new slip ${width}`);
    await expectPrintsOnlySlips(page, slip, page.getByRole('heading', { level: 1 }));
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await expect(detail).toBeVisible();

    // The learner, on their own device: the LRN and the slip's password, then their own password before anything else.
    const device = await browser.newContext({ viewport: page.viewportSize()! });
    const learnerPage = await device.newPage();
    await learnerPage.goto('/login');
    await learnerPage.getByLabel('Email or LRN').fill(lrn);
    await learnerPage.getByLabel('Password').fill(password);
    await learnerPage.getByRole('button', { name: 'Login' }).click();
    await expect(learnerPage).toHaveURL(/\/student$/);
    await expect(learnerPage.getByText('You signed in with the password on your slip.')).toBeVisible();
    const change = learnerPage.getByRole('dialog', { name: 'Change Password' });
    await change.getByLabel(/^Current Password/).fill(password);
    await change.getByLabel(/^New Password/).fill('Password123');
    await change.getByLabel(/^Confirm New Password/).fill('Password123');
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expect(change).toContainText('This password is too common or easy to guess. Please choose a stronger one.');
    await change.getByLabel(/^New Password/).fill('Coral-Bicycle-Window-8');
    await change.getByLabel(/^Confirm New Password/).fill('Coral-Bicycle-Window-8');
    await change.getByRole('button', { name: 'Change Password' }).click();
    await expect(learnerPage.getByTestId('today-status')).toBeVisible({ timeout: 10_000 });
    await expect(learnerPage.getByRole('heading', { name: 'Choose your own password' })).toHaveCount(0);
    await expectFitsWidth(learnerPage, `portal after choosing a password ${width}`);
    await device.close();
  },
);
