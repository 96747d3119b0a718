import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind } from '../helpers/app';
import { freePort, startScript, waitFor, type ScriptProcess } from '../helpers/processes';
import { yesterday } from '../../scripts/school-day';

/*
 * `npm run demo` end to end (issue #12): the demo script as its own process, on a temp data dir and a free port,
 * with a minimal built site (so it does not run astro build). Signed in as the demo admin through the real API, a
 * newcomer must see within a minute an attendance record in Attendance History (a real tap of a demo reader) and
 * its parent's SMS SENT, then DELIVERED (the stand-in gateway's webhook) in SMS History. The demo runs on SQLite
 * whatever the API tests use, so it runs once.
 */
const DEMO = { email: 'demo@example.com', password: 'DemoPass123' };
const ZONE = 'Asia/Manila';

interface Page<T> {
  success: boolean;
  data: T;
}

describe.skipIf(dbKind !== 'sqlite')('npm run demo', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-test-'));
  let demo: ScriptProcess | undefined;
  afterAll(async () => {
    await demo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows real taps in Attendance History and their messages SENT then DELIVERED in SMS History within a minute', async () => {
    const site = path.join(dir, 'site');
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>demo test</title>');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const days = new Set([yesterday(ZONE)]);
    const started = Date.now();
    demo = await startScript(
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
      },
      /Demo running on (\S+)/,
    );
    days.add(yesterday(ZONE)); // the demo may have started just after midnight in Manila
    expect(demo.match[1]).toBe(`http://localhost:${port}`);
    expect(demo.output()).toContain(`Sign in:   ${DEMO.email} / ${DEMO.password}`);

    const login = await fetch(`${base}/api/super-admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as Page<{ token: string }>).data.token;
    const get = async <T>(url: string) => {
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as Page<T>).data;
    };

    // Issue #19: the dashboard's Total Admins is not 0 (a school admin per demo school).
    expect((await get<{ counts: { admins: number; schools: number } }>('/api/super-admin/dashboard-stats')).counts).toMatchObject(
      {
        admins: 2,
        schools: 2,
      },
    );

    type Rec = { status: string; date: string; checkInAt: string | null; reader: { name: string } | null; card: unknown };
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
    expect(days).toContain(record.date);
    expect(record.checkInAt).not.toBeNull();
    expect(record.reader?.name).toMatch(/^(SJNHS|RES) (Main|Back) Gate$/);

    type Sms = { status: string; type: string; message: string; phoneNumber: string };
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
});
