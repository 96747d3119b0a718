import { expect } from '@playwright/test';
import { signInViaApi, test } from '../helpers';
import { GATE_SIZES } from './sizes';
import { pairPage, readerTaps, seedGate } from './gate-seed';

/**
 * An unknown card at the gate: the guard sees its number; staff assign it to a learner from Device Management's
 * unknown-card list in one step (the earlier tap counts), and the gate recognises the card from then on.
 */
for (const size of GATE_SIZES) {
  test.describe(`gate station unknown card ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('an unknown card is assigned in Device Management, then recognised at the gate', async ({ page, context }) => {
      const root = await signInViaApi(page);
      const tag = `U${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Fay']);
      const card = `00${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      await pairPage(page, seed.code, seed.schoolName);
      await readerTaps(page, card);
      await expect(page.locator('#tap-name')).toHaveText(`Unknown card ${card}`);
      await expect(page.locator('#tap-card')).toHaveAttribute('data-pending', 'false');

      const console = await context.newPage();
      await console.goto('/super-admin/device-management?tab=rfid');
      const row = console.getByRole('table', { name: 'Unknown cards' }).locator('tbody tr', { hasText: card });
      await row.getByRole('button', { name: 'Assign' }).click();
      const dialog = console.getByRole('dialog');
      await dialog.getByLabel('Search by name or LRN').fill(`Gate${tag}`);
      await dialog.getByRole('button', { name: 'Assign to Fay' }).click();
      await expect(console.getByText(`Card assigned to Fay Gate${tag}: 1 earlier tap of the day counted`)).toBeVisible();
      await expect(row).toHaveCount(0);

      // At the gate, the same card is now Fay's: her earlier tap was her check-in, so this one repeats it.
      await page.bringToFront();
      await readerTaps(page, card);
      await expect(page.locator('#tap-name')).toHaveText(`Fay Gate${tag}`);
      await expect(page.locator('#tap-card')).toHaveAttribute('data-pending', 'false');
      await expect(page.locator('#tap-status')).toHaveText('Repeated tap');
    });
  });
}
