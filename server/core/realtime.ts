import { Server, type Socket } from 'socket.io';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from './db/index';
import { hashToken } from './auth/passwords';
import { systemClock, type Clock } from './time/clock';
import { sessionRevocations, type Revocation } from './auth/sessions';
import { csrfMatches, readCookies } from './auth/browser-session';
import { ROLE_COOKIES, type Role } from '@domain/auth/roles';
import type { LiveEventName, LivePayload, StudentLiveEventName, StudentLivePayload } from '@domain/live-events';

export const SUPER_ADMIN_ROOM = 'super-admin';
/** A learner's own room (student portal): only that learner's live STUDENT sessions join it. */
export const studentRoom = (studentId: number) => `student:${studentId}`;

/**
 * A school's rooms: its admins with VIEW_ATTENDANCE get its attendance events, with VIEW_SMS_HISTORY its
 * sms:sent and sms:alarm; `attendance:all` (every tap, unknown cards too) stays the super admin's.
 */
const SCHOOL_EVENT_PERMISSION: Partial<Record<LiveEventName, string>> = {
  attendance: 'VIEW_ATTENDANCE',
  'sms:sent': 'VIEW_SMS_HISTORY',
  'sms:alarm': 'VIEW_SMS_HISTORY',
};
export const schoolRoom = (schoolId: number, event: LiveEventName) => `school:${schoolId}:${event}`;

export interface Realtime {
  /** A real-time event, its payload typed by its schema (src/domain/live-events.ts). */
  emitToSuperAdmins<E extends LiveEventName>(event: E, payload: LivePayload<E>): void;
  /** To the super admins and to the admins of that school allowed to see the event (none when schoolId is null). */
  emitToSchool<E extends LiveEventName>(schoolId: number | null, event: E, payload: LivePayload<E>): void;
  /** To one learner's portal (their own attendance and messages only). */
  emitToStudent<E extends StudentLiveEventName>(studentId: number, event: E, payload: StudentLivePayload<E>): void;
  /** False only when nobody can be listening (no Redis peers and no admitted socket in this process). */
  hasListeners(): boolean;
  close(): Promise<void>;
}

/** What an admitted socket carries: the session it was admitted with (and an admin's school and rooms). */
interface LiveSession {
  sessionId: number;
  role: 'SUPER_ADMIN' | 'ADMIN' | 'STUDENT';
  userId: number;
  expiresAt: string;
  schoolId?: number;
  rooms: string[];
}

/** The live super-admin session of a token (not revoked, not expired, account active), or null. */
async function liveSuperAdminSession(db: DB, token: string, now: string): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('superAdmins', 'superAdmins.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.role', '=', 'SUPER_ADMIN')
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', now)
    .where('sessions.idleExpiresAt', '>', now)
    .where('superAdmins.isActive', '=', 1)
    .executeTakeFirst();
  return row
    ? { sessionId: row.id, role: 'SUPER_ADMIN', userId: row.userId, expiresAt: row.expiresAt, rooms: [SUPER_ADMIN_ROOM] }
    : null;
}

/** The rooms an admin's school and permissions admit them to. */
function adminRooms(schoolId: number | null, permissionsJson: string): string[] {
  if (schoolId == null) return [];
  let permissions: Record<string, unknown> = {};
  try {
    permissions = JSON.parse(permissionsJson || '{}') as Record<string, unknown>;
  } catch {
    permissions = {};
  }
  return Object.entries(SCHOOL_EVENT_PERMISSION)
    .filter(([, p]) => permissions[p!] === true)
    .map(([event]) => schoolRoom(schoolId, event as LiveEventName));
}

/** The live ADMIN session of a token, with the school rooms the admin may be in now, or null. */
async function liveAdminSession(db: DB, token: string, now: string): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'sessions.expiresAt', 'admins.schoolId', 'admins.permissions'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.role', '=', 'ADMIN')
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', now)
    .where('sessions.idleExpiresAt', '>', now)
    .where('admins.isActive', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  const rooms = adminRooms(row.schoolId, row.permissions);
  return rooms.length
    ? { sessionId: row.id, role: 'ADMIN', userId: row.userId, expiresAt: row.expiresAt, schoolId: row.schoolId!, rooms }
    : null;
}

/** The live STUDENT session of a token (not revoked, not expired, learner active and not archived), or null. */
async function liveStudentSession(db: DB, token: string, now: string): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('students', 'students.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.userId', 'sessions.expiresAt'])
    .where('sessions.tokenHash', '=', hashToken(token))
    .where('sessions.role', '=', 'STUDENT')
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', now)
    .where('sessions.idleExpiresAt', '>', now)
    .where('students.isActive', '=', 1)
    .where('students.isArchived', '=', 0)
    .executeTakeFirst();
  return row
    ? { sessionId: row.id, role: 'STUDENT', userId: row.userId, expiresAt: row.expiresAt, rooms: [studentRoom(row.userId)] }
    : null;
}

/**
 * socket.io at /socket.io. A script's handshake carries the session token (auth.token or a Bearer header); a
 * browser's carries its session cookies (sent by the browser itself) and, in auth.csrf, the CSRF value of the role
 * it joins as (a page of another site could open a socket with the cookies, but cannot read the CSRF value). Each
 * join uses its role's cookie (joinSuperAdmin SUPER_ADMIN_TOKEN, joinSchool ADMIN_TOKEN, joinStudent STUDENT_TOKEN);
 * `joinSuperAdmin` puts the socket in the super-admin room only for a live SUPER_ADMIN session of an active
 * account; `joinSchool` puts a school admin's socket in the rooms of their own school that their permissions allow
 * (never another school's: the school comes from the session, not from the client); `joinStudent` puts it in its
 * learner's own room only for a live STUDENT session of an active, unarchived learner (the student portal). A socket whose session ends is disconnected: at once when this process revokes it (logout,
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
  /** The server's clock, on which sessions expire */
  clock: Clock = systemClock,
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
    const session = admitted.get(socket);
    admitted.delete(socket);
    for (const room of session?.rooms ?? []) void socket.leave(room);
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

  /**
   * Re-checks every admitted socket's session (revoked elsewhere, expired, account deactivated) and an admin's
   * rooms (moved to another school, a permission taken away): a socket that lost any room is dropped.
   */
  const sweep = async () => {
    if (admitted.size === 0) return;
    const sessions = [...admitted.values()];
    const live = new Map<number, string[]>();
    const now = clock.now().toISOString();
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'STUDENT'] as const) {
      const ids = [...new Set(sessions.filter((s) => s.role === role).map((s) => s.sessionId))];
      for (let i = 0; i < ids.length; i += 500) {
        const base = db
          .selectFrom('sessions')
          .where('sessions.id', 'in', ids.slice(i, i + 500))
          .where('sessions.revokedAt', 'is', null)
          .where('sessions.expiresAt', '>', now)
          .where('sessions.idleExpiresAt', '>', now);
        if (role === 'SUPER_ADMIN') {
          const rows = await base
            .innerJoin('superAdmins', 'superAdmins.id', 'sessions.userId')
            .select('sessions.id')
            .where('superAdmins.isActive', '=', 1)
            .execute();
          rows.forEach((r) => live.set(r.id, [SUPER_ADMIN_ROOM]));
        } else if (role === 'STUDENT') {
          const rows = await base
            .innerJoin('students', 'students.id', 'sessions.userId')
            .select(['sessions.id', 'sessions.userId'])
            .where('students.isActive', '=', 1)
            .where('students.isArchived', '=', 0)
            .execute();
          rows.forEach((r) => live.set(r.id, [studentRoom(r.userId)]));
        } else {
          const rows = await base
            .innerJoin('admins', 'admins.id', 'sessions.userId')
            .select(['sessions.id', 'admins.schoolId', 'admins.permissions'])
            .where('admins.isActive', '=', 1)
            .execute();
          rows.forEach((r) => live.set(r.id, adminRooms(r.schoolId, r.permissions)));
        }
      }
    }
    for (const [socket, s] of admitted) {
      const rooms = live.get(s.sessionId);
      if (!rooms || s.rooms.some((room) => !rooms.includes(room))) drop(socket);
    }
  };
  const timer = setInterval(() => sweep().catch((err) => log.warn({ err }, 'live session check failed')), checkEveryMs);
  timer.unref();

  io.on('connection', (socket) => {
    const header = socket.handshake.headers.authorization;
    const bearer =
      (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
      (header?.startsWith('Bearer ') ? header.slice(7) : '');
    const cookies = readCookies(socket.handshake.headers.cookie);
    /** The bearer token, else the role's session cookie when the handshake carries its CSRF value. */
    const tokenOf = (role: Role) => {
      if (bearer) return bearer;
      const cookie = cookies[ROLE_COOKIES[role]] ?? '';
      return cookie && csrfMatches(cookie, socket.handshake.auth?.csrf) ? cookie : '';
    };
    let expiry: NodeJS.Timeout | undefined;
    const admit = (event: string, role: Role, find: (db: DB, token: string, now: string) => Promise<LiveSession | null>) =>
      socket.on(event, async (ack?: (r: { ok: boolean }) => void) => {
        try {
          const session = await find(db, tokenOf(role), clock.now().toISOString());
          if (session && socket.connected) {
            // A later join replaces the rooms of an earlier one.
            for (const room of admitted.get(socket)?.rooms ?? []) if (!session.rooms.includes(room)) await socket.leave(room);
            admitted.set(socket, session);
            await socket.join(session.rooms);
            // Expiry is checked by the sweep too; the timer makes it exact when it falls within ~24 days.
            const ms = Date.parse(session.expiresAt) - clock.now().getTime();
            clearTimeout(expiry);
            if (ms < 2 ** 31 - 1) expiry = setTimeout(() => drop(socket), Math.max(0, ms));
          }
          if (typeof ack === 'function') ack({ ok: !!session });
        } catch (err) {
          log.warn({ err }, `${event} failed`);
          if (typeof ack === 'function') ack({ ok: false });
        }
      });
    admit('joinSuperAdmin', 'SUPER_ADMIN', liveSuperAdminSession);
    admit('joinSchool', 'ADMIN', liveAdminSession);
    admit('joinStudent', 'STUDENT', liveStudentSession);
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      admitted.delete(socket);
    });
  });

  return {
    emitToSuperAdmins(event, payload) {
      io.to(SUPER_ADMIN_ROOM).emit(event, payload);
    },
    emitToSchool(schoolId, event, payload) {
      const rooms = [SUPER_ADMIN_ROOM];
      if (schoolId != null && SCHOOL_EVENT_PERMISSION[event]) rooms.push(schoolRoom(schoolId, event));
      // One emit to the union of rooms: a socket in several gets the event once.
      io.to(rooms).emit(event, payload);
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
