/*
 * The console's frame around every screen: a skip link past the navigation, and an error boundary that turns
 * a screen that fails (here: its code cannot be downloaded) into a recoverable message instead of a blank page.
 */
import { expect, test } from '@playwright/test';
import { signInViaApi } from './helpers';

test.describe('console shell', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page);
  });

  test('the first Tab reaches "Skip to main content", which moves focus to the screen', async ({ page }) => {
    await page.goto('/super-admin/inquiries');
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiries Management' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await expect(page).toHaveURL(/\/super-admin\/inquiries$/);
  });

  test('a screen that fails to load shows a recoverable message; the navigation still works', async ({ page }) => {
    await page.route(/\/_astro\/InquiriesScreen\.[^/]+\.js$/, (route) => route.abort());
    await page.goto('/super-admin/inquiries');
    const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be shown.' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiries Management' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Reload page' })).toBeVisible();

    // Another screen renders normally; once the code downloads again, Reload brings the failed one back.
    await page.getByRole('navigation').getByRole('link', { name: 'System Logs' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
    await page.unroute(/\/_astro\/InquiriesScreen\.[^/]+\.js$/);
    await page.goto('/super-admin/inquiries');
    await expect(page.getByRole('table', { name: 'Inquiries' })).toBeVisible();
  });
});
