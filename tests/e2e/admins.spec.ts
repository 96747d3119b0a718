import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

const PIXEL_PNG = path.resolve('tests/fixtures/pixel.png');
const run = Date.now().toString(36);

test.describe('Admin Management', () => {
  const acronym = `A${run}`.slice(0, 10).toUpperCase();
  const employeeId = `EMP-${run}`;
  const email = `admin-${run}@school.test`;
  let token: string;

  test.beforeEach(async ({ page }) => {
    token = await signInViaApi(page);
  });

  test('create an admin, then edit its school and permissions', async ({ page }) => {
    const form = new FormData();
    form.append('data', JSON.stringify({ name: `Admin Test School ${run}`, acronym }));
    const school = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: form,
    });
    expect(school.status(), await school.text()).toBe(201);

    await page.goto('/super-admin/admin-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Management' })).toBeVisible();
    // Syncing the catalogue is not a user's task: no button for it.
    await expect(page.getByRole('button', { name: 'Sync Permissions' })).toHaveCount(0);

    // Add New Admin: the shared schema checks the form before anything is sent.
    await page.getByRole('button', { name: '+ Add New Admin' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Admin' });
    await expect(add.getByText('JPG, PNG or GIF. Max 1MB.')).toBeVisible();
    await expect(add.getByText('Recommended: square image, at least 200x200px.')).toBeVisible();
    await add.getByRole('button', { name: 'Create Admin' }).click();
    await expect(add.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(add.getByText('Employee ID is required')).toBeVisible();
    await expect(add.getByText('School is required')).toBeVisible();

    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('short');
    await add.getByLabel('First Name').fill('Marta');
    await add.getByLabel('Last Name').fill(`Quill${run}`);
    await add.getByLabel('Employee ID').fill(employeeId);
    await add.getByLabel('Position').fill('Registrar');
    await add.getByRole('combobox', { name: 'School' }).selectOption({ label: `Admin Test School ${run} (${acronym})` });
    await add.getByRole('button', { name: 'Create Admin' }).click();
    await expect(add.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
    await add.getByLabel('Password').fill('LongEnough123');
    await add.getByLabel('Profile Picture').setInputFiles(PIXEL_PNG);
    await add.getByRole('button', { name: 'Create Admin' }).click();
    await expect(add.getByRole('status')).toHaveText('Admin registered successfully');
    await expect(add).toBeHidden();

    // The new admin, found by the free-text filter (kept in the address).
    await page.getByLabel('Search').fill(employeeId);
    await expect(page).toHaveURL(new RegExp(`search=${employeeId}`));
    await expect(page.getByText('1 admin(s) found')).toBeVisible();
    const name = `Marta Quill${run}`;
    const card = page.getByRole('article', { name });
    await expect(card).toContainText(employeeId);
    await expect(card).toContainText('Registrar');
    await expect(card.getByRole('img', { name })).toBeVisible();

    // Admin Profile: view mode first, checkboxes inactive; 'Edit Admin' turns them on.
    await card.getByRole('button', { name: `View ${name}` }).click();
    const profile = page.getByRole('dialog', { name: 'Admin Profile' });
    // Created from the default role, with the school the form required.
    await expect(profile.getByText(`Admin Test School ${run} (${acronym})`)).toBeVisible();
    await expect(profile.getByText('Class adviser', { exact: true })).toBeVisible();
    await expect(profile.getByRole('checkbox', { name: 'View students' })).toBeDisabled();
    await expect(profile.getByRole('checkbox', { name: 'All', exact: true })).not.toBeChecked();
    await profile.getByRole('button', { name: 'Edit Admin' }).click();
    await expect(profile.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(profile.getByRole('checkbox', { name: 'View students' })).toBeEnabled();
    // Entering edit mode submits nothing.
    await expect(profile.getByRole('alert')).toHaveCount(0);
    // The same rule as Add: a school is required.
    await profile.getByRole('combobox', { name: 'School' }).selectOption('');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(profile.getByText('School is required')).toBeVisible();
    await profile.getByRole('combobox', { name: 'School' }).selectOption({ label: `Admin Test School ${run} (${acronym})` });
    await profile.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Guard' });
    await profile.getByRole('checkbox', { name: 'Send SMS', exact: true }).check();
    await expect(profile.getByRole('combobox', { name: 'Role' })).toHaveValue('CUSTOM');
    // Granted permissions stand out from the others.
    const label = (text: string) => profile.locator('label', { hasText: new RegExp(`^${text}`) });
    await expect(label('Send SMS')).toHaveClass(/font-semibold/);
    await expect(label('Send SMS')).toContainText('(granted)');
    await expect(label('View reports')).not.toHaveClass(/font-semibold/);
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile.getByRole('status')).toHaveText('Admin updated successfully');
    await expect(profile).toBeHidden();

    // The table shows the school acronym and the permissions summary.
    await page.getByRole('button', { name: 'Table' }).click();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row.getByRole('cell', { name: acronym, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'View attendance, Send SMS, View students', exact: true })).toBeVisible();

    // 'All' turns every permission on; the summary says 'All'.
    await row.getByRole('button', { name: `View ${name}` }).click();
    await expect(profile.getByRole('checkbox', { name: 'View students' })).toBeChecked();
    await profile.getByRole('button', { name: 'Edit Admin' }).click();
    await profile.getByRole('checkbox', { name: 'All', exact: true }).check();
    await expect(profile.getByRole('checkbox', { name: 'Manage students' })).toBeChecked();
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await expect(profile).toBeHidden();
    await expect(row.getByRole('cell', { name: 'All', exact: true })).toBeVisible();

    const list = await page.request.get(`${E2E_BASE_URL}/api/super-admin/admins`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const saved = (await list.json()).data.admins.find((a: { email: string }) => a.email === email);
    expect(Object.values(saved.permissions).every((v) => v === true)).toBe(true);
    expect(saved.school.acronym).toBe(acronym);
  });

  test('delete asks first, deactivates, and the admin can be reactivated', async ({ page }) => {
    const form = new FormData();
    const other = `gone-${run}@school.test`;
    form.append(
      'data',
      JSON.stringify({
        email: other,
        password: 'LongEnough123',
        firstName: 'Gone',
        lastName: `Soon${run}`,
        employeeId: `DEL-${run}`,
      }),
    );
    const created = await page.request.post(`${E2E_BASE_URL}/api/super-admin/register-admin`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: form,
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(`/super-admin/admin-management?search=DEL-${run}`);

    const card = page.getByRole('article', { name: `Gone Soon${run}` });
    await card.getByRole('button', { name: `Delete Gone Soon${run}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Admin' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete Gone Soon${run}` }).click();
    await expect(confirm).toContainText('The account is deactivated');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Admin deactivated successfully')).toBeVisible();
    await expect(page.getByText('No admins found matching your filters.')).toBeVisible();
    await expect(page.getByText('0 admin(s) found')).toBeVisible();

    // Deactivated admins are one filter away, and come back with Reactivate.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Deactivated' });
    await expect(page).toHaveURL(/status=deactivated/);
    await expect(card.getByText('Inactive')).toBeVisible();
    await expect(card.getByRole('button', { name: `Delete Gone Soon${run}` })).toHaveCount(0);
    await card.getByRole('button', { name: `Reactivate Gone Soon${run}` }).click();
    await page.getByRole('dialog', { name: 'Reactivate Admin' }).getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText('Admin reactivated successfully')).toBeVisible();
    await expect(page.getByText('0 admin(s) found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Active' });
    await expect(card.getByRole('button', { name: `Delete Gone Soon${run}` })).toBeVisible();
  });
});
