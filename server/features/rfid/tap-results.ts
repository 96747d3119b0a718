import type { TapOutcome, TapResult } from '@domain/rfid';
import type { AttendanceStatus } from '@domain/attendance';

/* What recording a group of taps gives back (features/rfid/tap-recording.ts): each tap's answer and what goes live. */

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
