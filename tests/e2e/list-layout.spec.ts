/*
 * Every console list at a 390 px phone and a 1440 px desktop: the page is never wider than the screen,
 * no table column is narrower than its header (the header stays on one line, inside its cell), a table
 * wider than a phone says that it scrolls, and empty texts are shown whole. Records with long names and
 * addresses are seeded so the lists have something to overflow with. Own instance: the lists hold exactly these
 * records, whatever other specs (with other names, in the same run) have written.
 */
import { expect, type Page } from '@playwright/test';
import { LAYOUT, test } from './helpers';
import { startInstance, type Instance } from './instance';

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis';
const schoolName = `Saint Maximilian Kolbe ${LONG_WORD}${LONG_WORD} Integrated Academy ${run}`;
const acronym = `L${run}`.slice(0, 10).toUpperCase();
const longEmail = `maria.concepcion.delos-santos.registrar.${run}@very-long-school-domain-name.edu.ph`;
const systemName = `Gate ${LONG_WORD}${LONG_WORD} ${run}`;
const ROOT = { email: 'layout-root@school.test', password: 'LayoutRootPass123' };

interface LayoutProblems {
  pageOverflow: string | null;
  narrowHeaders: string[];
  /** Status and Actions cells (Status, Action, Actions, View) that are not wholly on screen. */
  offScreen: string[];
  /** On a desktop (1280 px and wider): tables whose columns do not all fit their box (a cut-off Details column). */
  cutTables: string[];
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
    // Every record's status and actions are inside the window and inside its table's scrolling box.
    const offScreen: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      if (table.getClientRects().length === 0 || table.closest('[inert]')) continue;
      const headers = [...table.querySelectorAll('thead th')];
      const box = table.parentElement!.getBoundingClientRect();
      const right = Math.min(window.innerWidth, box.right) + 1;
      const left = Math.max(0, box.left) - 1;
      headers.forEach((th, i) => {
        const name = th.textContent?.trim() ?? '';
        if (!/^(Status|Action|Actions|View)$/i.test(name) || th.getClientRects().length === 0) return;
        for (const tr of table.querySelectorAll('tbody tr')) {
          const cells = tr.querySelectorAll(':scope > td');
          if (cells.length !== headers.length) continue; // a row's details
          const r = cells[i]!.getBoundingClientRect();
          if (r.right > right || r.left < left) {
            const caption = table.querySelector('caption')?.textContent ?? 'table';
            offScreen.push(`${caption}: ${name} at ${Math.round(r.left)}–${Math.round(r.right)}px of ${window.innerWidth}px`);
          }
        }
      });
    }
    const cutTables =
      window.innerWidth < 1280
        ? []
        : [...document.querySelectorAll('table')]
            .filter((t) => t.getClientRects().length > 0 && t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1)
            .map((t) => t.querySelector('caption')?.textContent ?? 'table');
    return { pageOverflow, narrowHeaders, offScreen: [...new Set(offScreen)], cutTables };
  });
}

async function expectGoodLayout(page: Page, where: string) {
  // Let the list settle (fonts, images, the overflow hint's measurement).
  await page.waitForLoadState('networkidle');
  expect(await layoutProblems(page), where).toEqual({ pageOverflow: null, narrowHeaders: [], offScreen: [], cutTables: [] });
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
  let instance: Instance;
  let schoolId: number;
  const open = (page: Page, path: string) => page.goto(`${instance.base}${path}`);

  test.beforeAll(async ({ browser }) => {
    instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-layout-' }, async () => undefined);
    const context = await browser.newContext();
    const auth = { headers: { Authorization: `Bearer ${instance.token}` } };
    const post = async (url: string, options: Record<string, unknown>) => {
      const res = await context.request.post(`${instance.base}${url}`, { ...auth, ...options });
      expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
      return (await res.json()).data;
    };
    const school = await post('/api/super-admin/schools', {
      multipart: { data: JSON.stringify({ name: schoolName, acronym, email: longEmail, address: `${LONG_WORD} Street` }) },
    });
    schoolId = school.id;
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
    // A tapped card: an attendance record and a parent's message for the two history lists.
    const settings = await context.request.put(`${instance.base}/api/super-admin/schools/${school.id}/attendance-settings`, {
      ...auth,
      data: {
        timeZone: 'Asia/Manila',
        lateCutoff: '23:58',
        absenceCutoff: '23:59',
        schoolDays: [1, 2, 3, 4, 5, 6, 7],
        holidays: [],
      },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    const card = Date.now().toString(16).slice(-8).toUpperCase();
    await post('/api/super-admin/register-student', {
      multipart: {
        data: JSON.stringify({
          firstName: 'Layout',
          lastName: `Pupil ${run}`,
          email: `layout.${run}@students.test`,
          lrn: String(Date.now()).slice(-12),
          password: 'Sampaguita-2026',
          parentPhone: '0917 123 4567',
          schoolId: school.id,
          rfidCardId: card,
        }),
      },
    });
    const reader = await post('/api/super-admin/rfid-readers', { data: { name: `Layout gate ${run}`, schoolId: school.id } });
    const tap = await context.request.post(`${instance.base}/api/rfid/taps`, {
      headers: { Authorization: `Bearer ${reader.token}` },
      data: { eventId: `layout-${run}`, cardUid: card, tappedAt: new Date().toISOString() },
    });
    expect(tap.status(), await tap.text()).toBe(201);
    await context.close();
  });
  test.afterAll(async () => instance?.close());

  test.describe('each list', LAYOUT, () => {
    test.beforeEach(async ({ context }) => {
      await instance.signInBrowser(context);
    });

    test('admins as cards and as a table', async ({ page }) => {
      await open(page, `/super-admin/admin-management?search=${run}`);
      await expect(page.getByText('1 admin(s) found')).toBeVisible();
      await expectGoodLayout(page, 'admin cards');
      await open(page, `/super-admin/admin-management?search=${run}&view=table`);
      await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
      await expectGoodLayout(page, 'admin table');
    });

    test('schools and their grades', async ({ page }) => {
      await open(page, `/super-admin/schools?search=${acronym}`);
      const card = page.getByRole('article', { name: schoolName });
      await expect(card).toBeVisible();
      await expectGoodLayout(page, 'school cards');
      await card.getByRole('link', { name: `Grades & Sections of ${schoolName}` }).click();
      await expect(page.getByText(`Grade ${LONG_WORD} ${run}`)).toBeVisible();
      await expectGoodLayout(page, 'grade cards');
    });

    test('inquiries, with results and without', async ({ page }) => {
      await open(page, `/super-admin/inquiries?email=${run}`);
      await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
      await expectGoodLayout(page, 'inquiries table');
      await open(page, `/super-admin/inquiries?email=nobody-${run}`);
      await expectWhollyVisible(page, 'No inquiries found. Adjust your filters or try again later.');
      await expectGoodLayout(page, 'empty inquiries table');
    });

    test('systems as cards and table, and orders', async ({ page }) => {
      await open(page, `/super-admin/systems-and-orders?search=${run}`);
      await expect(page.getByRole('article', { name: systemName })).toBeVisible();
      await expectGoodLayout(page, 'system cards');
      await open(page, `/super-admin/systems-and-orders?search=${run}&view=table`);
      await expect(page.getByRole('cell', { name: systemName, exact: true })).toBeVisible();
      await expectGoodLayout(page, 'systems table');
      await open(page, '/super-admin/systems-and-orders?tab=orders');
      await expect(page.getByRole('row').filter({ hasText: longEmail })).toBeVisible();
      await expectGoodLayout(page, 'orders table');
    });

    test('attendance and SMS history: status and actions on screen, other columns in row details', async ({ page, width }) => {
      await open(page, '/super-admin/attendance-history');
      const records = page.getByRole('table', { name: 'Attendance records' });
      const row = records.locator('tbody tr', { hasText: `Layout Pupil ${run}` });
      await expect(row).toBeVisible();
      await expectGoodLayout(page, 'attendance history');
      if (width < 640) {
        await row.getByRole('button', { name: 'Show details' }).click();
        await expect(records.getByRole('definition').filter({ hasText: 'Layout gate' })).toBeVisible();
        await expectGoodLayout(page, 'attendance history with a row open');
      } else {
        await expect(row.getByRole('button', { name: 'Show details' })).toBeHidden();
      }
      await open(page, '/super-admin/sms-history');
      const sms = page.getByRole('table', { name: 'SMS notifications' }).locator('tbody tr', { hasText: `Layout Pupil ${run}` });
      await expect(sms.first()).toBeVisible({ timeout: 10_000 });
      await expectGoodLayout(page, 'SMS history');
    });

    test('a school calendar’s no-class days', async ({ page, width }) => {
      const date = width < 640 ? '2027-01-11' : '2027-01-12';
      const res = await page.request.post(`${instance.base}/api/super-admin/schools/${schoolId}/calendar/no-class-days`, {
        headers: { Authorization: `Bearer ${instance.token}` },
        data: { date, name: `Suspension ${LONG_WORD} ${run}`.slice(0, 100), kind: 'SUSPENSION', gradeLevels: [7, 8, 9, 10] },
      });
      expect(res.status(), await res.text()).toBe(201);
      await open(page, `/super-admin/schools/${schoolId}/calendar`);
      await expect(page.getByRole('table', { name: 'No-class days' }).getByText(`Suspension ${LONG_WORD}`).first()).toBeVisible();
      await expectGoodLayout(page, 'no-class days');
    });

    test('students, archived students and devices', async ({ page }) => {
      await open(page, `/super-admin/student-management?schoolId=${schoolId}`);
      await expect(page.getByRole('table', { name: 'Students' }).getByText(`Layout Pupil ${run}`)).toBeVisible();
      await expectGoodLayout(page, 'students table');
      await open(page, '/super-admin/archived-students');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectGoodLayout(page, 'archived students');
      await open(page, '/super-admin/device-management?tab=rfid');
      await expect(page.getByRole('table', { name: 'RFID readers' }).getByText(`Layout gate ${run}`)).toBeVisible();
      await expectGoodLayout(page, 'RFID readers');
    });

    test('system logs and the dashboard', async ({ page }) => {
      await open(page, '/super-admin/system-logs');
      await expect(page.getByRole('table', { name: 'System logs' }).locator('tbody tr').first()).toBeVisible();
      await expectGoodLayout(page, 'system logs table');
      await open(page, '/super-admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
      await expectGoodLayout(page, 'dashboard');
    });
  });

  test('a table wider than its box says it scrolls sideways; one that fits (folded on a phone) does not', async ({
    page,
    context,
  }) => {
    await instance.signInBrowser(context);
    // Narrower than any phone the console is made for: the admin table's email column cannot fit.
    await page.setViewportSize({ width: 300, height: 844 });
    await open(page, `/super-admin/admin-management?search=${run}&view=table`);
    await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
    await expect(page.getByText('Scroll sideways to see all columns →')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, `/super-admin/inquiries?email=${run}`);
    await expect(page.getByRole('cell', { name: longEmail, exact: true })).toBeVisible();
    await expect(page.getByText('Scroll sideways to see all columns →')).toHaveCount(0);
    // At 390 px its secondary columns fold into row details: it fits too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Show details' }).first()).toBeVisible();
    await expect(page.getByText('Scroll sideways to see all columns →')).toHaveCount(0);
  });
});
