import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, LAYOUT, signInViaApi, test } from './helpers';

/**
 * After a failed save and a successful retry, no error banner stays in the admin edit dialog
 * (Admin Profile → Edit Admin). The first save meets a server error — on the details (PATCH admins/{id}) or on
 * the permissions (PATCH admins/{id}/permissions, after the details were saved) — and the retry goes through.
 * (useFormState clears the banner when a submit starts. A duplicate email in Add New Admin shows its message on the
 * Email field, not as a banner.)
 */
async function seedAdmin(page: Page, token: string, tag: string) {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      email: `retry-${tag}@school.test`,
      password: 'LongEnough123',
      firstName: 'Rita',
      lastName: `Retry${tag}`,
      employeeId: `RET-${tag}`,
    }),
  );
  const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/register-admin`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(res.status(), await res.text()).toBe(201);
  return `Rita Retry${tag}`;
}

const CASES = [
  { failing: 'details', url: /\/api\/super-admin\/admins\/\d+$/ },
  { failing: 'permissions', url: /\/api\/super-admin\/admins\/\d+\/permissions$/ },
] as const;

for (const { failing, url } of CASES)
  test(
    `Admin edit: a failed save of the ${failing} shows its banner; the successful retry leaves none`,
    LAYOUT,
    async ({ page, width }) => {
      const token = await signInViaApi(page);
      // Both cases and both widths may start at the same instant: the acronym (the tag's last 7) names case and width.
      const tag = `${Date.now() % 1_000_000}${failing[0]}${width}`;
      const name = await seedAdmin(page, token, tag);
      const school = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: `Retry School ${tag}`, acronym: `RS${tag.slice(-7)}` },
      });
      expect(school.status(), await school.text()).toBe(201);

      await page.goto(`/super-admin/admin-management?search=RET-${tag}`);
      await page
        .getByRole('article', { name })
        .getByRole('button', { name: `View ${name}` })
        .click();
      const profile = page.getByRole('dialog', { name: 'Admin Profile' });
      await profile.getByRole('button', { name: 'Edit Admin' }).click();
      await profile.getByRole('combobox', { name: 'School' }).selectOption({ label: `Retry School ${tag} (RS${tag.slice(-7)})` });
      await profile.getByLabel('Position').fill('Registrar');
      await profile.getByRole('checkbox', { name: 'View Students' }).check();

      // The first save meets a server error (a proxy's 502); the retry reaches the server.
      let failed = false;
      await page.route(url, async (route) => {
        if (route.request().method() === 'PATCH' && !failed) {
          failed = true;
          await route.fulfill({
            status: 502,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Bad gateway: try again' }),
          });
        } else await route.continue();
      });
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await expect(profile.getByRole('alert')).toHaveText('Bad gateway: try again');

      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await expect(profile.getByRole('status')).toHaveText('Admin updated successfully');
      await expect(profile.getByRole('alert')).toHaveCount(0);
      await expect(profile).toBeHidden();
      const list = await page.request.get(`${E2E_BASE_URL}/api/super-admin/admins?search=RET-${tag}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      // The search is a 'contains': another width's tag may contain this one, so pick this test's admin exactly.
      const saved = (await list.json()).data.admins.find((a: { employeeId: string }) => a.employeeId === `RET-${tag}`);
      expect(saved).toMatchObject({ position: 'Registrar', permissions: { VIEW_STUDENTS: true } });
    },
  );
