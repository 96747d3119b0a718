/*
 * The dashboard's Recent Activity is not flooded by SMS delivery events. Own instance, so
 * the log holds exactly what this spec writes.
 */
import { expect } from '@playwright/test';
import { LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';

const ROOT = { email: 'activity-root@school.test', password: 'ActivityRootPass123' };
let instance: Instance;

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-activity-' }, async () => undefined);
  const school = await instance.app.inject({
    method: 'POST',
    url: '/api/super-admin/schools',
    headers: { authorization: `Bearer ${instance.token}` },
    payload: { name: 'Activity Academy', acronym: 'ACTA' },
  });
  expect(school.statusCode, school.body).toBe(201);
  // A morning of delivery reports after it, as the gateway's webhook writes them.
  const now = Date.now();
  await instance.app.db
    .insertInto('systemLogs')
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        action: 'SMS_DELIVERED',
        entity: 'SmsNotification',
        entityId: String(i + 1),
        createdAt: new Date(now + 1000 + i).toISOString(),
      })),
    )
    .execute();
});
test.afterAll(async () => instance?.close());

test('Recent Activity shows the school created, not thirty delivery reports', LAYOUT, async ({ page, context }) => {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}/home`);
  const feed = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Activity' }) }).getByRole('listitem');
  await expect(feed.filter({ hasText: 'School' }).first()).toBeVisible();
  await expect(feed.filter({ hasText: 'SmsNotification' })).toHaveCount(0);
});
