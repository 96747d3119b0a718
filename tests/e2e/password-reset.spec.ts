import { expect } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signIn, signInViaApi, test } from './helpers';
import { call, PASSWORD, run, school } from './admin-seed';
import { RESET_MESSAGES } from '@domain/auth/password-reset';

const NEW_PASSWORD = 'Lantern-Orchid-Meadow-42';

test.describe('password recovery', LAYOUT, () => {
  test('the sign-in page leads to the forgot page, which says who resets a password', async ({ page, width }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Request an account for your school' })).toHaveAttribute('href', '/inquiries');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(`nobody.${run}@school.test`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The e2e server sends no e-mail: the answer names the registrar and the super admin.
    await expect(page.getByRole('status')).toHaveText(RESET_MESSAGES.whoResets);
    await expectFitsWidth(page, `/forgot-password at ${width}`);
  });

  test("a school admin's slip sets a new password once on the reset page", async ({ page, context, width }) => {
    const root = await signInViaApi(context);
    const schoolId = await school(page.request, root, `Reset School ${run} ${width}`);
    const email = `reset.${run}.${width}@school.test`;
    const admin = await call(page.request, root, 'post', '/api/super-admin/register-admin', {
      email,
      password: PASSWORD,
      firstName: 'Rhea',
      lastName: 'Setter',
      employeeId: `RST-${run}-${width}`,
      schoolId,
    });
    const slip = await call(page.request, root, 'post', `/api/super-admin/admins/${admin.id}/reset-slip`, {});
    await context.clearCookies();

    await page.goto('/reset-password');
    await page.getByLabel('Reset code').fill(slip.code.toUpperCase());
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expectFitsWidth(page, `/reset-password at ${width}`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toHaveText(RESET_MESSAGES.done);

    // The same code again is refused, and says why.
    await page.goto('/reset-password');
    await page.getByLabel('Reset code').fill(slip.code);
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(RESET_MESSAGES.used);

    await page.goto('/login');
    await signIn(page, { email, password: NEW_PASSWORD }, '/admin');
    expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);
  });
});
