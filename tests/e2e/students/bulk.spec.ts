import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { call, card, run, school, student } from '../admin-seed';

/**
 * "All N matching this filter" on the student list: the bar offers every learner the filter matches beyond the
 * page, the dialogs confirm the count, and the message and the archive run in the background with their progress.
 */
test('message and archive all 23 students a grade matches, beyond the page of 20', LAYOUT, async ({ page, width }) => {
  const root = await signInViaApi(page);
  const schoolId = await school(page.request, root, `Bulk School ${width} ${run}`);
  const grade = await call(page.request, root, 'post', '/api/super-admin/grades', {
    name: `Grade 7 B${width} ${run}`,
    level: 7,
    schoolId,
  });
  const ids: number[] = [];
  for (let i = 0; i < 23; i += 1) ids.push(await student(page.request, root, schoolId, `Learner${i}`, `Bulk${width}`, card()));
  for (const id of ids) {
    const res = await page.request.patch(`/api/super-admin/students/${id}`, {
      headers: { authorization: `Bearer ${root}` },
      multipart: { data: JSON.stringify({ gradeId: grade.id }) },
    });
    expect(res.status()).toBe(200);
  }

  await page.goto(`/super-admin/schools/${schoolId}/students?gradeId=${grade.id}`);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('20 selected');
  await bar.getByRole('button', { name: 'Select all 23 students matching this filter' }).click();
  await expect(bar).toContainText('All 23 students matching this filter are selected');
  await expectFitsWidth(page, `bulk bar ${width}`);

  await bar.getByRole('button', { name: 'Message Parents' }).click();
  const message = page.getByRole('dialog', { name: 'Message parents' });
  await expect(message).toContainText('all 23 students matching this filter');
  await message.getByLabel('Message').fill('Classes resume on Monday.');
  await message.getByRole('button', { name: "Send to 23 students' parents" }).click();
  await expect(message).toBeHidden();
  const work = page.getByRole('region', { name: 'Background work' });
  await expect(work).toContainText('Message queued for the parents of 23 students', { timeout: 15_000 });
  await work.getByRole('button', { name: 'Dismiss' }).click();

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await bar.getByRole('button', { name: 'Select all 23 students matching this filter' }).click();
  await bar.getByRole('button', { name: 'Archive Selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive 23 Students' });
  await expect(confirm).toContainText('all 23 students matching this filter');
  await expectFitsWidth(page, `archive dialog ${width}`);
  await confirm.getByRole('button', { name: 'Archive 23 students' }).click();
  await expect(work).toContainText('23 students archived', { timeout: 15_000 });
  await expect(page.getByText('No students found.')).toBeVisible();
  await expect(work.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // One log entry per action, with its count.
  for (const action of ['MESSAGE_STUDENTS_MATCHING', 'ARCHIVE_STUDENTS_MATCHING']) {
    const res = await page.request.get(`/api/super-admin/system-logs?action=${action}&limit=50`, {
      headers: { authorization: `Bearer ${root}` },
    });
    const logs = (await res.json()).data.logs as Array<{ details: { count: number; filter: { gradeId?: number } } }>;
    const ours = logs.filter((l) => l.details.filter.gradeId === grade.id);
    expect(ours.map((l) => l.details.count)).toEqual([23]);
  }
});
