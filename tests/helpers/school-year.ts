import type { RolloverChoices, RolloverPlan } from '@domain/school-year';

/** The wizard's default plan for the next school year: from the day after the current one ends to the next March 31. */
export function nextYearPlan(choices: RolloverChoices, retainedIds: number[] = []): RolloverPlan {
  const start = new Date(Date.parse(`${choices.current!.end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    year: { start, end: `${Number(start.slice(0, 4)) + 1}-03-31` },
    sections: choices.sections.map((s) => s.plan),
    retainedIds,
  };
}
