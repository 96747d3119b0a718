import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { admin, adminSession, card, run, school, student } from '../admin-seed';

/** The school admin's dashboard names the learners absent five class days in a row, with the days. */
test('the dashboard lists a learner absent five class days in a row, with the days', LAYOUT, async ({ page, context, width }) => {
  const root = await signInViaApi(page);
  const schoolId = await school(page.request, root, `Absence School ${width} ${run}`);
  const id = await student(page.request, root, schoolId, 'Lorna', `Away${width}`, card());
  // Enrolled a month ago and never tapped since: absent every class day (the school has classes every day).
  const enrolled = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await page.request.patch(`/api/super-admin/students/${id}`, {
    headers: { authorization: `Bearer ${root}` },
    multipart: { data: JSON.stringify({ enrolmentDate: enrolled }) },
  });
  expect(res.status()).toBe(200);

  const email = await admin(page.request, root, schoolId, ['VIEW_ATTENDANCE']);
  await context.clearCookies();
  await adminSession(page, context, email);
  await page.goto('/admin');
  const panel = page.getByRole('region', { name: 'Absent 5 days in a row' });
  await expect(panel).toContainText(`AWAY${width}, Lorna`);
  await expect(panel).toContainText('(20 class days, still absent)');
  await expectFitsWidth(page, `absent runs ${width}`);
});
