import type { Executor } from '@core/db/index';
import { REFUSALS_SHOWN, type TapRefusal } from '@domain/rfid';
import { printable } from '@shared/printable';
import { chunks } from './tap-lookups';

/*
 * Refused taps: a batch event or an ATTLOG line that could not be recorded (an impossible time,
 * control characters, not a card UID…) is kept with its reason, so the console shows why a reader's taps did not
 * count and a ZKTeco terminal can be told 'OK' (it would resend refused lines forever otherwise). Values are kept
 * as sent, escaped and shortened (printable); one row per (reader, eventId): a resend adds nothing.
 */

export interface Refusal {
  eventId: string;
  cardUidRaw?: unknown;
  tappedAtRaw?: unknown;
  reason: string;
}

const raw = (v: unknown, max: number) => (typeof v === 'string' ? printable(v, max) : null);

/** Stores refusals of one reader in the caller's transaction (multi-row, idempotent). */
export async function recordRefusals(trx: Executor, readerId: number, refusals: Refusal[], receivedAt: string) {
  const once = new Map(refusals.map((r) => [printable(r.eventId, 100), r]));
  for (const part of chunks([...once.values()])) {
    await trx
      .insertInto('rfidTapRefusals')
      .values(
        part.map((r) => ({
          readerId,
          eventId: printable(r.eventId, 100),
          cardUidRaw: raw(r.cardUidRaw, 64),
          tappedAtRaw: raw(r.tappedAtRaw, 40),
          reason: r.reason,
          receivedAt,
        })),
      )
      .onConflict((oc) => oc.columns(['readerId', 'eventId']).doNothing())
      .execute();
  }
}

/** The latest refusals, of one reader or of a school's readers (retired ones included: it is their history). */
export async function latestRefusals(
  db: Executor,
  filters: { schoolId?: number; readerId?: number },
  defaultTimeZone: string,
): Promise<TapRefusal[]> {
  let q = db
    .selectFrom('rfidTapRefusals as f')
    .innerJoin('rfidReaders as r', 'r.id', 'f.readerId')
    .leftJoin('schools as s', 's.id', 'r.schoolId')
    .select([
      'f.id',
      'f.readerId',
      'r.name as readerName',
      'f.eventId',
      'f.cardUidRaw',
      'f.tappedAtRaw',
      'f.reason',
      'f.receivedAt',
      's.timezone',
    ])
    .orderBy('f.id', 'desc')
    .limit(REFUSALS_SHOWN);
  if (filters.readerId) q = q.where('f.readerId', '=', filters.readerId);
  if (filters.schoolId) q = q.where('r.schoolId', '=', filters.schoolId);
  return (await q.execute()).map(({ timezone, ...refusal }) => ({ ...refusal, timeZone: timezone ?? defaultTimeZone }));
}
