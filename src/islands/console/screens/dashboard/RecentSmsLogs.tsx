import type { DashboardSmsLog } from '../../../../domain/dashboard';
import { formatSchoolDateTime } from '../../../../domain/format';
import { DataTable, StatusBadge, type Column } from '../../kit';
import { humanise } from './chart-setup';

const fullName = (p: { firstName: string; lastName: string } | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : null);

const COLUMNS: Array<Column<DashboardSmsLog>> = [
  { header: 'Date', cell: (s) => formatSchoolDateTime(s.createdAt, s.timeZone), className: 'whitespace-nowrap' },
  { header: 'Type', cell: (s) => humanise(s.type), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (s) => <StatusBadge kind="sms" value={s.status} /> },
  { header: 'School', cell: (s) => s.student?.school?.acronym ?? '-' },
  { header: 'To', cell: (s) => fullName(s.student) ?? '-', className: 'whitespace-nowrap' },
  { header: 'Parent Phone', cell: (s) => s.student?.parentPhone ?? s.phoneNumber ?? '-', className: 'whitespace-nowrap' },
  { header: 'Sender', cell: (s) => fullName(s.sender) ?? 'System', className: 'whitespace-nowrap' },
  {
    header: 'Message',
    cell: (s) => (
      <span title={s.message} className="line-clamp-2 max-w-xs">
        {s.message}
      </span>
    ),
  },
];

/** Spec §2 "Recent SMS Logs": the latest 10 notifications. */
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
