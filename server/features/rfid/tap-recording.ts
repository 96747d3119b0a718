import type { Executor } from '@core/db/index';
import { localDate } from '@core/time/time';
import type { TapOutcome, TapResult } from '@domain/rfid';
import type { AttendanceStatus } from '@domain/attendance';
import { decideTap, type SchoolRules } from '../attendance';
import type { NotificationIntent } from '../outbox';
import { writeTapGroup } from './tap-writes';
import { isLateTap, lateReason, recordLateReplays, type LateReplay } from './late-replay';
import { dayRecords, pushTo, tapHistoryAndStudents } from './tap-lookups';
import {
  dayKey,
  tapKey,
  type DayState,
  type NewTap,
  type PendingTap,
  type RecordedGroup,
  type Student,
  type TapChange,
  type TapRow,
} from './tap-model';

/*
 * Records a group of checked taps (one request's, or several concurrent requests' coalesced by
 * features/rfid/taps.ts), set by set rather than tap by tap: everything the attendance rules need is read at once
 * (the group's stored taps with the debounce window's taps; the card holders with their day records: two
 * statements on SQLite, one on PostgreSQL, tap-lookups.ts; school rules come from the intake's cache), every tap
 * is decided in memory in card-then-time order, and the writes go out together (tap-writes.ts: one multi-row
 * statement per table on SQLite, one statement on PostgreSQL). A check-in costs 7 statements with begin/commit on
 * SQLite and 2 on PostgreSQL (tests/api/rfid/tap-cost.test.ts), and a group of 500 check-ins about as many, which is
 * what lets intake keep up with a morning rush.
 *
 * Another process may store one of the same rows meanwhile (the same eventId, or a student's day record): the
 * unique indexes refuse it (`ReplayRace`, or PostgreSQL's 23505), nothing of the write is kept, and the caller
 * runs the group again.
 */

export interface RecordOptions {
  defaultTimeZone: string;
  debounceSeconds: number;
  checkoutMinMinutes: number;
  /** When the taps were received (the tap rows' receivedAt). */
  receivedAt: string;
  /** Readers whose lastSeenAt is due: set to receivedAt with the writes. */
  seenReaders: number[];
  /** A tap received more than this many minutes after its time may be a late replay (late-replay.ts). */
  lateReplayMinutes: number;
  /** A school's attendance rules (the intake's cache; read in `trx` when not cached). */
  rules(schoolId: number, trx: Executor): Promise<SchoolRules>;
}

/** A tap matched to a student of a school, with the school's rules and the tap's school day. */
interface Match {
  student: Student;
  schoolId: number;
  rules: SchoolRules;
  date: string;
}
/** What the rules made of a tap: its outcome, the status it set, the day record it touched. */
interface Decision {
  outcome: TapOutcome;
  status: AttendanceStatus | null;
  day: DayState | null;
}

/**
 * The path of a group of taps, step by step: answer the ones already stored (replays), find each card's
 * student and school day, put each student's taps in time order, decide them with the school's rules, then
 * write the day records, the parents' notification intents and the taps, and answer each tap.
 */
export async function recordTapGroup(trx: Executor, pending: PendingTap[], opts: RecordOptions): Promise<RecordedGroup> {
  const window = opts.debounceSeconds * 1000;
  const rulesOf = rulesOfGroup(trx, opts);
  const dates = await schoolDays(pending, rulesOf);
  const { stored, counted, studentOf, days: joined } = await tapHistoryAndStudents(trx, pending, window, dates ?? []);
  const { results, unrecorded } = answerStored(pending, stored);
  const { matched, days } = await matchStudents(trx, pending, unrecorded, { studentOf, joined: dates && joined, rulesOf });
  sortByStudentAndTime(unrecorded, pending, matched);
  const late = { receivedAt: opts.receivedAt, lateMs: opts.lateReplayMinutes * 60_000 };
  const decided = decideTaps(pending, unrecorded, matched, days, counted, window, opts.checkoutMinMinutes, late);

  const writes = {
    days: [...days.values()],
    intents: decided.intents,
    taps: tapRows(pending, decided.byTap, matched),
    seenReaders: opts.seenReaders,
    now: opts.receivedAt,
  };
  // Only a late replay adds writes (its log entries): then in a transaction even where the taps' write is one statement.
  const write = async (t: Executor) => {
    const ids = await writeTapGroup(t, writes);
    if (decided.lates.length) await recordLateReplays(t, decided.lates, opts.receivedAt);
    return ids;
  };
  const tapIds = decided.lates.length && !trx.isTransaction ? await trx.transaction().execute(write) : await write(trx);
  const taps = answerDecided(pending, decided.byTap, matched, tapIds, results, opts.receivedAt);
  answerDuplicates(pending, unrecorded, decided.firstOf, results);
  return {
    results: results as TapResult[],
    changes: decided.changes.map(({ day, change }) => ({ ...change, attendanceId: day.id! })),
    taps,
  };
}

/** Taps stored before (a reader's replay) are answered with their first result; the others are to record. */
function answerStored(pending: PendingTap[], stored: Map<string, TapResult>) {
  const results: (TapResult | null)[] = pending.map(() => null);
  const unrecorded: number[] = [];
  pending.forEach((p, i) => {
    const hit = stored.get(tapKey(p.reader.id, p.event.eventId));
    if (hit) results[i] = hit;
    else unrecorded.push(i);
  });
  return { results, unrecorded };
}

/** A school's rules, read once per group (opts.rules caches them across groups). */
function rulesOfGroup(trx: Executor, opts: RecordOptions) {
  const rules = new Map<number, SchoolRules>();
  return async (schoolId: number) => {
    if (!rules.has(schoolId)) rules.set(schoolId, await opts.rules(schoolId, trx));
    return rules.get(schoolId)!;
  };
}

/**
 * The taps' school days, when every reader has a school (the usual case): known before their students, so the
 * students' read brings those days' records along. Null otherwise: the days are read once the students are known.
 */
async function schoolDays(pending: PendingTap[], rulesOf: (schoolId: number) => Promise<SchoolRules>) {
  if (!pending.every((p) => p.reader.schoolId != null)) return null;
  const dates = new Set<string>();
  for (const p of pending) dates.add(localDate(p.tappedAt, (await rulesOf(p.reader.schoolId!)).timeZone));
  return [...dates];
}

/** Each unrecorded tap's student (by card, in the reader's school) and school day, with the day records they touch. */
async function matchStudents(
  trx: Executor,
  pending: PendingTap[],
  unrecorded: number[],
  read: {
    studentOf: (uid: string, reader: PendingTap['reader']) => Student | null;
    /** The day records read with the students (null: not read yet). */
    joined: Map<string, DayState> | null;
    rulesOf: (schoolId: number) => Promise<SchoolRules>;
  },
) {
  const matched = new Map<number, Match>();
  for (const i of unrecorded) {
    const p = pending[i]!;
    const student = read.studentOf(p.uid, p.reader);
    const schoolId = student?.schoolId ?? p.reader.schoolId;
    if (!student || schoolId == null) continue;
    const r = await read.rulesOf(schoolId);
    matched.set(i, { student, schoolId, rules: r, date: localDate(p.tappedAt, r.timeZone) });
  }
  const days =
    read.joined ??
    (await dayRecords(
      trx,
      [...matched.values()].map((m) => ({ studentId: m.student.id, date: m.date })),
    ));
  return { matched, days };
}

/** Each student's taps in the order they happened; the same order in every process (PostgreSQL row locks). */
function sortByStudentAndTime(unrecorded: number[], pending: PendingTap[], matched: Map<number, Match>) {
  const sortKey = (i: number) => {
    const m = matched.get(i);
    return m ? `s${String(m.student.id).padStart(12, '0')}` : `u${pending[i]!.uid}`;
  };
  unrecorded.sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || pending[a]!.tappedAt.localeCompare(pending[b]!.tappedAt));
}

/**
 * The school's rules applied to each tap in turn (decideTap), in memory: a day record created by one tap is the
 * record the next tap of that student sees. Collects the parents' intents and the live changes on the way.
 */
function decideTaps(
  pending: PendingTap[],
  unrecorded: number[],
  matched: Map<number, Match>,
  days: Map<string, DayState>,
  counted: Map<string, { readerId: number; t: number }[]>,
  window: number,
  checkoutMinMinutes: number,
  late: { receivedAt: string; lateMs: number },
) {
  const byTap = new Map<number, Decision>();
  const lates: LateReplay[] = [];
  const intents: { intent: NotificationIntent; day: DayState }[] = [];
  const changes: { day: DayState; change: Omit<TapChange, 'attendanceId'> }[] = [];
  const firstOf = new Map<string, number>();
  for (const i of unrecorded) {
    const p = pending[i]!;
    const key = tapKey(p.reader.id, p.event.eventId);
    // Two concurrent requests of one reader carrying the same eventId: the second is a replay of the first.
    if (firstOf.has(key)) continue;
    firstOf.set(key, i);
    const m = matched.get(i);
    if (!m) {
      byTap.set(i, { outcome: 'UNKNOWN_CARD', status: null, day: null });
      continue;
    }
    const t = Date.parse(p.tappedAt);
    const near = (counted.get(p.uid) ?? []).some((x) => x.readerId === p.reader.id && Math.abs(x.t - t) <= window);
    const record = days.get(dayKey(m.student.id, m.date)) ?? null;
    const d = decideTap({
      tappedAt: p.tappedAt,
      rules: m.rules,
      record,
      debounced: near,
      checkoutMinMinutes,
      date: m.date,
      gradeLevel: m.student.gradeLevel,
      roll: { from: m.student.enrolmentDate, leftOn: m.student.leftOn },
    });
    if (d.outcome !== 'DEBOUNCED') pushTo(counted, p.uid, { readerId: p.reader.id, t });
    const from = record?.status ?? null;
    const day = applyWrite(d, record, p, m, days);
    if (d.write && day) {
      const reason = lateReason({ tap: p, previousStatus: from, ...late });
      if (reason) {
        const s = m.student;
        lates.push({
          ...{ tap: p, reason, studentId: s.id, studentName: s.name },
          ...{ date: m.date, timeZone: m.rules.timeZone, from, to: d.status!, day },
        });
      }
      // A late check-in is told to the parent as a correction (one per day record), not as a fresh arrival; a fresh
      // tap over an ABSENT mark keeps its own arrival notice, which corrects the absence by itself.
      const corrected = reason && isLateTap(p, late.receivedAt, late.lateMs);
      const type = corrected && (d.intent === 'CHECK_IN' || d.intent === 'LATE_ARRIVAL') ? 'CORRECTION' : d.intent;
      if (type) {
        intents.push({
          day,
          intent: { type, studentId: m.student.id, schoolId: m.schoolId, occurredAt: p.tappedAt },
        });
      }
      changes.push({
        day,
        change: {
          studentId: m.student.id,
          studentName: m.student.name,
          status: d.status!,
          time: p.tappedAt,
          readerName: p.reader.name,
        },
      });
    }
    byTap.set(i, { outcome: d.outcome, status: d.status, day });
  }
  return { byTap, intents, changes, firstOf, lates };
}

/** A decision's write applied to the day record in memory (a new record, or the changed fields of one). */
function applyWrite(
  d: ReturnType<typeof decideTap>,
  record: DayState | null,
  p: PendingTap,
  m: Match,
  days: Map<string, DayState>,
): DayState | null {
  if (d.write?.kind === 'insert') {
    const day: DayState = {
      id: null,
      studentId: m.student.id,
      schoolId: m.schoolId,
      date: d.date,
      status: d.write.status,
      checkInAt: d.write.checkInAt,
      checkOutAt: null,
      readerId: p.reader.id,
      cardId: p.uid,
      changed: null,
    };
    days.set(dayKey(m.student.id, m.date), day);
    return day;
  }
  if (d.write?.kind === 'update' && record) {
    const set: Record<string, string | number | null> = { ...d.write.set };
    if (d.write.set.checkInAt) Object.assign(set, { readerId: p.reader.id, cardId: p.uid });
    Object.assign(record, set);
    if (record.id != null) record.changed = { ...record.changed, ...set };
  }
  return record;
}

/** The tap rows to store, in decision order. */
function tapRows(pending: PendingTap[], byTap: Map<number, Decision>, matched: Map<number, Match>): TapRow[] {
  return [...byTap].map(([i, d]) => {
    const p = pending[i]!;
    return {
      readerId: p.reader.id,
      eventId: p.event.eventId,
      cardUidRaw: p.event.cardUid.slice(0, 64),
      cardUid: p.uid,
      tappedAt: p.tappedAt,
      studentId: matched.get(i)?.student.id ?? null,
      outcome: d.outcome,
      status: d.status,
      day: d.day,
    };
  });
}

/** Each recorded tap's answer to its reader, and the new tap rows for the live `attendance:all` event. */
function answerDecided(
  pending: PendingTap[],
  byTap: Map<number, Decision>,
  matched: Map<number, Match>,
  tapIds: Map<string, number>,
  results: (TapResult | null)[],
  receivedAt: string,
): NewTap[] {
  const taps: NewTap[] = [];
  for (const [i, d] of byTap) {
    const p = pending[i]!;
    const student = matched.get(i)?.student ?? null;
    results[i] = {
      eventId: p.event.eventId,
      outcome: d.outcome,
      status: d.status,
      attendanceId: d.day?.id ?? null,
      studentId: student?.id ?? null,
      replayed: false,
    };
    taps.push({
      tapId: tapIds.get(tapKey(p.reader.id, p.event.eventId))!,
      outcome: d.outcome,
      uid: p.uid,
      time: p.tappedAt,
      studentId: student?.id ?? null,
      studentName: student?.name ?? null,
      status: d.status,
      readerId: p.reader.id,
      readerName: p.reader.name,
      receivedAt,
    });
  }
  return taps;
}

/** Duplicates within the group answer with the result of the first, as replays. */
function answerDuplicates(
  pending: PendingTap[],
  unrecorded: number[],
  firstOf: Map<string, number>,
  results: (TapResult | null)[],
) {
  for (const i of unrecorded) {
    if (results[i]) continue;
    const p = pending[i]!;
    results[i] = { ...results[firstOf.get(tapKey(p.reader.id, p.event.eventId))!]!, replayed: true };
  }
}
