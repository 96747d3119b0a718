import { Server, type Socket } from 'socket.io';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/index';
import { hashToken } from './auth/passwords';
import { nowIso } from './time/time';
import { sessionRevocations, type Revocation } from './auth/sessions';
import type { LiveEventName, LivePayload, StudentLiveEventName, StudentLivePayload } from '@domain/live-events';

export const SUPER_ADMIN_ROOM = 'super-admin';
/** A learner's own room (student portal, issue #24): only that learner's live STUDENT sessions join it. */
export const studentRoom = (studentId: number) => `student:${studentId}`;

export interface Realtime {
  /** A live event of spec §7 "Real-time", its payload typed by its schema (src/domain/live-events.ts). */
  emitToSuperAdmins<E extends LiveEventName>(event: E, payload: LivePayload<E>): void;
  /** To one learner's portal (their own attendance and messages only). */
  emitToStudent<E extends StudentLiveEventName>(studentId: number, event: E, payload: StudentLivePayload<E>): void;
  /** False only when nobody can be listening (no Redis peers and no socket admitted to a room in this process). */
  hasListeners(): boolean;
  close(): Promise<void>;
}

/** What a socket admitted to the room carries: the session it was admitted with. */
interface LiveSession {
  role: 'SUPER_ADMIN' | 'STUDENT';
  room: string;
  sessionId: number;
  userId: number;
  expiresAt: string;
}

/** The live super-admin session of a token (not revoked, not expired, account active), or null. */
async function liveSuperAdminSession(db: DB, token: string): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('superAdmins', 'superAdmins.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.role', '=', 'SUPER_ADMIN')
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', nowIso())
    .where('superAdmins.isActive', '=', 1)
    .executeTakeFirst();
  return row
    ? { role: 'SUPER_ADMIN', room: SUPER_ADMIN_ROOM, sessionId: row.id, userId: row.userId, expiresAt: row.expiresAt }
    : null;
}

/** The live STUDENT session of a token (not revoked, not expired, learner active and not archived), or null. */
async function liveStudentSession(db: DB, token: string): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('students', 'students.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.role', '=', 'STUDENT')
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', nowIso())
    .where('students.isActive', '=', 1)
    .where('students.isArchived', '=', 0)
    .executeTakeFirst();
  return row
    ? { role: 'STUDENT', room: studentRoom(row.userId), sessionId: row.id, userId: row.userId, expiresAt: row.expiresAt }
    : null;
}

/**
 * socket.io at /socket.io. The handshake carries the session token (auth.token or a Bearer header);
 * `joinSuperAdmin` puts the socket in the super-admin room only for a live SUPER_ADMIN session of an active
 * account; `joinStudent` puts it in its learner's own room only for a live STUDENT session of an active,
 * unarchived learner (the student portal). A socket whose session ends is disconnected: at once when this process revokes it (logout,
 * password change, deactivation; other server processes' revocations are relayed onto `sessionRevocations` by
 * core/auth/session-cache.ts), on its expiry time, and by a periodic check of every admitted socket (`checkEveryMs`)
 * for what no signal reports (a row changed by hand, a relay that was down).
 */
export async function createRealtime(
  httpServer: HttpServer,
  db: DB,
  log: FastifyBaseLogger,
  redisUrl?: string,
  checkEveryMs = 15_000,
  /** Prefix of the adapter's Redis channels (server/core/deployment.ts: one deployment's nodes share it). */
  redisKey = 'socket.io',
): Promise<Realtime> {
  const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  let closeRedis: (() => Promise<void>) | undefined;

  if (redisUrl) {
    // Several server processes share rooms through Redis (ARCHITECTURE.md "Stack").
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    // A Redis that goes away is an error event (logged; the clients reconnect), never an uncaught exception.
    for (const c of [pub, sub]) c.on('error', (err: unknown) => log.warn({ err }, 'socket.io adapter: Redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: redisKey }));
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  /** Sockets of this process admitted to the room. */
  const admitted = new Map<Socket, LiveSession>();
  const drop = (socket: Socket) => {
    const room = admitted.get(socket)?.room;
    admitted.delete(socket);
    if (room) void socket.leave(room);
    socket.disconnect(true);
  };

  const onRevoked = (r: Revocation) => {
    for (const [socket, s] of admitted) {
      const hit =
        'sessionId' in r
          ? s.sessionId === r.sessionId
          : r.role === s.role && s.userId === r.userId && s.sessionId !== r.exceptSessionId;
      if (hit) drop(socket);
    }
  };
  sessionRevocations.on('revoked', onRevoked);

  /** Re-checks every admitted socket's session (revoked elsewhere, expired, account deactivated). */
  const sweep = async () => {
    if (admitted.size === 0) return;
    const idsOf = (role: LiveSession['role']) => [
      ...new Set([...admitted.values()].filter((s) => s.role === role).map((s) => s.sessionId)),
    ];
    const live = new Set<number>();
    const admins = idsOf('SUPER_ADMIN');
    for (let i = 0; i < admins.length; i += 500) {
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('superAdmins', 'superAdmins.id', 'sessions.userId')
        .select('sessions.id')
        .where('sessions.id', 'in', admins.slice(i, i + 500))
        .where('sessions.revokedAt', 'is', null)
        .where('sessions.expiresAt', '>', nowIso())
        .where('superAdmins.isActive', '=', 1)
        .execute();
      rows.forEach((r) => live.add(r.id));
    }
    const learners = idsOf('STUDENT');
    for (let i = 0; i < learners.length; i += 500) {
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('students', 'students.id', 'sessions.userId')
        .select('sessions.id')
        .where('sessions.id', 'in', learners.slice(i, i + 500))
        .where('sessions.revokedAt', 'is', null)
        .where('sessions.expiresAt', '>', nowIso())
        .where('students.isActive', '=', 1)
        .where('students.isArchived', '=', 0)
        .execute();
      rows.forEach((r) => live.add(r.id));
    }
    for (const [socket, s] of admitted) if (!live.has(s.sessionId)) drop(socket);
  };
  const timer = setInterval(() => sweep().catch((err) => log.warn({ err }, 'live session check failed')), checkEveryMs);
  timer.unref();

  io.on('connection', (socket) => {
    const header = socket.handshake.headers.authorization;
    const token =
      (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
      (header?.startsWith('Bearer ') ? header.slice(7) : '');
    let expiry: NodeJS.Timeout | undefined;
    /** Admits the socket to the room of the session `find` returns (one room per socket; a later join replaces it). */
    const join = (event: string, find: (db: DB, token: string) => Promise<LiveSession | null>) =>
      socket.on(event, async (ack?: (r: { ok: boolean }) => void) => {
        try {
          const session = await find(db, token);
          if (session && socket.connected) {
            const before = admitted.get(socket);
            if (before && before.room !== session.room) await socket.leave(before.room);
            admitted.set(socket, session);
            await socket.join(session.room);
            // Expiry is checked by the sweep too; the timer makes it exact when it falls within ~24 days.
            const ms = Date.parse(session.expiresAt) - Date.now();
            clearTimeout(expiry);
            if (ms < 2 ** 31 - 1) expiry = setTimeout(() => drop(socket), Math.max(0, ms));
          }
          if (typeof ack === 'function') ack({ ok: !!session });
        } catch (err) {
          log.warn({ err }, `${event} failed`);
          if (typeof ack === 'function') ack({ ok: false });
        }
      });
    join('joinSuperAdmin', liveSuperAdminSession);
    join('joinStudent', liveStudentSession);
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      admitted.delete(socket);
    });
  });

  return {
    emitToSuperAdmins(event, payload) {
      io.to(SUPER_ADMIN_ROOM).emit(event, payload);
    },
    emitToStudent(studentId, event, payload) {
      io.to(studentRoom(studentId)).emit(event, payload);
    },
    hasListeners() {
      return !!redisUrl || admitted.size > 0;
    },
    async close() {
      clearInterval(timer);
      sessionRevocations.off('revoked', onRevoked);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeRedis?.();
    },
  };
}
