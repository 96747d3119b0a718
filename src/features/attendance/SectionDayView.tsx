import { StatusBadge } from '@kit';
import { AbsentRunsList } from './AbsentRunsList';
import { formatCalendarDate, formatSchoolTime } from '@kit/text/format';
import { ABSENT_RUN } from '@domain/dashboard';
import { SECTION_DAY_LABELS, type SectionDay, type SectionDayLearner, type SectionDayState } from '@domain/section-day';

/** The groups in the order an adviser reads them: who is missing first. */
const ORDER: SectionDayState[] = ['MISSING', 'IN', 'LEFT', 'EXCUSED'];
const TONES: Record<SectionDayState, string> = {
  MISSING: 'border-red-200 bg-red-50 text-red-800',
  IN: 'border-green-200 bg-green-50 text-green-800',
  LEFT: 'border-gray-200 bg-gray-50 text-gray-800',
  EXCUSED: 'border-blue-200 bg-blue-50 text-blue-800',
};

/** What a learner's line says beside the name: the arrival, the departure, or the record's status. */
function detail(l: SectionDayLearner, zone: string) {
  const time = (iso: string | null) => formatSchoolTime(iso, zone);
  if (l.state === 'LEFT') return `In ${time(l.checkInAt)} · Left ${time(l.checkOutAt)}`;
  if (l.state === 'IN') return l.checkInAt ? `In ${time(l.checkInAt)}` : 'Marked present';
  return null;
}

/** The section's learners absent five class days in a row lately, with the days: DepEd asks the adviser to visit. */
function AbsentRunsSection({ runs }: { runs: SectionDay['absentRuns'] }) {
  const title = `Absent ${ABSENT_RUN} days in a row`;
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      {runs.learners.length ? (
        <>
          <p className="mt-1 text-xs text-gray-600">DepEd asks the class adviser to visit these learners&apos; homes.</p>
          <AbsentRunsList learners={runs.learners} showPlace={false} />
        </>
      ) : (
        <p className="mt-1 text-sm text-gray-600">
          No learner of this section has been absent {ABSENT_RUN} class days in a row lately.
        </p>
      )}
    </section>
  );
}

/**
 * A section's day on a phone: four counts (each a link to its group), the learners absent five days in a row lately,
 * then the learners of each group, with their times in the school's zone.
 */
export function SectionDayView({ day }: { day: SectionDay }) {
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold text-gray-900">
          {day.grade.name} · {day.section.name}
        </h2>
        <p className="text-sm text-gray-600">
          {day.school.name} · {formatCalendarDate(day.date)}
          {day.date === day.today ? ' (today)' : ''}
        </p>
        {day.isSchoolDay ? null : (
          <p className="mt-2 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-800">
            No classes on this day for {day.grade.name} (a weekend, holiday or suspension).
          </p>
        )}
        <ul aria-label="Counts" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {ORDER.map((state) => (
            <li key={state}>
              <a
                href={`#${state.toLowerCase()}`}
                className={`block rounded-md border px-3 py-2 text-center ${TONES[state]}`}
                aria-label={`${SECTION_DAY_LABELS[state]}: ${day.counts[state]}`}
              >
                <span className="block text-2xl font-semibold">{day.counts[state]}</span>
                <span className="block text-xs font-medium">{SECTION_DAY_LABELS[state]}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <AbsentRunsSection runs={day.absentRuns} />
      {day.learners.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-600 shadow-sm">
          No active learners in this section on this day.
        </p>
      ) : (
        ORDER.map((state) => {
          const learners = day.learners.filter((l) => l.state === state);
          if (learners.length === 0) return null;
          const title = `${SECTION_DAY_LABELS[state]} (${learners.length})`;
          return (
            <section
              key={state}
              id={state.toLowerCase()}
              aria-label={title}
              className="rounded-lg border border-gray-200 bg-white shadow-sm"
            >
              <h3 className={`rounded-t-lg border-b px-4 py-2 text-sm font-semibold ${TONES[state]}`}>{title}</h3>
              <ul className="divide-y divide-gray-100">
                {learners.map((l) => (
                  <li key={l.studentId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium text-gray-900 [overflow-wrap:anywhere]">
                        {l.lastName}, {l.firstName}
                      </span>
                      <span className="block text-xs text-gray-500">LRN {l.lrn}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-gray-600">
                      {detail(l, day.timeZone)}
                      {l.status && l.state !== 'IN' && l.state !== 'LEFT' ? (
                        <StatusBadge kind="attendance" value={l.status} />
                      ) : null}
                      {l.note ? <span className="text-xs text-gray-500 [overflow-wrap:anywhere]">{l.note}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
