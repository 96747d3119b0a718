import { EventEmitter } from 'node:events';
import type { Executor } from '../db/index';
import type { AuthContext } from './context';
import { hashToken, newToken } from './passwords';
import { nowIso } from '../time/time';
import { SESSION_DAYS, type Role } from '@domain/roles';

export interface SessionInfo {
  sessionId: number;
  role: Role;
  userId: number;
}

/** Creates a session and returns the opaque token (shown once; only its hash is stored). */
export async function createSession(
  db: Executor,
  role: Role,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; sessionId: number; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86400000).toISOString();
  const row = await db
    .insertInto('sessions')
    .values({
      tokenHash: hashToken(token),
      role,
      userId,
      createdAt: nowIso(),
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id, expiresAt };
}

/** A live (not revoked, not expired) session for a token, or null. */
export async function findSession(db: Executor, token: string): Promise<SessionInfo | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'role', 'userId', 'expiresAt', 'revokedAt'])
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revokedAt || row.expiresAt <= nowIso()) return null;
  return { sessionId: row.id, role: row.role as Role, userId: row.userId };
}

/** A signed-in user's live session as request.auth carries it, with the session's expiry. */
export interface LiveAuth {
  auth: AuthContext;
  expiresAt: string;
}

/**
 * The live session of a token WITH its user, in one statement (every authenticated request pays it, unless
 * the session cache has it): not revoked, not expired, and the account active (a student also not archived).
 */
export async function findLiveAuth(db: Executor, token: string): Promise<LiveAuth | null> {
  if (!token || token.length > 200) return null;
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
    .where('s.expiresAt', '>', nowIso())
    .executeTakeFirst();
  if (!row) return null;
  const session = { sessionId: row.id, role: row.role as Role, userId: row.userId };
  const live = (auth: AuthContext) => ({ auth, expiresAt: row.expiresAt });
  if (row.role === 'SUPER_ADMIN') {
    return row.saActive ? live({ ...session, name: `${row.saFirst} ${row.saLast}`, email: row.saEmail! }) : null;
  }
  if (row.role === 'ADMIN') {
    return row.aActive
      ? live({ ...session, name: `${row.aFirst} ${row.aLast}`, email: row.aEmail!, employeeId: row.employeeId! })
      : null;
  }
  return row.stActive && !row.stArchived
    ? live({ ...session, name: `${row.stFirst} ${row.stLast}`, email: row.stEmail!, lrn: row.lrn! })
    : null;
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
