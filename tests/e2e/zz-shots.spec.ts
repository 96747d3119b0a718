import { test, expect } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

test('shots', async ({ page }) => {
  const token = await signInViaApi(page);
  const h = { Authorization: `Bearer ${token}` };
  const s = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
    headers: h,
    multipart: { data: JSON.stringify({ name: 'San Isidro National High School', acronym: 'SINHS' }) },
  });
  const schoolId = (await s.json()).data.id;
  const g = await page.request.post(`${E2E_BASE_URL}/api/super-admin/grades`, {
    headers: h,
    data: { name: 'Grade 8', level: 8, schoolId },
  });
  const gradeId = (await g.json()).data.id;
  const sec = await page.request.post(`${E2E_BASE_URL}/api/super-admin/sections`, {
    headers: h,
    data: { name: 'Sampaguita', gradeId, schoolId },
  });
  const sectionId = (await sec.json()).data.id;
  for (let i = 0; i < 4; i++) {
    const r = await page.request.post(`${E2E_BASE_URL}/api/super-admin/register-student`, {
      headers: h,
      multipart: {
        data: JSON.stringify({
          firstName: `Maria${i}`,
          lastName: 'Dela Cruz',
          email: `m${i}@x.test`,
          lrn: `10000000000${i}`,
          password: 'Password123',
          parentPhone: '09171234567',
          schoolId,
          gradeId,
          sectionId,
        }),
      },
    });
    expect(r.status()).toBe(201);
    if (i < 2)
      await page.request.post(`${E2E_BASE_URL}/api/super-admin/students/${(await r.json()).data.id}/archive`, {
        headers: h,
        data: { reason: 'Moved' },
      });
  }
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/super-admin/schools/${schoolId}/students?gradeId=${gradeId}`);
    await expect(page.getByRole('table', { name: 'Students' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-school-${width}.png`, fullPage: true });
    await page.goto(`/super-admin/student-management`);
    await expect(page.getByRole('table', { name: 'Students' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-mgmt-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: '+ Register New Student' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-register-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`/super-admin/archived-students`);
    await expect(page.getByRole('table', { name: 'Archived students' }).locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shot-archived-${width}.png`, fullPage: true });
  }
});
