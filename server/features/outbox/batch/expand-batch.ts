import type { Executor } from '@core/db/index';
import { OUTBOX, type OutboxRow } from '../claim';
import {
  absenceStatuses,
  expandIntent,
  isAbsenceCheck,
  learners,
  messageRows,
  noMessageReason,
  planIntent,
  type Expansion,
} from '../expand';
import { intentOf, type NotificationIntent } from '../payloads';
import type { ExpiryRule } from '../urgency';

/** Rows a multi-row insert writes at once (well under both stores' limits on bound values). */
const CHUNK = 100;

/**
 * A pass's intents expanded together, in the caller's ONE transaction, as `expandIntent` expands each: the same
 * messages, keys, History rows and deadlines, written set-based (the learners in one read, the messages in one
 * insert per table, the intents marked done in one update per reason) instead of six statements an intent. A
 * departure that may fold its arrival is expanded on its own (fold.ts takes rows one at a time). Returns each
 * intent's expansion by its outbox id.
 */
export async function expandIntents(
  trx: Executor,
  rows: OutboxRow[],
  defaultTimeZone: string,
  rule: ExpiryRule,
  now: Date,
): Promise<Map<number, Expansion>> {
  const out = new Map<number, Expansion>();
  const simple: Array<{ row: OutboxRow; intent: NotificationIntent }> = [];
  for (const row of rows) {
    const intent = intentOf(row);
    if (intent.type === 'CHECK_OUT' && intent.attendanceId != null)
      out.set(row.id, await expandIntent(trx, row, defaultTimeZone, rule, now));
    else simple.push({ row, intent });
  }
  if (!simple.length) return out;
  const students = new Map((await learners(trx, [...new Set(simple.map((s) => s.intent.studentId))])).map((st) => [st.id, st]));
  const absenceIds = simple.filter((s) => isAbsenceCheck(s.intent)).map((s) => s.intent.attendanceId!);
  const absences = absenceIds.length ? await absenceStatuses(trx, absenceIds) : new Map<number, string>();
  const ended = new Map<string | null, number[]>();
  const messages: Array<{ intentId: number; rows: ReturnType<typeof messageRows>; expired: boolean }> = [];
  for (const { row, intent } of simple) {
    out.set(row.id, { held: [], settled: [] });
    const student = students.get(intent.studentId);
    const none = noMessageReason(intent, student, absences.get(intent.attendanceId ?? -1));
    ended.set(none, [...(ended.get(none) ?? []), row.id]);
    if (none || !student) continue;
    const lease = row.leaseToken && row.lockedUntil ? { token: row.leaseToken, until: row.lockedUntil } : undefined;
    const { text, preference, withSchool, expiry, to } = planIntent(intent, student, defaultTimeZone, rule, now);
    for (const { channel, recipient } of to)
      messages.push({
        intentId: row.id,
        rows: messageRows(withSchool, row.idempotencyKey, channel, recipient, text, preference, { now, expiry, lease }),
        expired: Boolean(expiry.expired),
      });
  }
  // A message written already (its key exists) is not written again.
  const keys = messages.map((m) => m.rows.key);
  const existing = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const found = await trx
      .selectFrom('notificationOutbox')
      .select('idempotencyKey')
      .where('idempotencyKey', 'in', keys.slice(i, i + CHUNK))
      .execute();
    for (const f of found) existing.add(f.idempotencyKey);
  }
  const fresh = messages.filter((m) => !existing.has(m.rows.key));
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const notes = await trx
      .insertInto('smsNotifications')
      .values(chunk.map((m) => m.rows.history))
      .returning(['id', 'requestId'])
      .execute();
    const noteOf = new Map(notes.map((n) => [n.requestId, n.id]));
    const written = await trx
      .insertInto('notificationOutbox')
      .values(chunk.map((m) => ({ ...m.rows.outbox, smsNotificationId: noteOf.get(m.rows.key)! })))
      .returningAll()
      .execute();
    const byKey = new Map(written.map((w) => [w.idempotencyKey, w]));
    // In the intents' order (RETURNING promises none): the most urgent go first.
    for (const m of chunk) {
      const message = byKey.get(m.rows.key)!;
      const expansion = out.get(m.intentId)!;
      if (message.status === OUTBOX.sending) expansion.held.push(message);
      else if (m.expired && message.smsNotificationId != null) expansion.settled.push(message.smsNotificationId);
    }
  }
  const at = now.toISOString();
  for (const [lastError, ids] of ended)
    for (let i = 0; i < ids.length; i += CHUNK)
      await trx
        .updateTable('notificationOutbox')
        .set((eb) => ({ status: OUTBOX.done, lockedUntil: null, lastError, attempts: eb('attempts', '+', 1), updatedAt: at }))
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
  return out;
}
