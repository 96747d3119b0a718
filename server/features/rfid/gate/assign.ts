import type { DB, Executor } from '@core/db/index';
import { conflict, nameConflict, notFound } from '@core/http/errors';
import { writeLog, type Actor } from '@core/audit-log';
import { startOfLocalDay, localDate, nextLocalMidnight } from '@core/time/time';
import { GATE_MESSAGES, type AssignCardResult } from '@domain/gate';
import { TAP_MAX_AGE_MS } from '@domain/rfid';
import type { TapIntake } from '../taps';

/*
 * An unknown card given to a learner in one step, from Device Management's unknown-card list: the learner gets
 * the card, and the card's taps of that school day at the school's readers are recorded again for them, under
 * their own event ids, through the one tap intake (`rerecord`): the card, the old rows' removal and the new
 * rows commit together, so the day's check-in, lateness and check-out come out as if the card had been known,
 * and a reader that sends one of those taps again gets the new answer.
 */

export async function assignUnknownCard(
  db: DB,
  intake: TapIntake,
  tapId: number,
  studentId: number,
  actor: Actor,
  opts: { defaultTimeZone: string; now: Date; owns: (schoolId: number | null) => void },
): Promise<AssignCardResult> {
  const tap = await db
    .selectFrom('rfidTaps as t')
    .innerJoin('rfidReaders as r', 'r.id', 't.readerId')
    .leftJoin('schools as s', 's.id', 'r.schoolId')
    .select(['t.id', 't.cardUid', 't.tappedAt', 'r.schoolId', 's.timezone'])
    .where('t.id', '=', tapId)
    .where('t.outcome', '=', 'UNKNOWN_CARD')
    .executeTakeFirst();
  if (!tap || tap.schoolId == null) throw notFound(GATE_MESSAGES.tapNotFound);
  opts.owns(tap.schoolId);
  const schoolId = tap.schoolId;
  const student = await db
    .selectFrom('students')
    .select(['id', 'firstName', 'lastName', 'rfidCardId'])
    .where('id', '=', studentId)
    .where('schoolId', '=', schoolId)
    .where('isArchived', '=', 0)
    .executeTakeFirst();
  if (!student) throw notFound(GATE_MESSAGES.studentNotFound);
  const holder = await db
    .selectFrom('students')
    .select('id')
    .where('rfidCardId', '=', tap.cardUid)
    .where('id', '!=', studentId)
    .executeTakeFirst();
  if (holder) throw conflict(GATE_MESSAGES.cardTaken);

  // The card's unknown taps of that school day at this school's readers, in the order they happened.
  const zone = tap.timezone ?? opts.defaultTimeZone;
  const day = localDate(new Date(tap.tappedAt), zone);
  const from = startOfLocalDay(day, zone).toISOString();
  const to = nextLocalMidnight(new Date(from), zone).toISOString();
  const earlier = await db
    .selectFrom('rfidTaps as t')
    .innerJoin('rfidReaders as r', 'r.id', 't.readerId')
    .select(['t.id', 't.readerId', 't.eventId', 't.cardUidRaw', 't.tappedAt'])
    .where('r.schoolId', '=', schoolId)
    .where('t.cardUid', '=', tap.cardUid)
    .where('t.outcome', '=', 'UNKNOWN_CARD')
    .where('t.tappedAt', '>=', from)
    .where('t.tappedAt', '<', to)
    .orderBy('t.tappedAt')
    .orderBy('t.id')
    .execute();

  // Taps older than the intake's window stay as they are: only the card moves.
  const since = opts.now.getTime() - TAP_MAX_AGE_MS + 60_000;
  const again = earlier.filter((t) => Date.parse(t.tappedAt) >= since);
  const assignCard = async (trx: Executor) => {
    await trx
      .updateTable('students')
      .set({ rfidCardId: tap.cardUid, updatedAt: opts.now.toISOString() })
      .where('id', '=', studentId)
      .execute();
    if (again.length)
      await trx
        .deleteFrom('rfidTaps')
        .where(
          'id',
          'in',
          again.map((t) => t.id),
        )
        .execute();
    await writeLog(trx, actor, {
      action: 'ASSIGN_UNKNOWN_CARD',
      entity: 'Student',
      entityId: studentId,
      schoolId,
      details: { changes: { rfidCardId: { from: student.rfidCardId, to: tap.cardUid } }, tapId, day, earlierTaps: again.length },
    });
  };
  let counted = 0;
  await nameConflict(GATE_MESSAGES.cardTaken, async () => {
    if (!again.length) return db.transaction().execute(assignCard);
    const readers = await db
      .selectFrom('rfidReaders')
      .selectAll()
      .where('id', 'in', [...new Set(again.map((t) => t.readerId))])
      .execute();
    const byId = new Map(readers.map((r) => [r.id, r]));
    const { results } = await intake.rerecord(
      again.map((t, index) => ({
        reader: byId.get(t.readerId)!,
        event: { eventId: t.eventId, cardUid: t.cardUidRaw, tappedAt: t.tappedAt, index },
      })),
      assignCard,
    );
    counted = results.filter((r) => r.studentId === studentId).length;
  });
  return { studentId, cardUid: tap.cardUid, counted };
}
