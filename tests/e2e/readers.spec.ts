import { expect, type APIRequestContext } from '@playwright/test';
import { expectFitsWidth, LAYOUT, signInViaApi, test, WANT_TOKEN } from './helpers';
import { admin, call, card as randomCard, PASSWORD, school, student } from './admin-seed';
import { CLAIM_RECORDED } from '@domain/devices/device-claims';

/**
 * Device Management → RFID Readers: a reader's refused taps are listed with their reason, and deleting a
 * reader that has taps retires it (kept with its history), shown again with 'Show retired readers'; a tap sent long
 * after its time, out of its reader's order, is listed under Late Replays; a school's claim on a serial another school
 * holds is reviewed by the super admin under the readers. Both widths.
 */

async function seedZkReader(request: APIRequestContext, token: string, tag: string) {
  const auth = { authorization: `Bearer ${token}` };
  const school = await request.post('/api/super-admin/schools', {
    headers: auth,
    data: { name: `Refusal Academy ${tag}`, acronym: `R${tag.slice(-8)}` },
  });
  expect(school.status(), await school.text()).toBe(201);
  const serial = `E2EZK${tag}`;
  const reader = await request.post('/api/super-admin/rfid-readers', {
    headers: auth,
    data: { name: `Old Gate ${tag}`, schoolId: (await school.json()).data.id, kind: 'ZKTECO', serialNumber: serial },
  });
  expect(reader.status(), await reader.text()).toBe(201);
  // Yesterday (UTC) at noon: inside the accepted window in any school zone. One tap of an unknown card is stored,
  // one line with an impossible time is refused and kept.
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const posted = await request.post(`/iclock/cdata?SN=${serial}&table=ATTLOG`, {
    headers: { 'content-type': 'text/plain' },
    data: `${tag}\t${day} 12:00:00\t0\t1\n${tag}\t${day} 08:75:00\t0\t1`,
  });
  expect(await posted.text()).toBe('OK');
  return { name: `Old Gate ${tag}`, day };
}

test(
  'RFID Readers: refused taps with their reason; a reader with taps is retired, shown on request',
  LAYOUT,
  async ({ page, width }) => {
    const token = await signInViaApi(page);
    const tag = `${width}${Date.now() % 1_000_000}`;
    const { name, day } = await seedZkReader(page.request, token, tag);

    await page.goto('/super-admin/device-management?tab=rfid');
    const refused = page.getByRole('table', { name: 'Refused taps' });
    const refusal = refused.locator('tbody tr', { hasText: name });
    await expect(refusal).toContainText(`Impossible date or time "${day} 08:75:00"`);
    await expect(refusal).toContainText(`${tag}@${day}T08:75:00`);
    await expectFitsWidth(page, `RFID Readers ${width}px`);

    const readers = page.getByRole('table', { name: 'RFID readers' });
    const row = readers.locator('tbody tr', { hasText: name });
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('A reader that has recorded taps is retired instead');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Reader retired: it has taps, so it is kept (disabled) with its history')).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByLabel('Show retired readers').check();
    await expect(page).toHaveURL(/retired=true/);
    const retired = readers.locator('tbody tr', { hasText: name });
    await expect(retired).toContainText('Retired');
    await expect(retired).toContainText('Kept for its history');
    await expect(retired.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Its refusal is still listed: it is the reader's history.
    await expect(refusal).toBeVisible();
    await expectFitsWidth(page, `RFID Readers with retired ${width}px`);
  },
);

test(
  'RFID Readers follow taps live (attendance:all): last seen moves, an unknown card shows without reload',
  LAYOUT,
  async ({ page, width }) => {
    const token = await signInViaApi(page);
    const auth = { authorization: `Bearer ${token}` };
    const tag = `L${width}${Date.now() % 1_000_000}`;
    const school = await page.request.post('/api/super-admin/schools', {
      headers: auth,
      data: { name: `Live Gate Academy ${tag}`, acronym: tag.slice(-9) },
    });
    expect(school.status(), await school.text()).toBe(201);
    const created = await page.request.post('/api/super-admin/rfid-readers', {
      headers: auth,
      data: { name: `Live Gate ${tag}`, schoolId: (await school.json()).data.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const reader = (await created.json()).data as { token: string };

    await page.goto('/super-admin/device-management?tab=rfid');
    const row = page.getByRole('table', { name: 'RFID readers' }).locator('tbody tr', { hasText: `Live Gate ${tag}` });
    await expect(row).toContainText('Never');
    // No reload: the socket event moves the reader's last seen and lists the card. The page's live connection is
    // made after it loads, so a tap sent before it has joined is told again with another card until one arrives.
    let card = '';
    let n = 0;
    await expect(async () => {
      card = randomCard();
      const tap = await page.request.post('/api/rfid/taps', {
        headers: { authorization: `Bearer ${reader.token}` },
        data: { eventId: `live-${tag}-${(n += 1)}`, cardUid: card, tappedAt: new Date().toISOString() },
      });
      expect(tap.status(), await tap.text()).toBe(201);
      await expect(row).not.toContainText('Never', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('table', { name: 'Unknown cards' }).locator('tbody tr', { hasText: card })).toBeVisible();
    await expectFitsWidth(page, `RFID Readers live ${width}px`);
  },
);

test(
  "RFID Readers: a school's claim on another school's serial is listed for the super admin, who grants it",
  LAYOUT,
  async ({ page, width }) => {
    const root = await signInViaApi(page);
    const tag = `C${width}${Date.now() % 1_000_000}`;
    const holder = await school(page.request, root, `Holder Academy ${tag}`);
    const claimant = await school(page.request, root, `Claimant Academy ${tag}`);
    const serial = `E2ECLAIM${tag}`;
    await call(page.request, root, 'post', '/api/super-admin/rfid-readers', {
      name: `Held Gate ${tag}`,
      schoolId: holder,
      kind: 'ZKTECO',
      serialNumber: serial,
    });
    const email = await admin(page.request, root, claimant, ['MANAGE_RFID_READERS']);
    const login = await page.request.post('/api/admin/login', { data: { email, password: PASSWORD }, headers: WANT_TOKEN });
    const adminToken = (await login.json()).data.token as string;
    const tried = await page.request.post('/api/admin/rfid-readers', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { name: 'Our Gate', schoolId: claimant, kind: 'ZKTECO', serialNumber: serial },
    });
    expect(tried.status()).toBe(409);
    expect((await tried.json()).message).toBe(CLAIM_RECORDED.RFID_READER);

    await page.goto('/super-admin/device-management?tab=rfid');
    const claims = page.getByRole('table', { name: 'Claims on a reader serial number' });
    const row = claims.locator('tbody tr', { hasText: serial });
    await expect(row).toContainText(`Claimant Academy ${tag}`);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/device-claims-${width}.png`, fullPage: false });
    await expectFitsWidth(page, `Device claims ${width}px`);

    await row.getByRole('button', { name: 'Grant' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`Held Gate ${tag}`);
    await confirm.getByRole('button', { name: 'Grant' }).click();
    await expect(page.getByText('Claim granted: the record now belongs to the claiming school')).toBeVisible();
    await expect(row).toHaveCount(0);
    const moved = page.getByRole('table', { name: 'RFID readers' }).locator('tbody tr', { hasText: `Held Gate ${tag}` });
    // The list names a reader's school by its acronym; the moved reader waits, inactive, for the school to turn it on.
    const got = await page.request.get(`/api/super-admin/schools/${claimant}`, { headers: { authorization: `Bearer ${root}` } });
    await expect(moved).toContainText((await got.json()).data.acronym);
    await expect(moved).toContainText('Inactive');
  },
);

test(
  "RFID Readers: a tap sent long after its time, out of its reader's order, is listed as a late replay",
  LAYOUT,
  async ({ page, width }) => {
    const token = await signInViaApi(page);
    const tag = `R${width}${Date.now() % 1_000_000}`;
    const schoolId = await school(page.request, token, `Replay Academy ${tag}`);
    const card = randomCard();
    const lara = await student(page.request, token, schoolId, 'Lara', `Replay${tag}`, card);
    // On the roll since last week: a tap of yesterday is hers (registered today, she would not be enrolled yet).
    const enrolled = await page.request.patch(`/api/super-admin/students/${lara}`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: { data: JSON.stringify({ enrolmentDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) }) },
    });
    expect(enrolled.status()).toBe(200);
    const reader = await call(page.request, token, 'post', '/api/super-admin/rfid-readers', {
      name: `Replay Gate ${tag}`,
      schoolId,
    });
    // Yesterday: the 12:00 tap, then one of 11:00 sent after it (a day late, older than what the reader sent).
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [eventId, time] of [
      ['a', '12:00'],
      ['b', '11:00'],
    ]) {
      const tap = await page.request.post('/api/rfid/taps', {
        headers: { authorization: `Bearer ${reader.token}` },
        data: { eventId: `${tag}-${eventId}`, cardUid: card, tappedAt: `${day}T${time}:00.000Z` },
      });
      expect(tap.status(), await tap.text()).toBe(201);
    }

    await page.goto('/super-admin/device-management?tab=rfid');
    const row = page.getByRole('table', { name: 'Late replays' }).locator('tbody tr', { hasText: `Replay${tag}` });
    await expect(row).toContainText('Sent long after its time, out of the reader’s order');
    await expect(row).toContainText(`Replay Gate ${tag}`);
    await expectFitsWidth(page, `RFID Readers late replays ${width}px`);
  },
);
