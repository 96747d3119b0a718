import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from './helpers';
import { createAdmin, signInAdmin } from './admin-session';

/*
 * In the console: a school's calendar (school year with its national holidays, a declared no-class day)
 * and School Form 2 of a section (the grid on screen, the XLSX download), at 390 and 1440 px; the same screens in a
 * school admin's console (/admin), each behind its permission.
 */
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function seed(request: APIRequestContext, token: string, width: number, depedSchoolId: string | null = null) {
  const tag = `${suffix}${width}`;
  const post = async (url: string, body: { data?: unknown; multipart?: Record<string, string> }) => {
    const res = await request.post(`${E2E_BASE_URL}/api/super-admin/${url}`, { headers: auth(token), ...body });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as { id: number };
  };
  const school = await post('schools', {
    multipart: {
      data: JSON.stringify({ name: `Calendar High ${tag}`, acronym: `C${tag.slice(-8)}`.toUpperCase(), depedSchoolId }),
    },
  });
  const grade = await post('grades', { data: { name: `Grade 7 ${tag}`, level: 7, schoolId: school.id } });
  const section = await post('sections', { data: { name: `Rizal ${tag}`, gradeId: grade.id, schoolId: school.id } });
  for (const [i, [first, middle, last, gender]] of [
    ['Mara', 'Santos', `Dela Cruz${tag}`, 'FEMALE'],
    ['Jose', 'Reyes', `Abad${tag}`, 'MALE'],
  ].entries()) {
    await post('register-student', {
      multipart: {
        data: JSON.stringify({
          firstName: first,
          middleName: middle,
          lastName: last,
          gender,
          enrolmentDate: '2026-06-08',
          email: `${first.toLowerCase()}.${tag}@students.test`,
          lrn: String(500_000_000_000 + (Date.now() % 100_000_000) * 10 + width + i),
          password: 'Sampaguita-2026',
          parentPhone: '0917 123 4567',
          schoolId: school.id,
          gradeId: grade.id,
          sectionId: section.id,
        }),
      },
    });
  }
  return { schoolId: school.id, gradeId: grade.id, sectionId: section.id, tag };
}

test('school calendar and School Form 2', LAYOUT, async ({ page, width }) => {
  const token = await signInViaApi(page);
  const s = await seed(page.request, token, width);

  await page.goto(`/super-admin/schools/${s.schoolId}/calendar`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`School Calendar - Calendar High ${s.tag}`);
  await page.getByLabel('Start').fill('2026-06-08');
  await page.getByLabel('End').fill('2027-04-09');
  await page.getByRole('button', { name: 'Save School Year' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'School year saved;' })).toContainText('holiday(s) added');
  const days = page.getByRole('table', { name: 'No-class days' });
  await expect(days.getByRole('row', { name: /Christmas Day/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Jun 12, 2026' })).toBeVisible(); // the enrolment cut-off

  await page.getByLabel('Date').fill('2027-02-10');
  await page.getByLabel('Reason').fill('Typhoon signal no. 2');
  await page.getByRole('button', { name: 'Declare No-Class Day' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Declare' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No-class day saved.' })).toBeVisible();
  await expect(days.getByRole('row', { name: /Typhoon signal no\. 2/ })).toBeVisible();

  // A Christmas break is one entry; the holidays inside it stay their own.
  await page.getByLabel('Date').fill('2026-12-21');
  await page.getByLabel('Last day (optional)').fill('2027-01-03');
  await page.getByLabel('Reason').fill('Christmas break');
  await page.getByRole('button', { name: 'Declare No-Class Day' }).click();
  const period = page.getByRole('dialog', { name: 'Declare a no-class period' });
  await expect(period).toContainText('Dec 21, 2026 – Jan 3, 2027 become no-class days');
  await period.getByRole('button', { name: 'Declare' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No-class period saved: 9 days.' })).toBeVisible();
  await expect(days.getByRole('row', { name: /Christmas break/ })).toContainText('Dec 21, 2026 – Jan 3, 2027');

  // A special non-working day the school keeps classes on is lifted.
  await page.getByRole('button', { name: "Lift All Souls' Day on 2026-11-02" }).click();
  const lift = page.getByRole('dialog');
  await expect(lift).toContainText("Lift All Souls' Day (Nov 2, 2026)? Classes are held that day");
  await lift.getByRole('button', { name: 'Lift' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Holiday lifted: classes are held that day' })).toBeVisible();
  await expect(days.getByRole('row', { name: /All Souls' Day/ })).toHaveCount(0);
  await expectFitsWidth(page, `calendar ${width}`);

  await page.getByRole('link', { name: 'School Form 2 (SF2)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`School Form 2 - Calendar High ${s.tag}`);
  await page.goto(`/super-admin/schools/${s.schoolId}/sf2?gradeId=${s.gradeId}&sectionId=${s.sectionId}&month=2026-11`);
  const grid = page.getByRole('table', { name: 'School Form 2 attendance grid' });
  await expect(grid.getByRole('rowheader', { name: `ABAD${s.tag.toUpperCase()}, Jose Reyes` })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: `DELA CRUZ${s.tag.toUpperCase()}, Mara Santos` })).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: 'Combined TOTAL PER DAY' })).toBeVisible();
  await expect(page.getByText('NOVEMBER 2026')).toBeVisible();
  await expectFitsWidth(page, `sf2 ${width}`);

  // No DepEd School ID yet: the form says how to fix it, and its files wait for it.
  const alert = page.getByRole('alert').filter({ hasText: 'Fix these before filing the form' });
  await expect(alert).toContainText("The school's DepEd School ID is not set.");
  await expect(alert.getByRole('link', { name: "Set it in the school's details" })).toHaveAttribute(
    'href',
    '/super-admin/schools',
  );
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  await expect(page.getByText("Error: Set the school's DepEd School ID (School Details) before making the form")).toBeVisible();
  const set = await page.request.patch(`${E2E_BASE_URL}/api/super-admin/schools/${s.schoolId}`, {
    headers: auth(token),
    multipart: { data: JSON.stringify({ depedSchoolId: '305976' }) },
  });
  expect(set.status(), await set.text()).toBe(200);
  await page.reload();
  await expect(grid.getByRole('rowheader', { name: 'Combined TOTAL PER DAY' })).toBeVisible();
  await expect(alert).toHaveCount(0);

  // Files named by school, grade, section and month.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await download).suggestedFilename()).toBe(`SF2-Calendar-High-${s.tag}-Grade-7-${s.tag}-Rizal-${s.tag}-2026-11.xlsx`);
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Whole School (ZIP)' }).click();
  expect((await zip).suggestedFilename()).toBe(`SF2-Calendar-High-${s.tag}-2026-11-xlsx.zip`);
  const sf4 = page.waitForEvent('download');
  await page.getByRole('button', { name: 'School Form 4 (XLSX)' }).click();
  expect((await sf4).suggestedFilename()).toBe(`SF4-Calendar-High-${s.tag}-2026-11.xlsx`);
});

test(
  'a school admin: SF2 with VIEW_REPORTS, a no-class day with MANAGE_ATTENDANCE, /forbidden without',
  LAYOUT,
  async ({ page, context, width }) => {
    const root = await signInViaApi(page);
    const s = await seed(page.request, root, width + 1, '305977');
    const year = await page.request.put(`${E2E_BASE_URL}/api/super-admin/schools/${s.schoolId}/calendar/school-year`, {
      headers: auth(root),
      data: { start: '2026-06-08', end: '2027-04-09' },
    });
    expect(year.status(), await year.text()).toBe(200);
    await context.clearCookies();

    // Reports only: School Form 2 and its XLSX; the calendar's address is the forbidden page.
    await signInAdmin(page.request, context, await createAdmin(page.request, root, s.schoolId, ['VIEW_REPORTS']));
    await page.goto(`/admin/schools/${s.schoolId}/sf2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`School Form 2 - Calendar High ${s.tag}`);
    await page.getByLabel('Grade').selectOption({ label: `Grade 7 ${s.tag}` });
    await page.getByLabel('Section').selectOption({ label: `Rizal ${s.tag}` });
    await page.getByLabel('Month').fill('2026-11');
    const grid = page.getByRole('table', { name: 'School Form 2 attendance grid' });
    await expect(grid.getByRole('rowheader', { name: `ABAD${s.tag.toUpperCase()}, Jose Reyes` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'School calendar' })).toHaveCount(0);
    await expectFitsWidth(page, `admin sf2 ${width}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download XLSX' }).click();
    expect((await download).suggestedFilename()).toBe(`SF2-Calendar-High-${s.tag}-Grade-7-${s.tag}-Rizal-${s.tag}-2026-11.xlsx`);
    await page.goto(`/admin/schools/${s.schoolId}/calendar`);
    await expect(page).toHaveURL(/\/forbidden$/);

    // Attendance: the calendar, a no-class day for grade 7 declared.
    await context.clearCookies();
    await signInAdmin(page.request, context, await createAdmin(page.request, root, s.schoolId, ['MANAGE_ATTENDANCE']));
    await page.goto(`/admin/schools/${s.schoolId}/calendar`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`School Calendar - Calendar High ${s.tag}`);
    await page.getByLabel('Date').fill('2027-02-11');
    await page.getByLabel('Reason').fill('Grade 7 field trip');
    await page.getByLabel('Grade levels').fill('7');
    await page.getByRole('button', { name: 'Declare No-Class Day' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Declare' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No-class day saved.' })).toBeVisible();
    const days = page.getByRole('table', { name: 'No-class days' });
    await expect(days.getByRole('row', { name: /Grade 7 field trip/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'School Form 2 (SF2)' })).toHaveCount(0);
    await expectFitsWidth(page, `admin calendar ${width}`);
  },
);
