import { useEffect, useRef } from 'react';
import { ErrorBanner, useListResource } from '@kit';
import { followAttendance, LiveEventsCard } from '@features/attendance';
import { formatDay } from '@domain/dashboard';
import type { SchoolDay } from '@domain/dashboard';
import { fetchSchoolDay } from './school-day-api';
import { StatCardGrid } from './StatCards';

type Figure = 'students' | 'arrived' | 'late' | 'absent' | 'excused' | 'missing';
const CARDS: Array<{ key: Figure; label: string; accent: string }> = [
  { key: 'students', label: 'Students', accent: 'bg-gray-500' },
  { key: 'arrived', label: 'Arrived Today', accent: 'bg-brand-600' },
  { key: 'late', label: 'Late', accent: 'bg-amber-500' },
  { key: 'missing', label: 'Still Missing', accent: 'bg-red-600' },
  { key: 'absent', label: 'Absent', accent: 'bg-red-400' },
  { key: 'excused', label: 'Excused', accent: 'bg-blue-600' },
];

const figures = (d: SchoolDay): Record<Figure, number> => ({
  students: d.students,
  arrived: d.counts.PRESENT + d.counts.LATE,
  late: d.counts.LATE,
  absent: d.counts.ABSENT,
  excused: d.counts.EXCUSED,
  missing: d.missing.total,
});

/**
 * The school admin's day: the school's figures, today's arrivals live, and who is still missing. A live
 * attendance event of the school reloads the figures (a second of calm between reloads, so a rush is one reload).
 */
export default function SchoolDayPanel() {
  const day = useListResource((signal) => fetchSchoolDay(signal), 'school-day');
  const { reload } = day;
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const stop = followAttendance(() => {
      clearTimeout(pending.current);
      pending.current = setTimeout(reload, 1000);
    });
    return () => {
      clearTimeout(pending.current);
      stop();
    };
  }, [reload]);
  const d = day.data;
  return (
    <div className="space-y-6">
      <ErrorBanner message={day.error} />
      {d ? (
        <p className="text-sm text-gray-600">
          {d.school.name} — {formatDay(d.date)} ({d.timeZone}){d.isSchoolDay ? '' : ': no classes today'}
        </p>
      ) : null}
      <StatCardGrid cards={CARDS} values={d ? figures(d) : undefined} />
      <div className="grid gap-6 xl:grid-cols-2">
        <LiveEventsCard />
        <section aria-labelledby="missing-title" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <h2 id="missing-title" className="mb-3 text-base font-semibold text-gray-900">
            Still missing
            {d && d.missing.total > d.missing.students.length
              ? ` (first ${d.missing.students.length} of ${d.missing.total})`
              : ''}
          </h2>
          {d && d.missing.students.length === 0 ? (
            <p className="text-sm text-gray-500">
              {d.isSchoolDay ? 'Every student has arrived or is accounted for.' : 'No classes today.'}
            </p>
          ) : (
            <ul aria-label="Students still missing" className="divide-y divide-gray-100">
              {(d?.missing.students ?? []).map((s) => (
                <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <span className="font-medium text-gray-900 [overflow-wrap:anywhere]">
                    {s.firstName} {s.lastName}
                  </span>
                  <span className="text-gray-600">{[s.grade, s.section].filter(Boolean).join(' · ') || '-'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
