import type { DashboardSmsLog } from '@domain/dashboard';
import { formatSchoolDateTime } from '@kit/text/format';
import { DataTable, StatusBadge, type Column } from '@kit';
import { humanise } from './chart-setup';

const fullName = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : null);

const COLUMNS: Array<Column<DashboardSmsLog>> = [
  { header: 'Date', cell: (s) => formatSchoolDateTime(s.createdAt, s.timeZone), className: 'whitespace-nowrap', detail: 'sm' },
  { header: 'Type', cell: (s) => humanise(s.type), className: 'whitespace-nowrap', detail: 'sm' },
  { header: 'Status', cell: (s) => <StatusBadge kind="sms" value={s.status} /> },
  { header: 'School', cell: (s) => s.student?.school?.acronym ?? '-', detail: 'md' },
  { header: 'To', cell: (s) => fullName(s.student) ?? '-', className: 'whitespace-nowrap' },
  {
    header: 'Parent Phone',
    cell: (s) => s.student?.parentPhone ?? s.phoneNumber ?? '-',
    className: 'whitespace-nowrap',
    detail: '2xl',
  },
  { header: 'Sender', cell: (s) => fullName(s.sender) ?? 'System', className: 'whitespace-nowrap', detail: '2xl' },
  {
    header: 'Message',
    cell: (s) => (
      <span title={s.message} className="line-clamp-2 max-w-xs">
        {s.message}
      </span>
    ),
    detail: '2xl',
  },
];

/** "Recent SMS Logs": the latest 10 notifications. */
export function RecentSmsLogs({ logs, loading }: { logs: DashboardSmsLog[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="recent-sms-heading">
      <h2 id="recent-sms-heading" className="mb-3 text-base font-semibold text-gray-900">
        Recent SMS Logs
      </h2>
      <DataTable
        caption="Recent SMS logs"
        columns={COLUMNS}
        rows={logs}
        rowKey={(s) => s.id}
        loading={loading}
        emptyText="No recent SMS logs"
      />
    </section>
  );
}
