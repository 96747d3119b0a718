import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { call, card, student } from '../admin-seed';

/** A school (every day a school day), learners with cards, and a gate station reader with a pairing code. */
export async function seedGate(request: APIRequestContext, root: string, tag: string, learners: string[]) {
  const created = await call(request, root, 'post', '/api/super-admin/schools', {
    name: `Gate Academy ${tag}`,
    acronym: `G${tag}`.slice(0, 10),
  });
  const schoolId = created.id as number;
  // Every day a school day, late only just before midnight: the spec does not depend on the calendar or the hour.
  await call(request, root, 'put', `/api/super-admin/schools/${schoolId}/attendance-settings`, {
    timeZone: 'Asia/Manila',
    lateCutoff: '23:58',
    absenceCutoff: '23:59',
    schoolDays: [1, 2, 3, 4, 5, 6, 7],
    holidays: [],
  });
  const cards: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const first of learners) {
    // A letter first: the card reads as hex whatever its digits (an all-digit hex would read as a decimal).
    cards[first] = `A${card().slice(1)}`;
    ids[first] = await student(request, root, schoolId, first, `Gate${tag}`, cards[first]);
  }
  const reader = await call(request, root, 'post', '/api/super-admin/rfid-readers', {
    name: `Front Gate ${tag}`,
    schoolId,
    kind: 'GATE',
  });
  const code = (await call(request, root, 'post', `/api/super-admin/rfid-readers/${reader.id}/pairing-code`, {})).code as string;
  return { schoolId, readerId: reader.id as number, code, cards, ids, schoolName: `Gate Academy ${tag}` };
}

/** Opens /gate and pairs it with the code. */
export async function pairPage(page: Page, code: string, schoolName: string) {
  await page.goto('/gate');
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair' }).click();
  await expect(page.locator('#school-name')).toHaveText(schoolName);
}

/**
 * What a USB reader does: the card's characters as key presses a few milliseconds apart, then Enter. Sent from
 * inside the page in one go: Playwright's own key presses travel one by one from the test process, and on a busy
 * machine their gaps can grow past a reader's, which is what tells a reader from a person.
 */
export async function readerTaps(page: Page, cardText: string) {
  await page.evaluate(async (keys) => {
    for (const key of [...keys, 'Enter']) {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await new Promise((r) => setTimeout(r, 2));
    }
  }, cardText);
}

/**
 * The network gone and back, through the browser context. Chromium's offline mode does not hold back what the
 * service worker lets through to the network, so the API is also refused at the context's router (which sees the
 * worker's requests too).
 */
export async function goOffline(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}
