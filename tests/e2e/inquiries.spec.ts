import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

// Date filters compare in the browser's time zone; UTC here so the spec can compute "today".
test.use({ timezoneId: 'UTC' });

// The e2e server is shared by parallel specs: every record of this spec carries the suffix and the list is filtered by it.
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const longSubject = `Enrollment question about RFID cards ${suffix}`;
const markup = `<b>bold</b> <img src=x onerror="window.__xss=1"> ${'word '.repeat(20)}`;
const seeds = [
  { email: `alpha-${suffix}@school.test`, subject: longSubject, inquiry: `First line\nSecond line ${markup}` },
  { email: `beta-${suffix}@school.test`, subject: `Pricing ${suffix}`, inquiry: 'How much per student?' },
  { email: `gamma-${suffix}@school.test`, subject: `Devices ${suffix}`, inquiry: 'Which readers do you support?' },
];
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const table = (page: Page) => page.getByRole('table', { name: 'Inquiries' });
const rows = (page: Page) => table(page).locator('tbody tr');
const row = (page: Page, email: string) => rows(page).filter({ hasText: email });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter inquiries' });

async function listed(request: APIRequestContext, token: string): Promise<Array<{ id: number; email: string }>> {
  const res = await request.get(`${E2E_BASE_URL}/api/inquiries`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

// The tests share what beforeAll seeds under this file's names: one worker runs them, in order (a second beforeAll
// in the same worker would seed the same names again).
test.describe.configure({ mode: 'default' });

test.describe('Inquiries Management', () => {
  test.beforeAll(async ({ request }) => {
    for (const data of seeds) {
      const res = await request.post(`${E2E_BASE_URL}/api/inquiries`, { data });
      expect(res.status(), await res.text()).toBe(201);
    }
  });

  test('filters in the URL, details, delete with confirmation', async ({ page }) => {
    const token = await signInViaApi(page);
    await page.goto('/super-admin/inquiries');
    await expect(page.getByRole('heading', { level: 1, name: 'Inquiries Management' })).toBeVisible();

    // Email filter (case-insensitive substring), applied as typed and kept in the URL.
    await filters(page).getByLabel('Email').fill(suffix.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`\\?email=${suffix.toUpperCase()}$`));
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByText('Showing 1 to 3 of 3 inquiries')).toBeVisible();

    // Subject truncated to 30, message to 60; markup is shown as text.
    const alpha = row(page, seeds[0].email);
    await expect(alpha.getByRole('cell').nth(1)).toHaveText(`${longSubject.slice(0, 30)}...`);
    await expect(alpha.getByRole('cell').nth(2)).toContainText('<b>bold</b>');
    await expect(alpha.getByRole('cell').nth(2)).toHaveText(/\.\.\.$/);
    await expect(alpha.getByRole('cell').nth(3)).toHaveText(/\d{4}, \d{1,2}:\d{2} [AP]M/);

    // Subject filter narrows further; reload keeps both.
    await filters(page).getByLabel('Subject').fill('pricing');
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(filters(page).getByLabel('Subject')).toHaveValue('pricing');
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, seeds[1].email)).toBeVisible();
    await filters(page).getByLabel('Subject').fill('');

    // Dates: today (From and To inclusive) keeps them; a range ending yesterday has none.
    await filters(page).getByLabel('From Date').fill(today());
    await filters(page).getByLabel('To Date').fill(today());
    await expect(rows(page)).toHaveCount(3);
    await filters(page).getByLabel('From Date').fill('');
    await filters(page).getByLabel('To Date').fill(yesterday());
    await expect(page.getByText('No inquiries found. Adjust your filters or try again later.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await filters(page).getByLabel('To Date').fill('');

    // Items per page: 5, 10, 20, 50.
    const perPage = filters(page).getByLabel('Items per page');
    await expect(perPage).toHaveValue('10');
    await expect(perPage.locator('option')).toHaveText(['5', '10', '20', '50']);
    await perPage.selectOption('5');
    await expect(page).toHaveURL(/[?&]limit=5(&|$)/);
    await expect(page.getByText('Showing 1 to 3 of 3 inquiries')).toBeVisible();

    // Clear Filters empties the URL (and so shows every inquiry again).
    await filters(page).getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/super-admin\/inquiries$/);
    await expect(filters(page).getByLabel('Email')).toHaveValue('');
    await filters(page).getByLabel('Email').fill(suffix);
    await expect(rows(page)).toHaveCount(3);

    // Details: the full message, as text.
    await alpha.getByRole('button', { name: /^View/ }).click();
    const details = page.getByRole('dialog', { name: 'Inquiry Details' });
    await expect(details).toBeVisible();
    await expect(details.getByText(seeds[0].email)).toBeVisible();
    await expect(details.getByText(longSubject)).toBeVisible();
    await expect(details.getByText(/First line\s+Second line <b>bold<\/b> <img/)).toBeVisible();
    await expect(details.getByText('Created')).toBeVisible();
    await expect(details.getByText('Last Updated')).toBeVisible();
    // Reply: a mail to the sender about their subject.
    await expect(details.getByRole('link', { name: `Reply to ${seeds[0].email}` })).toHaveAttribute(
      'href',
      `mailto:${seeds[0].email}?subject=${encodeURIComponent(`Re: ${longSubject}`)}`,
    );
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(details).toBeHidden();

    // Delete from the table, cancelled: nothing happens.
    const beta = row(page, seeds[1].email);
    await beta.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Inquiry' });
    await expect(confirm.getByText('Are you sure you want to delete this inquiry?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(3);

    // Delete from the details modal, confirmed: the list reloads without it, and the API no longer has it.
    await alpha.getByRole('button', { name: /^View/ }).click();
    await details.getByRole('button', { name: 'Delete Inquiry' }).click();
    await expect(confirm.getByText('Are you sure you want to delete this inquiry?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(details).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, seeds[0].email)).toHaveCount(0);
    await expect(page.getByText('Showing 1 to 2 of 2 inquiries')).toBeVisible();
    expect((await listed(page.request, token)).some((q) => q.email === seeds[0].email)).toBe(false);

    // Deleted elsewhere meanwhile: the server's message in the red banner, and the row stays until a reload.
    const gamma = (await listed(page.request, token)).find((q) => q.email === seeds[2].email)!;
    const gone = await page.request.delete(`${E2E_BASE_URL}/api/inquiries/${gamma.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(200);
    await row(page, seeds[2].email)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Inquiry not found' })).toBeVisible();
  });

  test('a failed load shows the error', async ({ page }) => {
    await signInViaApi(page);
    await page.route('**/api/inquiries', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto('/super-admin/inquiries');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch inquiries' })).toBeVisible();
    await page.unroute('**/api/inquiries');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
