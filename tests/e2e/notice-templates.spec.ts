import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL, expectFitsWidth, LAYOUT, signInViaApi, test } from './helpers';
import { createAdmin, signInAdmin } from './admin-session';

/*
 * Notice Templates, at 390 and 1440 px: the super admin opens a school's from School Details, switches its notices
 * to Filipino, edits a notice (a wrong placeholder is named as it is typed; the preview and its SMS counter show
 * what a parent gets; a letter outside GSM-7 is flagged) and resets it; a school admin with MANAGE_SCHOOL_PROFILE
 * reaches their own school's from the sidebar.
 */
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function newSchool(page: Page, token: string, width: number, tag: string) {
  const name = `Notice High ${suffix}${width}${tag}`;
  const acronym = `N${suffix}${tag}`.slice(0, 10).toUpperCase();
  const res = await page.request.post(`${E2E_BASE_URL}/api/super-admin/schools`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { data: JSON.stringify({ name, acronym }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).data.id as number, name, acronym };
}

test('a school words its notices in Filipino: edit with preview and counter, reset', LAYOUT, async ({ page, width }) => {
  const token = await signInViaApi(page);
  const school = await newSchool(page, token, width, 'a');

  await page.goto(`/super-admin/schools?search=${encodeURIComponent(school.name)}`);
  await page.getByRole('button', { name: `View details of ${school.name}` }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Notice Templates' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Notice Templates - ${school.name}`);
  await expectFitsWidth(page, `notice templates ${width}`);

  await page.getByLabel('Notices go out in').selectOption('fil');
  await page.getByRole('button', { name: 'Save Language' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notice templates saved' })).toBeVisible();
  await page.getByRole('tab', { name: 'Filipino (in use)' }).click();
  const card = page.getByRole('listitem', { name: 'Check-in (Filipino)' });
  await expect(card).toContainText('Dumating si Juan Dela Cruz sa paaralan nang 7:12 AM, Nob 28.');
  await expect(card).toContainText('Default');

  await card.getByRole('button', { name: 'Edit Check-in (Filipino)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check-in notice (Filipino)' });
  const field = dialog.getByLabel('Template');
  await field.fill('Dumating na po si {pangalan}.');
  await expect(dialog.getByText('Unknown placeholder {pangalan}: use {name}, {school}, {time} or {date}')).toBeVisible();
  await expect(dialog.getByText('No preview until the template is fixed.')).toBeVisible();

  // Typed as a phone types it: a curly apostrophe, sent as a plain one.
  await field.fill('{school}: Nakarating na po si ');
  await dialog.getByRole('button', { name: '{name}' }).click();
  await field.press('End');
  await page.keyboard.type(' ({time}). Salamat\u2019t ingat!');
  const preview = `${school.acronym}: Nakarating na po si Juan Dela Cruz (7:12 AM). Salamat't ingat!`;
  await expect(dialog.getByTestId('notice-preview')).toHaveText(preview);
  await expect(dialog.getByTestId('notice-counter')).toHaveText(`${preview.length} characters · 1 part · GSM-7`);
  await expectFitsWidth(page, `notice template dialog ${width}`);
  await dialog.getByRole('button', { name: 'Save Template' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Edited');
  await expect(card).toContainText(preview);

  // A letter outside GSM-7: the editor says so before anything is saved.
  await card.getByRole('button', { name: 'Edit Check-in (Filipino)' }).click();
  await field.fill('{name} ay dumating sa escuela, ¡qué bueno! á {time}');
  await expect(dialog.getByRole('note')).toContainText('Sent as UCS-2 (70 characters a part, not 160) because of "á"');
  await expect(dialog.getByTestId('notice-counter').locator('[data-sms-encoding]')).toHaveAttribute('data-sms-encoding', 'UCS-2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();

  await card.getByRole('button', { name: 'Reset Check-in (Filipino) to default' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Dumating si Juan Dela Cruz sa paaralan nang 7:12 AM, Nob 28.');
  await expectFitsWidth(page, `notice templates after reset ${width}`);
});

test("a school admin edits their own school's notices from the sidebar", LAYOUT, async ({ page, context, width }) => {
  const root = await signInViaApi(page);
  const school = await newSchool(page, root, width, 'b');
  await context.clearCookies();
  await signInAdmin(page.request, context, await createAdmin(page.request, root, school.id, ['MANAGE_SCHOOL_PROFILE']));
  await page.goto('/admin');
  const menu = page.getByRole('button', { name: /open menu/i });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: 'Notice Templates' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/schools/${school.id}/notice-templates$`));
  await expect(page.getByRole('tab', { name: 'English (in use)' })).toBeVisible();
  const card = page.getByRole('listitem', { name: 'Absence (English)' });
  await expect(card).toContainText('was marked ABSENT today, Nov 28.');
  await expect(card.getByText(/characters · 1 part · GSM-7/)).toBeVisible();
  await expectFitsWidth(page, `admin notice templates ${width}`);
});
