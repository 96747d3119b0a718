import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { startScript, waitFor } from '../../helpers/processes';
import { createSchool, logsOf } from '../../helpers/schools';
import { createReader, insertCardStudent, lastSchoolDay } from '../../helpers/rfid';
import { ATTLOG_MESSAGES } from '../../../server/features/rfid/zkteco';

/**
 * The ZKTeco push intake is bounded and strict — caps per post, rate limits, the terminal
 * checked before the body is read with one answer for every refused device, impossible times refused and kept
 * with their reason (never rolled over), refused lines acknowledged.
 */
describe(`ZKTeco intake bounded and strict (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let zk: { id: number };
  const SN = 'CQZ7232460777';
  const day = lastSchoolDay();
  const rows = (table: 'rfidTaps' | 'rfidTapRefusals', readerId: number) =>
    t.app.db.selectFrom(table).selectAll().where('readerId', '=', readerId).orderBy('id').execute();

  beforeAll(async () => {
    // A low per-reader limit so the 429 is reached in a few requests (the per-address one has its own app below).
    t = await createTestApp({ zktecoRate: { perReaderPerMinute: 6, perAddressPerMinute: 1000 } });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    zk = await createReader(t.app, token, { schoolId, name: 'ZK Strict', kind: 'ZKTECO', serialNumber: SN });
  });
  afterAll(() => t.close());

  const attlog = (sn: string, body: string | Buffer, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${sn}&table=ATTLOG&Stamp=1`,
      headers: { 'content-type': 'text/plain' },
      payload: body,
      remoteAddress,
    });

  it('refuses impossible dates and times (never rolled over), keeps them with their reason, acknowledges them', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, '0077665544');
    const body = [
      `77665544\t${day} 08:75:00\t0\t1\t0\t0`,
      `77665544\t${day} 25:61:61\t0\t1\t0\t0`,
      `77665544\t2026-02-30 07:00:00\t0\t1\t0\t0`,
      `77665544\t${day} 07:10:00\t0\t1\t0\t0`,
      `garbage line`,
    ].join('\n');
    const res = await attlog(SN, body, '10.9.0.1');
    expect([res.statusCode, res.body]).toEqual([200, 'OK']);
    expect((await rows('rfidTaps', zk.id)).map((r) => [r.eventId, r.outcome, r.studentId])).toEqual([
      [`77665544@${day}T07:10:00`, 'CHECK_IN', studentId],
    ]);
    const refusals = (await rows('rfidTapRefusals', zk.id)).map((r) => [r.eventId, r.tappedAtRaw, r.reason]);
    expect(refusals).toEqual([
      [`77665544@${day}T08:75:00`, `${day} 08:75:00`, `Impossible date or time "${day} 08:75:00"`],
      [`77665544@${day}T25:61:61`, `${day} 25:61:61`, `Impossible date or time "${day} 25:61:61"`],
      ['77665544@2026-02-30T07:00:00', '2026-02-30 07:00:00', 'Impossible date or time "2026-02-30 07:00:00"'],
      ['line:garbage line', null, ATTLOG_MESSAGES.notLog],
    ]);
    // The console lists them with the reader's refusals.
    const listed = await as(token)(t.app, { method: 'GET', url: `/api/super-admin/rfid-tap-refusals?readerId=${zk.id}` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ readerName: 'ZK Strict', reason: ATTLOG_MESSAGES.notLog });
    expect(listed.json().data).toHaveLength(4);
    // A resend (the terminal missed our OK) stores nothing twice.
    expect((await attlog(SN, body, '10.9.0.1')).body).toBe('OK');
    expect(await rows('rfidTaps', zk.id)).toHaveLength(1);
    expect(await rows('rfidTapRefusals', zk.id)).toHaveLength(4);
    // No attendance at 09:15 or on the next day: the only record is the 07:10 check-in.
    const records = await t.app.db
      .selectFrom('attendanceRecords')
      .select(['date', 'checkInAt'])
      .where('studentId', '=', studentId)
      .execute();
    expect(records).toHaveLength(1);
  });

  it('answers 413 naming the cap for more than 1,000 lines or 256 KB in one post, and stores nothing', async () => {
    const before = (await rows('rfidTaps', zk.id)).length;
    const lines = Array.from({ length: 1001 }, (_, i) => `${9000 + i}\t${day} 06:00:00\t0\t1`).join('\n');
    const many = await attlog(SN, lines, '10.9.0.2');
    expect([many.statusCode, many.body]).toEqual([413, 'Too many lines: at most 1000 attendance lines per post']);
    const big = await attlog(SN, `1\t${day} 06:00:00\t0\t1\t${'x'.repeat(256 * 1024)}`, '10.9.0.3');
    expect([big.statusCode, big.body]).toEqual([413, 'Too large: at most 262144 bytes (256 KB) per post']);
    expect(await rows('rfidTaps', zk.id)).toHaveLength(before);
    expect(await rows('rfidTapRefusals', zk.id)).toHaveLength(4);
  });

  it('checks the terminal before the body is read, with one answer for an unknown serial and a wrong network', async () => {
    await createReader(t.app, token, {
      schoolId,
      name: 'ZK Fenced',
      kind: 'ZKTECO',
      serialNumber: 'FENCED77',
      allowedNetworks: ['10.20.0.0/16'],
    });
    // A body over the cap from an unknown serial: refused as a device (403), not as a body (413).
    const huge = Buffer.alloc(300 * 1024, 'a');
    const unknown = await attlog('NOPE77', huge, '10.9.0.4');
    const foreign = await attlog('FENCED77', huge, '10.9.0.4');
    expect([unknown.statusCode, unknown.body]).toEqual([403, 'Device not accepted']);
    expect([foreign.statusCode, foreign.body]).toEqual([403, unknown.body]);
    expect(unknown.headers['content-type']).toBe(foreign.headers['content-type']);
    expect((await logsOf(t.app, 'REFUSED_READER_NETWORK')).length).toBeGreaterThan(0);
  });

  it('limits requests per reader: 429 with Retry-After', async () => {
    const poll = (sn: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/iclock/getrequest?SN=${sn}`, remoteAddress });
    const other = await createReader(t.app, token, { schoolId, name: 'ZK Rate', kind: 'ZKTECO', serialNumber: 'RATE77' });
    expect(other.id).toBeGreaterThan(0);
    // Per reader: 6 a minute, whichever addresses they come from.
    for (let i = 0; i < 6; i++) expect((await poll('RATE77', `10.30.0.${i + 1}`)).statusCode).toBe(200);
    const limited = await poll('RATE77', '10.30.0.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toBe(`Too many requests: retry in ${limited.headers['retry-after']} seconds`);
  });

  it('limits requests per address: 429 with Retry-After, whichever serial they name', async () => {
    const small = await createTestApp({ zktecoRate: { perReaderPerMinute: 100, perAddressPerMinute: 5 } });
    try {
      const admin = await loginSuperAdmin(small.app);
      const school = (await createSchool(small.app, admin)).id;
      await createReader(small.app, admin, { schoolId: school, name: 'ZK', kind: 'ZKTECO', serialNumber: 'ADDR77' });
      const poll = (remoteAddress: string) =>
        small.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=ADDR77', remoteAddress });
      for (let i = 0; i < 5; i++) expect((await poll('10.40.0.1')).statusCode).toBe(200);
      const limited = await poll('10.40.0.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back by it.
      expect((await poll('10.40.0.2')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('an address that keeps being refused waits for every serial, except readers whose networks name it', async () => {
    const fenced = await createReader(t.app, token, {
      schoolId,
      name: 'ZK Lan',
      kind: 'ZKTECO',
      serialNumber: 'LAN77',
      allowedNetworks: ['10.50.0.0/24'],
    });
    await createReader(t.app, token, { schoolId, name: 'ZK Open', kind: 'ZKTECO', serialNumber: 'OPEN77' });
    // Before: the open reader is served from that address.
    const first = await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=OPEN77', remoteAddress: '10.50.0.9' });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/iclock/getrequest?SN=GUESS${i}`, remoteAddress: '10.50.0.9' });
      expect(res.statusCode).toBe(403);
    }
    const guess = await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=GUESS99', remoteAddress: '10.50.0.9' });
    expect(guess.statusCode).toBe(429);
    const open = await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=OPEN77', remoteAddress: '10.50.0.9' });
    expect(open.statusCode).toBe(429);
    const lan = await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=LAN77', remoteAddress: '10.50.0.9' });
    expect([lan.statusCode, lan.body]).toEqual([200, 'OK']);
    expect(fenced.id).toBeGreaterThan(0);
  });
});

/** The log of a post full of bad lines: a count and the first few lines, each shortened — never the post. */
describe('ZKTeco refused lines in the log', () => {
  it('summarises 400 refused lines of 500 characters in one short warning', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-log-'));
    const server = await startScript(
      'scripts/serve.ts',
      {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SCRYPT_COST: '1024',
        SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
        SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
        ABSENCE_JOB: '0',
        // Load shedding (503) is tested on its own; a loaded test machine must not trip it here.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        OUTBOX_WORKER: '0',
      },
      /PORT (\d+)/,
    );
    try {
      const base = `http://127.0.0.1:${server.match[1]}`;
      const json = (url: string, body: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : { ...WANT_TOKEN }) },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const token = (await json('/api/super-admin/login', SUPER_ADMIN)).data.token;
      const schoolId = (await json('/api/super-admin/schools', { name: 'Log School', acronym: 'LOG' }, token)).data.id;
      await json('/api/super-admin/rfid-readers', { name: 'ZK Log', schoolId, kind: 'ZKTECO', serialNumber: 'LOG77' }, token);
      const body = Array.from({ length: 400 }, (_, i) => `${i}\t2026-13-45 99:99:99\t${'z'.repeat(470)}`).join('\n');
      expect(body.length).toBeGreaterThan(190_000);
      const res = await fetch(`${base}/iclock/cdata?SN=LOG77&table=ATTLOG`, { method: 'POST', body });
      expect([res.status, await res.text()]).toEqual([200, 'OK']);
      await waitFor(() => server.output().includes('ATTLOG lines refused'), 5000, 'the warning');
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('ATTLOG lines refused'))!;
      const logged = JSON.parse(line) as {
        refused: { count: number; first: Array<{ line: number; reason: string; event: string }> };
      };
      expect(logged.refused.count).toBe(400);
      expect(logged.refused.first).toHaveLength(5);
      expect(logged.refused.first[0]).toEqual({
        line: 1,
        reason: 'Impossible date or time "2026-13-45 99:99:99"',
        event: '0@2026-13-45T99:99:99',
      });
      expect(line.length).toBeLessThan(2000);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
