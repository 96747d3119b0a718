import type { Sf1Form } from '@domain/sf1';
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
 * arrivals, absences, check-outs — one after another. Its DepEd forms are complete: a school year derived from the
 * demo's first day, SF2 of every section with nobody missing, a section whose SF2 shows each kind of movement, SF4
 * naming the advisers.
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
type Sf2 = {
  header: { schoolYear: string; gradeLevel: string; section: string };
  groups: Array<{ learners: Array<{ name: string; remarks: string }> }>;
  summary: { enrolmentCutoff: string; lateEnrolment: { total: number } };
  missing: { schoolId: boolean; sex: unknown[] };
  certification: { adviser: string | null; schoolHead: string | null };
};
type Choices = { sections: Array<{ id: number; name: string; gradeId: number }> };

/** 'YYYY-MM' of every month from `from` to `to` ('YYYY-MM-DD'). */
function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7));
    `${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7);
    m++
  ) {
    if (m > 12) [y, m] = [y + 1, 1];
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}

/**
 * The demo's forms as a division office reads them: the school year runs from June (of the demo's first day's school
 * year) to the next spring; every section's SF2 of the month has no learner missing (School ID, sex) and the adviser's
 * and head's names; each school's lower grade's Sampaguita shows, over the year's months, a late enrolment, a transfer
 * in and out with the schools' names, a drop-out with its legend code and an NLPA learner; SF4 names every adviser.
 */
type Sf1 = Pick<Sf1Form, 'missing' | 'groups'>;

async function expectCompleteForms(get: <T>(url: string) => Promise<T>, firstDay: string) {
  const startYear = Number(firstDay.slice(0, 4)) - (Number(firstDay.slice(5, 7)) < 6 ? 1 : 0);
  const schools = await get<Array<{ id: number; acronym: string; schoolHeadName: string | null }>>('/api/super-admin/schools');
  const month = firstDay.slice(0, 7);
  for (const acronym of ['SJNHS', 'RES']) {
    const school = schools.find((s) => s.acronym === acronym)!;
    expect(school.schoolHeadName, acronym).toMatch(/\S+ \S+/);
    const { sections } = await get<Choices>(`/api/super-admin/schools/${school.id}/sf2/choices`);
    expect(sections).toHaveLength(4);
    const sf2 = (sectionId: number, m: string) =>
      get<Sf2>(`/api/super-admin/schools/${school.id}/sections/${sectionId}/sf2?month=${m}`);
    const advisers: string[] = [];
    for (const section of sections) {
      const form = await sf2(section.id, month);
      expect(form.missing, `${acronym} ${section.name}`).toEqual({ schoolId: false, sex: [] });
      expect(form.header.schoolYear).toBe(`${startYear}-${startYear + 1}`);
      expect(form.summary.enrolmentCutoff.slice(0, 7)).toBe(`${startYear}-06`);
      expect(form.certification.schoolHead).toBe(school.schoolHeadName);
      expect(form.certification.adviser).toMatch(/^[A-Z][a-z.]* .+ [A-Z][a-z]+$/);
      advisers.push(form.certification.adviser!);
      // Its School Register: nothing missing, and every learner's home, family, mother tongue and religion.
      const sf1 = await get<Sf1>(`/api/super-admin/schools/${school.id}/sections/${section.id}/sf1`);
      expect(sf1.missing, `${acronym} ${section.name} SF1`).toEqual({ schoolId: false, learners: [] });
      for (const l of sf1.groups.flatMap((g) => g.learners))
        expect(l, `${acronym} ${l.name}`).toMatchObject({
          motherTongue: expect.any(String),
          religion: expect.any(String),
          houseStreet: expect.any(String),
          barangay: expect.any(String),
          municipality: expect.any(String),
          province: expect.any(String),
          fatherName: expect.any(String),
          motherMaidenName: expect.any(String),
          guardianName: expect.any(String),
          guardianRelationship: 'Mother',
        });
    }
    const remarks = new Set<string>();
    // The lower grade's Sampaguita (the form lists Narra first).
    const moved = sections.find((s) => s.gradeId === sections[0]!.gradeId && s.name === 'Sampaguita')!;
    for (const m of monthsBetween(`${startYear}-06-01`, firstDay))
      for (const g of (await sf2(moved.id, m)).groups) for (const l of g.learners) if (l.remarks) remarks.add(l.remarks);
    const all = [...remarks].join('\n');
    expect(all, acronym).toMatch(/^T\/I from .+ School [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    expect(all, acronym).toMatch(/^T\/O to .+ School [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    expect(all, acronym).toMatch(/^DRP b\.6 [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    expect(all, acronym).toMatch(/^NLPA [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    expect(all, acronym).toMatch(/^LE [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);

    const sf4 = await get<{ rows: Array<{ section: string; adviser: string | null }> }>(
      `/api/super-admin/schools/${school.id}/sf4?month=${month}`,
    );
    expect(sf4.rows.map((r) => r.adviser)).toEqual(advisers);
    expect(new Set(advisers).size).toBe(4);
  }
}

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
      async () =>
        (records = (
          await get<{ records: Rec[] }>(`/api/super-admin/attendance-history?startDate=${firstDay}&endDate=${firstDay}`)
        ).records).length > 0,
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

    await expectCompleteForms(get, firstDay);

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
    // A day's records school by school (a page holds 100, a school's day fewer).
    const schoolIds = (await get<Array<{ id: number }>>('/api/super-admin/schools')).map((s) => s.id);
    const history = async (date: string) => {
      const url = (id: number) =>
        `/api/super-admin/attendance-history?startDate=${date}&endDate=${date}&schoolId=${id}&limit=100`;
      return (await Promise.all(schoolIds.map(async (id) => (await get<{ records: Rec[] }>(url(id))).records))).flat();
    };
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
    // 32 learners a school, of whom 3 left and 1 is away: about 4% of the others absent.
    expect(count('PRESENT') + count('LATE')).toBeGreaterThan(40);
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
