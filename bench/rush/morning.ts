/**
 * A school morning for the rush benches (rush.ts: one school, several phone counts; fleet.ts: many schools, two API
 * nodes): the day, the bell and the cutoffs, the taps of the learners, and a school set up to take them.
 */
import type { FastifyInstance } from 'fastify';
import type { DB } from '@core/db/index';
import { runAbsenceJob } from '../../server/features/attendance/absence-job';
import { OUTBOX } from '../../server/features/outbox/claim';
import { localDateTime } from '@core/time/time';
import { createReader, insertCardStudents, postTaps, schoolYearAround } from '../../tests/helpers/rfid';
import { addDevice } from '../../tests/helpers/notifications';
import { createSchool } from '../../tests/helpers/schools';
import type { StandInGateway } from '../../tests/fixtures/sms-gateway';
import type { Rng } from '../lib';

export const ZONE = 'Asia/Manila';
/** A Tuesday. */
export const DAY = '2026-11-24';
export const BELL = '07:30';
export const ABSENCE_CUTOFF = '08:00';
export const ABSENT_SHARE = 0.08;
export const LATE_SHARE = 0.12;
export const MIN = 60_000;
/** The planner's target: 95 % of notices sent within 5 minutes of the tap. */
export const TARGET_MS = 5 * MIN;
/** When the benches' clock starts: before the first arrivals. */
export const MORNING_START = () => localDateTime(DAY, '06:25', ZONE);

export interface Tap {
  card: string;
  at: number;
}

/** The morning's taps: on time over the hour before the bell (leaning to its end), a late spike after it, some absent. */
export function planMorning(cards: string[], rng: Rng): Tap[] {
  const bell = localDateTime(DAY, BELL, ZONE).getTime();
  const taps: Tap[] = [];
  for (const card of cards) {
    if (rng.next() < ABSENT_SHARE) continue;
    // Late: most within minutes of the bell. On time: the product of two uniforms leans to the bell.
    const at = rng.next() < LATE_SHARE ? bell + (0.1 + 15 * rng.next() ** 2) * MIN : bell - 60 * rng.next() * rng.next() * MIN;
    taps.push({ card, at: Math.round(at) });
  }
  return taps.sort((a, b) => a.at - b.at);
}

/** The most of `times` (ms) in any 60 s window. */
export function mostInAMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, first = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[first]! >= MIN) first += 1;
    most = Math.max(most, i - first + 1);
  }
  return most;
}

export const minutes = (ms: number | null) => (ms === null ? '–' : `${(ms / MIN).toFixed(1)} min`);

/**
 * A school of `learners` with cards (each with a parent of their own), the bell and cutoffs above, a school year
 * around the day, one reader, and `phones` SMS devices at `rate` a minute, each a paced phone of the stand-in gateway.
 * `tag` keeps cards, phone numbers and LRNs apart between schools of one database.
 */
export async function setUpSchool(
  app: FastifyInstance,
  token: string,
  gw: StandInGateway,
  opts: { tag: number; name: string; acronym: string; learners: number; phones: number; rate: number },
) {
  const school = await createSchool(app, token, { name: opts.name, acronym: opts.acronym });
  await app.db
    .updateTable('schools')
    .set({ lateCutoff: BELL, absenceCutoff: ABSENCE_CUTOFF, timezone: ZONE })
    .where('id', '=', school.id)
    .execute();
  await schoolYearAround(app, school.id, DAY);
  const reader = await createReader(app, token, { schoolId: school.id });
  const cards = Array.from(
    { length: opts.learners },
    (_, i) => `B${String(opts.tag).padStart(3, '0')}${String(i).padStart(5, '0')}`,
  );
  // Each learner's own parent.
  await insertCardStudents(
    app.db,
    school.id,
    cards,
    `rush${opts.tag}`,
    600_000_000_000 + opts.tag * 100_000,
    (i) => `+639${String(opts.tag).padStart(3, '0')}${String(1_000_000 + i).slice(-6)}`,
  );
  const devices = [];
  for (let i = 0; i < opts.phones; i += 1) {
    const device = await addDevice(app, token, { schoolId: school.id, isDefault: i === 0, sendRatePerMinute: opts.rate });
    gw.addPhone(device.phoneNumber, { messagesPerMinute: opts.rate });
    devices.push(device);
  }
  return { school, reader, cards, devices };
}

/** A tap of the morning with where it goes: the node (API server) and the reader's token. */
export interface RoutedTap extends Tap {
  node: FastifyInstance;
  readerToken: string;
}

/**
 * One second of the morning's intake: posts the taps due by `now` (from index `next` on, through the real intake),
 * and at the absence cutoff runs the absence job once. Returns the next tap's index and whether the job has run.
 */
export async function intakeUntil(
  db: DB,
  taps: RoutedTap[],
  state: { next: number; absencesRun: boolean },
  now: Date,
  prefix: string,
): Promise<void> {
  while (state.next < taps.length && taps[state.next]!.at <= now.getTime()) {
    const tap = taps[state.next]!;
    const res = await postTaps(tap.node, tap.readerToken, {
      eventId: `${prefix}-${state.next}`,
      cardUid: tap.card,
      tappedAt: new Date(tap.at).toISOString(),
    });
    if (res.statusCode >= 300) throw new Error(`tap refused: ${res.statusCode} ${res.body}`);
    state.next += 1;
  }
  if (!state.absencesRun && now.getTime() >= localDateTime(DAY, ABSENCE_CUTOFF, ZONE).getTime()) {
    await runAbsenceJob(db, { defaultTimeZone: ZONE, now });
    state.absencesRun = true;
  }
}

/**
 * As the worker's loop does: passes until one is idle (nothing due, or a short batch whose rows all waited for a
 * phone). Returns the rows the passes took.
 */
export async function passesUntilIdle(app: FastifyInstance): Promise<number> {
  let rows = 0;
  for (let pass = 0; pass < 50; pass += 1) {
    rows += await app.outbox.runOnce();
    if (app.outbox.idle()) break;
  }
  return rows;
}

/** Messages pending or being sent. */
export async function waitingCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom('notificationOutbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', [OUTBOX.pending, OUTBOX.sending])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
