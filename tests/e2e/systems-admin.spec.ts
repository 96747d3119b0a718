import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

const PIXEL_PNG = path.resolve('tests/fixtures/pixel.png');
const PIXEL_GIF = path.resolve('tests/fixtures/pixel.gif');
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface ApiSystem {
  id: number;
  name: string;
  features: string[];
  images: string[];
}

test.describe('Systems & Orders Management', () => {
  const name = `Gate Pass ${run}`;
  const email = `buyer-${run}@school.test`;
  let token: string;

  test.beforeEach(async ({ page }) => {
    token = await signInViaApi(page);
  });

  test('create, show, edit and delete a system; change an order status', async ({ page }) => {
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const findSystem = async (): Promise<ApiSystem | undefined> => {
      const res = await page.request.get(`${E2E_BASE_URL}/api/super-admin/systems`, auth);
      return ((await res.json()).data as ApiSystem[]).find((s) => s.name === name);
    };

    await page.goto('/super-admin/systems-and-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Systems & Orders Management' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Systems' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');

    // Create: the required fields first, then two features and an image.
    await page.getByRole('button', { name: '+ Add New System' }).click();
    const create = page.getByRole('dialog', { name: 'Create New System' });
    await expect(create.getByLabel('System Name')).toBeFocused();
    await expect(create.getByRole('button', { name: 'Remove feature 1' })).toHaveCount(0);
    await create.getByRole('button', { name: 'Create System' }).click();
    await expect(create.getByRole('alert')).toHaveText('Please fill in all required fields');
    await create.getByLabel('System Name').fill(name);
    await create.getByLabel('Description').fill('Tap-in gates that text the parents.');
    await create.getByLabel('Feature 1', { exact: true }).fill('SMS alerts');
    await create.getByRole('button', { name: '+ Add Feature' }).click();
    await create.getByLabel('Feature 2', { exact: true }).fill('Live dashboard');
    await create.getByRole('button', { name: '+ Add Feature' }).click();
    await expect(create.getByRole('button', { name: 'Remove feature 3' })).toBeVisible();
    await create.getByLabel('System Images').setInputFiles(PIXEL_PNG);
    await expect(create.getByRole('img', { name: 'New upload 1' })).toBeVisible();
    await create.getByRole('button', { name: 'Create System' }).click();
    await expect(create).toBeHidden();

    // Cards: found by the search (kept in the address).
    await page.getByLabel('Search', { exact: true }).fill(run);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(run)}`));
    await expect(page.getByText('1 system found')).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card.getByRole('list', { name: 'Features' })).toHaveText(/SMS alerts\s*Live dashboard/);
    await card.getByRole('button', { name: `View full size: Image of ${name}` }).click();
    const overlay = page.getByRole('dialog', { name: `Image of ${name}` });
    await expect(overlay.getByRole('img')).toBeVisible();
    await overlay.getByRole('button', { name: 'Close image' }).click();
    await expect(overlay).toBeHidden();

    // Table.
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('SMS alerts, Live dashboard');
    await expect(row.getByRole('img', { name: `Image of ${name}` })).toBeVisible();

    // Edit: drop a feature, add an image.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit System' });
    await expect(edit.getByLabel('System Name')).toHaveValue(name);
    await expect(edit.getByRole('img', { name: `Current image 1 of ${name}` })).toBeVisible();
    await edit.getByRole('button', { name: 'Remove feature 2' }).click();
    await expect(edit.getByLabel('Feature 2', { exact: true })).toHaveCount(0);
    await edit.getByLabel('System Images').setInputFiles(PIXEL_GIF);
    await expect(edit.getByRole('img', { name: 'New upload 1' })).toBeVisible();
    await edit.getByRole('button', { name: 'Update System' }).click();
    await expect(edit).toBeHidden();
    await expect(row).not.toContainText('Live dashboard');
    const saved = await findSystem();
    expect(saved).toMatchObject({ features: ['SMS alerts'] });
    expect(saved!.images).toHaveLength(2);

    // Removing a stored image takes effect on Update only: Cancel brings it back.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await edit.getByRole('button', { name: 'Remove current image 1' }).click();
    await expect(edit.getByRole('img', { name: `Current image 2 of ${name}` })).toHaveCount(0);
    await expect(edit.getByRole('img', { name: `Current image 1 of ${name}` })).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    expect((await findSystem())!.images).toEqual(saved!.images);
    const first = await page.request.get(`${E2E_BASE_URL}${saved!.images[0]}`);
    expect(first.status()).toBe(200);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(edit.getByRole('img', { name: `Current image 2 of ${name}` })).toBeVisible();
    await edit.getByRole('button', { name: 'Remove current image 1' }).click();
    await edit.getByRole('button', { name: 'Update System' }).click();
    await expect(edit).toBeHidden();
    expect((await findSystem())!.images).toEqual([saved!.images[1]]);
    expect((await page.request.get(`${E2E_BASE_URL}${saved!.images[0]}`)).status()).toBe(404);

    // An order from the public site, then its status in the Orders tab.
    const order = await page.request.post(`${E2E_BASE_URL}/api/inquiries/orders`, {
      data: { email, systemId: saved!.id, additionalNotes: 'Two gates please' },
    });
    expect(order.ok(), await order.text()).toBe(true);
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/tab=orders/);
    const orderRow = page.getByRole('row').filter({ hasText: email });
    await expect(orderRow).toContainText(name);
    await expect(orderRow).toContainText('Two gates please');
    await expect(orderRow).toContainText('Pending');
    await expect(orderRow.getByRole('link', { name: `Email ${email}` })).toHaveAttribute('href', new RegExp(`^mailto:${email}`));
    await orderRow.getByLabel(`Status of the order from ${email}`).selectOption({ label: 'In Progress' });
    await expect(orderRow.getByLabel(`Status of the order from ${email}`)).toHaveValue('in_progress');
    await expect(orderRow.getByLabel(`Status of the order from ${email}`)).toBeEnabled();
    await expect
      .poll(async () => {
        const res = await page.request.get(`${E2E_BASE_URL}/api/super-admin/orders`, auth);
        return ((await res.json()).data as Array<{ email: string; status: string }>).find((o) => o.email === email)?.status;
      })
      .toBe('in_progress');
    await page.reload();
    await expect(orderRow.getByLabel(`Status of the order from ${email}`)).toHaveValue('in_progress');

    // Delete, after confirming.
    await page.getByRole('tab', { name: 'Systems' }).click();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete System' });
    await expect(confirm).toContainText('Are you sure you want to delete this system?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No systems found.')).toBeVisible();
    expect(await findSystem()).toBeUndefined();
  });
});
