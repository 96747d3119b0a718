import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cookieValue, E2E_BASE_URL, E2E_PROFILE_ADMIN, E2E_SUPER_ADMIN, signIn, signInViaApi } from './helpers';

const PIXEL_PNG = path.resolve('tests/fixtures/pixel.png');

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('sign-in', () => {
  test('the login page has its title, description and texts and is not indexed', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login | Upgraded Solutions');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Super Admin login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login to your account' })).toBeVisible();
    await expect(page.getByText('Enter your email below to login to your account')).toBeVisible();
    // Staff sign in with their email, learners with their LRN: one field for both.
    await expect(page.getByLabel('Email or LRN')).toHaveAttribute('type', 'text');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'Request an account for your school' })).toHaveAttribute('href', '/inquiries');
    // Client-side check with the shared schema: nothing is sent.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test("a failed sign-in shows the server's message and stays on /login", async ({ page, context }) => {
    await page.goto('/login');
    await fillLogin(page, E2E_SUPER_ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await cookieValue(context, 'SUPER_ADMIN_TOKEN')).toBeUndefined();
  });

  test('a successful sign-in stores the session in an HttpOnly cookie and lands on /home; /login then forwards to /home', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cookies = await context.cookies(E2E_BASE_URL);
    expect(cookies.find((c) => c.name === 'SUPER_ADMIN_TOKEN')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await cookieValue(context, 'SUPER_ADMIN_TOKEN')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // No page script can read the token: only the readable CSRF value is in document.cookie.
    const readable = await page.evaluate(() => document.cookie);
    expect(readable).toContain('SUPER_ADMIN_CSRF=');
    expect(readable).not.toContain('SUPER_ADMIN_TOKEN');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a signed-out deep link goes to /login and returns there after sign-in', async ({ page }) => {
    await page.goto('/super-admin/schools/1/students?gradeId=2');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, E2E_SUPER_ADMIN, /\/super-admin\/schools\/1\/students\?gradeId=2$/);
  });

  test('a browser holding only an ADMIN session lands on /forbidden', async ({ page, context }) => {
    await context.addCookies(
      ['ADMIN_TOKEN', 'ADMIN_CSRF'].map((name) => ({ name, value: 'some-admin-session', url: E2E_BASE_URL })),
    );
    await page.goto('/super-admin/profile');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole('heading', { name: 'Access Forbidden' })).toBeVisible();
  });

  test('logout revokes the session, clears all three cookies and goes to /login', async ({ page, context }) => {
    await signInViaApi(page);
    const token = (await cookieValue(context, 'SUPER_ADMIN_TOKEN'))!;
    await context.addCookies(
      ['ADMIN_TOKEN', 'STUDENT_TOKEN', 'ADMIN_CSRF', 'STUDENT_CSRF'].map((name) => ({
        name,
        value: 'left-over',
        url: E2E_BASE_URL,
      })),
    );
    await page.goto('/super-admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    for (const name of ['SUPER_ADMIN_TOKEN', 'ADMIN_TOKEN', 'STUDENT_TOKEN', 'SUPER_ADMIN_CSRF', 'ADMIN_CSRF', 'STUDENT_CSRF'])
      expect(await cookieValue(context, name), name).toBeUndefined();
    const res = await page.request.get('/api/super-admin/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });

  test("on a small screen the sidebar is a slide-in menu titled 'Super Admin Panel'", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInViaApi(page);
    await page.goto('/super-admin');
    const menu = page.getByRole('dialog', { name: 'Super Admin Panel' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/super-admin\/profile$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });
});

// Both tests change the second super admin (never the one other specs sign in with); they run in order.
test.describe.serial('My Profile', () => {
  test('edit: disabled until Edit Profile, validation, Cancel restores, save shows the message for 3 s', async ({ page }) => {
    await signInViaApi(page, E2E_PROFILE_ADMIN);
    await page.goto('/super-admin/profile');
    const firstName = page.getByLabel('First Name');
    const email = page.getByLabel('Email');
    await expect(firstName).toHaveValue(E2E_PROFILE_ADMIN.firstName);
    await expect(firstName).toBeDisabled();

    const info = page.getByRole('region', { name: 'Account Information' });
    await expect(info.getByText('Active', { exact: true })).toBeVisible();
    await expect(info.getByText('Advanced')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await firstName.fill('');
    await email.fill('not an email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(firstName).toHaveValue(E2E_PROFILE_ADMIN.firstName);
    await expect(email).toHaveValue(E2E_PROFILE_ADMIN.email);
    await expect(firstName).toBeDisabled();
    await expect(page.getByText('First name is required')).toBeHidden();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await firstName.fill('Paulina');
    await page.getByLabel('Phone Number').fill('+63 912 345 6789');
    await page.getByLabel('Profile Picture').setInputFiles(PIXEL_PNG);
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const saved = page.getByText('Profile updated successfully');
    await expect(saved).toBeVisible();
    await expect(firstName).toBeDisabled();
    await expect(firstName).toHaveValue('Paulina');
    await page.waitForTimeout(1500);
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 4000 });

    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Paulina');
    await expect(page.getByLabel('Phone Number')).toHaveValue('+63 912 345 6789');
    await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  });

  test('change password: validation, wrong current password, success for 2 s, then the new password signs in', async ({
    page,
  }) => {
    await signInViaApi(page, E2E_PROFILE_ADMIN);
    await page.goto('/super-admin/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Current Password')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const submit = modal.getByRole('button', { name: 'Change Password' });
    await submit.click();
    await expect(modal.getByText('Current password is required')).toBeVisible();

    await modal.getByLabel('Current Password').fill('whatever');
    await modal.getByLabel(/^New Password/).fill('short');
    await modal.getByLabel('Confirm New Password').fill('short');
    await submit.click();
    await expect(modal.getByText('Password must be at least 8 characters')).toBeVisible();

    await modal.getByLabel(/^New Password/).fill('BrandNewPass123');
    await modal.getByLabel('Confirm New Password').fill('BrandNewPass124');
    await submit.click();
    await expect(modal.getByText('Passwords do not match')).toBeVisible();

    await modal.getByLabel('Confirm New Password').fill('BrandNewPass123');
    await submit.click();
    await expect(modal.getByText('Current password is incorrect')).toBeVisible();

    await modal.getByLabel('Current Password').fill(E2E_PROFILE_ADMIN.password);
    await submit.click();
    await expect(modal.getByText('Password changed successfully')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(modal).toBeVisible();
    await expect(modal).toBeHidden({ timeout: 3000 });

    // This session survives the change; then sign out and in again with the new password.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, E2E_PROFILE_ADMIN.email, E2E_PROFILE_ADMIN.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await fillLogin(page, E2E_PROFILE_ADMIN.email, 'BrandNewPass123');
    await expect(page).toHaveURL(/\/home$/);
  });
});
