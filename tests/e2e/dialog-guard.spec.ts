import { expect, type Page } from '@playwright/test';
import { LAYOUT, signInViaApi, test } from './helpers';

/**
 * A dialog with changed fields asks before discarding them (Escape, a click outside, Cancel,
 * ✕); an unchanged one closes at once. The guard lives in the one Dialog, so every form has it; checked on
 * Register New Student (some 20 fields) at both widths and on another form.
 */

const ASK = 'Discard changes?';

async function openRegister(page: Page) {
  await page
    .getByRole('button', { name: /Register New Student|Register Student|Add Student/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Register New Student' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A click on the backdrop, away from the panel (top-left corner of the window). */
const clickOutside = (page: Page) => page.mouse.click(5, 5);

test('Register New Student keeps what was typed until the user chooses to discard it', LAYOUT, async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/super-admin/student-management');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Unchanged: closes at once, every way.
  let dialog = await openRegister(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openRegister(page);
  await clickOutside(page);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: ASK })).toHaveCount(0);

  // Changed: Escape, a click outside, Cancel and ✕ each ask; Keep Editing keeps the text.
  dialog = await openRegister(page);
  await dialog.getByLabel(/^First Name/).fill('Guarded');
  const closers: Array<[string, () => Promise<void>]> = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['outside click', () => clickOutside(page)],
    ['Cancel', () => dialog.getByRole('button', { name: 'Cancel' }).click()],
    ['✕', () => dialog.getByRole('button', { name: 'Close' }).click()],
  ];
  for (const [how, close] of closers) {
    await close();
    const ask = page.getByRole('dialog', { name: ASK });
    await expect(ask, how).toBeVisible();
    await expect(ask.getByText('You have changes that are not saved. Close and lose them?')).toBeVisible();
    await ask.getByRole('button', { name: 'Keep Editing' }).click();
    await expect(ask).toBeHidden();
    await expect(dialog.getByLabel(/^First Name/), how).toHaveValue('Guarded');
  }

  // Discard closes it; opened again, it starts clean and closes at once.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: ASK }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openRegister(page);
  await expect(dialog.getByLabel(/^First Name/)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('another form (Add SMS Device) has the same guard', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/super-admin/device-management');
  await page.getByRole('button', { name: '+ Add Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SMS Device' });
  await dialog.getByLabel(/^Device Name/).fill('Half-typed phone');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: ASK })).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});
