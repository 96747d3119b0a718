import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from './helpers';

// The e2e server is shared by parallel specs: every record here carries this suffix (names, emails, LRNs).
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const acronym = `S${suffix.slice(-7)}`.toUpperCase();
let lrnSeq = 0;
const lrnBase = 100_000_000_000 + Math.floor(Math.random() * 800_000_000_000);
/** A 12-digit LRN nobody else in this run uses. */
const nextLrn = () => String(lrnBase + lrnSeq++ * 7);

interface Seeded {
  token: string;
  school: { id: number; name: string };
  grade: { id: number; name: string };
  section: { id: number; name: string };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** 'YYYY-MM-DD', `days` from today (UTC). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seedSchool(request: APIRequestContext, token: string): Promise<Seeded> {
  const name = `Rizal High ${suffix}`;
  const school = await request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
    headers: auth(token),
    multipart: { data: JSON.stringify({ name, acronym }) },
  });
  expect(school.status(), await school.text()).toBe(201);
  const schoolId = (await school.json()).data.id as number;
  const grade = await request.post(`${E2E_BASE_URL}/api/super-admin/grades`, {
    headers: auth(token),
    data: { name: `Grade 7 ${suffix}`, level: 7, schoolId },
  });
  expect(grade.status(), await grade.text()).toBe(201);
  const gradeId = (await grade.json()).data.id as number;
  const section = await request.post(`${E2E_BASE_URL}/api/super-admin/sections`, {
    headers: auth(token),
    data: { name: `Mabini ${suffix}`, gradeId, schoolId },
  });
  expect(section.status(), await section.text()).toBe(201);
  return {
    token,
    school: { id: schoolId, name },
    grade: { id: gradeId, name: `Grade 7 ${suffix}` },
    section: { id: (await section.json()).data.id, name: `Mabini ${suffix}` },
  };
}

async function seedStudent(request: APIRequestContext, s: Seeded, firstName: string) {
  const lrn = nextLrn();
  const lastName = `Cruz${suffix}`;
  const data = {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${suffix}@students.test`,
    lrn,
    password: 'Sampaguita-2026',
    parentPhone: '0917 123 4567',
    schoolId: s.school.id,
    gradeId: s.grade.id,
    sectionId: s.section.id,
  };
  const res = await request.post(`${E2E_BASE_URL}/api/super-admin/register-student`, {
    headers: auth(s.token),
    multipart: { data: JSON.stringify(data) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...data, id: (await res.json()).data.id as number, name: `${firstName} ${lastName}` };
}

const studentsTable = (page: Page) => page.getByRole('table', { name: 'Students' });
const archivedTable = (page: Page) => page.getByRole('table', { name: 'Archived students' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filter students' });

async function searchStudents(page: Page, term: string) {
  await filters(page).getByLabel('Search').fill(term);
  await filters(page).getByRole('button', { name: 'Search' }).click();
}

// The tests share what beforeAll seeds under this file's names: one worker runs them, in order (a second beforeAll
// in the same worker would seed the same names again).
test.describe.configure({ mode: 'default' });

test.describe('Students', () => {
  let seeded: Seeded;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const token = await signInViaApi(context);
    seeded = await seedSchool(context.request, token);
    await context.close();
  });

  test('register: validation messages, then the generated password’s slip and the new row', async ({ page }) => {
    await signInViaApi(page);
    await page.goto(`/super-admin/student-management?schoolId=${seeded.school.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
    await page.getByRole('button', { name: '+ Register New Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register New Student' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Register Student' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'LRN is required',
      'Parent phone number is required',
    ])
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    // No password to type: the server generates the learner's first one.
    await expect(dialog.locator('input[type="password"]')).toHaveCount(0);

    await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill('Andres');
    await expect(dialog.getByText('First name is required')).toHaveCount(0); // errors clear on edit
    await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(`Bonifacio${suffix}`);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await dialog.getByLabel('LRN').fill('12345');
    await dialog.getByLabel('Parent Phone').fill('12345');
    await dialog.getByRole('button', { name: 'Register Student' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('LRN must be a 12-digit number')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();

    const lrn = nextLrn();
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`andres.${suffix}@students.test`);
    await dialog.getByLabel('LRN').fill(lrn);
    await dialog.getByLabel('Parent Phone').fill('0917-555-0101');
    // The list's school is preselected; grade waits for it, section for the grade.
    await expect(dialog.getByLabel('School')).toHaveValue(String(seeded.school.id));
    await expect(dialog.getByLabel('Section')).toBeDisabled();
    await dialog.getByLabel('Grade').selectOption(String(seeded.grade.id));
    await dialog.getByLabel('Section').selectOption(String(seeded.section.id));
    await dialog.getByRole('button', { name: 'Register Student' }).click();

    const slip = page.getByRole('dialog', { name: 'Password slip' });
    await expect(slip.getByText('Student Registered Successfully!')).toBeVisible();
    await expect(slip.getByRole('article', { name: `Password slip for Andres Bonifacio${suffix}` })).toContainText(lrn);
    await expect(slip).toContainText(/Password: [a-z]+-[a-z]+-[a-z]+-\d{2}/);
    await slip.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await searchStudents(page, lrn);
    const row = studentsTable(page).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Andres Bonifacio${suffix}`);
    await expect(row).toContainText(acronym);
    await expect(row).toContainText(seeded.section.name);

    // A second registration with the same LRN is refused by the server, and the message names the field.
    await page.getByRole('button', { name: '+ Register New Student' }).click();
    await dialog.getByRole('textbox', { name: 'First Name', exact: true }).fill('Emilio');
    await dialog.getByRole('textbox', { name: 'Last Name', exact: true }).fill(`Jacinto${suffix}`);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`emilio.${suffix}@students.test`);
    await dialog.getByLabel('LRN').fill(lrn);
    await dialog.getByLabel('Parent Phone').fill('09175550102');
    await dialog.getByRole('button', { name: 'Register Student' }).click();
    await expect(dialog.getByText('A student with this LRN already exists')).toBeVisible();
    await expect(dialog.getByText('Student Registered Successfully!')).toHaveCount(0);
  });

  test('detail, edit, archive with a reason, read the reason in Archived Students, restore', async ({ page }) => {
    await signInViaApi(page);
    const student = await seedStudent(page.request, seeded, 'Gabriela');
    await page.goto(`/super-admin/schools/${seeded.school.id}/students?gradeId=${seeded.grade.id}`);
    await expect(page).toHaveTitle(new RegExp(`^Students - ${seeded.school.name} \\|`));
    await expect(page.getByRole('heading', { level: 1, name: `Students - ${seeded.school.name}` })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText(`Schools/${seeded.school.name}/${seeded.grade.name}/Students`);
    await expect(filters(page).getByLabel('Grade')).toHaveValue(String(seeded.grade.id));

    await searchStudents(page, student.lrn);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${student.lrn}`));
    const row = studentsTable(page).locator('tbody tr').filter({ hasText: student.name });
    await row.getByRole('button', { name: `View ${student.name}` }).click();
    const detail = page.getByRole('dialog', { name: 'Student Details' });
    await expect(detail).toContainText(student.email);
    await expect(detail).toContainText('+639171234567'); // stored normalised for sending
    await detail.getByRole('button', { name: 'Edit Student' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await edit.getByLabel('Parent First Name').fill('Diego');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByRole('status')).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 5000 });

    // Archive sits in the row's menu, not beside View.
    await expect(row.getByRole('button', { name: `Archive ${student.name}` })).toHaveCount(0);
    await row.getByRole('button', { name: `More actions for ${student.name}` }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive Student' });
    await expect(confirm).toContainText('removes them from active students, but their data is preserved');
    const reason = `Transferred to another school ${suffix}`;
    await confirm.getByLabel('Reason (optional)').fill(reason);
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No students found.')).toBeVisible();

    await page.getByRole('link', { name: 'View Archived Students' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Archived Students' })).toBeVisible();
    // Search applies by itself 500 ms after typing (no button press).
    await page.getByRole('search', { name: 'Filter archived students' }).getByLabel('Search').fill(student.lrn);
    await expect(page).toHaveURL(new RegExp(`searchTerm=${student.lrn}`));
    const archivedRow = archivedTable(page).locator('tbody tr');
    await expect(archivedRow).toHaveCount(1);
    await expect(archivedRow).toContainText(student.name);
    await expect(archivedRow).toContainText(`${seeded.grade.name} / ${seeded.section.name}`);
    await expect(archivedRow).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(page.getByText('Showing 1 of 1 archived students')).toBeVisible();
    await expect(page.getByText('Page 1 of 1')).toBeVisible();

    // Archive date range (whole days; two days either side, so the school's time zone cannot matter).
    const archivedFilters = page.getByRole('search', { name: 'Filter archived students' });
    await archivedFilters.getByLabel('Archive Date From').fill(isoDay(2));
    await expect(page.getByText('No archived students found.')).toBeVisible();
    await archivedFilters.getByLabel('Archive Date From').fill(isoDay(-2));
    await archivedFilters.getByLabel('Archive Date To').fill(isoDay(2));
    await expect(page).toHaveURL(new RegExp(`startDate=${isoDay(-2)}&endDate=${isoDay(2)}`));
    await expect(archivedRow).toHaveCount(1);

    await archivedRow.getByRole('button', { name: `Reason for archiving ${student.name}` }).click();
    const popup = page.getByRole('dialog', { name: 'Archive Reason' });
    await expect(popup).toContainText(student.name);
    await expect(popup).toContainText(reason);
    await popup.getByRole('button', { name: 'Close' }).first().click();
    await expect(popup).toBeHidden();

    await archivedRow.getByRole('button', { name: `Restore ${student.name}` }).click();
    await page.getByRole('dialog', { name: 'Restore Student' }).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('No archived students found.')).toBeVisible();

    await page.goto(`/super-admin/schools/${seeded.school.id}/students?searchTerm=${student.lrn}`);
    await expect(studentsTable(page).locator('tbody tr').filter({ hasText: student.name })).toHaveCount(1);
  });

  test('bulk: archive the chosen rows with one reason, then restore them together', async ({ page }) => {
    await signInViaApi(page);
    const a = await seedStudent(page.request, seeded, 'Melchora');
    const b = await seedStudent(page.request, seeded, 'Apolinario');
    await page.goto(`/super-admin/schools/${seeded.school.id}/students`);
    await searchStudents(page, `Cruz${suffix}`);
    await page.getByRole('checkbox', { name: `Select ${a.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b.name}` }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bulk).toContainText('2 selected');
    await bulk.getByRole('button', { name: 'Archive Selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive 2 Students' });
    await confirm.getByLabel('Reason (optional)').fill(`Graduated ${suffix}`);
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(studentsTable(page).getByText(a.name)).toHaveCount(0);
    await expect(studentsTable(page).getByText(b.name)).toHaveCount(0);

    await page.goto(`/super-admin/archived-students?searchTerm=Cruz${suffix}`);
    await page.getByRole('checkbox', { name: `Select ${a.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b.name}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Restore Selected' }).click();
    await page.getByRole('dialog', { name: 'Restore Students' }).getByRole('button', { name: 'Restore' }).click();
    await expect(archivedTable(page).getByText(a.name)).toHaveCount(0);
    await expect(archivedTable(page).getByText(b.name)).toHaveCount(0);
  });

  test('filters: URL state, reset rules, path forms, redirect without a school, Student Not Found', async ({ page }) => {
    await signInViaApi(page);
    const student = await seedStudent(page.request, seeded, 'Josefa');

    // The path forms of the route table open Student Management with those ids as filters.
    await page.goto(`/super-admin/students/${seeded.school.id}/${seeded.grade.id}`);
    await expect(page).toHaveURL(
      new RegExp(`/super-admin/student-management\\?schoolId=${seeded.school.id}&gradeId=${seeded.grade.id}$`),
    );
    await expect(filters(page).getByLabel('School')).toHaveValue(String(seeded.school.id));
    await expect(filters(page).getByLabel('Grade')).toHaveValue(String(seeded.grade.id));
    await filters(page).getByLabel('Section').selectOption(String(seeded.section.id));
    await expect(page).toHaveURL(new RegExp(`sectionId=${seeded.section.id}`));

    // Changing grade resets section; changing school resets grade and section; Back restores them.
    await filters(page).getByLabel('Grade').selectOption('');
    await expect(filters(page).getByLabel('Section')).toBeDisabled();
    await expect(page).not.toHaveURL(/sectionId=/);
    await filters(page).getByLabel('Grade').selectOption(String(seeded.grade.id));
    await filters(page).getByLabel('School').selectOption('');
    await expect(filters(page).getByLabel('Grade')).toBeDisabled();
    await expect(page).toHaveURL(/\/super-admin\/student-management$/);
    await page.goBack();
    await expect(filters(page).getByLabel('Grade')).toHaveValue(String(seeded.grade.id));

    // A student archived elsewhere after the list loaded: the detail says it could not be found.
    await searchStudents(page, student.lrn);
    await expect(studentsTable(page).locator('tbody tr')).toHaveCount(1);
    const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/students/${student.id}/archive`, {
      headers: auth(seeded.token),
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
    await studentsTable(page)
      .getByRole('button', { name: `View ${student.name}` })
      .click();
    const missing = page.getByRole('dialog', { name: 'Student Not Found' });
    await expect(missing).toContainText('The requested student information could not be found.');
    await missing.getByRole('button', { name: 'Close' }).first().click();
    await expect(missing).toBeHidden();

    // The school-scoped list needs a school id.
    await page.goto('/super-admin/schools/not-a-school/students');
    await expect(page).toHaveURL(/\/super-admin\/schools$/);
  });

  test('CSV import: the preview shows the bad row and its error; the valid rows are imported', async ({ page }) => {
    await signInViaApi(page);
    await page.goto(`/super-admin/schools/${seeded.school.id}/students`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Template' }).click();
    expect(await readFile((await (await download).path())!, 'utf8')).toContain('First Name,Last Name,Email,LRN');

    const [l1, l3] = [nextLrn(), nextLrn()];
    const csv = [
      'First Name,Last Name,Email,LRN,Grade,Section,Parent Phone',
      `Jose,Rizal${suffix},jose.${suffix}@import.test,${l1},${seeded.grade.name},${seeded.section.name},09171112222`,
      `Juan,Luna${suffix},juan.${suffix}@import.test,12345,${seeded.grade.name},,09171113333`,
      `Antonio,Luna${suffix},antonio.${suffix}@import.test,${l3},,,+639171114444`,
    ].join('\n');
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Check File' }).click();
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(preview.locator('tbody tr')).toHaveCount(3);
    const bad = preview
      .locator('tbody tr')
      .filter({ hasText: `Luna${suffix}` })
      .filter({ hasText: '12345' });
    await expect(bad).toContainText('Invalid');
    await expect(bad).toContainText('LRN must be a 12-digit number');
    await expectFitsWidth(page, 'import preview', { tablesFit: true });
    await dialog.getByRole('button', { name: 'Import 2 Valid Rows' }).click();

    const summary = dialog.getByRole('table', { name: 'Import summary' });
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('Created').first()).toBeVisible();
    await expect(summary.locator('tbody tr').filter({ hasText: 'Created' })).toHaveCount(2);
    await expect(summary.locator('tbody tr').filter({ hasText: 'Failed' })).toContainText('LRN must be a 12-digit number');
    // Each created student got a generated password, shown here once.
    await expect(dialog.getByText('Each new learner got a generated password, shown only here')).toBeVisible();
    const jose = summary.locator('tbody tr').filter({ hasText: `Rizal${suffix}` });
    const generated = (await jose.locator('td').nth(4).textContent())!.trim();
    expect(generated).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{2}$/);
    const summaryFile = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Summary (CSV)' }).click();
    const summaryText = await readFile((await (await summaryFile).path())!, 'utf8');
    expect(summaryText).toContain(l1);
    expect(summaryText).toContain(`,${generated},`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await searchStudents(page, `Rizal${suffix}`);
    await expect(studentsTable(page).locator('tbody tr')).toHaveCount(1);
    await searchStudents(page, `Luna${suffix}`);
    await expect(studentsTable(page).locator('tbody tr')).toHaveCount(1);
  });

  test('export: the CSV holds exactly the filtered list', async ({ page }) => {
    await signInViaApi(page);
    const a = await seedStudent(page.request, seeded, 'Teodora');
    await seedStudent(page.request, seeded, 'Marcela');
    await page.goto(`/super-admin/student-management?schoolId=${seeded.school.id}`);
    await searchStudents(page, a.lrn);
    await expect(studentsTable(page).locator('tbody tr')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2); // header + the one matching student
    expect(lines[1]).toContain(a.lrn);
    expect(lines[1]).toContain('Teodora');
    expect(text).not.toContain('Marcela');
  });

  test('every student screen fits the screen', LAYOUT, async ({ page, width }) => {
    await signInViaApi(page);
    const archived = await seedStudent(page.request, seeded, `Archived${width}`);
    const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/students/${archived.id}/archive`, {
      headers: auth(seeded.token),
      data: { reason: 'Moved away' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await seedStudent(page.request, seeded, `Width${width}`);
    await page.goto(`/super-admin/schools/${seeded.school.id}/students`);
    await expect(studentsTable(page).locator('tbody tr').first()).toBeVisible();
    await expectFitsWidth(page, 'school-scoped students', { tablesFit: width > 1000 });
    await page.getByRole('button', { name: 'Register New Student' }).click();
    await expect(page.getByRole('dialog', { name: 'Register New Student' })).toBeVisible();
    await expectFitsWidth(page, 'register modal');
    await page.keyboard.press('Escape');

    await page.goto(`/super-admin/student-management?schoolId=${seeded.school.id}`);
    await expect(studentsTable(page).locator('tbody tr').first()).toBeVisible();
    await expectFitsWidth(page, 'student management', { tablesFit: width > 1000 });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Students from CSV' })).toBeVisible();
    await expectFitsWidth(page, 'import modal');
    await page.keyboard.press('Escape');

    await page.goto(`/super-admin/archived-students?searchTerm=${archived.lrn}`);
    await expect(archivedTable(page).locator('tbody tr')).toHaveCount(1);
    await expectFitsWidth(page, 'archived students', { tablesFit: width > 1000 });
  });
});
