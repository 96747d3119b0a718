import { expect, type APIRequestContext } from '@playwright/test';
import { signInViaApi, test } from '../helpers';
import { GATE_SIZES } from './sizes';
import { goOffline, goOnline, pairPage, readerTaps, seedGate } from './gate-seed';

/** The school's attendance records of today, by learner's first name (check-in time set or not). */
async function recordsOf(request: APIRequestContext, root: string, schoolId: number) {
  const res = await request.get(`/api/super-admin/attendance-history?schoolId=${schoolId}&limit=50`, {
    headers: { authorization: `Bearer ${root}` },
  });
  expect(res.status()).toBe(200);
  const { records } = (await res.json()).data as { records: Array<{ student: { firstName: string }; status: string }> };
  return records.map((r) => `${r.student.firstName} ${r.status}`).sort();
}

/**
 * Offline, nothing lost: taps while the browser is offline are saved and shown from the cached roster, survive a
 * reload (the page itself from the service worker), and are recorded once each when the network is back; an answer
 * lost on the way is asked again with the same event id and recorded once.
 */
for (const size of GATE_SIZES) {
  test.describe(`gate station offline ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('offline taps are saved, kept through a reload, and recorded once each on reconnect', async ({ page, context }) => {
      const root = await signInViaApi(page);
      const tag = `${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Ana', 'Ben', 'Cy']);
      await pairPage(page, seed.code, seed.schoolName);
      // The page's files are in the service worker's cache before the network goes.
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);

      await goOffline(context);
      const tap = page.locator('#tap-card');
      const status = page.locator('#net-status');
      await readerTaps(page, seed.cards.Ana!);
      await expect(page.locator('#tap-name')).toHaveText(`Ana Gate${tag}`);
      await expect(page.locator('#tap-direction')).toHaveText('IN');
      await expect(tap).toHaveAttribute('data-pending', 'true');
      await expect(status).toHaveText('Offline: 1 tap saved');
      await readerTaps(page, seed.cards.Ben!);
      await expect(page.locator('#tap-name')).toHaveText(`Ben Gate${tag}`);
      await expect(status).toHaveText('Offline: 2 taps saved');

      // A reload in the middle: the page comes from the cache, the queue from IndexedDB.
      await page.reload();
      await expect(page.locator('#school-name')).toHaveText(seed.schoolName);
      await expect(status).toHaveText('Offline: 2 taps saved');
      await expect(page.locator('#recent li')).toHaveCount(2);
      await readerTaps(page, seed.cards.Cy!);
      await expect(page.locator('#tap-name')).toHaveText(`Cy Gate${tag}`);
      await readerTaps(page, seed.cards.Ana!);
      await expect(page.locator('#tap-status')).toHaveText('Repeated tap');
      await expect(status).toHaveText('Offline: 4 taps saved');
      expect(await recordsOf(page.request, root, seed.schoolId)).toEqual([]);

      await goOnline(context);
      await expect(status).toHaveText('Online');
      await expect(page.locator('#recent li[data-pending="true"]')).toHaveCount(0);
      await expect(page.locator('#recent li').first()).toContainText('Repeated tap');
      expect(await recordsOf(page.request, root, seed.schoolId)).toEqual(['Ana PRESENT', 'Ben PRESENT', 'Cy PRESENT']);
    });

    test('an answer lost on the way is asked again with the same event id and recorded once', async ({ page, context }) => {
      const root = await signInViaApi(page);
      const tag = `L${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Dee']);
      await pairPage(page, seed.code, seed.schoolName);
      // The first post reaches the server (which records it), but its answer never reaches the page.
      const posted: string[] = [];
      let lost = false;
      await context.route('**/api/rfid/taps', async (route) => {
        posted.push(route.request().postData() ?? '');
        if (lost) return route.continue();
        lost = true;
        await route.fetch();
        await route.abort('connectionreset');
      });
      await readerTaps(page, seed.cards.Dee!);
      await expect(page.locator('#net-status')).toHaveText('Offline: 1 tap saved');
      await expect(page.locator('#net-status')).toHaveText('Online');
      await expect(page.locator('#tap-card')).toHaveAttribute('data-pending', 'false');
      await expect(page.locator('#tap-status')).toHaveText('PRESENT');
      expect(posted).toHaveLength(2);
      expect(JSON.parse(posted[1]!).events[0].eventId).toBe(JSON.parse(posted[0]!).events[0].eventId);
      expect(await recordsOf(page.request, root, seed.schoolId)).toEqual(['Dee PRESENT']);
    });
  });
}
