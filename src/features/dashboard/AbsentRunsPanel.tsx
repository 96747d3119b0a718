import { ErrorBanner, LoadingState, useListResource } from '@kit';
import { AbsentRunsList } from '@features/attendance';
import { ABSENT_RUN } from '@domain/dashboard';
import { fetchAbsentRuns } from './school-day-api';

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
        <div className="mt-3">
          <AbsentRunsList learners={runs.data.learners} />
        </div>
      ) : null}
    </section>
  );
}
