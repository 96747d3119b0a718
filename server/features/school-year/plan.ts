import { badRequest } from '@core/http/errors';
import { addDays, isoWeekday } from '@core/time/time';
import {
  COMPLETER_LEVELS,
  ROLLOVER_MESSAGES as M,
  schoolYearLabel,
  sectionLabel,
  type LearnerOutcome,
  type RolloverPlan,
  type RolloverPreview,
  type SectionPlan,
} from '@domain/school-year';
import { LEFT_REASON_LABELS, type LeftReason } from '@domain/students';
import type { Roll, RollGrade, RollLearner, RollSection } from './roll';

/*
 * The rollover's plan: the default for each section, and a plan resolved against the roll into what happens to each
 * learner and which sections are made. Pure: the preview and the commit use the same resolution.
 */

/** A section the rollover creates: the source section's copy in the next grade. */
export interface NewSection {
  sourceId: number;
  grade: RollGrade;
  name: string;
  description: string | null;
  capacity: number | null;
}

export interface LearnerChange {
  learner: RollLearner;
  outcome: LearnerOutcome;
  /** PROMOTED: the section they go to, an existing id or the source id of a NewSection. */
  target: { sectionId: number } | { newFrom: number } | null;
}

export interface Resolved {
  to: { start: string; end: string };
  newSections: NewSection[];
  changes: LearnerChange[];
  preview: Omit<RolloverPreview, 'totals'> & { totals: Omit<RolloverPreview['totals'], 'holidays'> };
}

const COMPLETING: readonly number[] = COMPLETER_LEVELS;

/** The grade after a section's (the first of the next level), if the school has one. */
export const nextGrade = (roll: Roll, grade: RollGrade) => roll.grades.find((g) => g.level === grade.level + 1) ?? null;

const sameName = (roll: Roll, grade: RollGrade, name: string) =>
  roll.sections.find((s) => s.grade.id === grade.id && s.name.toLowerCase() === name.toLowerCase()) ?? null;

/** Completer grades complete; the others go up to the next grade's section of the same name (made if missing). */
export function defaultPlan(roll: Roll, section: RollSection): SectionPlan {
  const next = nextGrade(roll, section.grade);
  if (COMPLETING.includes(section.grade.level) || !next)
    return { sectionId: section.id, action: 'COMPLETE', targetSectionId: null };
  return { sectionId: section.id, action: 'PROMOTE', targetSectionId: sameName(roll, next, section.name)?.id ?? null };
}

/** The sections the plan is about: those with learners not archived yet. */
export const plannedSections = (roll: Roll) => {
  const used = new Set(roll.learners.filter((l) => !l.isArchived).map((l) => l.sectionId));
  return roll.sections.filter((s) => used.has(s.id));
};

/** The new year suggested: the first Monday of June after the current year ends, to the next March 31. */
export function suggestedYear(current: { end: string }): { start: string; end: string } {
  let year = Number(current.end.slice(0, 4));
  let start = firstMondayOfJune(year);
  if (start <= current.end) start = firstMondayOfJune(++year);
  return { start, end: `${year + 1}-03-31` };
}

function firstMondayOfJune(year: number): string {
  let d = `${year}-06-01`;
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  return d;
}

/** The plan against the roll: 400 with the section's name when a choice does not hold. */
export function resolvePlan(roll: Roll, plan: RolloverPlan): Resolved {
  if (plan.year.start <= roll.year.end)
    throw badRequest(M.startAfter(roll.year.end), { 'year.start': M.startAfter(roll.year.end) });
  const sectionById = new Map(roll.sections.map((s) => [s.id, s]));
  for (const p of plan.sections) if (!sectionById.has(p.sectionId)) throw badRequest(M.section);
  const planOf = new Map(plan.sections.map((p) => [p.sectionId, p]));
  const onRoll = new Set(roll.learners.filter((l) => !l.isArchived && !l.leftOn).map((l) => l.id));
  for (const id of plan.retainedIds) if (!onRoll.has(id)) throw badRequest(M.retained, { retainedIds: M.retained });
  const retained = new Set(plan.retainedIds);

  const newSections = new Map<number, NewSection>();
  const destination = new Map<number, { target: LearnerChange['target']; label: string; isNew: boolean }>();
  const moves: Resolved['preview']['moves'] = [];
  for (const section of plannedSections(roll)) {
    const label = sectionLabel(section.grade.name, section.name);
    const p = planOf.get(section.id);
    if (!p) throw badRequest(M.sectionMissing(label));
    if (p.action === 'COMPLETE')
      destination.set(section.id, { target: null, label: 'Completed: archived as graduated', isNew: false });
    else if (p.targetSectionId != null) {
      const target = sectionById.get(p.targetSectionId);
      if (!target) throw badRequest(M.section);
      if (target.grade.id === section.grade.id) throw badRequest(M.sameGrade(label));
      destination.set(section.id, {
        target: { sectionId: target.id },
        label: sectionLabel(target.grade.name, target.name),
        isNew: false,
      });
    } else {
      const next = nextGrade(roll, section.grade);
      if (!next) throw badRequest(M.noNextGrade(label));
      const existing = sameName(roll, next, section.name);
      if (existing)
        destination.set(section.id, {
          target: { sectionId: existing.id },
          label: sectionLabel(next.name, existing.name),
          isNew: false,
        });
      else {
        newSections.set(section.id, {
          sourceId: section.id,
          grade: next,
          name: section.name,
          description: section.description,
          capacity: section.capacity,
        });
        destination.set(section.id, {
          target: { newFrom: section.id },
          label: sectionLabel(next.name, section.name),
          isNew: true,
        });
      }
    }
    const d = destination.get(section.id)!;
    moves.push({ sectionId: section.id, from: label, to: d.label, newSection: d.isNew, moving: 0, retained: 0, left: 0 });
  }

  const moveOf = new Map(moves.map((m) => [m.sectionId, m]));
  const totals = { learners: 0, promoted: 0, retained: 0, completed: 0, leftArchived: 0, newSections: newSections.size };
  const changes: LearnerChange[] = roll.learners.map((learner) => {
    if (learner.isArchived) return { learner, outcome: 'ARCHIVED', target: null };
    const move = moveOf.get(learner.sectionId)!;
    totals.learners++;
    if (learner.leftOn) {
      move.left++;
      totals.leftArchived++;
      return { learner, outcome: 'LEFT', target: null };
    }
    if (retained.has(learner.id)) {
      move.retained++;
      totals.retained++;
      return { learner, outcome: 'RETAINED', target: null };
    }
    move.moving++;
    const d = destination.get(learner.sectionId)!;
    if (!d.target) {
      totals.completed++;
      return { learner, outcome: 'COMPLETED', target: null };
    }
    totals.promoted++;
    return { learner, outcome: 'PROMOTED', target: d.target };
  });
  return {
    to: plan.year,
    newSections: [...newSections.values()],
    changes,
    preview: { from: roll.year, to: plan.year, moves, totals },
  };
}

/** The archive reasons the rollover writes. */
export const archiveReason = (change: LearnerChange, section: RollSection, year: { start: string; end: string }) =>
  change.outcome === 'COMPLETED'
    ? M.completedReason(section.grade.name, schoolYearLabel(year))
    : M.leftReason(schoolYearLabel(year), LEFT_REASON_LABELS[change.learner.leftReason as LeftReason] ?? 'left');
