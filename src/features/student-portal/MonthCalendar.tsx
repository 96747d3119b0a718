import { formatSchoolTime } from '@kit/text/format';
import { shiftMonth, weekdayOf } from '@shared/student-month';
import type { PortalMonthDay, StudentAttendance } from '@domain/student-portal';
import { Button } from '@kit/ui/Button';
import { LEGEND, MARKS, monthTitle } from './labels';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** What a day's cell says to a screen reader (and as a tooltip). */
function dayLabel(day: PortalMonthDay, timeZone: string): string {
  const n = Number(day.date.slice(8));
  const parts = [`${n}`, MARKS[day.mark].name];
  if (day.reason) parts.push(day.reason);
  if (day.checkInAt) parts.push(`in ${formatSchoolTime(day.checkInAt, timeZone)}`);
  return parts.join(', ');
}

/**
 * The month as a calendar, a mark per day, and SF2's monthly totals (the server's monthOf: SF2's own day rules).
 * Previous/next month: the current month is the default.
 */
export function MonthCalendar({
  attendance,
  onMonth,
  loading,
}: {
  attendance: StudentAttendance;
  onMonth: (month: string | null) => void;
  loading: boolean;
}) {
  const { month, days, totals, timeZone, today } = attendance;
  const lead = days.length ? weekdayOf(days[0]!.date) - 1 : 0;
  const isCurrent = month === today.date.slice(0, 7);
  const stats: Array<[string, number, string]> = [
    ['Present', totals.present, 'present'],
    ['Absent', totals.absent, 'absent'],
    ['Tardy', totals.tardy, 'tardy'],
    ['Excused absences', totals.excused, 'excused'],
  ];
  return (
    <section aria-labelledby="month-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => onMonth(shiftMonth(month, -1))} aria-label="Previous month">
          ‹
        </Button>
        <h2 id="month-title" className="text-lg font-semibold text-gray-900" aria-live="polite">
          {monthTitle(month)}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onMonth(isCurrent ? null : shiftMonth(month, 1))}
          disabled={isCurrent}
          aria-label="Next month"
        >
          ›
        </Button>
      </div>
      <div className={loading ? 'opacity-60 transition-opacity' : undefined} aria-busy={loading}>
        <div className="mt-3 grid grid-cols-7 gap-1 text-center text-xs font-medium text-gray-600" aria-hidden="true">
          {WEEKDAYS.map((d) => (
            <span key={d}>{d}</span>
          ))}
        </div>
        <ol className="mt-1 grid grid-cols-7 gap-1" aria-label={`Attendance marks, ${monthTitle(month)}`}>
          {lead > 0 ? <li aria-hidden="true" style={{ gridColumn: `span ${lead} / span ${lead}` }} /> : null}
          {days.map((day) => {
            const mark = MARKS[day.mark];
            const label = dayLabel(day, timeZone);
            return (
              <li
                key={day.date}
                title={label}
                data-date={day.date}
                data-mark={day.mark}
                className={`flex aspect-square min-h-10 flex-col items-center justify-center rounded-md text-sm ring-1 ring-inset ${mark.className} ${
                  day.date === today.date ? 'outline outline-2 outline-offset-1 outline-gray-900' : ''
                }`}
              >
                <span className="sr-only">{label}</span>
                <span aria-hidden="true">{Number(day.date.slice(8))}</span>
                <span aria-hidden="true" className="text-xs font-bold leading-none">
                  {mark.letter}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700" aria-label="Legend">
        {LEGEND.map((m) => (
          <li key={m} className="flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ring-1 ring-inset ${MARKS[m].className}`} />
            {MARKS[m].letter ? `${MARKS[m].letter} ` : ''}
            {MARKS[m].name}
          </li>
        ))}
      </ul>
      <h3 className="mt-4 text-sm font-semibold text-gray-900">This month's totals</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="month-totals">
        {stats.map(([label, value, key]) => (
          <div key={key} className="rounded-lg bg-gray-50 p-2 text-center">
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="text-xl font-bold text-gray-900" data-testid={`total-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-gray-600">
        {totals.classDaysSoFar} of {totals.classDays} class days counted so far (today counts after the school&apos;s absence
        cutoff). As on the school&apos;s SF2, late days count as present and as tardy, and excused days as absent.
      </p>
    </section>
  );
}
