import { expect } from '@playwright/test';
import { E2E_PORT } from './env';
import { LAYOUT, signInViaApi, test } from './helpers';

/**
 * A ZKTeco terminal never sends a token, so its dialog shows what to enter on the device —
 * the server address and port this console is served from and the reader's serial number — after it is added and
 * from its row's 'Device Setup'. An HTTP reader still gets its one-time token. Both widths.
 */
test(
  "RFID Readers: a ZKTeco reader's dialog shows server address, port and serial number, no token",
  LAYOUT,
  async ({ page, width }) => {
    const token = await signInViaApi(page);
    const tag = `${width}${Date.now() % 1_000_000}`;
    const school = await page.request.post('/api/super-admin/schools', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `Setup Academy ${tag}`, acronym: `S${tag.slice(-8)}` },
    });
    expect(school.status(), await school.text()).toBe(201);

    await page.goto('/super-admin/device-management?tab=rfid');
    await page.getByRole('button', { name: 'Add Reader' }).click();
    const form = page.getByRole('dialog', { name: 'Add RFID Reader' });
    await form.getByLabel('Reader Name').fill(`ZK Gate ${tag}`);
    await form.getByLabel('School').selectOption({ label: `Setup Academy ${tag} (S${tag.slice(-8)})` });
    await form.getByLabel('Kind').selectOption('ZKTECO');
    await form.getByLabel('Serial Number').fill(`CKJX${tag}`);
    await form.getByRole('button', { name: 'Add Reader' }).click();

    const expectSetup = async () => {
      const setup = page.getByRole('dialog', { name: `Device setup for ZK Gate ${tag}` });
      const settings = setup.getByRole('definition');
      await expect(setup.getByRole('term')).toHaveText(['Server Address', 'Server Port', 'Serial Number']);
      await expect(settings).toHaveText(['127.0.0.1', String(E2E_PORT), `CKJX${tag}`]);
      await expect(setup).toContainText('ZKTeco terminals push their taps (ADMS) and use no token.');
      await expect(setup.getByTestId('reader-token')).toHaveCount(0);
      await expect(setup.getByText('it is shown only once')).toHaveCount(0);
      const box = (await setup.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await setup.getByRole('button', { name: 'Done' }).click();
      await expect(setup).toHaveCount(0);
    };
    await expectSetup();

    // Later, from the reader's row: the same settings (a ZKTeco reader has no token to renew).
    const row = page.getByRole('table', { name: 'RFID readers' }).locator('tbody tr', { hasText: `ZK Gate ${tag}` });
    await expect(row.getByRole('button', { name: 'New Token' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Device Setup' }).click();
    await expectSetup();

    // An HTTP reader keeps its one-time token.
    await page.getByRole('button', { name: 'Add Reader' }).click();
    await form.getByLabel('Reader Name').fill(`HTTP Gate ${tag}`);
    await form.getByLabel('School').selectOption({ label: `Setup Academy ${tag} (S${tag.slice(-8)})` });
    await form.getByRole('button', { name: 'Add Reader' }).click();
    const tokenDialog = page.getByRole('dialog', { name: `Token for HTTP Gate ${tag}` });
    await expect(tokenDialog.getByTestId('reader-token')).toHaveText(/^rdr_/);
    await expect(tokenDialog.getByRole('term')).toHaveCount(0);
  },
);
