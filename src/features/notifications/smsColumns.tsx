import { formatSchoolDateTime } from '@kit/text/format';
import { SMS_TYPE_LABELS, type SmsNotification } from '@domain/sms-history';
import { StatusBadge, type Column } from '@kit';

const MESSAGE_PREVIEW = 60;
const studentLine = (n: SmsNotification) =>
  [n.student?.school?.acronym, n.student?.gradeModel?.name, n.student?.sectionModel?.name].filter(Boolean).join(' · ') || '-';

/** SMS history columns: Student (school acronym, grade, section), Type, Message (truncated), Phone, Status (+ reason), Sent At, Delivered At. */
export const SMS_COLUMNS: Array<Column<SmsNotification>> = [
  {
    header: 'Student',
    cell: (n) => (
      <div className="min-w-32">
        <p className="font-medium text-gray-900">{n.student ? `${n.student.firstName} ${n.student.lastName}` : '-'}</p>
        <p className="text-xs text-gray-600">{studentLine(n)}</p>
      </div>
    ),
  },
  { header: 'Type', cell: (n) => SMS_TYPE_LABELS[n.type] ?? n.type, className: 'whitespace-nowrap', detail: 'sm' },
  {
    header: 'Message',
    cell: (n) => (
      <span title={n.message} className="block min-w-40 max-w-xs">
        {n.message.length > MESSAGE_PREVIEW ? `${n.message.slice(0, MESSAGE_PREVIEW)}…` : n.message}
      </span>
    ),
    detail: 'md',
  },
  {
    header: 'Phone',
    cell: (n) => (
      <>
        {n.phoneNumber ?? (n.channel === 'MESSENGER' ? 'Messenger' : '-')}
        {/* e.g. 'Messenger window closed: sent by SMS': why this row went by another channel */}
        {n.note ? <p className="mt-1 max-w-48 whitespace-normal text-xs text-gray-600">{n.note}</p> : null}
      </>
    ),
    className: 'whitespace-nowrap',
    detail: 'md',
  },
  {
    header: 'Status',
    cell: (n) => (
      <div className="min-w-20">
        <StatusBadge kind="sms" value={n.status} title={n.failureReason ?? undefined} />
        {/* A pending message's reason says why it waits (e.g. for a free phone); any other is why it stopped. */}
        {n.failureReason ? (
          <p className={`mt-1 max-w-48 text-xs ${n.status === 'PENDING' ? 'text-gray-600' : 'text-red-700'}`}>
            {n.failureReason}
          </p>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Sent At',
    cell: (n) => formatSchoolDateTime(n.sentAt, n.timeZone),
    className: 'whitespace-nowrap',
    detail: 'sm',
  },
  {
    header: 'Delivered At',
    cell: (n) => formatSchoolDateTime(n.deliveredAt, n.timeZone),
    className: 'whitespace-nowrap',
    // Beside the sidebar, a 1440 px screen leaves ~1,100 px: with Actions, the two long times do not both fit.
    detail: '2xl',
  },
];
