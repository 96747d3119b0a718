import { createHmac } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_MESSENGER_APP_SECRET, E2E_NOTIFY_STUDENT, E2E_PROFILE_ADMIN, E2E_SUPER_ADMIN } from './env';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

export { E2E_BASE_URL, E2E_NOTIFY_STUDENT, E2E_PROFILE_ADMIN, E2E_SUPER_ADMIN };

type Credentials = { email: string; password: string };

/** Signs in through the /login form and waits for the console (lands on /home unless a page was remembered). */
export async function signIn(
  page: Page,
  creds: Credentials = E2E_SUPER_ADMIN,
  expectedPath: string | RegExp = '/home',
): Promise<void> {
  if (!/\/login$/.test(new URL(page.url(), E2E_BASE_URL).pathname)) await page.goto('/login');
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(typeof expectedPath === 'string' ? new RegExp(`${escape(expectedPath)}$`) : expectedPath);
}

/** The header by which a sign-in answers with a bearer token in data.token (as scripts ask) instead of cookies. */
export const WANT_TOKEN = { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE };

/**
 * Signs a browser context in as the /login page does: the sign-in route's reply sets the session cookies (HttpOnly
 * token, readable CSRF value) in the context, since the context's request shares its cookies.
 */
export async function browserSignIn(
  context: BrowserContext,
  url: string,
  creds: Credentials,
  base: string = E2E_BASE_URL,
): Promise<void> {
  const res = await context.request.post(`${base}${url}`, { data: creds });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).data.token, 'a browser gets no token in the body').toBeUndefined();
}

/** A bearer token for direct API calls (a script's sign-in: it asks for the token). */
export async function bearerToken(request: APIRequestContext, url: string, creds: Credentials, base = E2E_BASE_URL) {
  const res = await request.post(`${base}${url}`, { data: creds, headers: WANT_TOKEN });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/**
 * Fast path for specs that are not about signing in: the browser signs in through POST /api/super-admin/login (its
 * cookies, as the login page leaves them). Returns a bearer token of another session, for direct API calls.
 */
export async function signInViaApi(target: Page | BrowserContext, creds: Credentials = E2E_SUPER_ADMIN): Promise<string> {
  const context = 'context' in target ? target.context() : target;
  await browserSignIn(context, '/api/super-admin/login', creds);
  return bearerToken(context.request, '/api/super-admin/login', creds);
}

/** The value of a cookie in this context, or undefined. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(E2E_BASE_URL)).find((c) => c.name === name)?.value;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The tag of a test that checks how screens fit: it runs in each project of playwright.config.ts (390 px and
 * 1440 px); an untagged test runs once, on the desktop.
 */
export const LAYOUT = { tag: '@layout' };

/** Playwright's `test` with `width`: the width of the project's screen, for a layout test. */
export const test = base.extend<{ width: number }>({
  width: async ({ viewport }, use) => {
    if (!viewport) throw new Error('a layout test needs the viewport of its project');
    await use(viewport.width);
  },
});

/**
 * The page is no wider than the window (tables may scroll inside their own box), and no table header
 * is cut: every column is at least as wide as its header text. `tablesFit` (desktop widths): no table needs
 * horizontal scrolling inside its box either.
 */
export async function expectFitsWidth(page: Page, label: string, opts: { tablesFit?: boolean } = {}): Promise<void> {
  const report = await page.evaluate((tablesFit) => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    // On a desktop screen a table should not need its own horizontal scrolling either.
    const scrolling = tablesFit
      ? [...document.querySelectorAll('table')]
          // Tables behind an open dialog (made inert by it) are not what is being checked.
          .filter((t) => !t.closest('[inert]'))
          .filter((t) => t.parentElement && t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)
          .map((t) => t.querySelector('caption')?.textContent ?? 'table')
      : [];
    const cut = [...document.querySelectorAll('th')]
      .filter((th) => th.getClientRects().length > 0 && th.scrollWidth > th.clientWidth + 1)
      .map((th) => th.textContent?.trim() || '(checkbox)');
    return { over, cut, scrolling };
  }, opts.tablesFit ?? false);
  expect(report.over, `${label}: page wider than the window by ${report.over}px`).toBeLessThanOrEqual(0);
  expect(report.cut, `${label}: columns narrower than their header`).toEqual([]);
  expect(report.scrolling, `${label}: tables wider than their box`).toEqual([]);
}

/** What Facebook posts when `psid` opens the m.me link: signed with the app secret like the real webhook. */
export async function parentOpens(request: APIRequestContext, pageId: string, psid: string, link: string) {
  const ref = new URL(link).searchParams.get('ref');
  const raw = JSON.stringify({
    object: 'page',
    entry: [
      { id: pageId, time: Date.now(), messaging: [{ sender: { id: psid }, recipient: { id: pageId }, referral: { ref } }] },
    ],
  });
  const res = await request.post(`${E2E_BASE_URL}/api/webhooks/messenger`, {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', E2E_MESSENGER_APP_SECRET).update(raw).digest('hex')}`,
    },
    data: raw,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { bound: number; refused: number };
}
