/*
 * Every console list at a 390 px phone and a 1440 px desktop: the page is never wider than the screen,
 * no table column is narrower than its header (the header stays on one line, inside its cell), a table
 * wider than a phone says that it scrolls, and empty texts are shown whole. Records with long names and
 * addresses are seeded so the lists have something to overflow with.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, signInViaApi } from './helpers';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const schoolName = `Saint Maximilian Kolbe ${LONG_WORD}${LONG_WORD} Integrated Academy ${run}`;
const acronym = `L${run}`.slice(0, 10).toUpperCase();
const longEmail = `maria.concepcion.delos-santos.registrar.${run}@very-long-school-domain-name.edu.ph`;
const systemName = `Gate ${LONG_WORD}${LONG_WORD} ${run}`;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

interface LayoutProblems {
  pageOverflow: string | null;
  narrowHeaders: string[];
}

/** What is wrong with the current page's layout (nothing, in a passing test). */
async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const pageOverflow =
      doc.scrollWidth > window.innerWidth + 1 ? `page is ${doc.scrollWidth}px wide on a ${window.innerWidth}px screen` : null;
    const narrowHeaders: string[] = [];
    for (const th of document.querySelectorAll('th')) {
      const text = th.textContent?.trim() ?? '';
      if (!text || th.getClientRects().length === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const style = getComputedStyle(th);
      const inner = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const textWidth = range.getBoundingClientRect().width;
      if (lines > 1 || textWidth > inner + 1) {
        narrowHeaders.push(`${text}: ${Math.round(inner)}px for ${Math.round(textWidth)}px of text on ${lines} line(s)`);
      }
    }
    return { pageOverflow, narrowHeaders };
  });
}

async function expectGoodLayout(page: Page, where: string) {
  // Let the list settle (fonts, images, the overflow hint's measurement).
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page), where).toEqual({ pageOverflow: null, narrowHeaders: [] });
}

/** The element shows all of its text inside the screen (not cut by a scrolling table or the edge). */
async function expectWhollyVisible(page: Page, text: string) {
  const el = page.getByText(text, { exact: true });
  await expect(el).toBeVisible();
  const box = (await el.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, text).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, text).toBeLessThanOrEqual(viewport.width);
}

test.describe('console lists at phone and desktop widths', () => {
  let token: string;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    token = await signInViaApi(context);
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const post = async (url: string, options: Record<string, unknown>) => {
      const res = await context.request.post(`${E2E_BASE_URL}${url}`, { ...auth, ...options });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return (await res.json()).data;
    };
    const school = await post('/api/super-admin/schools', {
      multipart: { data: JSON.stringify({ name: schoolName, acronym, email: longEmail, address: `${LONG_WORD} Street` }) },
    });
    await post('/api/super-admin/grades', { data: { name: `Grade ${LONG_WORD} ${run}`, schoolId: school.id } });
    await post('/api/super-admin/register-admin', {
      multipart: {
        data: JSON.stringify({
          email: longEmail,
          password: 'LongEnough123',
          firstName: 'Maria Concepcion',
          lastName: `Delos Santos ${run}`,
          employeeId: `EMP-${run}`,
          department: 'Registrar and Admissions Office',
          position: 'Senior Registrar',
          schoolId: school.id,
        }),
      },
    });
    const system = await post('/api/super-admin/systems', {
      multipart: { data: JSON.stringify({ name: systemName, description: `${LONG_WORD} `.repeat(5), features: [LONG_WORD] }) },
    });
    await post('/api/inquiries/orders', { data: { email: longEmail, systemId: system.id, additionalNotes: LONG_WORD } });
    await post('/api/inquiries', {
      data: { email: longEmail, subject: `${LONG_WORD} ${run}`, inquiry: `${LONG_WORD} `.repeat(8) },
    });
    await context.close();
  });

  for (const size of WIDTHS) {
    test.describe(`${size.width} px`, () => {
      test.use({ viewport: size });

      test.beforeEach(async ({ page }) => {
        await signInViaApi(page);
      });

      test('admins as cards and as a table', async ({ page }) => {
        await page.goto(`/super-admin/admin-management?search=${run}`);
        await expect(page.getByText('1 admin(s) found')).toBeVisible();
        await expectGoodLayout(page, 'admin cards');
        await page.goto(`/super-admin/admin-management?search=${run}&view=table`);
        await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
        await expectGoodLayout(page, 'admin table');
      });

      test('schools and their grades', async ({ page }) => {
        await page.goto(`/super-admin/schools?search=${acronym}`);
        const card = page.getByRole('article', { name: schoolName });
        await expect(card).toBeVisible();
        await expectGoodLayout(page, 'school cards');
        await card.getByRole('link', { name: `Grades & Sections of ${schoolName}` }).click();
        await expect(page.getByText(`Grade ${LONG_WORD} ${run}`)).toBeVisible();
        await expectGoodLayout(page, 'grade cards');
      });

      test('inquiries, with results and without', async ({ page }) => {
        await page.goto(`/super-admin/inquiries?email=${run}`);
        await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
        await expectGoodLayout(page, 'inquiries table');
        await page.goto(`/super-admin/inquiries?email=nobody-${run}`);
        await expectWhollyVisible(page, 'No inquiries found. Adjust your filters or try again later.');
        await expectGoodLayout(page, 'empty inquiries table');
      });

      test('systems as cards and table, and orders', async ({ page }) => {
        await page.goto(`/super-admin/systems-and-orders?search=${run}`);
        await expect(page.getByRole('article', { name: systemName })).toBeVisible();
        await expectGoodLayout(page, 'system cards');
        await page.goto(`/super-admin/systems-and-orders?search=${run}&view=table`);
        await expect(page.getByRole('cell', { name: systemName, exact: true })).toBeVisible();
        await expectGoodLayout(page, 'systems table');
        await page.goto('/super-admin/systems-and-orders?tab=orders');
        await expect(page.getByRole('row').filter({ hasText: longEmail })).toBeVisible();
        await expectGoodLayout(page, 'orders table');
      });

      test('system logs and the dashboard', async ({ page }) => {
        await page.goto('/super-admin/system-logs');
        await expect(page.getByRole('table', { name: 'System logs' }).locator('tbody tr').first()).toBeVisible();
        await expectGoodLayout(page, 'system logs table');
        await page.goto('/super-admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
        await expectGoodLayout(page, 'dashboard');
      });
    });
  }

  test('a table wider than its box says it scrolls sideways; one that fits does not', async ({ page }) => {
    await signInViaApi(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/super-admin/admin-management?search=${run}&view=table`);
    await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
    await expect(page.getByText('Scroll sideways to see all columns →')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/super-admin/inquiries?email=${run}`);
    await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
    await expect(page.getByText('Scroll sideways to see all columns →')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Scroll sideways to see all columns →')).toBeVisible();
  });
});
