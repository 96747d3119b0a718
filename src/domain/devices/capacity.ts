import { z } from 'zod';
import { idQuery } from '../list-filters';

/*
 * A school's SMS capacity, as its dashboard and Device Management show it (GET /api/super-admin/capacity?schoolId=,
 * GET /api/admin/capacity for the admin's own school): what its phones can send, its queue now, and its last school
 * morning measured against a target (95 % of the notices sent within 5 minutes of the tap).
 */

export const CAPACITY = {
  /** The percentile of tap-to-sent delays the advice keeps under the target. */
  targetPercentile: 95,
  targetMinutes: 5,
  /** A school morning is its local day from midnight until this hour (the rush and the absence notices). */
  morningEndHour: 12,
  /** The most phones the advice counts up to. */
  mostPhones: 50,
} as const;

export const CAPACITY_MESSAGES = {
  schoolRequired: 'Please choose a school',
  schoolNotFound: 'School not found',
} as const;

/** The school: the super admin names it; a school admin's is their own (another is refused). */
export const capacityQuerySchema = z.object({ schoolId: idQuery('School') });

export const lastMorningSchema = z.object({
  /** The school-local day, 'YYYY-MM-DD'. */
  date: z.string(),
  /** SMS messages of the morning (a check-in folded into its check-out not counted). */
  notices: z.number(),
  /** The most messages waiting at once. */
  peakQueue: z.number(),
  /** From the tap (the event) to the hand-over to a phone, of the messages sent; null when none was. */
  p50Seconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  /** Arrival and departure notices not sent in time (EXPIRED). */
  expired: z.number(),
  /** The fewest phones at the school's rate that would have kept p95 under the target with none expired; null: more than CAPACITY.mostPhones. */
  phonesNeeded: z.number().nullable(),
  /** Phones to add to the school's ACTIVE ones (0 when it has enough; null with phonesNeeded null). */
  addPhones: z.number().nullable(),
  /** The advice in words: 'Add 2 phones to keep 95% of notices within 5 minutes'. */
  advice: z.string(),
});
export type LastMorning = z.infer<typeof lastMorningSchema>;

export const schoolCapacitySchema = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  /** The school's time zone: every time here is read in it. */
  timeZone: z.string(),
  /** The ACTIVE phones the school's messages go through (its own, or the global ones it uses). */
  phones: z.number(),
  /** Each phone's send rate when they all have the same one, else null. */
  ratePerPhone: z.number().nullable(),
  /** Phones × rate: what the pool sends a minute. */
  messagesPerMinute: z.number(),
  queue: z.object({
    /** SMS messages of the school waiting to be sent. */
    waiting: z.number(),
    /** When the last of them goes at the pool's rate; null with none waiting or no phone to send them. */
    lastGoesAt: z.string().nullable(),
  }),
  /** The most recent school morning with SMS notices that has ended; null when there is none. */
  lastMorning: lastMorningSchema.nullable(),
});
export type SchoolCapacity = z.infer<typeof schoolCapacitySchema>;

const phonesText = (n: number) => `${n} phone${n === 1 ? '' : 's'}`;
const target = `${CAPACITY.targetPercentile}% of notices within ${CAPACITY.targetMinutes} minutes`;

/** The advice for a morning that needed `needed` phones (null: more than CAPACITY.mostPhones) where `phones` are ACTIVE. */
export function capacityAdvice(needed: number | null, phones: number): string {
  if (needed == null) return `More than ${phonesText(CAPACITY.mostPhones)} would be needed to keep ${target}`;
  if (needed > phones) return `Add ${phonesText(needed - phones)} to keep ${target}`;
  return `Enough phones to keep ${target}`;
}

/** Minutes until a message with `ahead` messages before it goes, at the pool's `perMinute`: about, at least 1. */
export const minutesAhead = (ahead: number, perMinute: number) => Math.max(1, Math.ceil(ahead / perMinute));

/** SMS History's reason for a pending message: its place in its school's queue and the estimate from the pool's rate. */
export const waitingText = (ahead: number, minutes: number) => `Waiting for a phone: ${ahead} ahead, about ${minutes} min`;
