import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Modal, SelectField } from '@kit';
import type { RolloverChoices } from '@domain/school-year';
import { $rollover, choiceOf, setClassChoice, setRetained, type ClassChoice } from './store';

type ClassRow = RolloverChoices['sections'][number];

/** Where each class goes: a section of another grade, a new section in the next grade, or completion; and who stays. */
export function ClassPlan({ choices }: { choices: RolloverChoices }) {
  const state = useStore($rollover);
  const [choosing, setChoosing] = useState<ClassRow | null>(null);
  return (
    <section aria-labelledby="rollover-classes" className="space-y-3">
      <h2 id="rollover-classes" className="text-lg font-semibold text-gray-900">
        2. Where each class goes
      </h2>
      <p className="text-sm text-gray-600">
        Learners who left during the year are archived. Retained learners stay in their grade and section.
      </p>
      <ul className="space-y-3">
        {choices.sections.map((row) => {
          const plan = state.sections[row.sectionId] ?? row.plan;
          const retained = state.retained[row.sectionId] ?? [];
          const onRoll = row.learners.filter((l) => !l.left).length;
          const options = [
            ...(row.newSectionLabel && !choices.targets.some((t) => t.label === row.newSectionLabel)
              ? [{ value: 'new', label: `${row.newSectionLabel} (new section)` }]
              : []),
            ...choices.targets
              .filter((t) => t.gradeLevel !== row.gradeLevel)
              .map((t) => ({ value: `s:${t.id}`, label: t.label })),
            { value: 'complete', label: 'Completed: archived as graduated' },
          ];
          return (
            <li key={row.sectionId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-gray-900 [overflow-wrap:anywhere]">{row.label}</p>
                <p className="text-sm text-gray-600">
                  {onRoll} on the roll{row.learners.length > onRoll ? `, ${row.learners.length - onRoll} left` : ''}
                </p>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <SelectField
                  label={`${row.label} goes to`}
                  value={choiceOf(plan)}
                  options={options}
                  onChange={(e) => setClassChoice(row.sectionId, e.target.value as ClassChoice)}
                />
                <Button
                  variant="secondary"
                  onClick={() => setChoosing(row)}
                  disabled={onRoll === 0}
                  aria-label={`Retained in ${row.label}: ${retained.length}`}
                >
                  Retained: {retained.length}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {choosing ? (
        <RetainedDialog row={choosing} chosen={state.retained[choosing.sectionId] ?? []} onClose={() => setChoosing(null)} />
      ) : null}
    </section>
  );
}

/** The learners of a class who repeat the grade. */
function RetainedDialog({ row, chosen, onClose }: { row: ClassRow; chosen: number[]; onClose: () => void }) {
  const [ids, setIds] = useState(new Set(chosen));
  const toggle = (id: number) => setIds((prev) => new Set(prev.has(id) ? [...prev].filter((x) => x !== id) : [...prev, id]));
  return (
    <Modal
      open
      onClose={onClose}
      title={`Retained in ${row.label}`}
      description="They stay in this grade and section for the new year."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setRetained(row.sectionId, [...ids]);
              onClose();
            }}
          >
            Save ({ids.size})
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Learners of {row.label}</legend>
        <ul className="space-y-2">
          {row.learners
            .filter((l) => !l.left)
            .map((l) => (
              <li key={l.id}>
                <label className="flex items-center gap-3 text-sm text-gray-800">
                  <input type="checkbox" checked={ids.has(l.id)} onChange={() => toggle(l.id)} className="h-4 w-4" />
                  <span className="[overflow-wrap:anywhere]">
                    {l.name} <span className="text-gray-500">· LRN {l.lrn}</span>
                  </span>
                </label>
              </li>
            ))}
        </ul>
      </fieldset>
    </Modal>
  );
}
