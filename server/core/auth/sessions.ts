import { EventEmitter } from 'node:events';
import type { Executor } from '../db/index';
import type { AuthContext } from './context';
import { hashToken, newToken } from './passwords';
import { nowIso } from '../time/time';
import { systemClock, type Clock } from '../time/clock';
import type { SessionLifetimes } from '../config';
import type { Role } from '@domain/auth/roles';

/** The lifetimes of the default configuration (a session made without the app's config: tests, scripts). */
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  staffIdleMs: 12 * 3_600_000,
  studentIdleMs: 30 * 86_400_000,
  staffMaxMs: 7 * 86_400_000,
  studentMaxMs: 90 * 86_400_000,
};

/** How long a session of `role` lasts unused, and at most. */
export const lifetimesOf = (role: Role, l: SessionLifetimes) =>
  role === 'STUDENT' ? { idleMs: l.studentIdleMs, maxMs: l.studentMaxMs } : { idleMs: l.staffIdleMs, maxMs: l.staffMaxMs };

/** A session used again within this time is not stamped again (one write a minute at most per session). */
export const SEEN_EVERY_MS = 60_000;

export interface SessionInfo {
  sessionId: number;
  role: Role;
  userId: number;
}

/**
 * Creates a session and returns the opaque token (shown once; only its hash is stored). Its expiries are on `clock`,
 * the server's (app.clock), which every check of them reads too.
 */
export async function createSession(
  db: Executor,
  role: Role,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
  lifetimes: SessionLifetimes = DEFAULT_SESSION_LIFETIMES,
  clock: Clock = systemClock,
): Promise<{ token: string; sessionId: number; expiresAt: string }> {
  const token = newToken();
  const now = clock.now().getTime();
  const { idleMs, maxMs } = lifetimesOf(role, lifetimes);
  const expiresAt = new Date(now + maxMs).toISOString();
  const createdAt = new Date(now).toISOString();
  const row = await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      role,
      userId,
      createdAt,
      expiresAt,
      lastSeenAt: createdAt,
      idleExpiresAt: new Date(now + Math.min(idleMs, maxMs)).toISOString(),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/** A live (not revoked, not expired, not idle too long) session for a token, or null. */
export async function findSession(db: Executor, token: string, clock: Clock = systemClock): Promise<SessionInfo | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'role', 'userId', 'expiresAt', 'idleExpiresAt', 'revokedAt'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  const now = clock.now().toISOString();
  if (!row || row.revokedAt || row.expiresAt <= now || !(row.idleExpiresAt > now)) return null;
  return { sessionId: row.id, role: row.role as Role, userId: row.userId };
}

/** A signed-in user's live session as request.auth carries it, with when it ends (unless used again). */
export interface LiveAuth {
  auth: AuthContext;
  /** The earlier of the absolute expiry and the idle expiry. */
  expiresAt: string;
}

/**
 * The live session of a token WITH its user, in one statement (every authenticated request pays it, unless
 * the session cache has it): not revoked, not expired, not idle past its timeout, and the account active (a
 * student also not archived). A session last seen more than SEEN_EVERY_MS ago is stamped as seen now, which
 * moves its idle expiry to now plus its role's idle timeout (one more statement, at most once a minute).
 */
export async function findLiveAuth(
  db: Executor,
  token: string,
  lifetimes: SessionLifetimes,
  clock: Clock,
): Promise<LiveAuth | null> {
  if (!token || token.length > 200) return null;
  const now = clock.now().toISOString();
  const row = await db
    .selectFrom('sessions as s')
    .leftJoin('superAdmins as sa', (j) => j.onRef('sa.id', '=', 's.userId').on('s.role', '=', 'SUPER_ADMIN'))
    .leftJoin('admins as a', (j) => j.onRef('a.id', '=', 's.userId').on('s.role', '=', 'ADMIN'))
    .leftJoin('students as st', (j) => j.onRef('st.id', '=', 's.userId').on('s.role', '=', 'STUDENT'))
    .select([
      's.id',
      's.role',
      's.userId',
      's.expiresAt',
      's.lastSeenAt',
      's.idleExpiresAt',
      'sa.firstName as saFirst',
      'sa.lastName as saLast',
      'sa.email as saEmail',
      'sa.isActive as saActive',
      'a.firstName as aFirst',
      'a.lastName as aLast',
      'a.email as aEmail',
      'a.employeeId',
      'a.isActive as aActive',
      'st.firstName as stFirst',
      'st.lastName as stLast',
      'st.email as stEmail',
      'st.lrn',
      'st.isActive as stActive',
      'st.isArchived as stArchived',
    ])
    .where('s.tokenHash', '=', hashToken(token))
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', now)
    .where('s.idleExpiresAt', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const session = { sessionId: row.id, role: row.role as Role, userId: row.userId };
  const user: AuthContext | null =
    row.role === 'SUPER_ADMIN'
      ? row.saActive
        ? { ...session, name: `${row.saFirst} ${row.saLast}`, email: row.saEmail! }
        : null
      : row.role === 'ADMIN'
        ? row.aActive
          ? { ...session, name: `${row.aFirst} ${row.aLast}`, email: row.aEmail!, employeeId: row.employeeId! }
          : null
        : row.stActive && !row.stArchived
          ? { ...session, name: `${row.stFirst} ${row.stLast}`, email: row.stEmail!, lrn: row.lrn! }
          : null;
  if (!user) return null;
  let idleExpiresAt = row.idleExpiresAt;
  if (Date.parse(now) - Date.parse(row.lastSeenAt) >= SEEN_EVERY_MS) {
    idleExpiresAt = new Date(Date.parse(now) + lifetimesOf(session.role, lifetimes).idleMs).toISOString();
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: now, idleExpiresAt })
      .where('id', '=', row.id)
      .where('idleExpiresAt', '>', now)
      .execute();
  }
  return { auth: user, expiresAt: idleExpiresAt < row.expiresAt ? idleExpiresAt : row.expiresAt };
}

/**
 * Revocations, for live sockets (server/core/realtime.ts drops the matching sockets at once) and the session cache
 * (server/core/auth/session-cache.ts drops the matching entries). Emitted when the revoking statement has run; the
 * cache's relay sends them to the other server processes and emits theirs here (`remote`).
 */
export type Revocation = ({ sessionId: number } | { role: Role; userId: number; exceptSessionId?: number }) & {
  /** Set when the revocation was made by another server process (relayed by server/core/auth/session-cache.ts). */
  remote?: boolean;
};
export const sessionRevocations = new EventEmitter<{ revoked: [Revocation] }>();

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: nowIso() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
  sessionRevocations.emit('revoked', { sessionId });
}

/** Revokes every session of a user, except one (the caller's own, after a password change). */
export async function revokeUserSessions(db: Executor, role: Role, userId: number, exceptSessionId?: number): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: nowIso() })
    .where('role', '=', role)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId != null) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  sessionRevocations.emit('revoked', { role, userId, exceptSessionId });
  return Number(res.numUpdatedRows ?? 0);
}
