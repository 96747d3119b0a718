import { useStore } from '@nanostores/react';
import { $liveAttendance, LIVE_EVENTS_SHOWN } from './live-store';
import { $liveStatus } from '@kit/live';
import { StatusBadge } from '@kit';
import { formatSchoolDateTime } from '@kit/text/format';
import type { LiveAttendanceEvent } from '@domain/attendance';

const STATUS_TEXT = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
} as const;

/** The event is the record's check-out (its status stays PRESENT or LATE; the tap set checkOutAt). */
const isCheckOut = (e: LiveAttendanceEvent) => e.record.checkOutAt !== null && e.record.checkOutAt === e.time;

/** 'Real-time Attendance Events': up to 5 distinct live events (student, status, date and time in school time, reader). */
export function LiveEventsCard() {
  const events = useStore($liveAttendance).slice(0, LIVE_EVENTS_SHOWN);
  const status = useStore($liveStatus);
  return (
    <section aria-labelledby="live-events-title" className="mb-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="live-events-title" className="text-base font-semibold text-gray-900">
          Real-time Attendance Events
        </h2>
        <span className="inline-flex items-center gap-2 text-xs text-gray-600" role="status">
          <span aria-hidden="true" className={`h-2 w-2 rounded-full ${status === 'live' ? 'bg-brand-600' : 'bg-gray-400'}`} />
          {STATUS_TEXT[status]}
        </span>
      </div>
      {events.length === 0 ? (
        <p className="text-sm text-gray-500">Waiting for taps…</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-live="polite" aria-label="Live attendance events">
          {events.map((e) => (
            <li key={`${e.id}:${e.status}:${e.time}`} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium text-gray-900">{e.studentName}</span>
              <span className="flex flex-wrap items-center gap-3 text-gray-600">
                {isCheckOut(e) ? (
                  <span>
                    Checked out <time dateTime={e.time}>{formatSchoolDateTime(e.time, e.record.timeZone)}</time>
                  </span>
                ) : (
                  <>
                    <StatusBadge kind="attendance" value={e.status} />
                    <time dateTime={e.time}>{formatSchoolDateTime(e.time, e.record.timeZone)}</time>
                  </>
                )}
                <span>{e.reader ?? '-'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
