import { expect } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { admin, adminSession, call, card, nextSeq, run, school } from '../admin-seed';

/**
 * The adviser's Section Day lists the section's learners absent five class days in a row, with the days and "still
 * absent" (DepEd asks the adviser to visit the home); a learner of another section is not on it.
 */
test("Section Day lists the section's learners absent five class days in a row", LAYOUT, async ({ page, context, width }) => {
  const root = await signInViaApi(page);
  const schoolId = await school(page.request, root, `Home Visit School ${width} ${run}`);
  const grade = await call(page.request, root, 'post', '/api/super-admin/grades', { schoolId, name: 'Grade 9', level: 9 });
  const section = async (name: string) =>
    (await call(page.request, root, 'post', '/api/super-admin/sections', { schoolId, gradeId: grade.id, name })).id as number;
  const [narra, molave] = [await section('Narra'), await section('Molave')];
  // Enrolled a month ago and never tapped since: absent every class day (the school has classes every day).
  const enrolled = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const learner = async (firstName: string, lastName: string, sectionId: number) => {
    const seq = nextSeq();
    const created = await call(page.request, root, 'post', '/api/super-admin/register-student', {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${run}${seq}@students.test`,
      lrn: String(800000000000 + ((Date.now() + seq) % 99999999999)).slice(0, 12),
      parentPhone: '0917 123 4567',
      password: 'Mango-Lantern-58',
      rfidCardId: card(),
      schoolId,
      gradeId: grade.id,
      sectionId,
    });
    const res = await page.request.patch(`/api/super-admin/students/${created.id}`, {
      headers: { authorization: `Bearer ${root}` },
      multipart: { data: JSON.stringify({ enrolmentDate: enrolled }) },
    });
    expect(res.status()).toBe(200);
  };
  await learner('Lorna', `Malayo${width}`, narra);
  await learner('Pedro', `Ibang${width}`, molave);

  const email = await admin(page.request, root, schoolId, ['VIEW_ATTENDANCE']);
  await context.clearCookies();
  await adminSession(page, context, email);
  await page.goto(`/admin/attendance-history/section-day?gradeId=${grade.id}&sectionId=${narra}`);
  await expect(page.getByRole('heading', { name: 'Grade 9 · Narra' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Absent 5 days in a row' });
  await expect(panel).toContainText(`MALAYO${width}, Lorna`);
  await expect(panel).toContainText('(20 class days, still absent)');
  await expect(panel).toContainText("DepEd asks the class adviser to visit these learners' homes.");
  await expect(panel).not.toContainText('Pedro');
  await expectFitsWidth(page, `Section Day absences at ${width}px`);
});
