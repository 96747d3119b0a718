import { formatSchoolTime } from '@kit/text/format';
import type { StudentAttendance } from '@domain/student-portal';
import { dayTitle, TODAY_TITLES, TODAY_TONES } from './labels';

/** Today's status, first thing on the phone: checked in at 07:12, late, absent, excused, or no class (and why). */
export function TodayCard({ attendance }: { attendance: StudentAttendance }) {
  const { today, timeZone } = attendance;
  const time = (iso: string | null) => formatSchoolTime(iso, timeZone);
  let detail: string;
  switch (today.kind) {
    case 'CHECKED_IN':
      detail = `Checked in at ${time(today.checkInAt)}`;
      break;
    case 'LATE':
      detail = `Arrived late, at ${time(today.checkInAt)}`;
      break;
    case 'ABSENT':
      detail = 'No tap before the school marked absences.';
      break;
    case 'EXCUSED':
      detail = today.reason ? `Excused by the school: ${today.reason}` : 'Excused by the school.';
      break;
    case 'NO_CLASS':
      detail = today.reason ?? 'No class today.';
      break;
    default:
      detail = 'The card has not been tapped today.';
  }
  return (
    <section aria-labelledby="today-title" className={`rounded-xl border-l-4 p-4 shadow-sm ${TODAY_TONES[today.kind]}`}>
      <p className="text-sm font-medium">Today · {dayTitle(today.date)}</p>
      <h2 id="today-title" className="mt-1 text-2xl font-bold" data-testid="today-status" aria-live="polite">
        {TODAY_TITLES[today.kind]}
      </h2>
      <p className="mt-1 text-base" data-testid="today-detail">
        {detail}
      </p>
      {today.checkOutAt ? <p className="mt-1 text-sm">Checked out at {time(today.checkOutAt)}</p> : null}
    </section>
  );
}
