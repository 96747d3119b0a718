import { useEffect, useState, type FormEvent } from 'react';
import { Breadcrumb, Button, DataTable, ErrorBanner, SelectField, TextField, useConfirm, useListResource } from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { usePageTitle } from '@kit/hooks/usePageTitle';
import { consoleHref, isAdminConsole, useCan } from '@kit/console/scope';
import { formatCalendarDate } from '@kit/text/format';
import { NO_CLASS_KIND_LABELS, NO_CLASS_KINDS, type NoClassDay } from '@domain/calendar';
import { useSchoolParam, useScopedSchool } from '@features/schools';
import { fetchCalendar } from './api';
import { declareDay, parseGradeLevels, removeDay, setSchoolYear } from './actions';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
type DeclaredKind = (typeof NO_CLASS_KINDS)[number];
const levelsText = (d: Pick<NoClassDay, 'gradeLevels'>) =>
  d.gradeLevels ? `Grade level ${d.gradeLevels.join(', ')}` : 'Whole school';
/** 'Dec 21, 2026', or 'Dec 21, 2026 – Jan 1, 2027' for a period. */
const whenText = (d: Pick<NoClassDay, 'date' | 'endDate'>) =>
  d.endDate ? `${formatCalendarDate(d.date)} – ${formatCalendarDate(d.endDate)}` : formatCalendarDate(d.date);
/** The year's holidays (regular and special) are lifted, not removed: loading the year again leaves them out. */
const lifts = (d: NoClassDay) => !d.endDate && (d.kind === 'HOLIDAY' || d.kind === 'SPECIAL');

/**
 * The school calendar: the school year (its holidays and special non-working days load with it), the weekly class
 * days, and the no-class days: one day or a period (a Christmas break is one entry). Declaring asks first, since it
 * cancels the days' absence marks and messages; a loaded holiday the school keeps classes on is lifted.
 * The same screen is a school admin's (MANAGE_ATTENDANCE) at /admin/schools/{own school}/calendar.
 */
export default function CalendarScreen() {
  const { schoolParam, schoolId, valid } = useSchoolParam('calendar');
  const can = useCan();
  const school = useScopedSchool(schoolParam);
  const calendar = useListResource(
    (signal) => (valid ? fetchCalendar(schoolId, signal) : Promise.resolve(null)),
    `${schoolParam}/${valid}`,
  );
  const cal = calendar.data;
  usePageTitle(school.data ? `School Calendar - ${school.data.name}` : 'School Calendar');
  const { confirm, dialog } = useConfirm();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const [year, setYear] = useState({ start: '', end: '' });
  const [yearErrors, setYearErrors] = useState<Record<string, string>>({});
  const [savingYear, setSavingYear] = useState(false);
  useEffect(() => {
    if (cal?.schoolYear) setYear({ start: cal.schoolYear.start, end: cal.schoolYear.end });
  }, [cal?.schoolYear?.start, cal?.schoolYear?.end]); // eslint-disable-line react-hooks/exhaustive-deps

  const [day, setDay] = useState({ date: '', endDate: '', name: '', kind: 'SUSPENSION' as DeclaredKind, levels: '' });
  const [dayErrors, setDayErrors] = useState<Record<string, string>>({});
  const [declaring, setDeclaring] = useState(false);
  const date = day.date || cal?.today || '';

  const report = (ok: boolean, message: string | null) => {
    setNotice(ok ? message : null);
    setFailure(ok ? null : message);
  };

  const submitYear = async (e: FormEvent) => {
    e.preventDefault();
    setSavingYear(true);
    const result = await setSchoolYear(schoolId, year);
    setSavingYear(false);
    setYearErrors(result.ok ? {} : result.errors);
    report(result.ok, result.message);
    if (result.ok) calendar.reload();
  };

  const submitDay = async (e: FormEvent) => {
    e.preventDefault();
    const gradeLevels = parseGradeLevels(day.levels) as number[] | null;
    const input = { date, endDate: day.endDate, name: day.name, kind: day.kind, gradeLevels };
    const period = day.endDate && day.endDate !== date;
    const sure = await confirm({
      title: period ? 'Declare a no-class period' : 'Declare a no-class day',
      message: period
        ? `${whenText({ date, endDate: day.endDate })} become no-class days (${levelsText({ gradeLevels })}); no-class days already in it stay as they are. Absence marks of those days and absence messages not sent yet are cancelled; taps are kept.`
        : `${formatCalendarDate(date)} becomes a no-class day (${levelsText({ gradeLevels })}). Absence marks of that day and absence messages not sent yet are cancelled; taps are kept.`,
      confirmLabel: 'Declare',
      tone: 'primary',
    });
    if (!sure) return;
    setDeclaring(true);
    const result = await declareDay(schoolId, input);
    setDeclaring(false);
    setDayErrors(result.ok ? {} : result.errors);
    report(result.ok, result.message ?? null);
    if (result.ok) {
      setDay({ date: '', endDate: '', name: '', kind: 'SUSPENSION', levels: '' });
      calendar.reload();
    }
  };

  const remove = async (d: NoClassDay) => {
    const sure = await confirm({
      message: lifts(d)
        ? `Lift ${d.name} (${formatCalendarDate(d.date)})? Classes are held that day, and loading the school year again leaves it out.`
        : d.endDate
          ? `Make ${whenText(d)} (${d.name}) class days again?`
          : `Make ${formatCalendarDate(d.date)} (${d.name}) a class day again?`,
      confirmLabel: lifts(d) ? 'Lift' : 'Remove',
    });
    if (!sure) return;
    const result = await removeDay(schoolId, d.date);
    report(result.ok, result.message);
    if (result.ok) calendar.reload();
  };

  const name = school.data?.name ?? 'School';
  if (!valid) return null;
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumb
          items={[
            ...(isAdminConsole() ? [] : [{ label: 'Schools', href: '/super-admin/schools' }]),
            { label: name },
            { label: 'Calendar' },
          ]}
        />
        <ScreenHeading title={`School Calendar - ${name}`}>
          {can('VIEW_REPORTS') ? (
            <a
              href={consoleHref(`/super-admin/schools/${schoolId}/sf2`)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              School Form 2 (SF2)
            </a>
          ) : null}
        </ScreenHeading>
      </div>
      {notice ? (
        <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {failure ? <ErrorBanner message={failure} onDismiss={() => setFailure(null)} /> : null}
      {calendar.error ? <ErrorBanner message={`Error: ${calendar.error}`} /> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <form noValidate onSubmit={(e) => void submitYear(e)} className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-gray-900">School year</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Start"
              type="date"
              required
              value={year.start}
              error={yearErrors.start}
              onChange={(e) => setYear({ ...year, start: e.target.value })}
            />
            <TextField
              label="End"
              type="date"
              required
              value={year.end}
              error={yearErrors.end}
              onChange={(e) => setYear({ ...year, end: e.target.value })}
            />
          </div>
          <dl className="space-y-1 text-sm text-gray-700">
            <div className="flex flex-wrap gap-2">
              <dt className="text-gray-500">Enrolment cut-off (first Friday):</dt>
              <dd>{cal?.schoolYear ? formatCalendarDate(cal.schoolYear.enrolmentCutoff) : '-'}</dd>
            </div>
            <div className="flex flex-wrap gap-2">
              <dt className="text-gray-500">Class days:</dt>
              <dd>{cal ? cal.schoolDays.map((d) => WEEKDAYS[d - 1]).join(', ') : '-'}</dd>
            </div>
          </dl>
          <p className="text-xs text-gray-500">
            Saving loads the Philippines&apos; holidays within the school year, with the special non-working days (All
            Saints&apos; Day, Christmas Eve…): lift one to hold classes that day. Class days and times are the school&apos;s
            attendance settings.
          </p>
          <Button type="submit" loading={savingYear}>
            Save School Year
          </Button>
        </form>

        <form noValidate onSubmit={(e) => void submitDay(e)} className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-gray-900">Declare a no-class day</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Date"
              type="date"
              required
              value={date}
              error={dayErrors.date}
              onChange={(e) => setDay({ ...day, date: e.target.value })}
            />
            <TextField
              label="Last day (optional)"
              type="date"
              hint="For a period, such as a Christmas break"
              min={date || undefined}
              value={day.endDate}
              error={dayErrors.endDate}
              onChange={(e) => setDay({ ...day, endDate: e.target.value })}
            />
          </div>
          <SelectField
            label="Kind"
            value={day.kind}
            options={NO_CLASS_KINDS.map((k) => ({ value: k, label: NO_CLASS_KIND_LABELS[k] }))}
            onChange={(e) => setDay({ ...day, kind: e.target.value as DeclaredKind })}
          />
          <TextField
            label="Reason"
            required
            placeholder="e.g. Typhoon signal no. 2"
            value={day.name}
            error={dayErrors.name}
            onChange={(e) => setDay({ ...day, name: e.target.value })}
          />
          <TextField
            label="Grade levels"
            hint="Blank for the whole school, or levels such as 7, 8"
            value={day.levels}
            error={dayErrors.gradeLevels}
            onChange={(e) => setDay({ ...day, levels: e.target.value })}
          />
          <Button type="submit" loading={declaring}>
            Declare No-Class Day
          </Button>
        </form>
      </div>

      <section aria-labelledby="no-class-days" className="space-y-3">
        <h2 id="no-class-days" className="text-lg font-semibold text-gray-900">
          No-class days
        </h2>
        <DataTable
          caption="No-class days"
          columns={[
            { header: 'Date', cell: (d: NoClassDay) => <span className="[overflow-wrap:anywhere]">{whenText(d)}</span> },
            { header: 'Reason', cell: (d) => <span className="[overflow-wrap:anywhere]">{d.name}</span> },
            { header: 'Kind', cell: (d) => NO_CLASS_KIND_LABELS[d.kind], detail: 'sm' },
            { header: 'For', cell: (d) => levelsText(d), detail: 'md' },
          ]}
          rows={cal?.days}
          rowKey={(d) => d.date}
          rowActions={(d) => (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void remove(d)}
              aria-label={`${lifts(d) ? 'Lift' : 'Remove'} ${d.name} on ${d.date}`}
            >
              {lifts(d) ? 'Lift' : 'Remove'}
            </Button>
          )}
          loading={calendar.loading}
          error={calendar.error}
          onRetry={calendar.reload}
          emptyText="No no-class days yet. Save the school year to load the holidays."
        />
      </section>
      {dialog}
    </div>
  );
}
