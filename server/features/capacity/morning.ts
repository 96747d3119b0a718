import type { Executor } from '@core/db/index';
import { localDate, localDateTime, startOfLocalDay } from '@core/time/time';
import { CAPACITY, capacityAdvice, type LastMorning } from '@domain/devices/capacity';
import type { SmsType } from '@domain/sms-history';
import { isRoutine, peakWaiting, percentile, phonesNeeded, type QueuedNotice } from '../outbox';

/*
 * A school's last school morning: the most recent local day, in the school's zone, whose morning (midnight until
 * CAPACITY.morningEndHour) has ended and had SMS messages. What happened to them (the peak queue, tap to sent,
 * how many expired), and how many phones would have kept 95 % of them within the target, from the replay of their
 * real tap times (server/features/outbox/capacity.ts).
 */

/** How many days back the search for a morning with messages goes (one index probe each). */
const DAYS_LOOKED_AT = 60;
const MINUTE = 60_000;

const schoolSms = (db: Executor, schoolId: number) =>
  db.selectFrom('smsNotifications as n').where('n.schoolId', '=', schoolId).where('n.channel', '=', 'SMS');

interface Morning {
  date: string;
  from: string;
  until: string;
}

/** The last morning with SMS messages that has ended by `now`, or null (none in DAYS_LOOKED_AT days of messages). */
export async function findLastMorning(db: Executor, schoolId: number, timeZone: string, now: Date): Promise<Morning | null> {
  let bound = now.toISOString();
  for (let i = 0; i < DAYS_LOOKED_AT; i += 1) {
    const latest = await schoolSms(db, schoolId)
      .select('n.createdAt')
      .where('n.createdAt', '<', bound)
      .orderBy('n.createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) return null;
    const date = localDate(latest.createdAt, timeZone);
    const from = startOfLocalDay(date, timeZone).toISOString();
    const until = localDateTime(date, `${CAPACITY.morningEndHour}:00`, timeZone).toISOString();
    const morning = { date, from, until };
    // A morning still under way is not the last one; an afternoon's messages say nothing of the morning's.
    if (until <= now.toISOString()) {
      if (latest.createdAt < until) return morning;
      const any = await schoolSms(db, schoolId)
        .select('n.id')
        .where('n.createdAt', '>=', from)
        .where('n.createdAt', '<', until)
        .limit(1)
        .executeTakeFirst();
      if (any) return morning;
    }
    bound = from;
  }
  return null;
}

export interface MorningRule {
  /** The pool's ACTIVE phones now. */
  phones: number;
  /** The rate a phone sends at in the replay: the pool's average, or the default for a school without phones. */
  ratePerPhone: number;
  /** ATTENDANCE_NOTICE_MAX_DELAY in ms: an arrival or departure notice later than that expires. */
  maxDelayMs: number;
}

/** What the morning's messages did, and the phones that would have kept p95 under the target. */
export async function morningFigures(db: Executor, schoolId: number, morning: Morning, rule: MorningRule): Promise<LastMorning> {
  const rows = await schoolSms(db, schoolId)
    .leftJoin('notificationOutbox as o', 'o.idempotencyKey', 'n.requestId')
    .select(['n.type', 'n.status', 'n.sentAt', 'n.createdAt', 'n.updatedAt', 'o.eventAt'])
    .where('n.createdAt', '>=', morning.from)
    .where('n.createdAt', '<', morning.until)
    .where('n.status', '!=', 'FOLDED')
    .execute();
  const tapOf = (r: (typeof rows)[number]) => Date.parse(r.eventAt ?? r.createdAt);
  const delays = rows.filter((r) => r.sentAt != null).map((r) => Date.parse(r.sentAt!) - tapOf(r));
  // A message leaves the queue when it is sent, or when it stopped (expired, failed); a pending one has not left.
  const leaves = rows.flatMap((r) =>
    r.sentAt != null ? [Date.parse(r.sentAt)] : r.status === 'PENDING' ? [] : [Date.parse(r.updatedAt)],
  );
  const notices: QueuedNotice[] = rows.map((r) => ({ at: tapOf(r), expires: isRoutine(r.type as SmsType) }));
  const needed = phonesNeeded(notices, rule.ratePerPhone, CAPACITY.targetMinutes * MINUTE, rule.maxDelayMs, CAPACITY.mostPhones);
  const seconds = (ms: number | null) => (ms == null ? null : Math.round(ms / 1000));
  return {
    date: morning.date,
    notices: rows.length,
    peakQueue: peakWaiting(
      notices.map((n) => n.at).sort((a, b) => a - b),
      leaves,
    ),
    p50Seconds: seconds(percentile(delays, 50)),
    p95Seconds: seconds(percentile(delays, CAPACITY.targetPercentile)),
    expired: rows.filter((r) => r.status === 'EXPIRED').length,
    phonesNeeded: needed,
    addPhones: needed == null ? null : Math.max(0, needed - rule.phones),
    advice: capacityAdvice(needed, rule.phones),
  };
}
