import type { Executor } from '@core/db/index';
import { requireSchool } from '../schools';
import { sectionLabel, type RolloverChoices } from '@domain/school-year';
import { loadRoll } from './roll';
import { defaultPlan, nextGrade, plannedSections, suggestedYear } from './plan';
import { latestRollover } from './records';

/** What the wizard starts from: the year to close, each class with its learners and default plan, and the last rollover. */
export async function rolloverChoices(
  db: Executor,
  schoolId: number,
  defaultTimeZone: string,
  now = new Date(),
): Promise<RolloverChoices> {
  const school = await requireSchool(db, schoolId);
  const last = await latestRollover(db, schoolId, now);
  const timeZone = school.timezone ?? defaultTimeZone;
  if (!school.schoolYearStart || !school.schoolYearEnd)
    return { schoolId, timeZone, current: null, suggested: null, sections: [], targets: [], last };
  const roll = await loadRoll(db, schoolId);
  const bySection = new Map<number, RolloverChoices['sections'][number]['learners']>();
  for (const l of roll.learners) {
    if (l.isArchived) continue;
    if (!bySection.has(l.sectionId)) bySection.set(l.sectionId, []);
    bySection.get(l.sectionId)!.push({ id: l.id, name: `${l.lastName}, ${l.firstName}`, lrn: l.lrn, left: l.leftOn != null });
  }
  return {
    schoolId,
    timeZone,
    current: roll.year,
    suggested: suggestedYear(roll.year),
    sections: plannedSections(roll).map((s) => {
      const next = nextGrade(roll, s.grade);
      return {
        sectionId: s.id,
        label: sectionLabel(s.grade.name, s.name),
        gradeLevel: s.grade.level,
        learners: bySection.get(s.id) ?? [],
        plan: defaultPlan(roll, s),
        newSectionLabel: next ? sectionLabel(next.name, s.name) : null,
      };
    }),
    targets: roll.sections
      .filter((s) => s.isActive)
      .map((s) => ({ id: s.id, label: sectionLabel(s.grade.name, s.name), gradeLevel: s.grade.level })),
    last,
  };
}
