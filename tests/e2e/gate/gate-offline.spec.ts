import fs from 'node:fs';
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

    test('five minutes of taps offline with a reload between are recorded once each, at their own times', async ({
      page,
      context,
    }) => {
      const root = await signInViaApi(page);
      const tag = `F${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Gia', 'Hal', 'Ivy']);
      // The page's clock is Playwright's: five minutes pass on it in a moment, with every retry timer firing.
      await page.clock.install();
      await pairPage(page, seed.code, seed.schoolName);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      const posted: string[] = [];
      await context.route('**/api/rfid/taps', (route) => {
        posted.push(route.request().postData() ?? '');
        return route.continue();
      });

      await goOffline(context);
      // The taps happen over the five minutes before now (the server refuses taps ahead of its clock).
      const start = Date.now() - 5 * 60_000;
      await page.clock.setSystemTime(start);
      await readerTaps(page, seed.cards.Gia!);
      await expect(page.locator('#tap-name')).toHaveText(`Gia Gate${tag}`);
      await page.clock.runFor('03:00');
      await readerTaps(page, seed.cards.Hal!);
      await expect(page.locator('#net-status')).toHaveText('Offline: 2 taps saved');
      await page.reload();
      await expect(page.locator('#net-status')).toHaveText('Offline: 2 taps saved');
      await page.clock.runFor('01:59');
      await readerTaps(page, seed.cards.Ivy!);
      await expect(page.locator('#net-status')).toHaveText('Offline: 3 taps saved');

      // Back online, the route that counts the posts kept.
      await context.unroute('**/api/**');
      await context.setOffline(false);
      await page.clock.runFor('00:05');
      await expect(page.locator('#net-status')).toHaveText('Online');
      expect(await recordsOf(page.request, root, seed.schoolId)).toEqual(['Gia PRESENT', 'Hal PRESENT', 'Ivy PRESENT']);
      const events = posted.flatMap(
        (body) => (JSON.parse(body) as { events: Array<{ eventId: string; tappedAt: string }> }).events,
      );
      expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
      const minutes = events.map((e) => Math.round((Date.parse(e.tappedAt) - start) / 60_000));
      expect(minutes).toEqual([0, 3, 5]);
    });

    test("a learner's photo is shown offline from the thumbnail saved on the device", async ({ page, context }) => {
      const root = await signInViaApi(page);
      const tag = `P${size.viewport.width}${Date.now() % 1_000_000}`;
      const seed = await seedGate(page.request, root, tag, ['Eve', 'Fay']);
      // Eve has a photo (1200×630); Fay has none.
      const photo = await page.request.patch(`/api/super-admin/students/${seed.ids.Eve}`, {
        headers: { authorization: `Bearer ${root}` },
        multipart: {
          data: '{}',
          profilePicture: { name: 'eve.png', mimeType: 'image/png', buffer: fs.readFileSync('public/logo_big.png') },
        },
      });
      expect(photo.status()).toBe(200);
      await pairPage(page, seed.code, seed.schoolName);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      await expect(page.locator('#photos-saved')).toHaveText('Photos saved for offline: 1 of 1');

      await goOffline(context);
      const uploads: string[] = [];
      await context.route('**/uploads/**', (route) => {
        uploads.push(route.request().url());
        return route.abort('internetdisconnected');
      });
      await page.reload();
      await expect(page.locator('#school-name')).toHaveText(seed.schoolName);
      await readerTaps(page, seed.cards.Eve!);
      await expect(page.locator('#tap-name')).toHaveText(`Eve Gate${tag}`);
      const img = page.locator('#tap-photo');
      await expect(img).toBeVisible();
      await expect(img).toHaveAttribute('src', /^blob:/);
      const drawn = await img.evaluate(async (el: HTMLImageElement) => {
        await el.decode();
        return { w: el.naturalWidth, h: el.naturalHeight };
      });
      // The thumbnail, not the upload: its longer side at most 320 px, the photo's proportions kept.
      expect(drawn).toEqual({ w: 320, h: 168 });
      expect(uploads).toEqual([]);

      await readerTaps(page, seed.cards.Fay!);
      await expect(page.locator('#tap-name')).toHaveText(`Fay Gate${tag}`);
      await expect(img).toBeHidden();
      await expect(page.locator('#tap-initials')).toHaveText('FG');
    });
  });
}
