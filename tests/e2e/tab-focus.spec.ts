import { expect, test } from '@playwright/test';
import { signInViaApi } from './helpers';

/** A tap on a tab leaves no focus ring; the keyboard still gets one. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('tabs show the focus ring for keyboard focus only', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/super-admin/device-management');
  const tab = page.getByRole('tab', { name: 'Facebook Pages' });
  await tab.tap();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toBeFocused();
  const ring = () => tab.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(await ring()).toBe('none');
  await page.keyboard.press('ArrowRight');
  const next = page.getByRole('tab', { name: 'RFID Readers' });
  await expect(next).toBeFocused();
  expect(await next.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
});
