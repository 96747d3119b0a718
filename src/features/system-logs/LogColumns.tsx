import type { SystemLog, LogUserType } from '@domain/system-logs';
import { formatSchoolDateTime } from '@kit/text/format';
import { StatusBadge, type Column } from '@kit';
import { detailsSummary, detailsText, roleLabel, userTypeOf } from './log-format';

function PerformedBy({ log, onUser }: { log: SystemLog; onUser: (userType: LogUserType, userId: number) => void }) {
  const p = log.performedBy;
  const userType = userTypeOf(log.userRole);
  const ids = [p.employeeId && `Employee ID: ${p.employeeId}`, p.lrn && `LRN: ${p.lrn}`].filter(Boolean).join(' · ');
  if (!p.name && !p.email) return <span className="text-gray-500">-</span>;
  return (
    <div className="min-w-40">
      <div className="flex items-center gap-1 font-medium text-gray-900">
        {p.name ?? p.email}
        {userType && log.userId ? (
          <button
            type="button"
            onClick={() => onUser(userType, log.userId!)}
            aria-label={`Show only the activity of ${p.name ?? p.email}`}
            title="Show only this user's activity"
            className="rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-brand-700"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="currentColor">
              <path d="M3 4a1 1 0 0 1 1-1h12a1 1 0 0 1 .8 1.6L12 10.9V16a1 1 0 0 1-1.45.9l-2-1A1 1 0 0 1 8 15v-4.1L3.2 4.6A1 1 0 0 1 3 4Z" />
            </svg>
          </button>
        ) : null}
      </div>
      {p.name && p.email ? <div className="text-xs text-gray-600">{p.email}</div> : null}
      {ids ? <div className="text-xs text-gray-600">{ids}</div> : null}
    </div>
  );
}

function Details({ details }: { details: unknown }) {
  const summary = detailsSummary(details);
  if (!summary) return <span className="text-gray-500">-</span>;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-brand-700 hover:text-brand-800">{summary}</summary>
      <pre className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded bg-gray-50 p-2 font-mono text-xs text-gray-800">
        {detailsText(details)}
      </pre>
    </details>
  );
}

/** The columns of System Logs; `onUser` narrows the list to one user's entries. */
export function logColumns(onUser: (userType: LogUserType, userId: number) => void): Array<Column<SystemLog>> {
  return [
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      detail: 'sm',
      cell: (l) => <time dateTime={l.createdAt}>{formatSchoolDateTime(l.createdAt, l.timeZone)}</time>,
    },
    { header: 'Action', cell: (l) => <StatusBadge kind="logAction" value={l.action} /> },
    { header: 'Entity', cell: (l) => l.entity, detail: 'md' },
    { header: 'Entity ID', cell: (l) => l.entityId ?? '-', detail: '2xl' },
    { header: 'Performed By', cell: (l) => <PerformedBy log={l} onUser={onUser} />, detail: 'lg' },
    { header: 'Role', className: 'whitespace-nowrap', cell: (l) => roleLabel(l.userRole), detail: '2xl' },
    { header: 'Details', cell: (l) => <Details details={l.details} />, detail: 'md' },
  ];
}
