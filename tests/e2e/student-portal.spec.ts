/*
 * The student portal: a morning — the learner opens /student, the card is tapped at the gate, and the
 * status changes without a reload; the page at 390 px and 1440 px (no wider than the screen, no accessibility
 * violations by axe-core's rules, the engine Lighthouse's accessibility score uses); a visitor without the
 * STUDENT_TOKEN cookie goes to /login.
 */
import { createRequire } from 'node:module';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { browserSignIn, E2E_BASE_URL, expectFitsWidth, parentOpens, signInViaApi } from './helpers';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const card = `${Date.now().toString(16).slice(-6)}${Math.floor(Math.random() * 256)
  .toString(16)
  .padStart(2, '0')}`.toUpperCase();
const learner = { email: `portal.${run}@students.test`, password: 'Sampaguita-2026', lrn: String(Date.now()).slice(-12) };
let readerToken: string;
/** A second learner whose school has a Facebook page (the guardian's Messenger QR code). */
const withPage = { email: `portal.fb.${run}@students.test`, password: 'Sampaguita-2026', lrn: String(Date.now() + 7).slice(-12) };
const pageId = `77${Date.now() % 10_000_000}`;

const axeSource = (() => {
  const require = createRequire(import.meta.url);
  return require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') as string;
})();

/** axe-core's WCAG A/AA rules on the page as it is now (evaluated through the debugger, so the page's CSP allows it). */
async function expectNoAxeViolations(page: Page, label: string) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] } });
    return (result.violations as Array<{ id: string; nodes: Array<{ target: string[] }> }>).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
  expect(violations, label).toEqual([]);
}

/** Signs the learner in through the API: the server sets the STUDENT_TOKEN cookie, as for the /login page. */
async function signInLearner(context: BrowserContext, who = learner) {
  await browserSignIn(context, '/api/student/login', { email: who.lrn, password: who.password });
}

test.describe('student portal', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const token = await signInViaApi(context);
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const call = async (method: 'post' | 'put', url: string, options: Record<string, unknown>) => {
      const res = await context.request[method](`${E2E_BASE_URL}${url}`, { ...auth, ...options });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return (await res.json()).data;
    };
    const school = await call('post', '/api/super-admin/schools', {
      multipart: { data: JSON.stringify({ name: `Portal High ${run}`, acronym: `P${run}`.slice(0, 10).toUpperCase() }) },
    });
    // Every day a class day and a late cutoff at the day's end: the morning below is whenever the suite runs.
    await call('put', `/api/super-admin/schools/${school.id}/attendance-settings`, {
      data: {
        timeZone: 'Asia/Manila',
        lateCutoff: '23:58',
        absenceCutoff: '23:59',
        schoolDays: [1, 2, 3, 4, 5, 6, 7],
        holidays: [],
      },
    });
    await call('post', '/api/super-admin/register-student', {
      multipart: {
        data: JSON.stringify({
          firstName: 'Andrea',
          lastName: `Portal ${run}`,
          email: learner.email,
          lrn: learner.lrn,
          password: learner.password,
          parentFirstName: 'Maria',
          parentPhone: '0917 123 4567',
          schoolId: school.id,
          rfidCardId: card,
        }),
      },
    });
    const fbSchool = await call('post', '/api/super-admin/schools', {
      multipart: { data: JSON.stringify({ name: `Portal FB High ${run}`, acronym: `F${run}`.slice(0, 10).toUpperCase() }) },
    });
    await call('post', '/api/super-admin/facebook-pages', {
      data: { pageId, pageName: `Portal Page ${run}`, accessToken: `EAAB-e2e-portal-${run}`, schoolId: fbSchool.id },
    });
    await call('post', '/api/super-admin/register-student', {
      multipart: {
        data: JSON.stringify({
          firstName: 'Bea',
          lastName: `Portal ${run}`,
          email: withPage.email,
          lrn: withPage.lrn,
          password: withPage.password,
          parentPhone: '0917 765 4321',
          schoolId: fbSchool.id,
        }),
      },
    });
    readerToken = (
      await call('post', '/api/super-admin/rfid-readers', { data: { name: `Portal gate ${run}`, schoolId: school.id } })
    ).token;
    await context.close();
  });

  test('a visitor without a student session is sent to /login', async ({ page }) => {
    await page.goto('/student');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a morning at 390 px: the portal is open, the card is tapped, the status changes live', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInLearner(page.context());
    await page.goto('/student');
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Andrea' })).toBeVisible();
    await expect(page.getByTestId('today-status')).toHaveText('Not checked in yet');
    await expect(page.getByTestId('live-status')).toHaveText('Live');
    await expect(page.getByText('No messages have been sent to your guardians yet.')).toBeVisible();
    await expect(page.getByTestId('guardian-messenger')).toHaveText(
      'Your school has not set up Messenger yet. Your guardians get text messages (SMS).',
    );
    await expectFitsWidth(page, 'portal at 390 px before the tap');
    await expectNoAxeViolations(page, 'portal at 390 px');

    const tap = await page.request.post(`${E2E_BASE_URL}/api/rfid/taps`, {
      headers: { Authorization: `Bearer ${readerToken}` },
      data: { eventId: `portal-${run}`, cardUid: card, tappedAt: new Date().toISOString() },
    });
    expect(tap.status(), await tap.text()).toBe(201);
    // No reload: the learner's room brings the tap.
    await expect(page.getByTestId('today-status')).toHaveText('Checked in');
    await expect(page.getByTestId('today-detail')).toHaveText(/^Checked in at \d{1,2}:\d{2} (AM|PM)( \w+)?$/);
    // Today's mark on the month follows live; the totals count today once the school's absence cutoff (23:59
    // here) has passed, as SF2 does.
    await expect(page.locator('li[data-mark="PRESENT"]')).toHaveCount(1);
    await expect(page.getByTestId('total-present')).toHaveText('0');
    await expectFitsWidth(page, 'portal at 390 px after the tap');

    // The password dialog is the kit's: labelled, and Escape closes it.
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    await expectFitsWidth(page, 'password dialog at 390 px');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('at 1440 px: the checked-in day, the calendar and the profile side by side, accessible', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInLearner(page.context());
    await page.goto('/student');
    await expect(page.getByTestId('today-status')).toHaveText('Checked in');
    await expect(page.getByRole('heading', { name: `Andrea Portal ${run}` })).toBeVisible();
    await expect(page.getByText(learner.lrn, { exact: true })).toBeVisible();
    await expectFitsWidth(page, 'portal at 1440 px');
    await expectNoAxeViolations(page, 'portal at 1440 px');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const cookies = await page.context().cookies(E2E_BASE_URL);
    expect(cookies.find((c) => c.name === 'STUDENT_TOKEN')).toBeUndefined();
  });

  test("at 390 px: the learner connects their own Messenger with a single-use QR code; the guardian's slot stays empty", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInLearner(page.context(), withPage);
    await page.goto('/student');
    const card = page.getByRole('region', { name: 'Messenger' });
    await expect(card.getByTestId('guardian-messenger')).toHaveText(
      'No guardian is connected to Messenger yet. Your school gives your guardian their own QR code to connect.',
    );
    await expect(card.getByTestId('my-messenger')).toContainText('Not connected.');
    await card.getByRole('button', { name: 'Connect my own Messenger' }).click();
    await expect(card.getByRole('img', { name: `QR code to connect your own Messenger to Portal Page ${run}` })).toBeVisible();
    await expectFitsWidth(page, 'QR code at 390 px');
    const link = (await card.getByRole('link', { name: 'Open the link instead' }).getAttribute('href'))!;
    expect(link.startsWith(`https://m.me/${pageId}?ref=`), link).toBe(true);

    // The learner writes to the page: their own slot is bound once; the same code for another account binds nothing.
    expect(await parentOpens(page.request, pageId, '24300001', link)).toEqual({ bound: 1, refused: 0 });
    expect(await parentOpens(page.request, pageId, '24300002', link)).toEqual({ bound: 0, refused: 1 });
    await page.reload();
    await expect(card.getByTestId('my-messenger')).toContainText('Connected since');
    await expect(card.getByTestId('guardian-messenger')).toContainText('No guardian is connected to Messenger yet.');
    await expectNoAxeViolations(page, 'Messenger card at 390 px');
  });
});
