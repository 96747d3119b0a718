import { expect, type Page } from '@playwright/test';
import { E2E_NOTIFY_STUDENT, LAYOUT, signInViaApi, test } from './helpers';

/**
 * Device Management (SMS devices: dialog, masked key, Test flow with the spec's texts, delete
 * confirmation; Facebook pages), SMS Notifications History with a new SENT row arriving live. Both widths.
 */

async function noSideways(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over).toBeLessThanOrEqual(0);
}

async function notifySchoolId(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/api/super-admin/schools', { headers: { Authorization: `Bearer ${token}` } });
  const schools = (await res.json()).data as Array<{ id: number; acronym: string }>;
  return schools.find((s) => s.acronym === E2E_NOTIFY_STUDENT.acronym)!.id;
}

test('SMS device: add, masked key, Test flow (success, bad number), delete', LAYOUT, async ({ page, width }) => {
  await signInViaApi(page);
  const name = `Gate ${width} ${Date.now()}`;
  await page.goto('/super-admin/device-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Device Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'SMS Devices' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: '+ Add Device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SMS Device' });
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('API key is required')).toBeVisible();
  await dialog.getByLabel(/^Device Name/).fill(name);
  await dialog.getByLabel('Physical Device Name').fill('Samsung Galaxy A14');
  await dialog.getByLabel('Phone Number').fill('+639181234567');
  await dialog.getByLabel(/^API Key/).fill('e2e-device-key-0042');
  await dialog.getByLabel('Daily Limit').fill('300');
  // The send rate starts at httpSMS's 10, names the phone's own setting, and refuses more than 60.
  const rate = dialog.getByLabel(/^Send Rate/);
  await expect(rate).toHaveValue('10');
  await expect(dialog.getByText("Set the same value as the phone's 'messages per minute' in the httpSMS app")).toBeVisible();
  await rate.fill('61');
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(dialog.getByText('Send rate must be a whole number from 1 to 60 messages a minute')).toBeVisible();
  await rate.fill('20');
  await dialog.getByRole('button', { name: 'Add Device' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('••••••••0042')).toBeVisible();
  await expect(card.getByText('Global')).toBeVisible();
  await expect(card.getByText('Never')).toBeVisible();
  await expect(card.getByText('20 a minute')).toBeVisible();
  await noSideways(page);

  await card.getByRole('button', { name: `Test ${name}` }).click();
  const phone = card.getByLabel('Test phone number');
  await phone.fill('12ab');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Failed to send test message. Please check the device configuration.')).toBeVisible();
  await phone.fill('+639175550123');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Test message sent successfully!')).toBeVisible();
  // The input is cleared about 2 s after sending.
  await expect(phone).toHaveValue('', { timeout: 4000 });

  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: 'SMS devices' }).getByText(name)).toBeVisible();
  await noSideways(page);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Delete Device' }));
  await expect(confirm.getByText('Are you sure you want to delete this device?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table', { name: 'SMS devices' }).getByText(name)).toBeHidden();
});

test('Facebook page: add with the dialog, shown masked, search, delete', LAYOUT, async ({ page, width }) => {
  await signInViaApi(page);
  const pageName = `E2E Page ${width} ${Date.now()}`;
  await page.goto('/super-admin/device-management?tab=facebook');
  await expect(page.getByRole('tab', { name: 'Facebook Pages' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '+ Add Facebook Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Facebook Page' });
  await expect(dialog.getByText('Generate a Page Access Token for your page.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Page' }).click();
  await expect(dialog.getByText('Page ID is required')).toBeVisible();
  await expect(dialog.getByText('School is required')).toBeVisible();
  await dialog.getByLabel('Facebook Page ID').fill(`${Date.now()}${width}`);
  await dialog.getByLabel('Page Name').fill(pageName);
  await dialog.getByLabel(/^Page Access Token/).fill('EAAB-e2e-token-7788');
  await dialog.getByLabel('School').selectOption({ label: E2E_NOTIFY_STUDENT.school });
  await dialog.getByRole('button', { name: 'Add Page' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: pageName });
  await expect(card.getByText('••••••••7788')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('no such page anywhere');
  await expect(page.getByText('No Facebook pages found.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(pageName);
  await noSideways(page);
  await card.getByRole('button', { name: `Delete Page ${pageName}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card).toBeHidden();
});

test('SMS history: a CUSTOM message appears live as SENT, then DELIVERED (delivery webhook), at both widths', async ({
  page,
}) => {
  const token = await signInViaApi(page);
  const auth = { Authorization: `Bearer ${token}` };
  const schoolId = await notifySchoolId(page, token);
  const device = await page.request.post('/api/super-admin/sms-devices', {
    headers: auth,
    data: {
      name: `History gate ${Date.now()}`,
      deviceName: 'Pixel 7',
      phoneNumber: '+639189990000',
      apiKey: 'e2e-history-key',
      schoolId,
      isDefault: true,
      // One message a second: the second message below does not wait long for the phone.
      sendRatePerMinute: 60,
    },
  });
  expect(device.status()).toBe(201);

  await page.goto('/super-admin/sms-history');
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Notifications History' })).toBeVisible();
  const table = page.getByRole('table', { name: 'SMS notifications' });
  await expect(
    table.or(page.getByText('No SMS notifications found. Adjust your filters or try again later.')).first(),
  ).toBeVisible();

  // Through the screen's own 'Send message' dialog.
  const text = `Live check ${Date.now()}: please pick up your child at 3 PM.`;
  await page.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send message' });
  await dialog.getByLabel('Student').fill('Notifyme');
  await dialog.getByRole('button', { name: /Liza Notifyme/ }).click();
  await dialog.getByLabel('Message').fill(text);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message queued for sending')).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: text.slice(0, 40) });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText('SENT', { exact: true })).toBeVisible();
  await expect(row.getByText('E2EN')).toBeVisible();
  await expect(row.getByText('DELIVERED', { exact: true })).toBeVisible({ timeout: 10_000 });
  await noSideways(page);

  // Phone width, and the API path of a CUSTOM message.
  await page.setViewportSize({ width: 390, height: 844 });
  const recipients = await page.request.get(`/api/super-admin/sms-history/recipients?search=${E2E_NOTIFY_STUDENT.lrn}`, {
    headers: auth,
  });
  const studentId = (await recipients.json()).data[0].id as number;
  const second = `Second ${Date.now()}`;
  const queued = await page.request.post('/api/super-admin/sms-history/messages', {
    headers: auth,
    data: { studentId, message: second },
  });
  expect(queued.status()).toBe(202);
  await expect(table.getByRole('row').filter({ hasText: 'SENT' }).first()).toBeVisible();
  // The second message's own row arrives live, Liza's (specs running beside this one add rows of their own, so
  // which row is on top is not this spec's to know; the live list's order is tests/unit/kit/live-list.test.ts's).
  const secondRow = table.getByRole('row').filter({ hasText: second });
  await expect(secondRow).toBeVisible({ timeout: 10_000 });
  await expect(secondRow).toContainText('Liza Notifyme');
  await noSideways(page);
});

test('Send message counts characters and parts as sent, and refuses an over-long text with a clear message', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/super-admin/sms-history');
  await page.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send message' });
  await dialog.getByLabel('Student').fill('Notifyme');
  await dialog.getByRole('button', { name: /Liza Notifyme/ }).click();
  const message = dialog.getByLabel('Message');
  // Curly quotes and a dash typed on a phone are sent in their GSM-7 form: still GSM-7, 160 a part.
  await message.fill('“No classes tomorrow” – the principal’s notice');
  await expect(dialog.getByText('46 characters · 1 part · GSM-7', { exact: true })).toBeVisible();
  await message.fill(`${'a'.repeat(150)} {€}`);
  await expect(dialog.getByText('157 characters · 1 part · GSM-7', { exact: true })).toBeVisible();
  await message.fill(`${'a'.repeat(150)} {€} [x]`);
  await expect(dialog.getByText('163 characters · 2 parts · GSM-7', { exact: true })).toBeVisible();
  // An emoji has no GSM-7 form: the counter says why each part is short before anything is sent.
  await message.fill('Congratulations! 🎉');
  await expect(
    dialog.getByText('19 characters · 1 part · UCS-2: emoji or special characters make each part 70 characters', {
      exact: true,
    }),
  ).toBeVisible();
  await message.fill('x'.repeat(470));
  await expect(dialog.getByText('470 characters · 4 parts · GSM-7 · at most 3 parts', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Message is too long for 3 SMS: at most 459 characters')).toBeVisible();
});
