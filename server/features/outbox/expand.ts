import type { Executor } from '@core/db/index';
import { intentOf, type ChannelPayload, type NotificationIntent } from './payloads';
import { OUTBOX, type OutboxRow } from './claim';
import { channelText, renderArrivalAndDeparture, renderMessage, schoolNotices, type TemplateContext } from './templates';
import { FOLD_NOTES, foldArrival } from './fold';
import { expiresAt, expiryReasonOf, priorityOf, type ExpiryRule } from './urgency';

export type Channel = 'SMS' | 'MESSENGER';

/** notificationPreference → channels (default SMS_ONLY). BOTH sends both; Messenger only once the parent opted in. */
export function channelsFor(preference: string, hasPsid: boolean): Channel[] {
  if (preference === 'FACEBOOK_MESSENGER_ONLY') return ['MESSENGER'];
  if (preference === 'BOTH') return hasPsid ? ['SMS', 'MESSENGER'] : ['SMS'];
  return ['SMS'];
}

/** The learners of `studentIds` with what their messages need (preference, contacts, school's zone and notices). */
export function learners(db: Executor, studentIds: number[]) {
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
      'sc.noticeLanguage',
      'sc.noticeTemplates',
    ])
    .where('st.id', 'in', studentIds)
    .execute();
}

export type Learner = Awaited<ReturnType<typeof learners>>[number];

export const studentContext = async (db: Executor, studentId: number): Promise<Learner | undefined> =>
  (await learners(db, [studentId]))[0];

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

/**
 * When a message is written (`now`: due from then), its deadline, and the claim it is written held by, if any.
 * `folded`: an arrival the fold stopped (written done, History FOLDED); `note`: History's note.
 */
export interface Writing {
  now: Date;
  expiry?: Expiry;
  lease?: Lease;
  folded?: boolean;
  note?: string;
}

/** A message's two rows as they are written (the outbox row's link to its History row added on insert). */
export function messageRows(
  intent: NotificationIntent,
  intentKey: string,
  channel: Channel,
  recipient: string,
  intentText: string,
  preference: string,
  { now: at, expiry = { at: null }, lease, folded, note }: Writing,
) {
  const key = `${intentKey}:${channel}`;
  const text = channelText(channel, intentText);
  const now = at.toISOString();
  const ended = expiry.expired
    ? { history: 'EXPIRED', outbox: OUTBOX.expired, reason: expiry.expired, failureReason: expiry.expired }
    : folded
      ? { history: 'FOLDED', outbox: OUTBOX.done, reason: FOLD_NOTES.folded, failureReason: null }
      : null;
  const history = {
    studentId: intent.studentId,
    schoolId: intent.schoolId,
    type: intent.type,
    channel,
    message: text,
    phoneNumber: channel === 'SMS' ? recipient : null,
    status: ended?.history ?? 'PENDING',
    failureReason: ended?.failureReason ?? null,
    note: folded ? FOLD_NOTES.folded : (note ?? null),
    senderRole: intent.sender?.role ?? null,
    senderId: intent.sender?.id ?? null,
    requestId: key,
    createdAt: now,
    updatedAt: now,
  };
  const payload: ChannelPayload = { type: intent.type, schoolId: intent.schoolId, text, preference, intentKey };
  const held = lease && !ended ? { status: OUTBOX.sending, leaseToken: lease.token, lockedUntil: lease.until } : {};
  const outbox = {
    idempotencyKey: key,
    channel,
    studentId: intent.studentId,
    recipient,
    payload: JSON.stringify(payload),
    nextAttemptAt: now,
    ...(ended ? { status: ended.outbox, lastError: ended.reason } : {}),
    ...held,
    schoolId: intent.schoolId,
    priority: priorityOf(intent.type),
    eventAt: intent.occurredAt,
    expiresAt: expiry.at,
    createdAt: now,
    updatedAt: now,
  };
  return { key, history, outbox };
}

/**
 * Writes one per-channel message (outbox row + its PENDING history row, or both ended: EXPIRED when
 * `expiry.expired`, done and FOLDED when `folded`). `intentText` is the intent's; the message (sent and shown in
 * History) is the channel's form of it (`channelText`).
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
  intentText: string,
  preference: string,
  writing: Writing,
): Promise<OutboxRow | null> {
  const rows = messageRows(intent, intentKey, channel, recipient, intentText, preference, writing);
  const exists = await trx
    .selectFrom('notificationOutbox')
    .select('id')
    .where('idempotencyKey', '=', rows.key)
    .executeTakeFirst();
  if (exists) return null;
  const history = await trx.insertInto('smsNotifications').values(rows.history).returning('id').executeTakeFirstOrThrow();
  return trx
    .insertInto('notificationOutbox')
    .values({ ...rows.outbox, smsNotificationId: history.id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An absence's notice is checked against its record: undone in the meantime (a no-class day), it is not told. */
export const isAbsenceCheck = (intent: NotificationIntent) => intent.type === 'ABSENCE' && intent.attendanceId != null;

/** The statuses of the attendance records `ids`, by id. */
export async function absenceStatuses(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.selectFrom('attendanceRecords').select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Why an intent gets no message (its intent ends with this reason), or null: the learner gone or archived, the absence undone. */
export function noMessageReason(intent: NotificationIntent, student: Learner | undefined, absence?: string): string | null {
  if (!student) return 'Student not found';
  if (student.isArchived) return 'Student is archived';
  if (isAbsenceCheck(intent) && absence !== 'ABSENT') return 'Absence cancelled';
  return null;
}

/** An intent's message as the learner is now: its text, the channels and recipients, and its deadline (before any fold). */
export function planIntent(intent: NotificationIntent, student: Learner, defaultTimeZone: string, rule: ExpiryRule, now: Date) {
  const timeZone = student.schoolTimezone ?? defaultTimeZone;
  const context: TemplateContext = {
    firstName: student.firstName,
    lastName: student.lastName,
    schoolAcronym: student.schoolAcronym,
    occurredAt: intent.occurredAt,
    timeZone,
    text: intent.text,
    notices: schoolNotices(student.noticeLanguage, student.noticeTemplates),
  };
  const preference = student.notificationPreference ?? 'SMS_ONLY';
  // An intent expanded after its notice's time is up (a long backlog, a server down all day) is recorded EXPIRED
  // in History with the reason, and never sent.
  const to = channelsFor(preference, Boolean(student.parentMessengerPsid)).map((channel) => ({
    channel,
    recipient: channel === 'SMS' ? student.parentPhone : (student.parentMessengerPsid ?? ''),
  }));
  return {
    context,
    text: renderMessage(intent.type, context),
    preference,
    withSchool: { ...intent, schoolId: intent.schoolId ?? student.schoolId },
    expiry: expiryOf(intent, timeZone, rule, now),
    to,
  };
}

/** What an expansion wrote: the messages held for this pass to send, and History rows it ended (EXPIRED, FOLDED). */
export interface Expansion {
  held: OutboxRow[];
  settled: number[];
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
): Promise<Expansion> {
  const intent = intentOf(row);
  const student = await studentContext(trx, intent.studentId);
  const finish = (lastError: string | null) =>
    trx
      .updateTable('notificationOutbox')
      .set({ status: OUTBOX.done, lockedUntil: null, lastError, attempts: row.attempts + 1, updatedAt: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
  const absence = isAbsenceCheck(intent) ? await absenceStatuses(trx, [intent.attendanceId!]) : undefined;
  const none = noMessageReason(intent, student, absence?.get(intent.attendanceId!));
  if (none || !student) {
    await finish(none);
    return { held: [], settled: [] };
  }
  const lease = row.leaseToken && row.lockedUntil ? { token: row.leaseToken, until: row.lockedUntil } : undefined;
  const { context, text, preference, withSchool, expiry, to } = planIntent(intent, student, defaultTimeZone, rule, now);
  // A departure whose arrival notice still waits tells both in one message (fold.ts).
  const folded = expiry.expired ? null : await foldArrival(trx, withSchool, to, rule, now);
  const settled = [...(folded?.stopped ?? [])];
  if (folded?.unexpanded) {
    const arrival = { ...folded.unexpanded.intent, schoolId: withSchool.schoolId };
    const arrivalText = renderMessage(arrival.type, { ...context, occurredAt: arrival.occurredAt });
    for (const { channel, recipient } of to) {
      const stopped = await addChannelMessage(trx, arrival, folded.unexpanded.key, channel, recipient, arrivalText, preference, {
        now,
        folded: true,
      });
      if (stopped?.smsNotificationId != null) settled.push(stopped.smsNotificationId);
    }
  }
  const held: OutboxRow[] = [];
  for (const { channel, recipient } of to) {
    const arrivedAt = folded?.arrivals.get(channel);
    const message = await addChannelMessage(
      trx,
      withSchool,
      row.idempotencyKey,
      channel,
      recipient,
      arrivedAt ? renderArrivalAndDeparture({ ...context, occurredAt: arrivedAt }, intent.occurredAt) : text,
      preference,
      { now, expiry, lease, ...(arrivedAt ? { note: FOLD_NOTES.combined } : {}) },
    );
    if (message?.status === OUTBOX.sending) held.push(message);
    else if (expiry.expired && message?.smsNotificationId != null) settled.push(message.smsNotificationId);
  }
  await finish(null);
  return { held, settled };
}
