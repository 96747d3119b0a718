import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LAYOUT, test } from './helpers';
import { SMS_UNCERTAIN_MESSAGES } from '@domain/sms-history';
import { addStudent, addUncertainMessage } from '../helpers/notifications';
import { startInstance, type Instance } from './instance';

/**
 * On screen: SMS History shows an UNCERTAIN message (yellow status, its reason), the Status filter
 * lists UNCERTAIN, and the row's Resend and Dismiss ask first, then act (PENDING; 'Dismissed'). Own instance: no
 * API makes an UNCERTAIN message. Both widths.
 */
const ROOT = { email: 'uncertain-root@school.test', password: 'UncertainRoot123' };
const REASON = 'Outcome unknown: the send through Gate phone was interrupted. Check the phone, then Resend or Dismiss.';

let instance: Instance;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-uncertain-' }, async (app) => {
    for (const first of ['Rosa', 'Tomas', 'Lia', 'Ben']) {
      const id = await addStudent(app, null, { firstName: first });
      await app.db.updateTable('students').set({ lastName: 'Uncertain' }).where('id', '=', id).execute();
      await addUncertainMessage(app, id, null, { message: `${first} arrived at school.`, failureReason: REASON });
    }
  });
});
test.afterAll(async () => instance?.close());

async function open(page: Page, context: BrowserContext) {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}/super-admin/sms-history`);
  await expect(page.getByRole('heading', { level: 1, name: 'SMS Notifications History' })).toBeVisible();
}

test('an UNCERTAIN message: shown with its reason, filterable, Resend and Dismiss', LAYOUT, async ({ page, context, width }) => {
  const [resendName, dismissName] = width >= 1440 ? ['Rosa', 'Tomas'] : ['Lia', 'Ben'];
  await open(page, context);
  await page.getByLabel('Status').selectOption('UNCERTAIN');
  await page.getByRole('button', { name: 'Apply Filters' }).click();

  const table = page.getByRole('table', { name: 'SMS notifications' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: `${name} Uncertain` });
  await expect(row(resendName).getByText('UNCERTAIN', { exact: true })).toBeVisible();
  await expect(row(resendName).getByText(REASON)).toBeVisible();

  await page.getByRole('button', { name: `Resend message to the parent of ${resendName} Uncertain` }).click();
  const ask = page.getByRole('dialog', { name: 'Resend Message' });
  await expect(ask.getByText(/resending may deliver it twice/)).toBeVisible();
  await ask.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(SMS_UNCERTAIN_MESSAGES.resent)).toBeVisible();
  await expect(row(resendName).getByText('PENDING', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Resend message to the parent of ${resendName} Uncertain` })).toHaveCount(0);

  await page.getByRole('button', { name: `Dismiss message to the parent of ${dismissName} Uncertain` }).click();
  await page.getByRole('dialog', { name: 'Dismiss Message' }).getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(SMS_UNCERTAIN_MESSAGES.dismissed)).toBeVisible();
  await expect(row(dismissName).getByText('Dismissed', { exact: true })).toBeVisible();
  await expect(row(dismissName).getByText('UNCERTAIN', { exact: true })).toBeVisible();

  // The page never scrolls sideways (a wide table scrolls inside its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const logs = await page.request.get(`${instance.base}/api/super-admin/system-logs?limit=50`, {
    headers: { Authorization: `Bearer ${instance.token}` },
  });
  const actions = ((await logs.json()).data.logs as Array<{ action: string }>).map((l) => l.action);
  expect(actions).toEqual(expect.arrayContaining(['RESEND_UNCERTAIN_SMS', 'DISMISS_UNCERTAIN_SMS']));
});
