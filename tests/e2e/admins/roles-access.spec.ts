/*
 * A school's staff set up their people and school: the super admin creates an admin from a role (its permissions
 * editable before saving); an admin without any permission lands on a page that says so and whom to ask; an admin
 * with MANAGE_SCHOOL_SETTINGS edits the class days, cutoffs, School ID and school head. At 390 and 1440 px.
 */
import { expect } from '@playwright/test';
import { E2E_BASE_URL, E2E_SUPER_ADMIN, expectFitsWidth, LAYOUT, signInViaApi, test } from '../helpers';
import { admin, adminSession, run, school } from '../admin-seed';

let root: string;
let schoolId: number;
const schoolName = `Roles School ${run}`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  root = await signInViaApi(page);
  schoolId = await school(page.request, root, schoolName);
  await page.close();
});

const api = (path: string) => `${E2E_BASE_URL}${path}`;
const auth = () => ({ headers: { Authorization: `Bearer ${root}` } });

test('Add New Admin starts from a role whose permissions can be edited before saving', LAYOUT, async ({ page, width }) => {
  await signInViaApi(page);
  const tag = `${run}${width}`;
  await page.goto('/super-admin/admin-management');
  await expect(page.getByRole('button', { name: 'Sync Permissions' })).toHaveCount(0);
  await page.getByRole('button', { name: '+ Add New Admin' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Admin' });

  // The default is a role, never an admin with nothing.
  const role = add.getByRole('combobox', { name: 'Role' });
  await expect(role).toHaveValue('CLASS_ADVISER');
  await expect(add.getByLabel('Position')).toHaveValue('Class adviser');
  await expect(add.getByRole('checkbox', { name: 'Send SMS', exact: true })).toBeChecked();
  await expect(add.getByRole('checkbox', { name: 'Manage grades and sections' })).not.toBeChecked();

  await role.selectOption({ label: 'Registrar' });
  await expect(add.getByLabel('Position')).toHaveValue('Registrar');
  await expect(add.getByText(/Enrols learners, keeps grades and sections/)).toBeVisible();
  await expect(add.getByRole('checkbox', { name: 'Manage school settings' })).toBeChecked();
  await expect(add.getByRole('checkbox', { name: 'Roll the school year over' })).toBeChecked();
  await expect(add.getByRole('checkbox', { name: 'Manage grades and sections' })).toBeChecked();
  await expect(add.getByRole('checkbox', { name: 'Send SMS', exact: true })).not.toBeChecked();
  // Edited: the role reads Custom; the edit is kept.
  await add.getByRole('checkbox', { name: 'Archive students' }).uncheck();
  await expect(role).toHaveValue('CUSTOM');
  await expectFitsWidth(page, `add admin ${width}`);

  await add.getByLabel('Email').fill(`registrar-${tag}@school.test`);
  await add.getByLabel('Password').fill('Registrar-Pass-2024!');
  await add.getByLabel('First Name').fill('Rosa');
  await add.getByLabel('Last Name').fill(`Reyes${tag}`);
  await add.getByLabel('Employee ID').fill(`ROLE-${tag}`);
  // The school is required, as on Edit.
  await add.getByRole('button', { name: 'Create Admin' }).click();
  await expect(add.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expect(add.getByText('School is required')).toBeVisible();
  await add.getByRole('combobox', { name: 'School' }).selectOption(String(schoolId));
  await add.getByRole('button', { name: 'Create Admin' }).click();
  await expect(add.getByRole('status')).toHaveText('Admin registered successfully');
  await expect(add).toBeHidden();

  const list = await page.request.get(api('/api/super-admin/admins'), auth());
  const saved = (await list.json()).data.admins.find((a: { employeeId: string }) => a.employeeId === `ROLE-${tag}`);
  const on = Object.keys(saved.permissions)
    .filter((k) => saved.permissions[k])
    .sort();
  expect(on).toEqual(
    [
      'VIEW_STUDENTS',
      'MANAGE_STUDENTS',
      'VIEW_GRADES_SECTIONS',
      'MANAGE_GRADES_SECTIONS',
      'VIEW_ATTENDANCE',
      'MANAGE_ATTENDANCE',
      'VIEW_SMS_HISTORY',
      'VIEW_REPORTS',
      'MANAGE_SCHOOL_SETTINGS',
      'ROLL_OVER_SCHOOL_YEAR',
    ].sort(),
  );
  expect(saved).toMatchObject({ position: 'Registrar', schoolId });

  // Edit asks the same things: role, permissions, school.
  await page.goto(`/super-admin/admin-management?search=ROLE-${tag}`);
  const name = `Rosa Reyes${tag}`;
  await page
    .getByRole('article', { name })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const profile = page.getByRole('dialog', { name: 'Admin Profile' });
  await expect(profile.getByRole('combobox', { name: 'Role' })).toHaveValue('CUSTOM');
  await expect(profile.getByRole('combobox', { name: 'School' })).toHaveValue(String(schoolId));
  await expect(profile.getByRole('checkbox', { name: 'Manage school settings' })).toBeChecked();
  await expectFitsWidth(page, `edit admin ${width}`);
});

test(
  'an admin without any permission is told so and whom to ask; once granted, the console opens',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const email = await admin(request, root, schoolId, []);
    await adminSession(page, context, email);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Your account has no access yet' })).toBeVisible();
    await expect(page.getByText('No permission has been given to your account')).toBeVisible();
    await expect(page.getByText(/Only a super admin can give you permissions and a school/)).toBeVisible();
    await expect(page.getByRole('link', { name: E2E_SUPER_ADMIN.email })).toHaveAttribute(
      'href',
      `mailto:${E2E_SUPER_ADMIN.email}`,
    );
    await expectFitsWidth(page, `no access ${width}`);

    // The super admin gives a role's permissions; 'Check again' opens the console without signing in again.
    const list = await request.get(api('/api/super-admin/admins'), auth());
    const id = (await list.json()).data.admins.find((a: { email: string }) => a.email === email).id as number;
    const granted = await request.patch(api(`/api/super-admin/admins/${id}/permissions`), {
      ...auth(),
      data: { permissions: { VIEW_STUDENTS: true, VIEW_ATTENDANCE: true } },
    });
    expect(granted.status()).toBe(200);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('heading', { name: 'Your account has no access yet' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Students' })).toBeVisible();
  },
);

test(
  'an admin with MANAGE_SCHOOL_SETTINGS sets the class days, cutoffs, School ID and school head',
  LAYOUT,
  async ({ page, context, request, width }) => {
    const own = await school(request, root, `Settings School ${run} ${width}`);
    const email = await admin(request, root, own, ['MANAGE_SCHOOL_SETTINGS']);
    await adminSession(page, context, email);
    await page.goto('/admin');
    if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'School Settings' }).first().click();
    await expect(page).toHaveURL(/\/admin\/school-settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'School Settings' })).toBeVisible();

    // The seed made every day a class day; Saturday and Sunday go.
    await page.getByRole('checkbox', { name: 'Sat' }).uncheck();
    await page.getByRole('checkbox', { name: 'Sun' }).uncheck();
    await page.getByLabel('Late after').fill('07:30');
    await page.getByLabel('Absent after').fill('09:30');
    await page.getByLabel('DepEd School ID').fill('12345');
    await page.getByLabel('School Head').fill('Dr. Lourdes Bautista');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('DepEd School ID must be 6 digits')).toBeVisible();
    await page.getByLabel('DepEd School ID').fill('301234');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('status')).toHaveText('School settings saved');
    await expectFitsWidth(page, `school settings ${width}`);

    const saved = await request.get(api(`/api/super-admin/schools/${own}/settings`), auth());
    expect((await saved.json()).data).toMatchObject({
      schoolDays: [1, 2, 3, 4, 5],
      lateCutoff: '07:30',
      absenceCutoff: '09:30',
      depedSchoolId: '301234',
      schoolHeadName: 'Dr. Lourdes Bautista',
    });
    const logs = await request.get(api(`/api/super-admin/system-logs?action=UPDATE_SCHOOL_SETTINGS&entity=School`), auth());
    expect((await logs.json()).data.logs.some((l: { entityId: string }) => l.entityId === String(own))).toBe(true);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
    await expect(page.getByLabel('School Head')).toHaveValue('Dr. Lourdes Bautista');
  },
);

test('without MANAGE_SCHOOL_SETTINGS there is no School Settings entry, and its address is forbidden', async ({
  page,
  context,
  request,
}) => {
  const email = await admin(request, root, schoolId, ['MANAGE_SCHOOL_PROFILE']);
  await adminSession(page, context, email);
  await page.goto('/admin');
  await expect(page.getByRole('main').getByRole('link', { name: 'School Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'School Settings' })).toHaveCount(0);
  await page.goto('/admin/school-settings');
  await expect(page).toHaveURL(/\/forbidden$/);
});
