import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { card, run, school, student } from '../admin-seed';

/** A learner's movement recorded from their page: a transfer out to a named school, then back on the roll. */
test("a learner's transfer out is recorded from their page, then they come back", LAYOUT, async ({ page, width }) => {
  const root = await signInViaApi(page);
  const schoolId = await school(page.request, root, `Movement School ${width} ${run}`);
  await student(page.request, root, schoolId, 'Ligaya', `Moves${width}`, card());
  const name = `Ligaya Moves${width}`;

  await page.goto(`/super-admin/schools/${schoolId}/students`);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Student Details' });
  const panel = details.getByRole('region', { name: 'Enrolment and movement' });
  await expect(panel).toContainText('on the roll');
  await panel.getByRole('button', { name: 'Record Movement' }).click();
  const form = panel.getByRole('form', { name: 'Record movement' });
  await form.getByLabel('Movement').selectOption('TRANSFERRED_OUT');
  await form.getByRole('button', { name: 'Save Movement' }).click();
  await expect(form.getByText('Date must be a valid date (YYYY-MM-DD)')).toBeVisible();
  // Registered today: the learner can leave from today on (the school's day in Manila).
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
  await form.getByLabel('To school').fill('Mabini Elementary School');
  await form.getByLabel('Date').fill('2020-01-01');
  await form.getByRole('button', { name: 'Save Movement' }).click();
  await expect(form.getByText(`The learner was enrolled on ${today}: the date must be on or after it`).first()).toBeVisible();
  await form.getByLabel('Date').fill(today);
  await expectFitsWidth(page, `movement form ${width}`);
  await form.getByRole('button', { name: 'Save Movement' }).click();
  await expect(panel.getByRole('status')).toHaveText('Transferred out: recorded');
  const shown = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(panel).toContainText(`Transferred out to Mabini Elementary School on ${shown}`);

  await panel.getByRole('button', { name: 'Record Movement' }).click();
  await expect(form.getByLabel('Movement').locator('option')).toHaveText(['Choose', 'Back on the roll']);
  await form.getByLabel('Movement').selectOption('BACK');
  await form.getByRole('button', { name: 'Save Movement' }).click();
  await expect(panel.getByRole('status')).toHaveText('Back on the roll: recorded');
  await expect(panel).toContainText('on the roll');
});
