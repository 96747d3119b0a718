import type { Executor } from './db/index';
import { nowIso } from './time/time';

export type Role = 'SUPER_ADMIN' | 'ADMIN' | 'STUDENT';

/** Who did something: a signed-in user, a device (RFID reader), the system itself, or a public visitor. */
export interface Actor {
  role: Role | 'PUBLIC' | 'SYSTEM' | 'DEVICE';
  userId: number | null;
  name?: string;
  email?: string;
  employeeId?: string;
  lrn?: string;
  /** A school admin's school: the entry belongs to that school's activity log. */
  schoolId?: number | null;
  ip?: string;
  userAgent?: string;
  /** The sign-in device cookie the request carried (never logged). */
  deviceId?: string;
}

export interface LogEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
  /**
   * The school the entry concerns, when the actor has none of their own (the super admin editing a school's
   * learner): the entry then shows in that school's activity log too.
   */
  schoolId?: number | null;
}

const SECRET_KEY = /pass(word)?|token|api_?key|secret|authorization|hash/i;

/** Replaces secret values (passwords, tokens, API keys) at any depth before anything is stored. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[REDACTED]' : redact(v)]),
    );
  }
  return value;
}

/** { field: { from, to } } for the fields whose value changed (compared as JSON). */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return changes;
}

/**
 * Writes one system-log entry. Call it with the same transaction as the change it records, so the
 * log and the data can never disagree.
 */
export async function writeLog(db: Executor, actor: Actor, entry: LogEntry): Promise<void> {
  const performedBy = {
    name: actor.name ?? null,
    email: actor.email ?? null,
    employeeId: actor.employeeId ?? null,
    lrn: actor.lrn ?? null,
  };
  await db
    .insertInto('systemLogs')
    .values({
      createdAt: nowIso(),
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details: entry.details ? JSON.stringify(redact(entry.details)) : null,
      userRole: actor.role,
      userId: actor.userId,
      performedBy: JSON.stringify(performedBy),
      ip: actor.ip ?? null,
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
      schoolId: entry.schoolId ?? actor.schoolId ?? null,
    })
    .execute();
}

/**
 * Rewrites the details of the entry that records `entity` `entityId`: work done in steps (a background job's
 * chunks) stays ONE entry whose count each step's transaction brings up to date.
 */
export async function updateLogDetails(
  db: Executor,
  entity: string,
  entityId: string | number,
  details: Record<string, unknown>,
) {
  await db
    .updateTable('systemLogs')
    .set({ details: JSON.stringify(redact(details)) })
    .where('entity', '=', entity)
    .where('entityId', '=', String(entityId))
    .execute();
}
