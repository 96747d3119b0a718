import { EventEmitter } from 'node:events';
import type { Executor } from '../db/index';
import { hashToken, newToken } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { SESSION_DAYS, type Role } from '../../src/domain/roles';

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

/**
 * Revocations in this process, for live sockets (server/realtime.ts drops the matching sockets at once; other
 * processes find out on their periodic session check). Emitted when the revoking statement has run.
 */
export type Revocation = { sessionId: number } | { role: Role; userId: number; exceptSessionId?: number };
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
