/*
 * The filters of SMS History and Attendance History apply, show in the URL, survive a reload,
 * and an invalid choice gets a message. Own instance: the rows need dates no API sets.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startInstance, type Instance } from './instance';
import { seedAttendance, seedSchool, seedSms, seedStudent } from './school-data';

const ROOT = { email: 'filters-root@school.test', password: 'FiltersRootPass123' };
test.describe.configure({ mode: 'serial' });

let instance: Instance;

test.beforeAll(async () => {
  instance = await startInstance({ root: ROOT, timeZone: 'Asia/Manila', prefix: 'e2e-filters-' }, async (app) => {
    const school = await seedSchool(app, 'Filter Academy', 'FA', 'Asia/Manila');
    const ana = await seedStudent(app, school, 'Ana', 'Uno');
    const ben = await seedStudent(app, school, 'Ben', 'Dos');
    const cara = await seedStudent(app, school, 'Cara', 'Tres');
    await seedAttendance(app, { studentId: ana, schoolId: school, date: '2026-03-02', status: 'PRESENT' });
    await seedAttendance(app, { studentId: ben, schoolId: school, date: '2026-03-03', status: 'LATE' });
    await seedAttendance(app, { studentId: cara, schoolId: school, date: '2026-03-04', status: 'ABSENT' });
    // 08:00 in Manila on each day.
    await seedSms(app, {
      studentId: ana,
      schoolId: school,
      type: 'CHECK_IN',
      status: 'DELIVERED',
      createdAt: '2026-03-02T00:00:00.000Z',
      message: 'Message one',
    });
    await seedSms(app, {
      studentId: ben,
      schoolId: school,
      type: 'LATE_ARRIVAL',
      status: 'FAILED',
      createdAt: '2026-03-03T00:00:00.000Z',
      message: 'Message two',
    });
    await seedSms(app, {
      studentId: cara,
      schoolId: school,
      type: 'ABSENCE',
      status: 'SENT',
      createdAt: '2026-03-04T00:00:00.000Z',
      message: 'Message three',
    });
  });
});
test.afterAll(async () => instance?.close());

async function open(page: Page, context: BrowserContext, route: string) {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}${route}`);
}

/** The names in the table, top to bottom. */
async function names(page: Page, table: string): Promise<string[]> {
  const rows = page.getByRole('table', { name: table }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return (await rows.allTextContents()).map((t) => /(Ana Uno|Ben Dos|Cara Tres)/.exec(t)?.[1] ?? t);
}

type Case = { label: string; fill: (page: Page) => Promise<void>; url: string; shown: string[] };

const SCREENS = [
  {
    name: 'Attendance History',
    route: '/super-admin/attendance-history',
    table: 'Attendance records',
    cases: [
      {
        label: 'From Date',
        fill: (p: Page) => p.getByLabel('From Date').fill('2026-03-03'),
        url: 'startDate=2026-03-03',
        shown: ['Cara Tres', 'Ben Dos'],
      },
      {
        label: 'To Date',
        fill: (p: Page) => p.getByLabel('To Date').fill('2026-03-03'),
        url: 'endDate=2026-03-03',
        shown: ['Ben Dos', 'Ana Uno'],
      },
      {
        label: 'Status',
        fill: async (p: Page) => void (await p.getByLabel('Status').selectOption('LATE')),
        url: 'status=LATE',
        shown: ['Ben Dos'],
      },
    ] as Case[],
  },
  {
    name: 'SMS History',
    route: '/super-admin/sms-history',
    table: 'SMS notifications',
    cases: [
      {
        label: 'From Date',
        fill: (p: Page) => p.getByLabel('From Date').fill('2026-03-03'),
        url: 'startDate=2026-03-03',
        shown: ['Cara Tres', 'Ben Dos'],
      },
      {
        label: 'To Date',
        fill: (p: Page) => p.getByLabel('To Date').fill('2026-03-03'),
        url: 'endDate=2026-03-03',
        shown: ['Ben Dos', 'Ana Uno'],
      },
      {
        label: 'Status',
        fill: async (p: Page) => void (await p.getByLabel('Status').selectOption('FAILED')),
        url: 'status=FAILED',
        shown: ['Ben Dos'],
      },
      {
        label: 'Type',
        fill: async (p: Page) => void (await p.getByLabel('Type').selectOption('ABSENCE')),
        url: 'type=ABSENCE',
        shown: ['Cara Tres'],
      },
    ] as Case[],
  },
];

for (const screen of SCREENS) {
  for (const c of screen.cases) {
    test(`${screen.name}: the ${c.label} filter applies, goes into the URL and survives a reload`, async ({ page, context }) => {
      await open(page, context, screen.route);
      expect(await names(page, screen.table)).toEqual(['Cara Tres', 'Ben Dos', 'Ana Uno']);
      await c.fill(page);
      await page.getByRole('button', { name: 'Apply Filters' }).click();
      await expect(page).toHaveURL(new RegExp(`\\?${c.url}$`));
      await expect(page.getByRole('table', { name: screen.table }).locator('tbody tr')).toHaveCount(c.shown.length);
      expect(await names(page, screen.table)).toEqual(c.shown);
      await page.reload();
      await expect(page.getByRole('table', { name: screen.table }).locator('tbody tr')).toHaveCount(c.shown.length);
      expect(await names(page, screen.table)).toEqual(c.shown);
    });
  }

  test(`${screen.name}: a From Date after the To Date gets a message and changes nothing`, async ({ page, context }) => {
    await open(page, context, screen.route);
    await expect(page.getByRole('table', { name: screen.table }).locator('tbody tr')).toHaveCount(3);
    await page.getByLabel('From Date').fill('2026-03-04');
    await page.getByLabel('To Date').fill('2026-03-02');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByText('Start date must be on or before the end date')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${screen.route}$`));
    await expect(page.getByRole('table', { name: screen.table }).locator('tbody tr')).toHaveCount(3);
  });
}
