import { z } from 'zod';
import { isCalendarDate } from '../list-filters';
import { safeString } from '../validation';

/*
 * A learner's movement in and out of the school, as DepEd's forms record it: transferred in (from which school),
 * transferred out (to which school), dropped out (with the reason's code from SF2's legend), no longer participating
 * in learning activities (NLPA), or back on the roll. Staff record it from the learner's page; the learner's record
 * keeps the dates (enrolmentDate, leftOn) and the details the forms' REMARKS print.
 */

export const MOVEMENT_KINDS = ['TRANSFERRED_IN', 'TRANSFERRED_OUT', 'DROPPED_OUT', 'NLPA', 'BACK'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  TRANSFERRED_IN: 'Transferred in',
  TRANSFERRED_OUT: 'Transferred out',
  DROPPED_OUT: 'Dropped out',
  NLPA: 'No longer participating (NLPA)',
  BACK: 'Back on the roll',
};

/** SF2's legend of the reasons for dropping out, by DepEd's codes. */
export const DROPOUT_REASONS = {
  'a.1': 'Had to take care of siblings',
  'a.2': 'Early marriage/pregnancy',
  'a.3': "Parents' attitude toward schooling",
  'a.4': 'Family problems',
  'b.1': 'Illness',
  'b.2': 'Overage',
  'b.3': 'Death',
  'b.4': 'Drug abuse',
  'b.5': 'Poor academic performance',
  'b.6': 'Lack of interest/Distractions',
  'b.7': 'Hunger/Malnutrition',
  'c.1': 'Teacher factor',
  'c.2': 'Physical condition of classroom',
  'c.3': 'Peer influence',
  'd.1': 'Distance between home and school',
  'd.2': 'Armed conflict (incl. tribal wars and clan feuds)',
  'd.3': 'Calamities/Disasters',
  'e.1': 'Child labor, work',
  f: 'Other',
} as const;
export type DropoutCode = keyof typeof DROPOUT_REASONS;
export const DROPOUT_CODES = Object.keys(DROPOUT_REASONS) as DropoutCode[];

export const MOVEMENT_MESSAGES = {
  kind: 'Choose transferred in, transferred out, dropped out, NLPA or back on the roll',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  school: 'Name the other school',
  schoolLong: 'School name must be 200 characters or less',
  reason: "Choose the reason's code (a.1 to f)",
  other: 'Say what the other reason is',
  otherLong: 'Reason must be 200 characters or less',
  notLeft: 'This learner is on the roll',
  beforeEnrolment: (on: string) => `The learner was enrolled on ${on}: the date must be on or after it`,
  left: (on: string) => `This learner left on ${on}: record them back on the roll first`,
  recorded: (kind: MovementKind) => `${MOVEMENT_LABELS[kind]}: recorded`,
} as const;

const date = z.string({ error: MOVEMENT_MESSAGES.date }).refine(isCalendarDate, MOVEMENT_MESSAGES.date);
const school = safeString({ error: MOVEMENT_MESSAGES.school })
  .trim()
  .min(1, MOVEMENT_MESSAGES.school)
  .max(200, MOVEMENT_MESSAGES.schoolLong);

/** POST …/students/{id}/movement */
export const movementInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('TRANSFERRED_IN'), date, school }),
    z.object({ kind: z.literal('TRANSFERRED_OUT'), date, school }),
    z
      .object({
        kind: z.literal('DROPPED_OUT'),
        date,
        reasonCode: z.enum(DROPOUT_CODES as [DropoutCode, ...DropoutCode[]], { error: MOVEMENT_MESSAGES.reason }),
        /** What "f. Other" is. */
        other: safeString().trim().max(200, MOVEMENT_MESSAGES.otherLong).nullish(),
      })
      .superRefine((v, ctx) => {
        if (v.reasonCode === 'f' && !v.other) ctx.addIssue({ code: 'custom', path: ['other'], message: MOVEMENT_MESSAGES.other });
      }),
    z.object({ kind: z.literal('NLPA'), date }),
    z.object({ kind: z.literal('BACK') }),
  ],
  { error: MOVEMENT_MESSAGES.kind },
);
export type MovementInput = z.input<typeof movementInputSchema>;

/** What the learner's record holds of their movement (the student's fields). */
export interface LearnerMovement {
  enrolmentDate: string | null;
  transferInFrom: string | null;
  leftOn: string | null;
  leftReason: 'TRANSFERRED_OUT' | 'DROPPED_OUT' | 'NLPA' | null;
  /** the school a learner transferred to, or the dropout's reason code (and "f" its words) */
  leftDetail: string | null;
}

/**
 * SF2's REMARKS of a learner for a month, in DepEd's short forms: "T/I from …", "LE" (late enrolment), "T/O to …",
 * "DRP b.1", "NLPA", each with its date.
 */
export function movementRemarks(
  l: LearnerMovement,
  cutoff: string,
  month: { start: string; end: string },
  shortDate: (d: string) => string,
): string {
  const parts: string[] = [];
  const inMonth = (d: string | null) => d != null && d >= month.start && d <= month.end;
  if (inMonth(l.enrolmentDate)) {
    if (l.transferInFrom) parts.push(`T/I from ${l.transferInFrom} ${shortDate(l.enrolmentDate!)}`);
    else if (l.enrolmentDate! > cutoff) parts.push(`LE ${shortDate(l.enrolmentDate!)}`);
  }
  if (inMonth(l.leftOn)) {
    const on = shortDate(l.leftOn!);
    if (l.leftReason === 'TRANSFERRED_OUT') parts.push(`T/O to ${l.leftDetail ?? 'another school'} ${on}`);
    else if (l.leftReason === 'DROPPED_OUT') parts.push(`DRP ${l.leftDetail ?? ''} ${on}`.replace(/\s+/g, ' '));
    else if (l.leftReason === 'NLPA') parts.push(`NLPA ${on}`);
  }
  return parts.join('; ');
}
