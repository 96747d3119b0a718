/**
 * Public site (static part): navigation to the contact form, footer, 404/403 pages, one h1 and a
 * canonical link per page, the mobile menu, sitemap and robots.txt. No sign-in needed.
 */
import { expect, test } from '@playwright/test';
import { PUBLIC_PATHS } from '../../src/components/public/nav';
import { siteUrl } from '../../src/site-url';

// The origin the site was built with (SITE_URL at build; the same environment runs the tests).
const SITE = siteUrl(process.env);

test('home → services → Get in Touch reaches the contact form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');

  await page.getByRole('link', { name: 'Get in Touch' }).click();
  await expect(page).toHaveURL(/\/inquiries$/);
  await expect(page.getByRole('heading', { name: 'Send us a Message' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a Message' });
  await expect(form.getByLabel('Email Address')).toBeVisible();
  await expect(form.getByLabel('Subject')).toBeVisible();
  await expect(form.getByLabel('Message')).toBeVisible();
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
});

test('footer shows the current year, and social profiles without a target are not links', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Upgraded Solutions`);
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /^https:\/\//);
  await expect(footer.getByText('Instagram', { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveCount(0);
  await expect(page.locator('a[href="#"]')).toHaveCount(0);
});

test('unknown URL shows Page Not Found with status 404 and a way home', async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('forbidden page: Return to Home and Go Back', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/forbidden');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Forbidden');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('every public page has exactly one h1, a canonical link and og:url to itself on SITE_URL, and a description', async ({
  page,
}) => {
  for (const path of PUBLIC_PATHS) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('h1'), path).toHaveCount(1);
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical, path).toHaveCount(1);
    const href = (await canonical.getAttribute('href')) ?? '';
    expect(href, path).toBe(`${SITE}${path}`);
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', href);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /\S/);
    await expect(page.locator('main'), path).toHaveCount(1);
  }
});

test('mobile menu (a <details>, no JavaScript) opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
  await expect(about).toBeHidden();
  await page.getByText('Menu', { exact: true }).click();
  await about.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Upgraded Solutions');
});

test('every public page leads to the sign-in page, from the header and the footer, on a desktop and a phone', async ({
  page,
}) => {
  for (const path of PUBLIC_PATHS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/systems');
  await page.getByText('Menu', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login to your account' })).toBeVisible();
});

test('sitemap lists the public pages and robots.txt keeps the console out', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of PUBLIC_PATHS) expect(sitemap).toContain(`<loc>${SITE}${path}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/super-admin', '/login', '/student', '/home', '/admin-management'])
    expect(robots).toContain(`Disallow: ${path}`);
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
});

test("the pages run under a script policy without 'unsafe-inline': no violations, islands hydrate", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of ['/systems', '/inquiries', '/login']) {
    const res = await page.goto(path);
    const scriptSrc = (res?.headers()['content-security-policy'] ?? '').split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc, path).toMatch(/^\s*script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
    await page.waitForLoadState('networkidle');
    // Hydrated islands: the contact form's button is enabled only once React runs.
    if (path === '/inquiries') await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    if (path === '/systems') await expect(page.getByText(/\d+ systems? found/)).toBeVisible();
    if (path === '/login') await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), path).toEqual([]);
  }
});
