import type { Executor } from '@core/db/index';
import { notFound } from '@core/http/errors';
import { CAPACITY_MESSAGES, minutesAhead, waitingText, type SchoolCapacity } from '@domain/devices/capacity';
import { SEND_RATE } from '@domain/devices/sms-devices';
import { findLastMorning, morningFigures } from './morning';
import { aheadOf, schoolPool, waitingCount } from './queue';

const MINUTE = 60_000;

/** What the capacity read needs of the server: its clock and the outbox's settings. */
export interface CapacityContext {
  now: Date;
  /** SCHOOL_TIMEZONE: the zone of a school without its own. */
  defaultTimeZone: string;
  /** ATTENDANCE_NOTICE_MAX_DELAY, minutes. */
  noticeMaxDelayMinutes: number;
  /** OUTBOX_FRESH_WINDOW_SECONDS: the outbox's order reads it. */
  freshWindowSeconds: number;
}

/**
 * A school's capacity: its pool's phones × rate, its queue now and when the last waiting message goes at that rate,
 * and its last school morning. 404 for a school that does not exist.
 */
export async function getSchoolCapacity(db: Executor, schoolId: number, ctx: CapacityContext): Promise<SchoolCapacity> {
  const school = await db.selectFrom('schools').select(['id', 'name', 'timezone']).where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw notFound(CAPACITY_MESSAGES.schoolNotFound);
  const timeZone = school.timezone ?? ctx.defaultTimeZone;
  const pool = await schoolPool(db, schoolId);
  const waiting = await waitingCount(db, schoolId);
  const lastGoesAt =
    waiting > 0 && pool.messagesPerMinute > 0
      ? new Date(ctx.now.getTime() + Math.ceil(((waiting - 1) / pool.messagesPerMinute) * MINUTE)).toISOString()
      : null;
  const morning = await findLastMorning(db, schoolId, timeZone, ctx.now);
  const lastMorning = morning
    ? await morningFigures(db, schoolId, morning, {
        phones: pool.phones,
        ratePerPhone: pool.messagesPerMinute > 0 ? pool.messagesPerMinute / pool.phones : SEND_RATE.default,
        maxDelayMs: ctx.noticeMaxDelayMinutes * MINUTE,
      })
    : null;
  return {
    schoolId,
    schoolName: school.name,
    timeZone,
    ...pool,
    queue: { waiting, lastGoesAt },
    lastMorning,
  };
}

/** What SMS History reads of a message to say why it waits. */
export interface WaitingMessage {
  status: string;
  channel: string;
  schoolId: number | null;
  failureReason: string | null;
  requestId: string | null;
}

/**
 * Why each pending SMS message waits, by its History id: "Waiting for a phone: 240 ahead, about 12 min", its place in
 * its school's queue and the estimate from its pool's rate. Only for messages whose reason is none yet or the
 * outbox's own waiting reason (pace.ts), and whose school has a phone with a rate; any other reason stays.
 */
export async function waitingReasons(
  db: Executor,
  messages: Array<WaitingMessage & { id: number }>,
  ctx: Pick<CapacityContext, 'now' | 'freshWindowSeconds'>,
): Promise<Map<number, string>> {
  const waiting = messages.filter(
    (m) =>
      m.status === 'PENDING' &&
      m.channel === 'SMS' &&
      m.schoolId != null &&
      m.requestId != null &&
      (m.failureReason == null || m.failureReason.startsWith('Waiting for a phone')),
  );
  const reasons = new Map<number, string>();
  if (!waiting.length) return reasons;
  const cutoff = new Date(ctx.now.getTime() - ctx.freshWindowSeconds * 1000).toISOString();
  const ahead = await aheadOf(
    db,
    waiting.map((m) => m.requestId!),
    cutoff,
  );
  const rates = new Map<number, number>();
  for (const m of waiting) {
    const n = ahead.get(m.requestId!);
    if (n == null) continue;
    const school = m.schoolId!;
    if (!rates.has(school)) rates.set(school, (await schoolPool(db, school)).messagesPerMinute);
    const perMinute = rates.get(school)!;
    if (perMinute > 0) reasons.set(m.id, waitingText(n, minutesAhead(n, perMinute)));
  }
  return reasons;
}
