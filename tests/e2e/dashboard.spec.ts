/*
 * Dashboard Overview in the browser, against the real app and a fixture of known counts.
 *
 * The dashboard adds up the WHOLE database, so exact numbers need a database no other spec writes to:
 * this spec starts its own instance of the real server (buildApp, the built site from E2E_STATIC_DIR, a
 * fresh SQLite file) on a free port, and seeds it through that app's own database handle — attendance
 * records and notifications have no API to create them (they come from RFID taps and the outbox).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { lastLocalDays, startOfLocalDay } from '@core/time/time';
import { formatDay } from '@domain/dashboard';
import { startInstance, type Instance } from './instance';

const ROOT = { email: 'dash-root@school.test', password: 'DashRootPass123' };
const TZ = 'Asia/Manila';

test.use({ timezoneId: TZ });
test.describe.configure({ mode: 'serial' });

/** The dashboard's own instance (see ./instance.ts), its super admin named 'Dash Root'. */
const startDashboard = (seed: (app: FastifyInstance) => Promise<void>): Promise<Instance> =>
  startInstance({ root: ROOT, timeZone: TZ, prefix: 'e2e-dashboard-' }, async (app) => {
    await app.db.updateTable('superAdmins').set({ firstName: 'Dash', lastName: 'Root' }).execute();
    await seed(app);
  });

async function open(page: Page, context: BrowserContext, instance: Instance, route = '/super-admin') {
  await instance.signInBrowser(context);
  await page.goto(`${instance.base}${route}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
}

const statCard = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
const chart = (page: Page, title: string) => page.getByRole('img', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) });

/** True when the canvas has drawn pixels (the chart really rendered, not just its element). */
const painted = (page: Page, title: string) =>
  chart(page, title).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx || !canvas.width || !canvas.height) return false;
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data.some((v, i) => i % 4 === 3 && v > 0);
  });

// The fixture, relative to today in Manila: d(0) is today, d(1) yesterday.
const days = lastLocalDays(45, TZ);
const d = (ago: number) => days[days.length - 1 - ago]!;
/** An instant on a Manila day, at hh:mm local. */
const on = (ago: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(startOfLocalDay(d(ago), TZ).getTime() + (h! * 60 + m!) * 60_000).toISOString();
};
const earlier = (iso: string) => (Date.parse(iso) < Date.now() ? iso : new Date(Date.now() - 60_000).toISOString());

async function seedFixture(app: FastifyInstance) {
  const db = app.db;
  const t = on(40, '08:00');
  const stamp = { createdAt: t, updatedAt: t };
  const schools: number[] = [];
  for (const [name, acronym] of [
    ['Dashboard Alpha Academy', 'DAA'],
    ['Dashboard Beta School', 'DBS'],
    ['Dashboard Gamma High', 'DGH'],
  ]) {
    schools.push(
      (
        await db
          .insertInto('schools')
          .values({ name: name!, acronym: acronym!, ...stamp })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const students: number[] = [];
  const student = async (school: number, n: number, extra = {}) => {
    const values = {
      firstName: 'Stu',
      lastName: `Dent${n}`,
      email: `s${n}@dash.test`,
      passwordHash: 'x',
      lrn: String(100000000000 + n),
      parentPhone: `0917000000${n}`,
    };
    const row = await db
      .insertInto('students')
      .values({ ...values, schoolId: school, ...stamp, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    students.push(row.id);
  };
  // Active students: Alpha 4, Beta 2, Gamma 1 (+ 1 archived).
  for (const [i, school] of [0, 0, 0, 0, 1, 1, 2].entries()) await student(schools[school]!, i);
  await student(schools[2]!, 7, { isArchived: 1, isActive: 0, archivedAt: t });
  const admin = async (n: number, first: string) =>
    (
      await db
        .insertInto('admins')
        .values({
          email: `a${n}@dash.test`,
          passwordHash: 'x',
          firstName: first,
          lastName: 'Admin',
          employeeId: `E${n}`,
          schoolId: schools[0]!,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ada = await admin(1, 'Ada');
  await admin(2, 'Ben');

  // Attendance in the last 30 days: Present 3, Absent 1, Late 2, Excused 1; one more 40 days ago (counted in the card only).
  const attendance: Array<[number, number, string]> = [
    [0, 1, 'PRESENT'],
    [1, 1, 'PRESENT'],
    [2, 2, 'PRESENT'],
    [3, 2, 'ABSENT'],
    [4, 3, 'LATE'],
    [5, 3, 'LATE'],
    [6, 4, 'EXCUSED'],
    [0, 40, 'PRESENT'],
  ];
  await db
    .insertInto('attendanceRecords')
    .values(
      attendance.map(([s, ago, status]) => ({ studentId: students[s]!, schoolId: schools[0]!, date: d(ago), status, ...stamp })),
    )
    .execute();

  // Notifications: sent yesterday 3, today 2; types Check In 3, Absence 1, Custom 1.
  const sms = (ago: number, hhmm: string, type: string, status: string, extra = {}) => {
    const at = earlier(on(ago, hhmm));
    return {
      createdAt: at,
      updatedAt: at,
      sentAt: at,
      type,
      status,
      message: `${type} notice`,
      phoneNumber: '09170000000',
      studentId: students[0]!,
      schoolId: schools[0]!,
      ...extra,
    };
  };
  await db
    .insertInto('smsNotifications')
    .values([
      sms(1, '07:01', 'CHECK_IN', 'DELIVERED'),
      sms(1, '07:02', 'CHECK_IN', 'DELIVERED'),
      sms(1, '09:30', 'ABSENCE', 'SENT', { studentId: students[3]! }),
      sms(0, '00:05', 'CHECK_IN', 'SENT'),
      sms(0, '00:10', 'CUSTOM', 'DELIVERED', { message: 'Parent meeting on Friday', senderRole: 'ADMIN', senderId: ada }),
    ])
    .execute();

  // System log: today the first super admin's creation (by System) and the sign-in above; 2 entries 2 days ago, 1 six days ago.
  await db
    .insertInto('systemLogs')
    .values([
      {
        createdAt: on(2, '10:00'),
        action: 'CREATE_SCHOOL',
        entity: 'School',
        userRole: 'ADMIN',
        userId: ada,
        performedBy: '{"name":"Ada Admin"}',
      },
      {
        createdAt: on(2, '11:00'),
        action: 'UPDATE_STUDENT',
        entity: 'Student',
        userRole: 'ADMIN',
        userId: ada,
        performedBy: '{"name":"Ada Admin"}',
      },
      {
        createdAt: on(6, '08:00'),
        action: 'DELETE_SECTION',
        entity: 'Section',
        userRole: 'SUPER_ADMIN',
        userId: 1,
        performedBy: '{"name":"Dash Root"}',
      },
    ])
    .execute();
}

test.describe('Dashboard Overview', () => {
  let instance: Instance;
  test.beforeAll(async () => {
    instance = await startDashboard(seedFixture);
  });
  test.afterAll(async () => instance?.close());

  test("shows the fixture's numbers in the stat cards, every chart, the SMS logs and the activity", async ({ page, context }) => {
    await open(page, context, instance);
    await expect(statCard(page, 'Total Schools')).toHaveText('3');
    await expect(statCard(page, 'Total Admins')).toHaveText('2');
    await expect(statCard(page, 'Total Students')).toHaveText('7');
    await expect(statCard(page, 'Attendance Records')).toHaveText('8');

    const week = (counts: number[]) => counts.map((n, i) => `${formatDay(d(6 - i))}: ${n}`).join(', ');
    await expect(chart(page, 'System Activity')).toHaveAccessibleName(
      `System Activity (last 7 days): ${week([1, 0, 0, 0, 2, 0, 2])}`,
    );
    await expect(chart(page, 'Attendance')).toHaveAccessibleName(
      'Attendance (last 30 days): Present: 3, Absent: 1, Late: 2, Excused: 1',
    );
    await expect(chart(page, 'SMS Sent Per Day')).toHaveAccessibleName(
      `SMS Sent Per Day (last 7 days): ${week([0, 0, 0, 0, 0, 3, 2])}`,
    );
    await expect(chart(page, 'SMS Type Distribution')).toHaveAccessibleName(
      'SMS Type Distribution (last 30 days): Check In: 3, Absence: 1, Custom: 1',
    );
    await expect(chart(page, 'Top Schools')).toHaveAccessibleName(
      'Top Schools (by student count): Dashboard Alpha Academy: 4, Dashboard Beta School: 2, Dashboard Gamma High: 1',
    );
    for (const title of ['System Activity', 'Attendance', 'SMS Sent Per Day', 'SMS Type Distribution', 'Top Schools']) {
      await expect.poll(() => painted(page, title), { message: `${title} is drawn` }).toBe(true);
    }

    // Wide enough for every column (below 1536 px Parent Phone, Sender and Message fold into a row's details).
    await page.setViewportSize({ width: 1600, height: 900 });
    const sms = page.getByRole('table', { name: 'Recent SMS logs' });
    await expect(sms.locator('thead th')).toHaveText([
      'Date',
      'Type',
      'Status',
      'School',
      'To',
      'Parent Phone',
      'Sender',
      'Message',
    ]);
    await expect(sms.locator('tbody tr')).toHaveCount(5);
    const latest = sms.locator('tbody tr').first().getByRole('cell');
    await expect(latest.nth(1)).toHaveText('Custom');
    await expect(latest.nth(2)).toHaveText('DELIVERED');
    await expect(latest.nth(3)).toHaveText('DAA');
    await expect(latest.nth(4)).toHaveText('Stu Dent0');
    await expect(latest.nth(5)).toHaveText('09170000000');
    await expect(latest.nth(6)).toHaveText('Ada Admin');
    await expect(latest.nth(7)).toHaveText('Parent meeting on Friday');

    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('listitem')).toHaveCount(5);
    await expect(activity.getByRole('listitem').first()).toContainText('Signed in');
    await expect(activity.getByRole('listitem').first()).toContainText('by Dash Root (Super Admin)');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('Created super admin');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('by System');
    await expect(activity.getByRole('listitem').nth(2)).toContainText('by Ada Admin (Admin)');

    const quick = page.getByRole('region', { name: 'Quick Actions' });
    for (const [name, href] of [
      ['Admins', '/super-admin/admin-management'],
      ['Schools', '/super-admin/schools'],
      ['Logs', '/super-admin/system-logs'],
      ['Profile', '/super-admin/profile'],
    ]) {
      await expect(quick.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href!);
    }
    await activity.getByRole('link', { name: 'View all logs' }).click();
    await expect(page).toHaveURL(`${instance.base}/super-admin/system-logs`);
  });

  test('/home shows the same dashboard', async ({ page, context }) => {
    await open(page, context, instance, '/home');
    await expect(statCard(page, 'Total Students')).toHaveText('7');
    await expect(chart(page, 'Top Schools')).toBeVisible();
  });

  test("shows 'Loading chart data...' while loading, and the spec's error text when the call fails", async ({
    page,
    context,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/super-admin/dashboard-stats', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' });
    });
    await open(page, context, instance);
    await expect(page.getByText('Loading chart data...')).toHaveCount(5);
    release();
    await expect(page.getByRole('alert')).toHaveText(/Error: Failed to fetch dashboard statistics/);
    await page.unroute('**/api/super-admin/dashboard-stats');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(statCard(page, 'Total Schools')).toHaveText('3');
  });
});

test.describe('Dashboard Overview on an empty database', () => {
  let instance: Instance;
  test.beforeAll(async () => {
    instance = await startDashboard(async (app) => {
      await app.db.deleteFrom('systemLogs').execute(); // the sign-in's entry
    });
  });
  test.afterAll(async () => instance?.close());

  test('shows zeros and every empty text', async ({ page, context }) => {
    await open(page, context, instance);
    for (const label of ['Total Schools', 'Total Admins', 'Total Students', 'Attendance Records']) {
      await expect(statCard(page, label)).toHaveText('0');
    }
    for (const text of [
      'No activity data available',
      'No attendance data available',
      'No SMS data available',
      'No SMS type data available',
      'No school data available',
      'No recent SMS logs',
      'No recent activity',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.locator('canvas')).toHaveCount(0);
  });
});

test.describe('Dashboard Overview with schools but no students', () => {
  let instance: Instance;
  test.beforeAll(async () => {
    instance = await startDashboard(async (app) => {
      const stamp = { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };
      for (const [name, acronym] of [
        ['Colegio de San Lorenzo Ruiz de Manila Senior High School Department', 'CSLR'],
        ['Small School', 'SS'],
      ]) {
        await app.db
          .insertInto('schools')
          .values({ name, acronym, isActive: 1, ...stamp })
          .execute();
      }
      for (const [n, isActive] of [
        [1, 1],
        [2, 0],
      ] as const) {
        await app.db
          .insertInto('admins')
          .values({
            email: `z${n}@dash.test`,
            passwordHash: 'x',
            firstName: 'Z',
            lastName: `${n}`,
            employeeId: `Z${n}`,
            isActive,
            ...stamp,
          })
          .execute();
      }
    });
  });
  test.afterAll(async () => instance?.close());

  test("counts only active admins and shows 'No school data available' instead of an empty chart", async ({ page, context }) => {
    await open(page, context, instance);
    await expect(statCard(page, 'Total Schools')).toHaveText('2');
    await expect(statCard(page, 'Total Admins')).toHaveText('1');
    await expect(page.getByText('No school data available', { exact: true })).toBeVisible();
    await expect(chart(page, 'Top Schools')).toHaveCount(0);
  });
});
