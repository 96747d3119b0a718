import type { DashboardRecentLog } from '@domain/dashboard';
import { formatDateTime } from '@kit/text/format';
import { EmptyState, LoadingState, StatusBadge } from '@kit';

const ROLES = [
  ['superAdmin', 'Super Admin'],
  ['admin', 'Admin'],
  ['student', 'Student'],
] as const;

/** 'Ada Admin (Admin)', or 'System' for entries no user made. */
function actor(log: DashboardRecentLog): string {
  for (const [key, label] of ROLES) {
    const who = log[key];
    if (who) return `${`${who.firstName} ${who.lastName}`.trim()} (${label})`;
  }
  return 'System';
}

/** "Recent Activity" with 'View all logs'. */
export function RecentActivity({ logs, loading }: { logs: DashboardRecentLog[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="recent-activity-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="recent-activity-heading" className="text-base font-semibold text-gray-900">
          Recent Activity
        </h2>
        <a href="/super-admin/system-logs" className="text-sm font-medium text-brand-700 hover:underline">
          View all logs
        </a>
      </div>
      {!logs && loading ? (
        <LoadingState rows={6} />
      ) : !logs?.length ? (
        <EmptyState>No recent activity</EmptyState>
      ) : (
        <ol className="divide-y divide-gray-100">
          {logs.map((log) => (
            <li key={log.id} className="flex flex-col gap-1 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge kind="logAction" value={log.action} />
                <span className="text-gray-700">{log.entity}</span>
              </div>
              <div className="flex flex-wrap justify-between gap-x-3 text-xs text-gray-600">
                <span>by {actor(log)}</span>
                <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
