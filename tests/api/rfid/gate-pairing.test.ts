import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { createReader, insertCardStudent, postTaps } from '../../helpers/rfid';
import { signedInAdmin } from '../../helpers/admins';
import { testClock, type TestClock } from '../../helpers/clock';
import { hashToken } from '@core/auth/passwords';
import { GATE_MESSAGES } from '@domain/gate';
import { READER_MESSAGES } from '@domain/rfid';

/** The gate station: pairing codes (single use, 10 minutes, per-address limit), the page's token, station and roster. */
describe(`gate station pairing (${dbKind})`, () => {
  let t: TestApp;
  let clock: TestClock;
  let root: string;
  let schoolId: number;
  let otherSchoolId: number;
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(root)(t.app, opts);

  const makeCode = async (readerId: number, token = root, base = '/api/super-admin') =>
    as(token)(t.app, { method: 'POST', url: `${base}/rfid-readers/${readerId}/pairing-code` });
  const pair = (app: FastifyInstance, code: string, remoteAddress = '10.1.0.1') =>
    app.inject({ method: 'POST', url: '/api/gate/pair', payload: { code }, remoteAddress });
  const station = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/gate/station', headers: { authorization: `Bearer ${token}` } });
  const tokenHashOf = async (id: number) =>
    (await t.app.db.selectFrom('rfidReaders').select('tokenHash').where('id', '=', id).executeTakeFirstOrThrow()).tokenHash;
  /** A gate station reader paired by a fresh code: its id and the page's token. */
  const pairedGate = async () => {
    const reader = await createReader(t.app, root, { schoolId, kind: 'GATE', name: `Gate ${Math.random()}` });
    const code = (await makeCode(reader.id)).json().data.code as string;
    const res = await pair(t.app, code, `10.2.${Math.floor(Math.random() * 250)}.1`);
    expect(res.statusCode).toBe(200);
    return { id: reader.id, firstToken: reader.token, token: res.json().data.token as string };
  };

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root, { name: 'Gate High' })).id;
    otherSchoolId = (await createSchool(t.app, root)).id;
  });
  afterAll(() => t.close());

  it('makes a code (shown once, stored hashed, logged) that pairs the page once for the reader’s new token', async () => {
    const reader = await createReader(t.app, root, { schoolId, kind: 'GATE', name: 'Front Gate Station' });
    expect(reader).toMatchObject({ kind: 'GATE' });
    clock.stopAt(clock.now());
    const res = await makeCode(reader.id);
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(Date.parse(made.expiresAt) - clock.now().getTime()).toBe(10 * 60_000);
    clock.resume();
    expect(made.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(made.link).toBe(`http://localhost:80/gate#pair=${made.code}`);
    expect(made.qrSvg).toContain('<svg');
    const stored = await t.app.db.selectFrom('gatePairingCodes').selectAll().where('readerId', '=', reader.id).execute();
    expect(stored.map((s) => s.codeHash)).toEqual([hashToken(made.code.replace('-', ''))]);
    expect(JSON.stringify(await logsOf(t.app, 'CREATE_GATE_PAIRING_CODE'))).not.toContain(made.code);

    // Typed in lower case with a space: the same code.
    const paired = await pair(t.app, made.code.toLowerCase().replace('-', ' '));
    expect(paired.statusCode).toBe(200);
    const { token, station: s } = paired.json().data;
    expect(s).toEqual({
      readerId: reader.id,
      readerName: 'Front Gate Station',
      location: 'Main gate',
      schoolName: 'Gate High',
      schoolAcronym: expect.any(String),
      timeZone: 'Asia/Manila',
      serverTime: expect.any(String),
      rules: {
        lateCutoff: '07:45',
        schoolDays: [1, 2, 3, 4, 5],
        holidays: [],
        debounceSeconds: t.config.tapDebounceSeconds,
        checkoutMinMinutes: t.config.checkoutMinMinutes,
      },
    });
    expect(await tokenHashOf(reader.id)).toBe(hashToken(token));
    expect((await logsOf(t.app, 'PAIR_GATE_STATION'))[0]).toMatchObject({
      entityId: String(reader.id),
      userRole: 'DEVICE',
      ip: '10.1.0.1',
    });
    // The page's token reads the station and posts taps; the token shown at creation stops working.
    expect((await station(token)).statusCode).toBe(200);
    const tap = await postTaps(t.app, token, { eventId: 'g-1', cardUid: '0012345678', tappedAt: clock.now().toISOString() });
    expect(tap.statusCode).toBe(201);
    expect(tap.json().data.outcome).toBe('UNKNOWN_CARD');
    const old = await station(reader.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Invalid reader token');

    // Single use.
    const again = await pair(t.app, made.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(GATE_MESSAGES.used);
    expect(await tokenHashOf(reader.id)).toBe(hashToken(token));
  });

  it('says when a code is wrong or expired, and a new code replaces the unused one; nothing changes', async () => {
    const reader = await createReader(t.app, root, { schoolId, kind: 'GATE' });
    const first = (await makeCode(reader.id)).json().data.code as string;
    const second = (await makeCode(reader.id)).json().data.code as string;
    const before = await tokenHashOf(reader.id);
    const cases: Array<[string, string]> = [
      [first, GATE_MESSAGES.wrong],
      ['ZZZZ-ZZZZ', GATE_MESSAGES.wrong],
      ['', GATE_MESSAGES.code],
    ];
    for (const [code, message] of cases) {
      const res = await pair(t.app, code, '10.3.0.1');
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toBe(message);
    }
    clock.advance(10 * 60_000);
    const late = await pair(t.app, second, '10.3.0.2');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(GATE_MESSAGES.expired);
    clock.advance(-10 * 60_000);
    expect(await tokenHashOf(reader.id)).toBe(before);
    expect(await logsOf(t.app, 'PAIR_GATE_STATION')).not.toContainEqual(expect.objectContaining({ entityId: String(reader.id) }));
  });

  it('pairs gate stations and HTTP readers only', async () => {
    const zk = await createReader(t.app, root, { schoolId, kind: 'ZKTECO', serialNumber: `ZK${Date.now()}` });
    const res = await makeCode(zk.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GATE_MESSAGES.kind);
    const http = await createReader(t.app, root, { schoolId });
    expect((await makeCode(http.id)).statusCode).toBe(201);
    const off = await createReader(t.app, root, { schoolId, kind: 'GATE', isActive: false });
    const refused = await makeCode(off.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GATE_MESSAGES.inactive);
    expect(await t.app.db.selectFrom('gatePairingCodes').select('id').where('readerId', 'in', [zk.id, off.id]).execute()).toEqual(
      [],
    );
  });

  it('unpairing or a new token stops the page at once', async () => {
    const a = await pairedGate();
    const res = await api({ method: 'POST', url: `/api/super-admin/rfid-readers/${a.id}/unpair` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GATE_MESSAGES.unpaired);
    expect((await station(a.token)).statusCode).toBe(401);
    expect(
      (await postTaps(t.app, a.token, { eventId: 'u-1', cardUid: '01', tappedAt: clock.now().toISOString() })).statusCode,
    ).toBe(401);
    expect((await logsOf(t.app, 'UNPAIR_GATE_STATION'))[0]?.entityId).toBe(String(a.id));

    const b = await pairedGate();
    expect((await api({ method: 'POST', url: `/api/super-admin/rfid-readers/${b.id}/rotate-token` })).statusCode).toBe(200);
    expect((await station(b.token)).statusCode).toBe(401);
  });

  it('the roster is the reader’s school’s active learners with a card, without guardians’ numbers', async () => {
    const gate = await pairedGate();
    const mine = await insertCardStudent(t.app, schoolId, 'A1B2C3D4', undefined, {
      firstName: 'Ana',
      parentPhone: '+639179998877',
    });
    await insertCardStudent(t.app, otherSchoolId, 'B1B2C3D4');
    const archived = await insertCardStudent(t.app, schoolId, 'C1B2C3D4');
    await t.app.db.updateTable('students').set({ isArchived: 1 }).where('id', '=', archived).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gate/roster',
      headers: { authorization: `Bearer ${gate.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { students } = res.json().data;
    expect(students.map((s: { id: number }) => s.id)).toEqual([mine]);
    expect(students[0]).toEqual({
      id: mine,
      name: expect.stringMatching(/^Ana Holder/),
      grade: null,
      section: null,
      photoUrl: null,
      cardUid: 'A1B2C3D4',
    });
    expect(res.body).not.toContain('639179998877');
    const none = await t.app.inject({ method: 'GET', url: '/api/gate/roster' });
    expect(none.statusCode).toBe(401);
  });

  it('a school admin with MANAGE_RFID_READERS pairs their own school’s readers only', async () => {
    const own = await createReader(t.app, root, { schoolId, kind: 'GATE' });
    const foreign = await createReader(t.app, root, { schoolId: otherSchoolId, kind: 'GATE' });
    const admin = await signedInAdmin(t.app, schoolId, ['MANAGE_RFID_READERS']);
    expect((await makeCode(own.id, admin.token, '/api/admin')).statusCode).toBe(201);
    const other = await makeCode(foreign.id, admin.token, '/api/admin');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(READER_MESSAGES.notFound);
    const clerk = await signedInAdmin(t.app, schoolId, ['VIEW_ATTENDANCE']);
    expect((await makeCode(own.id, clerk.token, '/api/admin')).statusCode).toBe(403);
  });

  it('limits pairing attempts per address', async () => {
    const limited = await createTestApp({ rateLimits: { ...t.config.rateLimits, loginPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await pair(limited.app, 'AAAA-AAAA', '10.9.0.1')).statusCode).toBe(400);
      const over = await pair(limited.app, 'AAAA-AAAA', '10.9.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect((await pair(limited.app, 'AAAA-AAAA', '10.9.0.2')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
