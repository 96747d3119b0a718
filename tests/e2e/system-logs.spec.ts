import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_SUPER_ADMIN, signInViaApi, WANT_TOKEN } from './helpers';

// Date filters are school-local days (SCHOOL_TIMEZONE, Asia/Manila by default): the browser lives there too.
test.use({ timezoneId: 'Asia/Manila' });

const manilaDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date(Date.now() + offsetDays * 86_400_000));

const stranger = `nobody-${Date.now().toString(36)}@school.test`;
const table = (page: Page) => page.getByRole('table', { name: 'System logs' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test.describe('System Logs', () => {
  test.beforeAll(async ({ request }) => {
    // A failed sign-in is logged with details { email }.
    const failed = await request.post(`${E2E_BASE_URL}/api/super-admin/login`, {
      data: { email: stranger, password: 'WrongPass123' },
    });
    expect(failed.status()).toBe(401);
    // 22 sign-ins (more than one page of LOGIN entries) and 3 sign-outs, through the API.
    for (let i = 0; i < 22; i++) {
      const res = await request.post(`${E2E_BASE_URL}/api/super-admin/login`, { data: E2E_SUPER_ADMIN, headers: WANT_TOKEN });
      expect(res.status()).toBe(200);
      if (i < 3) {
        const token = (await res.json()).data.token as string;
        const out = await request.post(`${E2E_BASE_URL}/api/super-admin/logout`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(out.status()).toBe(200);
      }
    }
  });

  test('filters by action and date', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/super-admin/system-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'System Logs' })).toBeVisible();
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByText(/^Showing 1 to 20 of \d+ logs$/)).toBeVisible();

    await page.getByRole('button', { name: 'Filters' }).click();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Action').selectOption('LOGOUT');
    await filters.getByLabel('Start Date').fill(manilaDay());
    await filters.getByLabel('End Date').fill(manilaDay());
    await filters.getByRole('button', { name: 'Apply Filters' }).click();

    await expect(page).toHaveURL(new RegExp(`\\?action=LOGOUT&startDate=${manilaDay()}&endDate=${manilaDay()}$`));
    await expect(page.getByRole('button', { name: /Filters 3 active/ })).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Signed out');
    const count = await bodyRows(page).count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) await expect(bodyRows(page).nth(i).getByRole('cell').nth(1)).toHaveText('Signed out');
    // Details: the fifth cell shown at this width (Entity ID and Role fold into the row's details below 1536 px).
    await expect(bodyRows(page).first().getByRole('cell').nth(4)).toHaveText('-');

    // The export is the whole filtered list, downloaded with the session's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^system-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('\ufeffDate,Action,Entity,Entity ID,Performed By,Email,Employee ID,LRN,Role,User ID,IP,Details');
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'LOGOUT')).toBe(true);
    expect(lines.length - 1).toBe(count);

    // A range that ends yesterday has none of today's entries.
    await filters.getByLabel('Start Date').fill('');
    await filters.getByLabel('End Date').fill(manilaDay(-1));
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByText('No system logs found. Adjust your filters or try again later.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    // Start after end is caught before anything is sent.
    await filters.getByLabel('Start Date').fill(manilaDay());
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(filters.getByText('Start date must be on or before the end date')).toBeVisible();

    await filters.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/super-admin\/system-logs$/);
    await expect(page.getByText(/^Showing 1 to 20 of \d+ logs$/)).toBeVisible();

    // Details open as formatted text.
    await filters.getByLabel('Action').selectOption('LOGIN_FAILED');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    const row = bodyRows(page).filter({ hasText: stranger });
    await row.getByText('email', { exact: true }).click();
    await expect(row.locator('pre')).toHaveText(JSON.stringify({ email: stranger }, null, 2));
  });

  test('Back restores a filtered page', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/super-admin/system-logs?action=LOGIN');
    await expect(page.getByText(/^Showing 1 to 20 of \d+ logs$/)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'First' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?action=LOGIN&page=2$/);
    await expect(page.getByText(/^Showing 21 to \d+ of \d+ logs$/)).toBeVisible();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(bodyRows(page).first().getByRole('cell').nth(1)).toHaveText('Signed in');

    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/super-admin\/profile$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/super-admin\/system-logs\?action=LOGIN&page=2$/);
    await expect(page.getByText(/^Showing 21 to \d+ of \d+ logs$/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Filters 1 active/ })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\?action=LOGIN$/);
    await expect(page.getByText(/^Showing 1 to 20 of \d+ logs$/)).toBeVisible();

    await page.reload();
    await expect(page.getByText(/^Showing 1 to 20 of \d+ logs$/)).toBeVisible();
    for (const cell of await bodyRows(page).locator('td:nth-child(2)').all()) await expect(cell).toHaveText('Signed in');

    // One user's activity, from a row.
    await bodyRows(page)
      .first()
      .getByRole('button', { name: /^Show only the activity of / })
      .click();
    await expect(page).toHaveURL(/\?action=LOGIN&userType=superAdmin&userId=\d+$/);
    await expect(page.getByRole('button', { name: /Filters 3 active/ })).toBeVisible();
  });
});
