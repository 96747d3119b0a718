import { useState } from 'react';
import { Tab, TabGroup, TabList } from '@headlessui/react';
import {
  Breadcrumb,
  Button,
  ErrorBanner,
  ErrorState,
  LoadingState,
  SelectField,
  TextField,
  useListQuery,
  useListResource,
} from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { tabClass } from '@kit/display/tabs';
import { usePageTitle } from '@kit/hooks/usePageTitle';
import { consoleHref, isAdminConsole, useCan } from '@kit/console/scope';
import { useSchoolParam, useScopedSchool } from '@features/schools';
import { downloadSchoolSf2, downloadSf2, downloadSf4, fetchSf2, fetchSf2Choices } from './api';
import { Sf2Grid } from './Sf2Grid';
import { Sf2Missing } from './Sf2Missing';
import { Sf1Downloads, Sf1Preview } from './Sf1Panel';

const DEFAULTS = { gradeId: 0, sectionId: 0, month: '', form: '', year: '' };
/** The screen's forms: SF2 and SF4 by month (the default), SF1 by school year (?form=sf1). */
const FORMS = [
  { key: '', title: 'School Form 2', tab: 'SF2 & SF4 (monthly)' },
  { key: 'sf1', title: 'School Form 1', tab: 'SF1 School Register' },
] as const;
const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * DepEd's school forms. School Form 2 of a section and month: the form on screen, its XLSX and PDF, and every
 * section's forms in one ZIP (the server makes them one after another; the bytes received show it working); School
 * Form 4 of the month. The SF1 tab: the section's School Register for the school year (Sf1Panel).
 * The same screen is a school admin's (VIEW_REPORTS) at /admin/schools/{own school}/sf2: its grades, sections and
 * today come from the SF2 choices, which need no other permission.
 */
export default function Sf2Screen() {
  const { schoolParam, schoolId, valid } = useSchoolParam('sf2');
  const can = useCan();
  const list = useListQuery(DEFAULTS);
  const { gradeId, sectionId } = list.query;
  const chosen = FORMS.findIndex((f) => f.key === list.query.form);
  const current = FORMS[Math.max(0, chosen)]!;
  const sf1 = current.key === 'sf1';
  const school = useScopedSchool(schoolParam);
  const choices = useListResource(
    (signal) => (valid ? fetchSf2Choices(schoolId, signal) : Promise.resolve(null)),
    `${schoolParam}/${valid}`,
  );
  const sections = (choices.data?.sections ?? []).filter((s) => s.gradeId === gradeId);
  // The school's current month until another is chosen.
  const month = list.query.month || choices.data?.today.slice(0, 7) || '';
  const ready = Boolean(valid && sectionId && month && !sf1);
  const form = useListResource(
    (signal) => (ready ? fetchSf2(schoolId, sectionId, month, signal) : Promise.resolve(null)),
    `${schoolParam}/${sectionId}/${month}`,
  );
  const name = school.data?.name ?? 'School';
  usePageTitle(school.data ? `${current.title} - ${school.data.name}` : current.title);

  const [busy, setBusy] = useState<string | null>(null);
  const [received, setReceived] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (label: string, work: () => Promise<void>) => {
    setFailure(null);
    setBusy(label);
    setReceived(0);
    try {
      await work();
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const [zipFormat, setZipFormat] = useState<'xlsx' | 'pdf'>('xlsx');

  if (!valid) return null;
  return (
    <div className="space-y-6">
      <div>
        <Breadcrumb
          items={[
            ...(isAdminConsole() ? [] : [{ label: 'Schools', href: '/super-admin/schools' }]),
            { label: name },
            { label: current.title },
          ]}
        />
        <ScreenHeading title={`${current.title} - ${name}`}>
          {can('MANAGE_ATTENDANCE') ? (
            <a
              href={consoleHref(`/super-admin/schools/${schoolId}/calendar`)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              School calendar
            </a>
          ) : null}
        </ScreenHeading>
      </div>
      <TabGroup selectedIndex={Math.max(0, chosen)} onChange={(i) => list.setQuery({ form: FORMS[i]!.key }, { replace: true })}>
        <TabList className="flex flex-wrap border-b border-gray-200">
          {FORMS.map((f) => (
            <Tab key={f.key} className={tabClass}>
              {f.tab}
            </Tab>
          ))}
        </TabList>
      </TabGroup>
      {choices.error ? <ErrorState message={choices.error} onRetry={choices.reload} /> : null}

      <div className="grid gap-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-3 sm:p-6">
        <SelectField
          label="Grade"
          value={gradeId || ''}
          placeholder="Select a grade"
          options={(choices.data?.grades ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => list.setQuery({ gradeId: Number(e.target.value) || 0, sectionId: 0 })}
        />
        <SelectField
          label="Section"
          value={sectionId || ''}
          placeholder="Select a section"
          disabled={!gradeId}
          options={sections.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => list.setQuery({ sectionId: Number(e.target.value) || 0 })}
        />
        {sf1 ? (
          <SelectField
            label="School year"
            value={list.query.year}
            options={(choices.data?.schoolYears ?? []).map((y, i) => ({ value: i === 0 ? '' : y, label: y }))}
            onChange={(e) => list.setQuery({ year: e.target.value })}
          />
        ) : (
          <TextField label="Month" type="month" value={month} onChange={(e) => list.setQuery({ month: e.target.value })} />
        )}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {sf1 ? (
          <Sf1Downloads schoolId={schoolId} sectionId={sectionId} schoolYear={list.query.year} busy={busy} run={run} />
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={!ready || busy !== null}
              loading={busy === 'xlsx'}
              onClick={() => void run('xlsx', () => downloadSf2(schoolId, sectionId, month, 'xlsx'))}
            >
              Download XLSX
            </Button>
            <Button
              variant="secondary"
              disabled={!ready || busy !== null}
              loading={busy === 'pdf'}
              onClick={() => void run('pdf', () => downloadSf2(schoolId, sectionId, month, 'pdf'))}
            >
              Download PDF
            </Button>
            <span className="flex flex-wrap items-end gap-2">
              <SelectField
                label="Whole school as"
                value={zipFormat}
                options={[
                  { value: 'xlsx', label: 'XLSX files' },
                  { value: 'pdf', label: 'PDF files' },
                ]}
                onChange={(e) => setZipFormat(e.target.value as 'xlsx' | 'pdf')}
              />
              <Button
                disabled={!month || busy !== null}
                loading={busy === 'zip'}
                onClick={() =>
                  void run('zip', () => downloadSchoolSf2(schoolId, month, zipFormat, (p) => setReceived(p.transferredBytes)))
                }
              >
                {busy === 'zip'
                  ? `Making every section’s form…${received ? ` ${kb(received)}` : ''}`
                  : 'Download Whole School (ZIP)'}
              </Button>
            </span>
            <Button
              variant="secondary"
              disabled={!month || busy !== null}
              loading={busy === 'sf4'}
              onClick={() => void run('sf4', () => downloadSf4(schoolId, month))}
            >
              School Form 4 (XLSX)
            </Button>
          </>
        )}
        <span role="status" className="sr-only">
          {busy ? 'Making the forms' : ''}
        </span>
      </div>
      {failure ? <ErrorBanner message={`Error: ${failure}`} onDismiss={() => setFailure(null)} /> : null}

      {sf1 ? (
        <Sf1Preview schoolId={schoolId} sectionId={sectionId} schoolYear={list.query.year} />
      ) : !ready ? (
        <p className="rounded-lg bg-white p-6 text-sm text-gray-600 shadow-sm">
          Choose a grade, a section and a month to see the form.
        </p>
      ) : form.loading && !form.data ? (
        <LoadingState rows={6} label="Making the form…" />
      ) : form.error ? (
        <ErrorState message={form.error} onRetry={form.reload} />
      ) : form.data ? (
        <>
          <Sf2Missing form={form.data} schoolId={schoolId} />
          <Sf2Grid form={form.data} />
        </>
      ) : null}
    </div>
  );
}
