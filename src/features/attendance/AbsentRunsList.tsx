import { formatCalendarDate } from '@kit/text/format';
import type { AbsentRun } from '@domain/dashboard';

/** 'Nov 11, 2026 – Nov 20, 2026 (8 class days, still absent)' */
const runText = (l: AbsentRun) =>
  `${formatCalendarDate(l.days[0])} – ${formatCalendarDate(l.days.at(-1))} (${l.days.length} class days${l.ongoing ? ', still absent' : ''})`;

/**
 * Learners absent five class days or more in a row, each with the days of the run and "still absent" while it lasts:
 * the school dashboard's list and a section's day show the same lines. `showPlace` adds each learner's grade and section.
 */
export function AbsentRunsList({ learners, showPlace = true }: { learners: AbsentRun[]; showPlace?: boolean }) {
  return (
    <ul className="divide-y divide-gray-100">
      {learners.map((l) => (
        <li key={l.studentId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
          <span className="min-w-0 break-words font-medium text-gray-900">
            {l.name}
            {showPlace ? (
              <span className="ml-2 font-normal text-gray-600">{[l.grade, l.section].filter(Boolean).join(' · ')}</span>
            ) : null}
          </span>
          <span className={l.ongoing ? 'text-red-700' : 'text-gray-700'}>{runText(l)}</span>
        </li>
      ))}
    </ul>
  );
}
