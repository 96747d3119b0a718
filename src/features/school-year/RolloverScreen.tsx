import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Breadcrumb, Button, ErrorBanner, ErrorState, LoadingState, TextField, useListResource } from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { usePageTitle } from '@kit/hooks/usePageTitle';
import { formatCalendarDate } from '@kit/text/format';
import { consoleHref, isAdminConsole } from '@kit/console/scope';
import { useSchoolParam, useScopedSchool } from '@features/schools';
import { schoolYearLabel } from '@domain/school-year';
import { fetchRolloverChoices } from './api';
import { $rollover, preview, setYear, startPlan } from './store';
import { ClassPlan } from './ClassPlan';
import { LastRollover } from './LastRollover';
import { RolloverPreviewPanel } from './RolloverPreviewPanel';

/**
 * Rolling the school year over (ROLL_OVER_SCHOOL_YEAR): the new year's dates, where each class goes and who is
 * retained, a preview of every change, one commit, and undo for 7 days. The same screen serves the super admin at
 * /super-admin/schools/{id}/school-year and a school admin at /admin/schools/{own}/school-year.
 */
export default function RolloverScreen() {
  const { schoolParam, schoolId, valid } = useSchoolParam('school-year');
  const school = useScopedSchool(schoolParam);
  const choices = useListResource(
    (signal) => (valid ? fetchRolloverChoices(schoolId, signal) : Promise.resolve(null)),
    `${schoolParam}/${valid}`,
  );
  const state = useStore($rollover);
  useEffect(() => {
    if (choices.data) startPlan(choices.data);
  }, [choices.data]);
  const name = school.data?.name ?? 'School';
  usePageTitle(`School Year - ${name}`);
  if (!valid) return null;
  const data = choices.data;

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Breadcrumb
          items={[
            ...(isAdminConsole() ? [] : [{ label: 'Schools', href: '/super-admin/schools' }]),
            { label: name },
            { label: 'School Year' },
          ]}
        />
        <ScreenHeading title={`School Year - ${name}`} />
      </div>
      {choices.error ? <ErrorState message={choices.error} onRetry={choices.reload} /> : null}
      {choices.loading && !data ? <LoadingState rows={3} label="Loading the school year" /> : null}
      {state.notice ? (
        <p role="status" className="rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {state.notice}
        </p>
      ) : null}
      {data?.last ? <LastRollover last={data.last} timeZone={data.timeZone} onUndone={choices.reload} /> : null}
      {data && !data.current ? (
        <p className="rounded-lg bg-white p-4 text-sm text-gray-700 shadow-sm">
          This school has no school year yet. Set it in the{' '}
          <a
            href={consoleHref(`/super-admin/schools/${schoolId}/calendar`)}
            className="font-medium text-brand-700 hover:underline"
          >
            school calendar
          </a>{' '}
          first.
        </p>
      ) : null}
      {data?.current && state.schoolId === data.schoolId ? (
        <>
          <section aria-labelledby="rollover-year" className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
            <h2 id="rollover-year" className="text-lg font-semibold text-gray-900">
              1. The new school year
            </h2>
            <p className="text-sm text-gray-600">
              Closing {schoolYearLabel(data.current)} ({formatCalendarDate(data.current.start)} to{' '}
              {formatCalendarDate(data.current.end)}).
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="First day"
                type="date"
                value={state.year.start}
                onChange={(e) => setYear({ start: e.target.value })}
              />
              <TextField label="Last day" type="date" value={state.year.end} onChange={(e) => setYear({ end: e.target.value })} />
            </div>
          </section>
          {data.sections.length ? (
            <ClassPlan choices={data} />
          ) : (
            <p className="text-sm text-gray-700">No section has learners: the rollover only sets the new year.</p>
          )}
          <ErrorBanner message={state.error} />
          {state.preview ? (
            <RolloverPreviewPanel preview={state.preview} onCommitted={choices.reload} />
          ) : (
            <Button onClick={() => void preview()} loading={state.busy === 'preview'}>
              Preview changes
            </Button>
          )}
        </>
      ) : null}
    </div>
  );
}
