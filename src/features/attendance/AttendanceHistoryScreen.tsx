import { useEffect, useRef, useState } from 'react';
import { fetchAttendanceHistory } from './api';
import { followAttendance } from './live-store';
import {
  ATTENDANCE_EMPTY_TEXT,
  ATTENDANCE_STATUSES,
  applyLiveRecord,
  historyFiltersSchema,
  type AttendanceRecord,
} from '@domain/attendance';
import { validate } from '@domain/validation';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import {
  Button,
  DataTable,
  DateRangeFields,
  FilterBar,
  filtersOf,
  Pager,
  SelectField,
  useDraft,
  useKeysetCursor,
  useListQuery,
  useListResource,
} from '@kit';
import { attendanceColumns } from './attendanceColumns';
import { LiveEventsCard } from './LiveEventsCard';
import { CorrectionDialog, type CorrectionMode } from './CorrectionDialog';
import { useCan } from '@kit/console/scope';

/** URL filters of /super-admin/attendance-history (studentId comes from links, e.g. a student's page). */
const DEFAULTS = { startDate: '', endDate: '', status: '', studentId: '' };

/**
 * Attendance History: filters From Date / To Date / Status, the live events card, the table (page size
 * 10), and the live rule: a new record goes on top of page 1 only without a student or start-date filter.
 */
export default function AttendanceHistoryScreen() {
  const list = useListQuery(DEFAULTS);
  // Next/Previous send the shown page's last/first record (keyset paging), a jump of a few pages the
  // same cursor and the records to skip; First/Last send the page only. `cursor` is read when the request starts
  // (after this render), from the page that was on screen.
  const history = useListResource(
    (signal) => fetchAttendanceHistory({ ...list.filters, page: list.query.page, ...cursor }, signal),
    list.key,
  );
  const cursor = useKeysetCursor(list.filters, list.query.page, history.data?.records, history.data?.pagination);
  const draft = useDraft(list.query);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Corrections (MANAGE_ATTENDANCE): a record marked EXCUSED, or its status corrected, with a reason.
  const can = useCan();
  const [correcting, setCorrecting] = useState<{ mode: CorrectionMode; record: AttendanceRecord } | null>(null);

  const view = useRef(list.query);
  view.current = list.query;
  const { update } = history;
  useEffect(
    () => followAttendance((event) => update((data) => applyLiveRecord(data, event.record, view.current) ?? data)),
    [update],
  );

  const v = draft.values;
  const set = (patch: Partial<typeof DEFAULTS>) => {
    setErrors({});
    draft.set(patch);
  };
  const apply = () => {
    // The filters only: the draft also carries the page (a number), which the query schema reads as text.
    const checked = validate(historyFiltersSchema, filtersOf(v));
    if (!checked.ok) return setErrors(checked.errors);
    list.setQuery(v);
  };

  return (
    <div>
      <ScreenHeading title="Attendance History" />
      <FilterBar label="Attendance filters" onApply={apply} applyLabel="Apply Filters" onClear={() => list.resetQuery()}>
        <DateRangeFields
          labels={['From Date', 'To Date']}
          startDate={v.startDate}
          endDate={v.endDate}
          errors={errors}
          onChange={set}
        />
        <SelectField
          label="Status"
          value={v.status}
          placeholder="All"
          options={ATTENDANCE_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(e) => set({ status: e.target.value })}
        />
      </FilterBar>
      <LiveEventsCard />
      <DataTable
        caption="Attendance records"
        columns={attendanceColumns}
        rows={history.data?.records}
        rowKey={(r) => r.id}
        loading={history.loading}
        error={history.error}
        onRetry={history.reload}
        emptyText={ATTENDANCE_EMPTY_TEXT}
        rowActions={
          can('MANAGE_ATTENDANCE')
            ? (r) => (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setCorrecting({ mode: 'status', record: r })}
                    aria-label={`Correct ${r.student.firstName} ${r.student.lastName}'s attendance`}
                  >
                    Correct
                  </Button>
                  {r.status === 'EXCUSED' ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setCorrecting({ mode: 'excuse', record: r })}
                      aria-label={`Mark ${r.student.firstName} ${r.student.lastName} excused`}
                    >
                      Excuse
                    </Button>
                  )}
                </span>
              )
            : undefined
        }
      />
      {correcting ? (
        <CorrectionDialog
          mode={correcting.mode}
          record={correcting.record}
          onClose={() => setCorrecting(null)}
          onDone={(record) => {
            setCorrecting(null);
            update((data) => (data ? { ...data, records: data.records.map((r) => (r.id === record.id ? record : r)) } : data));
          }}
        />
      ) : null}
      <Pager pagination={history.data?.pagination} onPage={list.setPage} variant="ellipsis" summary="range" noun="records" />
    </div>
  );
}
