import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { admin, adminSession, call, card, run, school, student } from '../admin-seed';

/*
 * A registrar rolls the year over from the School Year screen: the new year's dates, where each class goes, a
 * retained learner, the preview, the commit; then undoes it. Both screen widths.
 */
test('a registrar previews, commits and undoes the school year rollover', LAYOUT, async ({ page, context, width }) => {
  const root = await signInViaApi(page);
  const schoolId = await school(page.request, root, `Rollover School ${width} ${run}`);
  await call(page.request, root, 'put', `/api/super-admin/schools/${schoolId}/calendar/school-year`, {
    start: '2025-06-09',
    end: '2026-03-31',
  });
  const grade = async (name: string, level: number) =>
    (await call(page.request, root, 'post', '/api/super-admin/grades', { name, level, schoolId })).id as number;
  const g6 = await grade('Grade 6', 6);
  const g7 = await grade('Grade 7', 7);
  await grade('Grade 8', 8);
  const section = async (gradeId: number, name: string) =>
    (await call(page.request, root, 'post', '/api/super-admin/sections', { name, gradeId, schoolId })).id as number;
  const sampaguita = await section(g6, 'Sampaguita');
  const rizal = await section(g7, 'Rizal');
  // On the roll from the closing year's first day, with what SF1 needs.
  const place = async (id: number, gradeId: number, sectionId: number) =>
    call(page.request, root, 'patch', `/api/super-admin/students/${id}`, {
      gradeId,
      sectionId,
      enrolmentDate: '2025-06-09',
      gender: 'FEMALE',
      dateOfBirth: '2013-05-04',
    });
  await place(await student(page.request, root, schoolId, 'Amihan', `Six${width}`, card()), g6, sampaguita);
  await place(await student(page.request, root, schoolId, 'Bagwis', `Seven${width}`, card()), g7, rizal);
  await place(await student(page.request, root, schoolId, 'Dalisay', `Seven${width}`, card()), g7, rizal);

  const email = await admin(page.request, root, schoolId, ['ROLL_OVER_SCHOOL_YEAR', 'VIEW_REPORTS']);
  await context.clearCookies();
  await adminSession(page, context, email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'School Year' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/schools/${schoolId}/school-year$`));
  await expect(page.getByText('Closing SY 2025–2026 (Jun 9, 2025 to Mar 31, 2026).')).toBeVisible();
  await expect(page.getByLabel('First day')).toHaveValue('2026-06-01');
  await expect(page.getByLabel('Last day')).toHaveValue('2027-03-31');
  await expect(page.getByLabel('Grade 6 · Sampaguita goes to')).toHaveValue('complete');
  await expect(page.getByLabel('Grade 7 · Rizal goes to')).toHaveValue('new');

  await page.getByRole('button', { name: 'Retained in Grade 7 · Rizal: 0' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retained in Grade 7 · Rizal' });
  await dialog.getByLabel(new RegExp(`Seven${width}, Dalisay`)).check();
  await dialog.getByRole('button', { name: 'Save (1)' }).click();
  await expect(page.getByRole('button', { name: 'Retained in Grade 7 · Rizal: 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Preview changes' }).click();
  const preview = page.getByRole('region', { name: /Preview: SY 2025–2026 → SY 2026–2027/ });
  await expect(preview.getByRole('row', { name: /Grade 7 · Rizal/ })).toContainText('Grade 8 · Rizal (new)');
  await expect(preview.getByRole('list', { name: 'Totals' })).toContainText('Up a grade: 1');
  await expect(preview.getByRole('list', { name: 'Totals' })).toContainText('Completed (archived as graduated): 1');
  await expectFitsWidth(page, `rollover preview ${width}`);

  await preview.getByRole('button', { name: 'Roll over to SY 2026–2027' }).click();
  await page.getByRole('dialog', { name: 'Roll over to SY 2026–2027?' }).getByRole('button', { name: 'Roll over' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Rolled over to SY 2026–2027: 2 learners moved');
  const last = page.getByRole('region', { name: 'Last rollover: SY 2025–2026 → SY 2026–2027' });
  await expect(last).toContainText('1 up a grade, 1 retained, 1 completed');
  await expect(page.getByText(/Closing SY 2026–2027/)).toBeVisible();

  // The closed year's School Register is still there, its learners placed as the year left them.
  await page.goto(`/admin/schools/${schoolId}/sf2?form=sf1&gradeId=${g7}&sectionId=${rizal}`);
  const year = page.getByLabel('School year');
  await expect(year.locator('option')).toHaveText(['2026-2027', '2025-2026']);
  await year.selectOption('2025-2026');
  const register = page.getByRole('table', { name: 'School Form 1 school register' });
  await expect(register.getByRole('row', { name: new RegExp(`SEVEN${width}, Bagwis`) })).toBeVisible();
  await expect(register.getByRole('row', { name: new RegExp(`SEVEN${width}, Dalisay`) })).toBeVisible();
  await expectFitsWidth(page, `closed year's SF1 ${width}`);
  await year.selectOption('2026-2027');
  await expect(register.getByRole('row', { name: new RegExp(`SEVEN${width}, Dalisay`) })).toBeVisible();
  await expect(register.getByRole('row', { name: new RegExp(`SEVEN${width}, Bagwis`) })).toHaveCount(0);
  await page.goto(`/admin/schools/${schoolId}/school-year`);

  await last.getByRole('button', { name: 'Undo rollover' }).click();
  await page.getByRole('dialog', { name: 'Undo the rollover?' }).getByRole('button', { name: 'Undo rollover' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Rollover undone: back to SY 2025–2026');
  await expect(page.getByText('Closing SY 2025–2026 (Jun 9, 2025 to Mar 31, 2026).')).toBeVisible();
  await expect(last).toContainText('Undone');
  await expectFitsWidth(page, `school year ${width}`);
});
