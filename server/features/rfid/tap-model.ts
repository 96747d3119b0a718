import type { TapEvent, TapOutcome, TapResult } from '@domain/rfid';
import type { AttendanceStatus } from '@domain/attendance';
import type { DayState } from '../attendance';
import type { NotificationIntent } from '../outbox';
import type { ReaderRow } from './readers';

/*
 * The tap's vocabulary, from the intake to the writes: a checked tap waiting to be recorded, its card holder and
 * school day, the keys that find them, the rows a decided group writes, and what recording gives back (each tap's
 * answer and what goes live).
 */

export type { DayState };

export interface PendingTap {
  reader: ReaderRow;
  event: TapEvent;
  /** The normalised card UID and the tap's instant (UTC ISO), as checked by checkTap. */
  uid: string;
  tappedAt: string;
  /** Part of its reader's own buffer (late-replay.ts); false: not, so a late tap of it is a late replay. */
  ownBuffer?: boolean;
}

/** A card holder, as a tap matches them. */
export interface Student {
  id: number;
  schoolId: number | null;
  name: string;
  /** Their grade's level (a no-class day of some grade levels is not a school day for them). */
  gradeLevel: number | null;
  /** On the roll from enrolmentDate (null: since registered) until the day before leftOn. */
  enrolmentDate: string | null;
  leftOn: string | null;
}

/** A tap's key: its reader's eventId is unique per reader. */
export const tapKey = (readerId: number, eventId: string) => `${readerId} ${eventId}`;
/** A day record's key: one per student and date. */
export const dayKey = (studentId: number, date: string) => `${studentId} ${date}`;

/** A tap row to store; its attendance id is its day record's, once that has one. */
export interface TapRow {
  readerId: number;
  eventId: string;
  cardUidRaw: string;
  cardUid: string;
  tappedAt: string;
  studentId: number | null;
  outcome: TapOutcome;
  status: AttendanceStatus | null;
  day: DayState | null;
}

/** An attendance change's intent, for the day record it belongs to. */
export interface DayIntent {
  intent: Omit<NotificationIntent, 'attendanceId'>;
  day: DayState;
}

/** What a decided group writes (tap-writes.ts). */
export interface GroupWrites {
  /** Every day record the group read or made (new ones have no id; changed ones carry `changed`). */
  days: DayState[];
  intents: DayIntent[];
  taps: TapRow[];
  /** Readers whose lastSeenAt is due. */
  seenReaders: number[];
  /** The instant written as receivedAt, createdAt, updatedAt, lastSeenAt. */
  now: string;
}

/** An attendance change, for the live `attendance` event. */
export interface TapChange {
  attendanceId: number;
  studentId: number;
  studentName: string;
  status: AttendanceStatus;
  time: string;
  readerName: string;
}

/** A new tap row, for the live `attendance:all` event. */
export interface NewTap {
  tapId: number;
  outcome: TapOutcome;
  uid: string;
  time: string;
  studentId: number | null;
  studentName: string | null;
  status: AttendanceStatus | null;
  readerId: number;
  readerName: string;
  receivedAt: string;
}

export interface RecordedGroup {
  /** One per pending tap, in the same order. */
  results: TapResult[];
  changes: TapChange[];
  taps: NewTap[];
}

/** Another request stored one of this group's rows first: roll back and start again. */
export class ReplayRace extends Error {}
