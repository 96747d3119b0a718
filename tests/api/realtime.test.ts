import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../helpers/app';
import { createSession } from '../../server/services/sessions';
import { hashPassword } from '../../server/lib/passwords';
import { nowIso } from '../../server/lib/time';

/** Live updates (ARCHITECTURE.md "Live"): only a super-admin session joins the room that gets the events. */

async function listen(t: TestApp): Promise<string> {
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
    t.app.realtime.emitToSuperAdmins('sms:sent', { id: 7, status: 'SENT' });
    expect(await got).toEqual({ id: 7, status: 'SENT' });
    const att = next(socket, 'attendance', 2000);
    t.app.realtime.emitToSuperAdmins('attendance', { id: 1, status: 'PRESENT' });
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
      t.app.realtime.emitToSuperAdmins('sms:sent', { id: 8 });
      expect(await got).toBe('none');
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('[skip] socket.io Redis adapter test: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it');

describe.skipIf(!redisUrl)('socket.io across two server processes through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let socket: Socket;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl });
  });
  afterAll(async () => {
    socket?.close();
    await a.close();
    await b.close();
  });

  it('an event emitted by one server reaches a super admin connected to the other', async () => {
    socket = await connect(await listen(b), await loginSuperAdmin(b.app));
    expect(await join(socket)).toEqual({ ok: true });
    const got = next(socket, 'attendance:all', 3000);
    a.app.realtime.emitToSuperAdmins('attendance:all', { from: 'server A' });
    expect(await got).toEqual({ from: 'server A' });
  });
});
