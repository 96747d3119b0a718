import type { Column } from '@kit';
import { StatusBadge } from '@kit';
import type { AttendanceRecord } from '@domain/attendance';
import { formatCalendarDate, formatSchoolTime } from '@kit/text/format';

const studentLine = (r: AttendanceRecord) =>
  [r.student.school?.acronym, r.student.grade, r.student.section].filter(Boolean).join(' · ') || '-';

/** Attendance History columns: Student, Status, Date, Check In, Check Out, Reader (with location), Card ID. */
export const attendanceColumns: Array<Column<AttendanceRecord>> = [
  {
    header: 'Student',
    className: 'min-w-40',
    cell: (r) => (
      <div>
        <div className="font-medium text-gray-900">
          {r.student.firstName} {r.student.lastName}
        </div>
        <div className="text-xs text-gray-500">{studentLine(r)}</div>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (r) => (
      <div>
        <StatusBadge kind="attendance" value={r.status} />
        {r.note ? (
          <div className="mt-1 max-w-48 truncate text-xs text-gray-500" title={r.note}>
            {r.note}
          </div>
        ) : null}
      </div>
    ),
  },
  { header: 'Date', className: 'whitespace-nowrap', detail: 'sm', cell: (r) => formatCalendarDate(r.date) },
  { header: 'Check In', className: 'whitespace-nowrap', detail: 'sm', cell: (r) => formatSchoolTime(r.checkInAt, r.timeZone) },
  { header: 'Check Out', className: 'whitespace-nowrap', detail: 'md', cell: (r) => formatSchoolTime(r.checkOutAt, r.timeZone) },
  {
    header: 'Reader',
    className: 'min-w-32',
    detail: 'lg',
    cell: (r) =>
      r.reader ? (
        <div>
          <div>{r.reader.name}</div>
          {r.reader.location ? <div className="text-xs text-gray-500">{r.reader.location}</div> : null}
        </div>
      ) : (
        '-'
      ),
  },
  { header: 'Card ID', className: 'font-mono text-xs', detail: 'xl', cell: (r) => r.card?.cardId ?? '-' },
];
