import { useEffect, useRef, useState } from 'react';
import { fetchAttendanceHistory, fetchHistoryFilterOptions } from './api';
import { followAttendance } from './live-store';
import { ATTENDANCE_EMPTY_TEXT, applyLiveRecord, historyFiltersSchema, type AttendanceRecord } from '@domain/attendance';
import { validate } from '@domain/validation';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import {
  Button,
  buttonClass,
  clearDependents,
  DataTable,
  filtersOf,
  Pager,
  useDraft,
  useKeysetCursor,
  useListQuery,
  useListResource,
  type ListQuery,
} from '@kit';
import { attendanceColumns } from './attendanceColumns';
import { LiveEventsCard } from './LiveEventsCard';
import { CorrectionDialog, type CorrectionMode } from './CorrectionDialog';
import { consoleHref, isAdminConsole, useCan } from '@kit/console/scope';
import { HISTORY_DEFAULTS, HISTORY_DEPENDENTS, HistoryFilterBar, type HistoryFilterValues } from './HistoryFilterBar';
import { sectionDayHref } from './section-day-link';

/**
 * Attendance History: filters in the URL (school for the super admin, grade, section, student by name or LRN,
 * reader, dates, status), the live events card, the table (page size 10), and the live rule (applyLiveRecord).
 */
export default function AttendanceHistoryScreen() {
  const list = useListQuery(HISTORY_DEFAULTS);
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
  // The school admin's choices are their own school's (the server answers for it).
  const chooseSchool = !isAdminConsole();
  const optionsSchool = chooseSchool ? draft.values.schoolId : '';
  const options = useListResource((signal) => fetchHistoryFilterOptions(optionsSchool, signal), `options:${optionsSchool}`);
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

  const set = (patch: Partial<HistoryFilterValues>) => {
    setErrors({});
    draft.set(clearDependents<HistoryFilterValues>(patch, HISTORY_DEPENDENTS));
  };
  const apply = (values: ListQuery<HistoryFilterValues> = draft.values) => {
    // The filters only: the draft also carries the page (a number), which the query schema reads as text.
    const checked = validate(historyFiltersSchema, filtersOf(values));
    if (!checked.ok) return setErrors(checked.errors);
    list.setQuery({ ...values, search: values.search.trim() });
  };

  return (
    <div>
      <ScreenHeading title="Attendance History">
        <a href={consoleHref(sectionDayHref(list.query))} className={buttonClass('secondary')}>
          Section day
        </a>
      </ScreenHeading>
      <HistoryFilterBar
        values={draft.values}
        errors={errors}
        options={options.data}
        chooseSchool={chooseSchool}
        onChange={set}
        onApply={() => apply()}
        onDates={({ startDate, endDate }) => apply({ ...draft.values, startDate, endDate })}
        onClear={() => {
          setErrors({});
          list.resetQuery();
        }}
      />
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
