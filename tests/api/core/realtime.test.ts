import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { createSession } from '@core/auth/sessions';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';

/** Live updates (ARCHITECTURE.md "Live"): only a super-admin session joins the room that gets the events. */

async function listen(t: { app: FastifyInstance }): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function connect(url: string, token?: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (socket: Socket) => socket.timeout(3000).emitWithAck('joinSuperAdmin') as Promise<{ ok: boolean }>;

/** Resolves with the first payload of an event, or 'none' if nothing arrives within ms. */
const next = (socket: Socket, event: string, ms = 400) =>
  new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve('none'), ms);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** These tests check the transport (who receives what), not the payloads: they send small stand-ins. */
const emitRaw = (app: FastifyInstance, event: string, payload: unknown) =>
  (app.realtime.emitToSuperAdmins as (event: string, payload: unknown) => void)(event, payload);

describe(`socket.io live updates (${dbKind})`, () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('joins a super-admin session to the room, which receives sms:sent and attendance events', async () => {
    const socket = await connect(url, await loginSuperAdmin(t.app));
    sockets.push(socket);
    expect(await join(socket)).toEqual({ ok: true });
    const got = next(socket, 'sms:sent', 2000);
    emitRaw(t.app, 'sms:sent', { id: 7, status: 'SENT' });
    expect(await got).toEqual({ id: 7, status: 'SENT' });
    const att = next(socket, 'attendance', 2000);
    emitRaw(t.app, 'attendance', { id: 1, status: 'PRESENT' });
    expect(await att).toEqual({ id: 1, status: 'PRESENT' });
  });

  it('refuses sockets without a token, with an unknown token, or with an ADMIN session', async () => {
    const now = nowIso();
    const admin = await t.app.db
      .insertInto('admins')
      .values({
        email: 'live-admin@school.test',
        passwordHash: await hashPassword('whatever123', 1024),
        firstName: 'Live',
        lastName: 'Admin',
        employeeId: 'E-LIVE',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token: adminToken } = await createSession(t.app.db, 'ADMIN', admin.id);
    for (const token of [undefined, 'made-up-token', adminToken]) {
      const socket = await connect(url, token);
      sockets.push(socket);
      expect(await join(socket)).toEqual({ ok: false });
      const got = next(socket, 'sms:sent');
      emitRaw(t.app, 'sms:sent', { id: 8 });
      expect(await got).toBe('none');
    }
  });
});

/** Resolves true when the socket is disconnected by the server within ms. */
const dropped = (socket: Socket, ms = 2000) =>
  new Promise<boolean>((resolve) => {
    if (!socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe(`live sockets end with their session (${dbKind})`, () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // A short periodic check, so expiry and deactivation show within the test.
    t = await createTestApp({ liveSessionCheckMs: 150 });
    url = await listen(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });
  const joined = async (token: string) => {
    const socket = await connect(url, token);
    sockets.push(socket);
    expect(await join(socket)).toEqual({ ok: true });
    return socket;
  };

  it('logout drops the socket of that session: it gets nothing afterwards', async () => {
    const token = await loginSuperAdmin(t.app);
    const socket = await joined(token);
    const gone = dropped(socket);
    expect((await as(token)(t.app, { method: 'POST', url: '/api/super-admin/logout' })).statusCode).toBe(200);
    expect(await gone).toBe(true);
    const got = next(socket, 'attendance');
    emitRaw(t.app, 'attendance', { id: 1 });
    expect(await got).toBe('none');
  });

  it('a password change drops the other sessions’ sockets and keeps the caller’s', async () => {
    const mine = await loginSuperAdmin(t.app);
    const other = await loginSuperAdmin(t.app);
    const mySocket = await joined(mine);
    const otherSocket = await joined(other);
    const gone = dropped(otherSocket);
    const change = (currentPassword: string, newPassword: string) =>
      as(mine)(t.app, { method: 'POST', url: '/api/super-admin/change-password', payload: { currentPassword, newPassword } });
    expect((await change(SUPER_ADMIN.password, 'AnotherSecret456')).statusCode).toBe(200);
    expect(await gone).toBe(true);
    expect((await change('AnotherSecret456', SUPER_ADMIN.password)).statusCode).toBe(200);
    const got = next(mySocket, 'sms:sent', 2000);
    emitRaw(t.app, 'sms:sent', { id: 9 });
    expect(await got).toEqual({ id: 9 });
  });

  it('a session that expires loses its socket on the next check', async () => {
    const a = await joined(await loginSuperAdmin(t.app));
    const expiring = dropped(a);
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('revokedAt', 'is', null)
      .execute();
    expect(await expiring).toBe(true);
  });

  it('refuses to admit a deactivated super admin, and drops one deactivated while connected', async () => {
    const now = nowIso();
    const other = await t.app.db
      .insertInto('superAdmins')
      .values({
        email: 'second-root@school.test',
        passwordHash: await hashPassword('whatever123', 1024),
        firstName: 'Second',
        lastName: 'Root',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(t.app.db, 'SUPER_ADMIN', other.id);
    const socket = await joined(token);
    const gone = dropped(socket);
    await t.app.db.updateTable('superAdmins').set({ isActive: 0 }).where('id', '=', other.id).execute();
    expect(await gone).toBe(true);
    const again = await connect(url, token);
    sockets.push(again);
    expect(await join(again)).toEqual({ ok: false });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[skip] socket.io Redis adapter test: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it');

describe.skipIf(!redisUrl)('socket.io across two server processes through Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let other: TestApp;
  let socket: Socket;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl });
    // A second app on the same database: the nodes of one deployment share the adapter's channels.
    b = await buildApp(a.app.config, { db: a.app.db });
    // An app of another deployment (its own database) on the same Redis.
    other = await createTestApp({ redisUrl });
  });
  afterAll(async () => {
    socket?.close();
    await b.close();
    await a.close();
    await other.close();
  });

  it('an event emitted by one server reaches a super admin connected to the other (two apps in one process)', async () => {
    socket = await connect(await listen({ app: b }), await loginSuperAdmin(b));
    expect(await join(socket)).toEqual({ ok: true });
    const got = next(socket, 'attendance:all', 3000);
    emitRaw(a.app, 'attendance:all', { from: 'server A' });
    expect(await got).toEqual({ from: 'server A' });
  });

  it('another deployment’s events on the same Redis (another database) do not reach it', async () => {
    const got = next(socket, 'attendance:all', 1000);
    emitRaw(other.app, 'attendance:all', { from: 'elsewhere' });
    expect(await got).toBe('none');
    const ours = next(socket, 'attendance:all', 3000);
    emitRaw(a.app, 'attendance:all', { from: 'server A again' });
    expect(await ours).toEqual({ from: 'server A again' });
  });
});

describe.skipIf(!redisUrl)(`a tap posted to one server process reaches a browser socket on another (${dbKind})`, () => {
  let a: TestApp;
  let child: ChildProcess;
  let socket: Socket;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl });
    // The second process shares the database (file, or PostgreSQL schema) and Redis, as two replicas would.
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: a.dataDir,
        DATABASE_URL: a.app.config.databaseUrl ?? '',
        PG_SCHEMA: a.app.config.pgSchema ?? '',
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'silent',
        SCRYPT_COST: '1024',
        ABSENCE_JOB: '0',
        // Load shedding (503) is tested on its own; a loaded test machine must not trip it here.
        MAX_EVENT_LOOP_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  }, 30_000);
  afterAll(async () => {
    socket?.close();
    child?.kill('SIGTERM');
    await a.close();
  });

  it('process B delivers the attendance event of a tap recorded by process A', async () => {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /PORT (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`second server exited with ${code}`)));
    });
    const token = await loginSuperAdmin(a.app);
    socket = await connect(`http://127.0.0.1:${port}`, token);
    expect(await join(socket)).toEqual({ ok: true });
    const schoolId = (await createSchool(a.app, token)).id;
    const reader = await createReader(a.app, token, { schoolId });
    const studentId = await insertCardStudent(a.app, schoolId, '0BADF00D');
    const day = lastSchoolDay();
    const got = next(socket, 'attendance', 5000);
    expect(
      (await postTaps(a.app, reader.token, { eventId: 'multi-1', cardUid: '0BADF00D', tappedAt: at(day, '07:00') })).statusCode,
    ).toBe(201);
    expect(await got).toMatchObject({ studentId, status: 'PRESENT', reader: 'Gate 1', record: { studentId } });
  }, 30_000);
});
