import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

const PIXEL_PNG = path.resolve('tests/fixtures/pixel.png');
const CONTRACT_PDF = path.resolve('tests/fixtures/contract.pdf');
const unique = () => Date.now().toString(36).slice(-6).toUpperCase();

test.describe('School Management', () => {
  test('a failed load says so and Try Again loads the list', async ({ page }) => {
    await signInViaApi(page);
    await page.route('**/api/super-admin/schools*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.goto('/super-admin/schools');
    const failed = page.getByRole('alert').filter({ hasText: 'Error: Failed to fetch schools' });
    await expect(failed).toBeVisible();
    await page.unroute('**/api/super-admin/schools*');
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.getByText(/^\d+ school\(s\) found$/)).toBeVisible();
  });

  test('registers a school with a logo, uploads a contract file and deletes it', async ({ page }) => {
    const token = await signInViaApi(page);
    const acronym = `S${unique()}`;
    const name = `Rizal Academy ${acronym}`;
    await page.goto('/super-admin/schools');
    await expect(page.getByRole('heading', { level: 1, name: 'School Management' })).toBeVisible();

    await page.getByRole('button', { name: '+ Add New School' }).click();
    const register = page.getByRole('dialog', { name: 'Register New School' });
    // The shared schema's messages, shown before anything is sent; a field's message goes once it is edited.
    await register.getByRole('button', { name: 'Register School' }).click();
    await expect(register.getByText('School name is required')).toBeVisible();
    await expect(register.getByText('Acronym is required')).toBeVisible();
    await register.getByLabel('School Name').fill(name);
    await expect(register.getByText('School name is required')).toHaveCount(0);
    await register.getByLabel('Acronym').fill(acronym);
    await register.getByLabel('Email').fill('office@rizal');
    await register.getByRole('button', { name: 'Register School' }).click();
    await expect(register.getByText('Please enter a valid email address')).toBeVisible();
    await register.getByLabel('Email').fill('office@rizal.edu.ph');
    await register.getByLabel('Student Count').fill('500');
    await register.getByLabel('Logo').setInputFiles(PIXEL_PNG);
    await register.getByRole('button', { name: 'Register School' }).click();
    await expect(register.getByText('School registered successfully!')).toBeVisible();
    await expect(register).toBeHidden();

    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: `${name} logo` })).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('0%')).toBeVisible();

    await card.getByRole('button', { name: `View details of ${name}` }).click();
    const details = page.getByRole('dialog', { name: 'School Details' });
    await expect(details.getByText('No contract files yet.')).toBeVisible();
    // Holidays and suspensions have one place, the calendar: the attendance settings only link to it.
    await expect(details.getByRole('button', { name: 'Save Attendance Settings' })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Add Holiday' })).toHaveCount(0);
    await expect(details.getByRole('link', { name: 'school calendar' })).toHaveAttribute(
      'href',
      /\/super-admin\/schools\/\d+\/calendar$/,
    );
    await details.getByLabel('Add contract files').setInputFiles(CONTRACT_PDF);
    await details.getByRole('button', { name: 'Upload' }).click();
    const link = details.getByRole('link', { name: 'contract.pdf' });
    await expect(link).toBeVisible();
    const fileUrl = (await link.getAttribute('href')) ?? '';
    expect(fileUrl).toMatch(/^\/uploads\/.+\.pdf$/);
    expect((await page.request.get(`${E2E_BASE_URL}${fileUrl}`)).status()).toBe(200);

    await details.getByRole('button', { name: 'Delete contract.pdf' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Contract File' });
    await expect(confirm.getByText('Delete this contract file?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(details.getByRole('link', { name: 'contract.pdf' })).toHaveCount(0);
    await expect(details.getByText('No contract files yet.')).toBeVisible();
    expect((await page.request.get(`${E2E_BASE_URL}${fileUrl}`)).status()).toBe(404);

    // Edit: deactivate with the checkbox.
    await details.getByRole('button', { name: 'Edit School' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit School' });
    await edit.getByLabel('Active').uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('School updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    const api = await page.request.get(`${E2E_BASE_URL}/api/super-admin/schools?search=${acronym}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await api.json()).data).toMatchObject([{ acronym, isActive: false, studentCount: 500 }]);
  });

  test('searches by name or acronym and says when nothing matches', async ({ page }) => {
    const token = await signInViaApi(page);
    const acronym = `Q${unique()}`;
    const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { data: JSON.stringify({ name: `Quezon Science ${acronym}`, acronym }) },
    });
    expect(res.status()).toBe(201);
    await page.goto('/super-admin/schools');
    await page.getByRole('searchbox', { name: 'Search' }).fill(acronym.toLowerCase());
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: `Quezon Science ${acronym}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${acronym.toLowerCase()}`));
    await page.getByRole('searchbox', { name: 'Search' }).fill('no-such-school-anywhere');
    await expect(page.getByText('No schools found.')).toBeVisible();
  });
});

test.describe('Grades and Sections', () => {
  test('creates a grade and a section, then follows Students to the school-scoped list', async ({ page }) => {
    const token = await signInViaApi(page);
    const acronym = `G${unique()}`;
    const name = `Mabini School ${acronym}`;
    const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { data: JSON.stringify({ name, acronym }) },
    });
    const schoolId = (await res.json()).data.id as number;

    await page.goto('/super-admin/schools');
    await page.getByRole('link', { name: `Grades & Sections of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/super-admin/schools/${schoolId}/grades-sections$`));
    await expect(page.getByRole('heading', { level: 1, name: `${name} (${acronym})` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Schools' })).toHaveAttribute('href', '/super-admin/schools');
    await expect(page.getByText('No grades found. Add a new grade to get started.')).toBeVisible();

    await page.getByRole('button', { name: '+ Add Grade or Section' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Grade or Section' });
    await expect(modal.getByRole('tab', { name: 'Create Grade', selected: true })).toBeVisible();
    await modal.getByLabel('Level').fill('0');
    await modal.getByRole('button', { name: 'Create Grade' }).click();
    await expect(modal.getByText('Grade name is required')).toBeVisible();
    await expect(modal.getByText('Level must be a positive number')).toBeVisible();
    await modal.getByLabel('Grade Name').fill('Grade 7');
    await modal.getByLabel('Level').fill('7');
    await modal.getByRole('button', { name: 'Create Grade' }).click();
    await expect(modal.getByText('Grade created successfully!')).toBeVisible();
    await expect(modal.getByLabel('Grade Name')).toHaveValue('');

    await modal.getByRole('tab', { name: 'Create Section' }).click();
    await modal.getByRole('button', { name: 'Create Section' }).click();
    await expect(modal.getByText('Section name is required')).toBeVisible();
    await expect(modal.getByText('Please select a grade')).toBeVisible();
    await modal.getByLabel('Section Name').fill('Sampaguita');
    await modal.getByRole('combobox', { name: 'Grade', exact: true }).selectOption({ label: 'Grade 7 (Level 7)' });
    await modal.getByLabel('Capacity').fill('40');
    await modal.getByLabel('Class Adviser').fill('Maria L. Santos');
    await modal.getByRole('button', { name: 'Create Section' }).click();
    await expect(modal.getByText('Section created successfully!')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal).toBeHidden();

    const grade = page.getByRole('article', { name: 'Grade 7' });
    await expect(grade.getByText('Level 7')).toBeVisible();
    await expect(grade.getByText('1 section')).toBeVisible();
    await grade.getByRole('button', { name: 'View sections of Grade 7' }).click();
    await expect(page.getByRole('tab', { name: 'Sections', selected: true })).toBeVisible();
    await expect(page.getByLabel('Filter by Grade')).toHaveValue(/\d+/);
    await expect(page.getByLabel('Filter by Grade').locator('option:checked')).toHaveText('Grade 7 (Level 7)');
    const section = page.getByRole('article', { name: 'Sampaguita' });
    await expect(section.getByText('Capacity: 40')).toBeVisible();
    await expect(section.getByText('Grade 7')).toBeVisible();

    const grades = await page.request.get(`${E2E_BASE_URL}/api/super-admin/grades?schoolId=${schoolId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const gradeId = (await grades.json()).data[0].id as number;
    const sections = await page.request.get(`${E2E_BASE_URL}/api/super-admin/sections/${schoolId}/${gradeId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const sectionId = (await sections.json()).data[0].id as number;

    await section.getByRole('link', { name: 'Students of Sampaguita' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/super-admin/schools/${schoolId}/students\\?gradeId=${gradeId}&sectionId=${sectionId}$`),
    );
    await page.goBack();
    await page.getByRole('tab', { name: 'Grades' }).click();
    await page.getByRole('article', { name: 'Grade 7' }).getByRole('link', { name: 'Students of Grade 7' }).click();
    await expect(page).toHaveURL(new RegExp(`/super-admin/schools/${schoolId}/students\\?gradeId=${gradeId}$`));
  });
});
