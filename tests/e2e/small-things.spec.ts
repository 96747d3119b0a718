import { expect, test } from '@playwright/test';
import { E2E_BASE_URL, E2E_NOTIFY_STUDENT, signInViaApi } from './helpers';

/** Smaller things a school would notice (the live card's check-out is in live-totals.spec.ts). */

test('the device test shows the gateway reason, and Send stays on one line at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signInViaApi(page);
  const name = `Reason phone ${Date.now()}`;
  const res = await page.request.post('/api/super-admin/sms-devices', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, deviceName: 'Pixel 7', phoneNumber: '+639181112233', apiKey: 'reason-key-0042' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/super-admin/device-management');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Test ${name}` }).click();
  const send = card.getByRole('button', { name: 'Send' });
  const box = (await send.boundingBox())!;
  // One line of text-sm in a small button is about 32 px high; 'Sen' over 'd' would be about 52.
  expect(box.height).toBeLessThan(40);
  // Spaces pass the form's check; this gateway wants E.164 and says so.
  await card.getByLabel('Test phone number').fill('0917 555 0123');
  await send.click();
  await expect(card.getByText('Failed to send test message. Please check the device configuration.')).toBeVisible();
  await expect(card.getByText('SMS gateway 422: The to field must be a valid E.164 phone number')).toBeVisible();
});

test('a school that does not exist: "School not found", and no actions for it', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/super-admin/schools/999999/students');
  await expect(page.getByText('School not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Schools' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register New Student' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
});

test('exported phone numbers are plain numbers; a formula is still defused', async ({ page }) => {
  const token = await signInViaApi(page);
  const auth = { Authorization: `Bearer ${token}` };
  const schools = (await (await page.request.get('/api/super-admin/schools', { headers: auth })).json()).data as Array<{
    id: number;
    acronym: string;
  }>;
  const schoolId = schools.find((s) => s.acronym === E2E_NOTIFY_STUDENT.acronym)!.id;
  const csv = await page.request.get(`${E2E_BASE_URL}/api/super-admin/students?schoolId=${schoolId}&format=csv`, {
    headers: auth,
  });
  expect(csv.status()).toBe(200);
  const line = (await csv.text()).split('\r\n').find((l) => l.includes(E2E_NOTIFY_STUDENT.lrn))!;
  expect(line).toContain(',+639171230000');
  expect(line).not.toContain("'+639171230000");
});
