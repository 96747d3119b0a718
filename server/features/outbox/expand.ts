import type { Executor } from '@core/db/index';
import { intentOf, type ChannelPayload, type NotificationIntent } from './payloads';
import { OUTBOX, type OutboxRow } from './claim';
import { renderMessage } from './templates';
import { expiresAt, expiryReasonOf, priorityOf, type ExpiryRule } from './urgency';

export type Channel = 'SMS' | 'MESSENGER';

/** notificationPreference → channels (default SMS_ONLY). BOTH sends both; Messenger only once the parent opted in. */
export function channelsFor(preference: string, hasPsid: boolean): Channel[] {
  if (preference === 'FACEBOOK_MESSENGER_ONLY') return ['MESSENGER'];
  if (preference === 'BOTH') return hasPsid ? ['SMS', 'MESSENGER'] : ['SMS'];
  return ['SMS'];
}

export async function studentContext(db: Executor, studentId: number) {
  return db
    .selectFrom('students as st')
    .leftJoin('schools as sc', 'sc.id', 'st.schoolId')
    .select([
      'st.id',
      'st.firstName',
      'st.lastName',
      'st.parentPhone',
      'st.parentMessengerPsid',
      'st.notificationPreference',
      'st.isArchived',
      'st.schoolId',
      'sc.acronym as schoolAcronym',
      'sc.timezone as schoolTimezone',
    ])
    .where('st.id', '=', studentId)
    .executeTakeFirst();
}

/** A message's deadline: when it expires, and the reason when that time has already passed. */
export interface Expiry {
  at: string | null;
  /** Set: the message is past its use already; it is written EXPIRED and never sent. */
  expired?: string;
}

/** The expiry of an intent's messages by the expiry settings (urgency.ts). */
export function expiryOf(intent: NotificationIntent, timeZone: string, rule: ExpiryRule, now: Date): Expiry {
  const at = expiresAt(intent.type, intent.occurredAt, timeZone, rule);
  return at != null && at <= now.toISOString()
    ? { at, expired: expiryReasonOf(intent.type, intent.occurredAt, at, rule) }
    : { at };
}

/** The claim an intent was expanded under: its messages are written already held by it (sent in the same pass). */
export interface Lease {
  token: string;
  until: string;
}

/** When a message is written (`now`: due from then), its deadline, and the claim it is written held by, if any. */
export interface Writing {
  now: Date;
  expiry?: Expiry;
  lease?: Lease;
}

/**
 * Writes one per-channel message (outbox row + its PENDING history row, or both EXPIRED when `expiry.expired`).
 * Its key extends the intent's, so writing it twice is a no-op. With a `lease` the row is written claimed by it
 * ('sending'), for the worker to send at once; if the worker dies first, the lease runs out and any worker takes
 * the row as it takes every stuck one. Returns the outbox row, or null when it already existed.
 */
export async function addChannelMessage(
  trx: Executor,
  intent: NotificationIntent,
  intentKey: string,
  channel: Channel,
  recipient: string,
  text: string,
  preference: string,
  { now: at, expiry = { at: null }, lease }: Writing,
): Promise<OutboxRow | null> {
  const key = `${intentKey}:${channel}`;
  const exists = await trx.selectFrom('notificationOutbox').select('id').where('idempotencyKey', '=', key).executeTakeFirst();
  if (exists) return null;
  const now = at.toISOString();
  const note = await trx
    .insertInto('smsNotifications')
    .values({
      studentId: intent.studentId,
      schoolId: intent.schoolId,
      type: intent.type,
      channel,
      message: text,
      phoneNumber: channel === 'SMS' ? recipient : null,
      status: expiry.expired ? 'EXPIRED' : 'PENDING',
      failureReason: expiry.expired ?? null,
      senderRole: intent.sender?.role ?? null,
      senderId: intent.sender?.id ?? null,
      requestId: key,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payload: ChannelPayload = { type: intent.type, schoolId: intent.schoolId, text, preference, intentKey };
  const held = lease && !expiry.expired ? { status: OUTBOX.sending, leaseToken: lease.token, lockedUntil: lease.until } : {};
  return trx
    .insertInto('notificationOutbox')
    .values({
      idempotencyKey: key,
      channel,
      studentId: intent.studentId,
      recipient,
      payload: JSON.stringify(payload),
      nextAttemptAt: now,
      smsNotificationId: note.id,
      ...(expiry.expired ? { status: OUTBOX.expired, lastError: expiry.expired } : {}),
      ...held,
      schoolId: intent.schoolId,
      priority: priorityOf(intent.type),
      eventAt: intent.occurredAt,
      expiresAt: expiry.at,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An intent → its per-channel messages, by the student's preference and contact details as they are now,
 * in one transaction with marking the intent done (a crash leaves either nothing or everything). The messages
 * are written held by the intent's claim and returned, so the worker sends them in the same pass (a fresh tap's SMS does not wait for another claim behind the backlog).
 */
export async function expandIntent(
  trx: Executor,
  row: OutboxRow,
  defaultTimeZone: string,
  rule: ExpiryRule,
  now: Date,
): Promise<OutboxRow[]> {
  const intent = intentOf(row);
  const student = await studentContext(trx, intent.studentId);
  const finish = (lastError: string | null) =>
    trx
      .updateTable('notificationOutbox')
      .set({ status: OUTBOX.done, lockedUntil: null, lastError, attempts: row.attempts + 1, updatedAt: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
  if (!student || student.isArchived) {
    await finish(student ? 'Student is archived' : 'Student not found');
    return [];
  }
  // An absence undone in the meantime (the day was declared a no-class day) is not told to anyone.
  if (intent.type === 'ABSENCE' && intent.attendanceId != null) {
    const record = await trx
      .selectFrom('attendanceRecords')
      .select('status')
      .where('id', '=', intent.attendanceId)
      .executeTakeFirst();
    if (!record || record.status !== 'ABSENT') {
      await finish('Absence cancelled');
      return [];
    }
  }
  const timeZone = student.schoolTimezone ?? defaultTimeZone;
  const text = renderMessage(intent.type, {
    firstName: student.firstName,
    lastName: student.lastName,
    schoolAcronym: student.schoolAcronym,
    occurredAt: intent.occurredAt,
    timeZone,
    text: intent.text,
  });
  const preference = student.notificationPreference ?? 'SMS_ONLY';
  const withSchool = { ...intent, schoolId: intent.schoolId ?? student.schoolId };
  // An intent expanded after its notice's time is up (a long backlog, a server down all day) is recorded EXPIRED
  // in History with the reason, and never sent.
  const expiry = expiryOf(intent, timeZone, rule, now);
  const lease = row.leaseToken && row.lockedUntil ? { token: row.leaseToken, until: row.lockedUntil } : undefined;
  const held: OutboxRow[] = [];
  for (const channel of channelsFor(preference, Boolean(student.parentMessengerPsid))) {
    const recipient = channel === 'SMS' ? student.parentPhone : (student.parentMessengerPsid ?? '');
    const message = await addChannelMessage(trx, withSchool, row.idempotencyKey, channel, recipient, text, preference, {
      now,
      expiry,
      lease,
    });
    if (message?.status === OUTBOX.sending) held.push(message);
  }
  await finish(null);
  return held;
}
