import { z } from 'zod';
import { schoolYearInputSchema } from '../calendar';
import { MAX_ID } from '../validation';

/*
 * Rolling a school's year over: each section's learners move to a section of the next grade (or finish school:
 * completers are archived as graduated), the learners staff choose stay in their grade (retained), learners who
 * left during the year are archived, sections the next grade lacks are created, and the new year's dates and
 * holidays are set: all in one commit, previewed first, undone within ROLLOVER_UNDO_DAYS. The closed year's
 * records stay, and its forms read the learners as the year left them.
 */

export const ROLLOVER_UNDO_DAYS = 7;
/** The grades whose learners complete a stage of schooling (elementary, junior high, senior high). */
export const COMPLETER_LEVELS = [6, 10, 12] as const;
export const SECTION_ACTIONS = ['PROMOTE', 'COMPLETE'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];
/** What the rollover did to a learner of the closed year. */
export const LEARNER_OUTCOMES = ['PROMOTED', 'RETAINED', 'COMPLETED', 'LEFT', 'ARCHIVED'] as const;
export type LearnerOutcome = (typeof LEARNER_OUTCOMES)[number];

/** '2026-2027' from the year's dates: as DepEd's forms print it, and how a closed year is asked for. */
export const schoolYearCode = (year: { start: string; end: string }) => `${year.start.slice(0, 4)}-${year.end.slice(0, 4)}`;
/** 'SY 2026–2027' from the year's dates. */
export const schoolYearLabel = (year: { start: string; end: string }) => `SY ${year.start.slice(0, 4)}–${year.end.slice(0, 4)}`;
/** 'Grade 7 · Rizal' */
export const sectionLabel = (gradeName: string, sectionName: string) => `${gradeName} · ${sectionName}`;

export const ROLLOVER_MESSAGES = {
  noYear: 'Set the current school year first (School Calendar)',
  startAfter: (end: string) => `The new school year must start after the current one ends (${end})`,
  section: 'Please select a valid section',
  action: 'Choose PROMOTE (a section to go to) or COMPLETE',
  sectionMissing: (label: string) => `Choose where the learners of ${label} go`,
  sameGrade: (label: string) => `${label}: choose a section of another grade, or Completed`,
  noNextGrade: (label: string) => `${label} has no next grade: choose a section or Completed`,
  retained: 'A retained learner is not on the roll of this school',
  tooMany: 'Too many learners chosen',
  nothingToUndo: 'There is no rollover to undo',
  undone: 'This rollover was already undone',
  notLatest: 'Only the latest rollover can be undone',
  expired: (until: string) => `This rollover could be undone until ${until} only`,
  cardTaken: (names: string) => `Cannot undo: the RFID card of ${names} now belongs to another learner`,
  sectionsUsed: (labels: string) => `Cannot undo: learners were added to ${labels} after the rollover; move them first`,
  committed: (label: string, n: number) => `Rolled over to ${label}: ${n} learner${n === 1 ? '' : 's'} moved`,
  undoDone: (label: string) => `Rollover undone: back to ${label}`,
  completedReason: (grade: string, year: string) => `Graduated: completed ${grade} in ${year}`,
  leftReason: (year: string, why: string) => `Left during ${year} (${why})`,
} as const;

const sectionId = z.number({ error: ROLLOVER_MESSAGES.section }).int().positive().max(MAX_ID);

/** One section's plan: its learners go up to `targetSectionId` (null: a new section of the same name in the next grade), or complete. */
export const sectionPlanSchema = z.object({
  sectionId,
  action: z.enum(SECTION_ACTIONS, { error: ROLLOVER_MESSAGES.action }),
  targetSectionId: sectionId.nullable(),
});
export type SectionPlan = z.infer<typeof sectionPlanSchema>;

/** POST …/school-year/rollover/preview and POST …/school-year/rollover */
export const rolloverPlanSchema = z.object({
  year: schoolYearInputSchema,
  sections: z.array(sectionPlanSchema).max(2000),
  /** Learners who stay in their grade and section. */
  retainedIds: z.array(z.number().int().positive().max(MAX_ID)).max(20_000, ROLLOVER_MESSAGES.tooMany),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

const yearSchema = z.object({ start: z.string(), end: z.string() });

export const rolloverTotalsSchema = z.object({
  learners: z.number(),
  promoted: z.number(),
  retained: z.number(),
  completed: z.number(),
  leftArchived: z.number(),
  newSections: z.number(),
  holidays: z.number(),
});
export type RolloverTotals = z.infer<typeof rolloverTotalsSchema>;

/** A section of the year being closed, with its learners (on the roll or left during the year) and its default plan. */
export const rolloverSectionSchema = z.object({
  sectionId: z.number(),
  label: z.string(),
  gradeLevel: z.number(),
  learners: z.array(z.object({ id: z.number(), name: z.string(), lrn: z.string(), left: z.boolean() })),
  plan: sectionPlanSchema,
  /** The name a new section would have in the next grade (null: there is no next grade). */
  newSectionLabel: z.string().nullable(),
});

export const rolloverRecordSchema = z.object({
  id: z.number(),
  from: yearSchema,
  to: yearSchema,
  createdAt: z.string(),
  byName: z.string().nullable(),
  undoUntil: z.string(),
  undoneAt: z.string().nullable(),
  /** Still undoable: the latest, not undone, before its deadline. */
  canUndo: z.boolean(),
  summary: rolloverTotalsSchema,
});
export type RolloverRecord = z.infer<typeof rolloverRecordSchema>;

/** GET …/school-year/rollover: what the wizard starts from. */
export const rolloverChoicesSchema = z.object({
  schoolId: z.number(),
  /** The school's zone (the undo deadline is shown in it). */
  timeZone: z.string(),
  current: yearSchema.nullable(),
  suggested: yearSchema.nullable(),
  sections: z.array(rolloverSectionSchema),
  /** Every section a class may go to, by label. */
  targets: z.array(z.object({ id: z.number(), label: z.string(), gradeLevel: z.number() })),
  last: rolloverRecordSchema.nullable(),
});
export type RolloverChoices = z.infer<typeof rolloverChoicesSchema>;

/** The preview: every section's change with its counts, and the totals. */
export const rolloverPreviewSchema = z.object({
  from: yearSchema,
  to: yearSchema,
  moves: z.array(
    z.object({
      sectionId: z.number(),
      from: z.string(),
      /** Where the class goes ('Completed: archived as graduated' for completers). */
      to: z.string(),
      newSection: z.boolean(),
      moving: z.number(),
      retained: z.number(),
      left: z.number(),
    }),
  ),
  totals: rolloverTotalsSchema,
});
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;

export const rolloverResultSchema = z.object({ rollover: rolloverRecordSchema, preview: rolloverPreviewSchema });
