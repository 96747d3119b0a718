import { map } from 'nanostores';
import type { RolloverChoices, RolloverPlan, RolloverPreview, SectionPlan } from '@domain/school-year';
import { commitRollover, previewRollover, undoRollover } from './api';

/*
 * The rollover wizard's state: the plan staff build (the new year's dates, where each class goes, who is retained),
 * the server's preview of that plan, and the outcome of the commit or undo. Changing the plan drops the preview, so
 * what is committed is always what was last previewed.
 */

/** A class's choice in the form: complete, a new section in the next grade, or an existing section (`s:{id}`). */
export type ClassChoice = 'complete' | 'new' | `s:${number}`;

export interface RolloverState {
  schoolId: number;
  year: { start: string; end: string };
  sections: Record<number, SectionPlan>;
  /** Retained learners' ids by section. */
  retained: Record<number, number[]>;
  preview: RolloverPreview | null;
  busy: 'preview' | 'commit' | 'undo' | null;
  error: string | null;
  notice: string | null;
}

const EMPTY: RolloverState = {
  schoolId: 0,
  year: { start: '', end: '' },
  sections: {},
  retained: {},
  preview: null,
  busy: null,
  error: null,
  notice: null,
};

export const $rollover = map<RolloverState>(EMPTY);

/** Starts the plan from the wizard's defaults (keeps the last outcome's notice). */
export function startPlan(choices: RolloverChoices) {
  $rollover.set({
    ...EMPTY,
    schoolId: choices.schoolId,
    notice: $rollover.get().schoolId === choices.schoolId ? $rollover.get().notice : null,
    year: choices.suggested ?? { start: '', end: '' },
    sections: Object.fromEntries(choices.sections.map((s) => [s.sectionId, s.plan])),
  });
}

const edit = (patch: Partial<RolloverState>) => $rollover.set({ ...$rollover.get(), ...patch, preview: null, error: null });

export const setYear = (part: Partial<RolloverState['year']>) => edit({ year: { ...$rollover.get().year, ...part } });

export const choiceOf = (plan: SectionPlan): ClassChoice =>
  plan.action === 'COMPLETE' ? 'complete' : plan.targetSectionId == null ? 'new' : `s:${plan.targetSectionId}`;

export function setClassChoice(sectionId: number, choice: ClassChoice) {
  const plan: SectionPlan =
    choice === 'complete'
      ? { sectionId, action: 'COMPLETE', targetSectionId: null }
      : { sectionId, action: 'PROMOTE', targetSectionId: choice === 'new' ? null : Number(choice.slice(2)) };
  edit({ sections: { ...$rollover.get().sections, [sectionId]: plan } });
}

export const setRetained = (sectionId: number, ids: number[]) =>
  edit({ retained: { ...$rollover.get().retained, [sectionId]: ids } });

export const planOf = (s: RolloverState): RolloverPlan => ({
  year: s.year,
  sections: Object.values(s.sections),
  retainedIds: Object.values(s.retained).flat(),
});

async function run<T>(busy: RolloverState['busy'], work: () => Promise<T>): Promise<T | null> {
  $rollover.setKey('busy', busy);
  $rollover.setKey('error', null);
  try {
    return await work();
  } catch (err) {
    $rollover.setKey('error', (err as Error).message);
    return null;
  } finally {
    $rollover.setKey('busy', null);
  }
}

export async function preview() {
  const s = $rollover.get();
  const result = await run('preview', () => previewRollover(s.schoolId, planOf(s)));
  if (result) $rollover.setKey('preview', result);
}

/** Commits the previewed plan; `onDone` reloads the wizard (the school is in its new year). */
export async function commit(onDone: () => void) {
  const s = $rollover.get();
  const result = await run('commit', () => commitRollover(s.schoolId, planOf(s)));
  if (!result) return;
  $rollover.setKey('notice', result.message ?? null);
  onDone();
}

export async function undo(rolloverId: number, onDone: () => void) {
  const result = await run('undo', () => undoRollover($rollover.get().schoolId, rolloverId));
  if (!result) return;
  $rollover.setKey('notice', result.message ?? null);
  onDone();
}
