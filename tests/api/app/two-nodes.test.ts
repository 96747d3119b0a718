import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createDb, type DB } from '@core/db/index';
import { createSecretBox } from '@core/secrets/secrets';
import { addDays, localDate, nowIso } from '@core/time/time';
import { createSession } from '@core/auth/sessions';
import { ABSENCE_JOB } from '../../../server/features/attendance/absence-job';
import { LIVE_OPTIONS } from '@kit/live';
import { SUPER_ADMIN, WANT_TOKEN } from '../../helpers/app';
import { at, insertCardStudent, lastSchoolDay } from '../../helpers/rfid';
import { createEmptyPgDatabase } from '../../helpers/template-db';
import { startScript, waitFor, type ScriptProcess } from '../../helpers/processes';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

/**
 * Two API server processes (scripts/serve.ts) on one PostgreSQL database and one Redis, both with
 * the absence job and the outbox worker on, as two replicas behind a load balancer would run. A tap taken by
 * node 1 reaches a super admin's console socket on node 2; a logout, password change or deactivation on node 1
 * refuses the token on node 2 on the very next request (its session cache is cleared through Redis); the absence
 * job marks each absent student once and each parent gets one SMS; the outbox sends each message once.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.warn(
    '[skip] two API nodes: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test and TEST_REDIS_URL=redis://127.0.0.1:6379 to run it',
  );
}

/** Absent students of the absence school, each absent on 2 days: 2 × ABSENT_STUDENTS messages for the two workers. */
const ABSENT_STUDENTS = 30;

interface Node {
  proc: ScriptProcess;
  url: string;
}

/** One JSON request to a node; `token` as the console sends it (Bearer). */
async function call(node: Node, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(url.endsWith('/login') ? WANT_TOKEN : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as { data?: unknown; message?: string }) : {} };
}

const login = async (node: Node) => {
  const res = await call(node, 'POST', '/api/super-admin/login', undefined, SUPER_ADMIN);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json.data as { token: string }).token;
};
const profileStatus = async (node: Node, token: string) => (await call(node, 'GET', '/api/super-admin/profile', token)).status;

/** The console's socket (src/kit/live.ts: same options, token in the handshake), joined to the room. */
async function consoleSocket(node: Node, token: string): Promise<Socket> {
  const socket = io(node.url, {
    ...LIVE_OPTIONS,
    transports: [...LIVE_OPTIONS.transports],
    auth: { token },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect(await socket.timeout(3000).emitWithAck('joinSuperAdmin')).toEqual({ ok: true });
  return socket;
}

const disconnected = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (!socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe.skipIf(!pgUrl || !redisUrl)('two API nodes on one PostgreSQL and one Redis (real server processes)', () => {
  let database: { url: string; schema: string };
  const secretsKey = randomBytes(32).toString('base64');
  const dirs: string[] = [];
  const sockets: Socket[] = [];
  let gw: StandInGateway;
  let db: DB;
  let node1: Node;
  let node2: Node;

  const startNode = async (): Promise<Node> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-'));
    dirs.push(dataDir);
    const proc = await startScript(
      'scripts/serve.ts',
      {
        ...process.env,
        PORT: '0',
        // Each node its own DATA_DIR (no shared files): what they share is the database, Redis and SECRETS_KEY.
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PG_SCHEMA: database.schema,
        REDIS_URL: redisUrl,
        SECRETS_KEY: secretsKey,
        SMS_GATEWAY_URL: gw.url,
        SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
        SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
        SCRYPT_COST: '1024',
        LOG_LEVEL: 'warn',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        LOGIN_RATE_PER_MINUTE: '1000',
        ABSENCE_JOB: '1',
        ABSENCE_JOB_SECONDS: '1',
        OUTBOX_WORKER: '1',
        // The absence test marks yesterday too: its notices must stay sendable (by default they expire at day end).
        OUTBOX_ATTENDANCE_EXPIRY: '168',
        OUTBOX_POLL_MS: '50',
        OUTBOX_BATCH: '4',
        // No periodic socket check within the test: a socket on node 2 can only be dropped by the relayed revocation.
        LIVE_SESSION_CHECK_MS: '600000',
      },
      /PORT (\d+)/,
    );
    return { proc, url: `http://127.0.0.1:${proc.match[1]}` };
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    gw.delayMs = 15;
    database = await createEmptyPgDatabase(pgUrl!);
    // Both nodes start at once on the empty schema: they race to migrate it and to create the first super admin.
    [node1, node2] = await Promise.all([startNode(), startNode()]);
    db = createDb({ databaseUrl: database.url, sqliteFile: '', pgSchema: database.schema });
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([node1?.proc.stop(), node2?.proc.stop()]);
    await db?.destroy();
    await gw?.close();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  }, 60_000);

  it('both nodes started on one new database: one first super admin, signing in on either', async () => {
    const admins = await db.selectFrom('superAdmins').select('email').execute();
    expect(admins).toEqual([{ email: SUPER_ADMIN.email }]);
    const logs = await db.selectFrom('systemLogs').select('action').where('action', '=', 'CREATE_SUPER_ADMIN').execute();
    expect(logs).toHaveLength(1);
    expect(await profileStatus(node2, await login(node1))).toBe(200);
    expect(await profileStatus(node1, await login(node2))).toBe(200);
  });

  it('a tap taken by node 1 reaches a super admin’s console socket connected to node 2', async () => {
    const token = await login(node2);
    const socket = await consoleSocket(node2, token);
    sockets.push(socket);
    const now = nowIso();
    const school = await db
      .insertInto('schools')
      .values({ name: 'Tap High', acronym: 'TH', isActive: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Registered now: the absence job (on, every second) never marks a day before a student existed.
    const student = {
      id: await insertCardStudent(db, school.id, '0BADF00D', now, {
        firstName: 'Live',
        lastName: 'Tapper',
        email: 'live.tapper@school.test',
        parentPhone: '+639170000999',
      }),
    };
    const reader = await call(node1, 'POST', '/api/super-admin/rfid-readers', await login(node1), {
      name: 'Gate 1',
      location: 'Main gate',
      schoolId: school.id,
    });
    expect(reader.status).toBe(201);
    const readerToken = (reader.json.data as { token: string }).token;
    const events: unknown[] = [];
    socket.on('attendance', (e: { studentId?: number }) => e.studentId === student.id && events.push(e));
    const day = lastSchoolDay();
    const tap = await fetch(`${node1.url}/api/rfid/taps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: 'two-nodes-1', cardUid: '0BADF00D', tappedAt: at(day, '07:00') }),
    });
    expect(tap.status).toBe(201);
    await waitFor(() => events.length > 0, 5000, 'the attendance event on node 2');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      studentId: student.id,
      studentName: 'Live Tapper',
      status: 'PRESENT',
      reader: 'Gate 1',
      record: { studentId: student.id, date: day },
    });
  });

  it('socket.io long-polling needs sticky sessions: a polling session opened on node 1 is unknown to node 2', async () => {
    const open = await fetch(`${node1.url}/socket.io/?EIO=4&transport=polling`);
    expect(open.status).toBe(200);
    const sid = (JSON.parse((await open.text()).slice(1)) as { sid: string }).sid;
    const elsewhere = await fetch(`${node2.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ code: 1, message: 'Session ID unknown' });
    // The node that opened it knows it (it takes the client's close packet).
    const here = await fetch(`${node1.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '1' });
    expect(here.status).toBe(200);
  });

  it('a logout on node 1 refuses the token on node 2 on the very next request and drops its socket there', async () => {
    const token = await login(node1);
    // Node 2 has the session in its cache (the second request is served from it).
    expect(await profileStatus(node2, token)).toBe(200);
    expect(await profileStatus(node2, token)).toBe(200);
    const socket = await consoleSocket(node2, token);
    sockets.push(socket);
    const dropped = disconnected(socket, 3000);
    expect((await call(node1, 'POST', '/api/super-admin/logout', token)).status).toBe(200);
    expect(await profileStatus(node2, token)).toBe(401);
    expect(await dropped).toBe(true);
  });

  it('a password change on node 1 refuses the other sessions on node 2 at once and keeps the caller’s', async () => {
    const mine = await login(node1);
    const other = await login(node2);
    for (const token of [mine, other]) {
      expect(await profileStatus(node2, token)).toBe(200);
      expect(await profileStatus(node2, token)).toBe(200);
    }
    const change = (currentPassword: string, newPassword: string) =>
      call(node1, 'POST', '/api/super-admin/change-password', mine, { currentPassword, newPassword });
    expect((await change(SUPER_ADMIN.password, 'AnotherSecret456')).status).toBe(200);
    expect(await profileStatus(node2, other)).toBe(401);
    expect(await profileStatus(node2, mine)).toBe(200);
    expect((await change('AnotherSecret456', SUPER_ADMIN.password)).status).toBe(200);
  });

  it('deactivating an admin on node 1 refuses its session on node 2 on the very next request', async () => {
    const now = nowIso();
    const admin = await db
      .insertInto('admins')
      .values({
        email: 'node-admin@school.test',
        passwordHash: 'x',
        firstName: 'Node',
        lastName: 'Admin',
        employeeId: 'E-NODE',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, 'ADMIN', admin.id);
    // A live ADMIN session on a super-admin route is 403; a session that no longer counts is 401.
    expect(await profileStatus(node2, token)).toBe(403);
    expect(await profileStatus(node2, token)).toBe(403);
    expect((await call(node1, 'DELETE', `/api/super-admin/admins/${admin.id}`, await login(node1))).status).toBe(200);
    expect(await profileStatus(node2, token)).toBe(401);
  });

  it('the absence job marks each absent student once a day and each parent gets one SMS a day, across both nodes', async () => {
    const now = new Date();
    const phones = Array.from({ length: ABSENT_STUDENTS }, (_, i) => `+63917${String(5000000 + i)}`);
    // One transaction, so the job (ticking every second on both nodes) sees the whole school or none of it. The job
    // has "run" since two days ago: every school day whose cutoff (00:00 UTC, every day) is after that gets marked.
    const schoolId = await db.transaction().execute(async (trx) => {
      const since = new Date(now.getTime() - 2 * 86_400_000).toISOString();
      await trx
        .insertInto('jobRuns')
        .values({ job: ABSENCE_JOB, runKey: 'since', claimedAt: since, result: null })
        .onConflict((oc) => oc.columns(['job', 'runKey']).doUpdateSet({ claimedAt: since }))
        .execute();
      const stamp = nowIso();
      const school = await trx
        .insertInto('schools')
        .values({
          name: 'Absence High',
          acronym: 'AH',
          isActive: 1,
          timezone: 'UTC',
          absenceCutoff: '00:00',
          schoolDays: '1,2,3,4,5,6,7',
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('smsDevices')
        .values({
          name: 'Office phone',
          deviceName: 'Pixel 7',
          phoneNumber: '+639180000001',
          // Encrypted with the SECRETS_KEY both nodes share: whichever node sends can decrypt it.
          apiKey: createSecretBox(Buffer.from(secretsKey, 'base64')).encrypt('node-key'),
          schoolId: school.id,
          isDefault: 1,
          // Unpaced (httpSMS's "no limit", which the API never sets): this test is about sending once, not a
          // phone's pace (tests/api/outbox/outbox-pace.test.ts).
          sendRatePerMinute: 0,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      await trx
        .insertInto('students')
        .values(
          phones.map((parentPhone, i) => ({
            firstName: 'Absent',
            lastName: `Kid ${i}`,
            email: `absent${i}@school.test`,
            passwordHash: 'x',
            lrn: String(400000000000 + i),
            parentPhone,
            notificationPreference: 'SMS_ONLY',
            schoolId: school.id,
            createdAt: '2020-01-01T00:00:00.000Z',
            updatedAt: stamp,
          })),
        )
        .execute();
      return school.id;
    });
    const today = localDate(now, 'UTC');
    const days = [addDays(today, -1), today];
    const expected = ABSENT_STUDENTS * days.length;

    const ours = () => gw.messages.filter((m) => phones.includes(m.to));
    await waitFor(() => ours().length >= expected, 60_000, `${expected} absence messages at the gateway`);
    // Both nodes keep running their job and worker: nothing more may come. Nothing can once no row of the school is
    // left to send (every intent expanded, every message finished): waited for, then checked below.
    const unsent = async () =>
      (
        await db
          .selectFrom('notificationOutbox')
          .select('id')
          .where('schoolId', '=', schoolId)
          .where('status', 'in', ['pending', 'sending'])
          .execute()
      ).length;
    await waitFor(async () => (await unsent()) === 0, 30_000, 'every message of the school finished', 20);

    const absences = await db
      .selectFrom('attendanceRecords')
      .select(['studentId', 'date', 'status'])
      .where('schoolId', '=', schoolId)
      .execute();
    expect(absences).toHaveLength(expected);
    expect(new Set(absences.map((a) => `${a.studentId} ${a.date}`)).size).toBe(expected);
    expect([...new Set(absences.map((a) => a.date))].sort()).toEqual(days);
    expect(new Set(absences.map((a) => a.status))).toEqual(new Set(['ABSENT']));
    const runs = await db
      .selectFrom('jobRuns')
      .select('runKey')
      .where('job', '=', ABSENCE_JOB)
      .where('runKey', 'like', `${schoolId}:%`)
      .orderBy('runKey')
      .execute();
    expect(runs.map((r) => r.runKey)).toEqual(days.map((d) => `${schoolId}:${d}`));
    const logs = await db
      .selectFrom('systemLogs')
      .select('entityId')
      .where('action', '=', 'MARK_ABSENCES')
      .where('entityId', '=', String(schoolId))
      .execute();
    expect(logs).toHaveLength(days.length);

    // The gateway: one message per parent per day, every request_id once, and no send repeated.
    const messages = ours();
    expect(messages).toHaveLength(expected);
    expect(new Set(messages.map((m) => m.requestId)).size).toBe(expected);
    for (const phone of phones) expect(messages.filter((m) => m.to === phone)).toHaveLength(days.length);
    const posts = gw.posts.filter((p) => messages.some((m) => m.requestId === p.requestId));
    expect(posts).toHaveLength(expected);
    expect(messages.every((m) => m.apiKey === 'node-key')).toBe(true);
    const sent = await db.selectFrom('smsNotifications').select(['status', 'type']).where('schoolId', '=', schoolId).execute();
    expect(sent).toHaveLength(expected);
    expect(sent.every((s) => s.status === 'SENT' && s.type === 'ABSENCE')).toBe(true);
  }, 90_000);
});
