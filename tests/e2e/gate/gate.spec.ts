import { expect } from '@playwright/test';
import { expectFitsWidth, signInViaApi, test } from '../helpers';
import { GATE_SIZES } from './sizes';
import { pairPage, readerTaps, seedGate } from './gate-seed';

/**
 * The gate station (/gate) at a landscape monitor and a standing tablet: pairing by code, a USB reader's burst shown
 * with the learner and the server's verdict, and a person typing that is not taken for a card.
 */
for (const size of GATE_SIZES) {
  test.describe(`gate station ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('pairs with a code; a reader burst shows the learner IN, PRESENT; typing by hand is no card', async ({ page }) => {
      const root = await signInViaApi(page);
      const tag = `${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Ana', 'Ben']);

      // A wrong code says so; the right one pairs.
      await page.goto('/gate');
      await page.getByLabel('Pairing code').fill('ZZZZ-ZZZZ');
      await page.getByRole('button', { name: 'Pair' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'This pairing code is not valid. Check it, or make a new one in Device Management.',
      );
      await pairPage(page, seed.code, seed.schoolName);
      await expect(page.locator('#reader-name')).toHaveText(`Front Gate ${tag}`);
      await expect(page.locator('#clock')).toHaveText(/\d{1,2}:\d{2}:\d{2} [AP]M/);

      // A person typing a number, key by key: nothing happens.
      await page.keyboard.type(seed.cards.Ana!, { delay: 120 });
      await page.keyboard.press('Enter');
      await expect(page.locator('#tap-idle')).toBeVisible();

      // The reader's burst: the learner, IN, PRESENT, confirmed by the server.
      await readerTaps(page, seed.cards.Ana!);
      const tap = page.locator('#tap-card');
      await expect(page.locator('#tap-name')).toHaveText(`Ana Gate${tag}`);
      await expect(page.locator('#tap-direction')).toHaveText('IN');
      await expect(page.locator('#tap-status')).toHaveText('PRESENT');
      await expect(tap).toHaveAttribute('data-tone', 'accepted');
      await expect(tap).toHaveAttribute('data-pending', 'false');
      await expect(page.locator('#recent li')).toHaveCount(1);
      await expect(page.locator('#p95')).toHaveText(/Server p95: \d+ ms \(1\)/);

      // The same card's decimal print is the same card: a repeated tap.
      await readerTaps(page, String(parseInt(seed.cards.Ana!, 16)).padStart(10, '0'));
      await expect(tap).toHaveAttribute('data-tone', 'repeated');
      await expect(page.locator('#tap-status')).toHaveText('Repeated tap');
      await page.getByText('Settings').click();
      await expect(page.locator('#formats')).toContainText('8-digit hex: 1');
      await expect(page.locator('#formats')).toContainText('10-digit decimal: 1');

      // A card nobody holds.
      await readerTaps(page, '0012345678');
      await expect(page.locator('#tap-name')).toHaveText('Unknown card 0012345678');
      await expect(tap).toHaveAttribute('data-tone', 'unknown');
      await expect(page.locator('#recent li')).toHaveCount(3);
      await expect(page.locator('#net-status')).toHaveText('Online');
      // A kiosk screen: the whole gate fits the monitor or the tablet, nothing to scroll.
      await expectFitsWidth(page, `gate ${size.name}`);
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);

      // On the screen within 100 ms of the Enter key, from the device's own roster.
      const ms = await page.evaluate(async (keys) => {
        const card = document.getElementById('tap-card')!;
        const before = card.dataset.key;
        for (const key of keys) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
        const enter = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        while (card.dataset.key === before) await new Promise((r) => requestAnimationFrame(r));
        return performance.now() - enter;
      }, seed.cards.Ben!);
      await expect(page.locator('#tap-name')).toHaveText(`Ben Gate${tag}`);
      expect(ms).toBeLessThan(100);

      // Unpaired in Device Management: the page stops and asks for a new code.
      const unpaired = await page.request.post(`/api/super-admin/rfid-readers/${seed.readerId}/unpair`, {
        headers: { authorization: `Bearer ${root}` },
      });
      expect(unpaired.status()).toBe(200);
      await expect(page.getByRole('alert')).toHaveText(
        'This gate was unpaired in Device Management. Pair it again with a new code.',
        { timeout: 10_000 },
      );
      await expect(page.locator('#gate-screen')).toBeHidden();
    });
  });
}
