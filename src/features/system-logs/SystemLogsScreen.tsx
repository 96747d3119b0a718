import { useCallback, useMemo } from 'react';
import { fetchLogFilterOptions, fetchSystemLogs, SYSTEM_LOGS_PATH } from './api';
import type { LogUserType } from '@domain/system-logs';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { isAdminConsole } from '@kit/console/role';
import { CsvExportButton, DataTable, Pager, useListQuery, useListResource } from '@kit';
import { LOG_DEFAULTS, LogFilterCard } from './LogFilterCard';
import { logColumns } from './LogColumns';

/**
 * System Logs: collapsible filters, the log table, up to 5 page buttons with First/Last, CSV export. In a school
 * admin's console it is the school's Activity Log (its menu entry's name): what anyone did to that school.
 */
export default function SystemLogsScreen() {
  const title = isAdminConsole() ? 'Activity Log' : 'System Logs';
  const list = useListQuery(LOG_DEFAULTS);
  const logs = useListResource((signal) => fetchSystemLogs({ ...list.filters, page: list.query.page }, signal), list.key);
  const options = useListResource(fetchLogFilterOptions, 'log-filter-options');

  const { setQuery } = list;
  const onUser = useCallback(
    (userType: LogUserType, userId: number) => setQuery({ userType, userId: String(userId) }),
    [setQuery],
  );
  const columns = useMemo(() => logColumns(onUser), [onUser]);

  return (
    <div>
      <ScreenHeading title={title}>
        <CsvExportButton path={SYSTEM_LOGS_PATH} filters={list.filters} filename="system-logs.csv" />
      </ScreenHeading>
      <LogFilterCard list={list} options={options.data} />
      <DataTable
        caption={isAdminConsole() ? 'Activity log' : 'System logs'}
        columns={columns}
        rows={logs.data?.logs}
        rowKey={(l) => l.id}
        loading={logs.loading}
        error={logs.error}
        onRetry={logs.reload}
        emptyText="No system logs found. Adjust your filters or try again later."
      />
      <Pager pagination={logs.data?.pagination} onPage={list.setPage} variant="firstLast" summary="range" noun="logs" />
    </div>
  );
}
