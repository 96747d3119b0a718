import { ErrorBanner, LoadingState, useListResource } from '@kit';
import { formatCalendarDate } from '@kit/text/format';
import { ABSENT_RUN, type AbsentRun } from '@domain/dashboard';
import { fetchAbsentRuns } from './school-day-api';

/** 'Nov 11, 2026 – Nov 20, 2026 (8 class days)' */
const runText = (l: AbsentRun) =>
  `${formatCalendarDate(l.days[0])} – ${formatCalendarDate(l.days.at(-1))} (${l.days.length} class days${l.ongoing ? ', still absent' : ''})`;

/**
 * Learners absent five class days or more in a row lately, with the days: DepEd asks the class adviser to visit their
 * home. Absent = no check-in that day, as on School Form 2.
 */
export function AbsentRunsPanel() {
  const runs = useListResource((signal) => fetchAbsentRuns(signal), 'absent-runs');
  return (
    <section aria-labelledby="absent-runs" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="absent-runs" className="text-base font-semibold text-gray-900">
        Absent {ABSENT_RUN} days in a row
      </h2>
      <p className="mt-1 text-sm text-gray-600">DepEd asks the class adviser to visit these learners&apos; homes.</p>
      {runs.error ? <ErrorBanner message={runs.error} /> : null}
      {runs.loading && !runs.data ? <LoadingState rows={2} label="Loading absences" /> : null}
      {runs.data && runs.data.learners.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">No learner has been absent {ABSENT_RUN} class days in a row lately.</p>
      ) : null}
      {runs.data?.learners.length ? (
        <ul className="mt-3 divide-y divide-gray-100">
          {runs.data.learners.map((l) => (
            <li key={l.studentId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="min-w-0 break-words font-medium text-gray-900">
                {l.name}
                <span className="ml-2 font-normal text-gray-600">{[l.grade, l.section].filter(Boolean).join(' · ')}</span>
              </span>
              <span className={l.ongoing ? 'text-red-700' : 'text-gray-700'}>{runText(l)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
