import type { Id } from './schema-columns';

/* Tables of the school year's rollover (migration 0047; see schema.ts). */

/** One rollover of a school's year: what it closed and opened, and what it made (JSON lists), for undo. */
export interface SchoolYearRolloverTable {
  id: Id;
  schoolId: number;
  fromStart: string;
  fromEnd: string;
  toStart: string;
  toEnd: string;
  /** The school row's updated_at before the rollover (undo puts it back). */
  schoolUpdatedAt: string;
  /** JSON: the closed year's sections as they were ({ id, name, adviserName, grade: { id, name, level } }[]). */
  closedSections: string;
  /** JSON number[]: the sections the rollover created. */
  createdSections: string;
  /** JSON string[]: the holiday dates it loaded for the new year. */
  addedHolidays: string;
  /** JSON: the counts the preview showed. */
  summary: string;
  actorRole: string;
  actorId: number | null;
  actorName: string | null;
  createdAt: string;
  undoUntil: string;
  undoneAt: string | null;
}

/** A learner of a closed year as the year left them, and what the rollover did to them. */
export interface LearnerYearTable {
  id: Id;
  rolloverId: number;
  studentId: number;
  /** PROMOTED, RETAINED, COMPLETED (archived as graduated), LEFT (left during the year; archived), ARCHIVED (already). */
  outcome: string;
  gradeId: number;
  gradeName: string;
  gradeLevel: number;
  sectionId: number;
  sectionName: string;
  adviserName: string | null;
  enrolmentDate: string | null;
  transferInFrom: string | null;
  leftOn: string | null;
  leftReason: string | null;
  leftDetail: string | null;
  /** When an ARCHIVED learner was archived (their last day on the roll, unless they left before). */
  archivedAt: string | null;
  updatedAt: string;
}
