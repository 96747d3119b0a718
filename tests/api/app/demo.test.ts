import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind, WANT_TOKEN } from '../../helpers/app';
import { freePort, startScript, waitFor, type ScriptProcess } from '../../helpers/processes';
import { addDays, localDate } from '@core/time/time';

/*
 * `npm run demo` end to end: the demo script as its own process, on a temp data dir and a free port,
 * with a minimal built site (so it does not run astro build). Signed in as the demo admin through the real API, a
 * newcomer must see within a minute an attendance record in Attendance History (a real tap of a demo reader) and
 * its parent's SMS SENT, then DELIVERED (the stand-in gateway's webhook) in SMS History; one school has phones
 * enough for its rush, the other too few. At any hour, the demo's shifted clock plays whole school days — late
 * arrivals, absences, check-outs — one after another.
 * The demo runs on SQLite whatever the API tests use, so it runs once.
 */
const DEMO = { email: 'demo@example.com', password: 'DemoPass123' };
const ZONE = 'Asia/Manila';

interface Page<T> {
  success: boolean;
  data: T;
}
type Rec = { status: string; date: string; checkInAt: string | null; checkOutAt: string | null; reader: { name: string } | null };
type Sms = { status: string; type: string; message: string; phoneNumber: string; failureReason: string | null };

/** Starts the demo with `env` on a free port and signs in as its super admin. */
async function startDemo(dir: string, env: NodeJS.ProcessEnv) {
  const site = path.join(dir, 'site');
  fs.mkdirSync(site, { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>demo test</title>');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const process_ = await startScript(
    'scripts/demo.ts',
    {
      ...process.env,
      DEMO_DATA_DIR: path.join(dir, 'data'),
      STATIC_DIR: site,
      PORT: String(port),
      HOST: '127.0.0.1',
      SCHOOL_TIMEZONE: ZONE,
      SCRYPT_COST: '1024',
      LOG_LEVEL: 'silent',
      // Test machines run many suites at once: load shedding (503) is tested on its own (tests/api/core/limits.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    /Demo running on (\S+)/,
  );
  const login = await fetch(`${base}/api/super-admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...WANT_TOKEN },
    body: JSON.stringify(DEMO),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as Page<{ token: string }>).data.token;
  const get = async <T>(url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as Page<T>).data;
  };
  // The simulated clock starts on today's date in the school's zone, as the demo prints it.
  const firstDay = /simulated clock from (\d{4}-\d{2}-\d{2}) 07:00/.exec(process_.output())![1]!;
  return { process: process_, port, get, firstDay };
}

describe.skipIf(dbKind !== 'sqlite')('npm run demo', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-test-'));
  const running: ScriptProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows real taps in Attendance History and their messages SENT then DELIVERED in SMS History within a minute', async () => {
    const started = Date.now();
    const before = localDate(new Date(), ZONE);
    const { process: demo, port, get, firstDay } = await startDemo(path.join(dir, 'default'), {});
    running.push(demo);
    expect([before, localDate(new Date(), ZONE)]).toContain(firstDay);
    expect(demo.match[1]).toBe(`http://localhost:${port}`);
    expect(demo.output()).toContain(`Sign in:   ${DEMO.email} / ${DEMO.password}`);
    // One admin per demo school, printed with the super admin's sign-in, signs in to the school console.
    const schoolAdmins = [...demo.output().matchAll(/ {2}School: {4}(\S+) \/ (\S+) {3}\((\w+)'s admin/g)];
    expect(schoolAdmins.map((m) => m[3])).toEqual(['SJNHS', 'RES']);
    for (const [, email, password] of schoolAdmins) {
      const signIn = await fetch(`http://localhost:${port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status, email).toBe(200);
    }

    // The public catalogue is not empty: a visitor of the demo has systems to order.
    const catalogue = await fetch(`http://localhost:${port}/api/inquiries/systems`);
    expect(catalogue.status).toBe(200);
    const systems = ((await catalogue.json()) as Page<Array<{ name: string; features: string[] }>>).data;
    expect(systems.map((s) => s.name).sort()).toEqual(['Gate Station Kiosk', 'RFID Gate Attendance', 'School Messaging']);
    expect(systems.every((s) => s.features.length > 0)).toBe(true);

    // Each school's gate station: its printed pairing code pairs /gate, and the printed card is on the gate's roster.
    const gates = [...demo.output().matchAll(/(\w+) pairing code (\S+) \(a card to type: (\S+) ([^)]+)\)/g)];
    expect(gates.map((m) => m[1])).toEqual(['SJNHS', 'RES']);
    for (const [, , code, card, name] of gates) {
      const pair = await fetch(`http://localhost:${port}/api/gate/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(pair.status, code).toBe(200);
      const { token: gateToken } = ((await pair.json()) as Page<{ token: string }>).data;
      const roster = await fetch(`http://localhost:${port}/api/gate/roster`, {
        headers: { authorization: `Bearer ${gateToken}` },
      });
      expect(roster.status).toBe(200);
      const { students } = ((await roster.json()) as Page<{ students: Array<{ name: string; cardUid: string }> }>).data;
      expect(students.find((s) => s.cardUid === card)?.name).toBe(name);
    }

    // SJNHS's three phones at 20 a minute, RES's one at 10, as device records and as the stand-in gateway's phones.
    expect(demo.output()).toContain('  Phones:    SJNHS 3 phones × 20/min, RES 1 phone × 10/min (');
    type Device = { phoneNumber: string; status: string; isDefault: boolean; school: { acronym: string } | null };
    const devices = await get<Device[]>('/api/super-admin/sms-devices');
    const phonesOf = (acronym: string) => devices.filter((d) => d.school?.acronym === acronym && d.status === 'ACTIVE');
    expect(phonesOf('SJNHS')).toHaveLength(3);
    expect(phonesOf('SJNHS').filter((d) => d.isDefault)).toHaveLength(1);
    expect(phonesOf('RES')).toHaveLength(1);

    // The dashboard's Total Admins is not 0 (a school admin per demo school).
    expect((await get<{ counts: { admins: number; schools: number } }>('/api/super-admin/dashboard-stats')).counts).toMatchObject(
      {
        admins: 2,
        schools: 2,
      },
    );

    let records: Rec[] = [];
    await waitFor(
      async () => (records = (await get<{ records: Rec[] }>('/api/super-admin/attendance-history')).records).length > 0,
      60_000 - (Date.now() - started),
      'an attendance record',
      250,
    );
    const firstRecordMs = Date.now() - started;
    const record = records[records.length - 1]!;
    expect(['PRESENT', 'LATE']).toContain(record.status);
    expect(record.date).toBe(firstDay);
    expect(record.checkInAt).not.toBeNull();
    expect(record.reader?.name).toMatch(/^(SJNHS|RES) (Main|Back) Gate$/);

    const smsWith = async (statuses: string[]) =>
      (await get<{ notifications: Sms[] }>('/api/super-admin/sms-history?limit=100')).notifications.find((n) =>
        statuses.includes(n.status),
      );
    let sent: Sms | undefined;
    await waitFor(
      async () => !!(sent = await smsWith(['SENT', 'DELIVERED'])),
      60_000 - (Date.now() - started),
      'a SENT SMS',
      250,
    );
    const firstSentMs = Date.now() - started;
    expect(['CHECK_IN', 'LATE_ARRIVAL']).toContain(sent!.type);
    expect(sent!.message).toMatch(
      /^(SJNHS|RES): \S+ \S+ arrived (LATE )?at school at \d{1,2}:\d{2} [AP]M, [A-Z][a-z]{2} \d{1,2}\.$/,
    );
    expect(sent!.phoneNumber).toMatch(/^\+63917\d{7}$/);
    let delivered: Sms | undefined;
    await waitFor(
      async () => !!(delivered = await smsWith(['DELIVERED'])),
      60_000 - (Date.now() - started),
      'a DELIVERED SMS',
      250,
    );
    expect(delivered!.message).toMatch(/^(SJNHS|RES): /);
    console.log(`demo: first attendance record after ${firstRecordMs} ms, first SENT SMS after ${firstSentMs} ms (from spawn)`);

    expect(await demo.stop()).toBe(0);
  }, 90_000);

  it('plays whole school days one after another whatever the hour: late arrivals, absences, check-outs, their SMS', async () => {
    // 1200×: a simulated school day (5 h 40 min shown) in 17 s. A real phone's minute would be 20 hours of it: the
    // phones send at once here (their pace is the first test's and the stand-in gateway's own tests').
    const {
      process: demo,
      get,
      firstDay: day,
    } = await startDemo(path.join(dir, 'fast'), {
      DEMO_SPEED: '1200',
      DEMO_PHONES: 'instant',
    });
    running.push(demo);
    const history = async (date: string) =>
      (await get<{ records: Rec[] }>(`/api/super-admin/attendance-history?startDate=${date}&endDate=${date}&limit=100`)).records;
    // The second simulated day has begun at every gate: the first one is over, absences marked, everyone who left
    // checked out. Each gate plays its taps in time order on its own, so one gate's next morning says nothing of
    // another's departures still on their way (a slow commit holds back only that gate's player).
    const gates = async (date: string) => new Set((await history(date)).flatMap((r) => (r.reader ? [r.reader.name] : [])));
    await waitFor(
      async () => {
        const [then, next] = [await gates(day), await gates(addDays(day, 1))];
        return then.size > 0 && [...then].every((g) => next.has(g));
      },
      60_000,
      "every gate's first record of the next day",
      500,
    );
    const first = await history(day);
    const count = (status: string) => first.filter((r) => r.status === status).length;
    expect(count('PRESENT') + count('LATE')).toBeGreaterThan(30); // 40 students a school, about 4% absent
    expect(count('LATE')).toBeGreaterThan(0);
    expect(count('ABSENT')).toBeGreaterThan(0);
    expect(first.filter((r) => r.checkOutAt !== null).length).toBeGreaterThan(20);
    for (const r of first.filter((r) => r.status === 'ABSENT')) expect(r.checkInAt).toBeNull();

    // Every one of them reached a parent: nothing EXPIRED on the way, absences and check-outs DELIVERED too.
    const sms = async (type: string) =>
      (await get<{ notifications: Sms[] }>(`/api/super-admin/sms-history?type=${type}&limit=100`)).notifications;
    await waitFor(
      async () => (await sms('CHECK_OUT')).some((n) => n.status === 'DELIVERED'),
      15_000,
      'a delivered check-out SMS',
      500,
    );
    expect((await sms('ABSENCE')).some((n) => n.status === 'DELIVERED')).toBe(true);
    expect((await sms('ABSENCE'))[0]!.message).toMatch(/^(SJNHS|RES): /);
    // The one notice that ends unsent on purpose: an absence a back gate's late replay undid (the learner was there).
    const ended = (await get<{ notifications: Sms[] }>('/api/super-admin/sms-history?status=EXPIRED&limit=100')).notifications;
    const undone = /^Cancelled: a late tap from reader "[^"]+ Back Gate" recorded (LATE|PRESENT)$/;
    expect(ended.filter((n) => !(n.type === 'ABSENCE' && undone.test(n.failureReason ?? '')))).toEqual([]);
    expect(await demo.stop()).toBe(0);
  }, 120_000);
});
