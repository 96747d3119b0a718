import { useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import {
  Breadcrumb,
  Button,
  ErrorState,
  LoadingState,
  SelectField,
  tabClass,
  useActionNotice,
  useConfirm,
  useListResource,
} from '@kit';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { usePageTitle } from '@kit/hooks/usePageTitle';
import { isAdminConsole } from '@kit/console/scope';
import { SmsCounter } from '@kit/form/SmsCounter';
import type { NoticeTemplate, NoticeTemplates } from '@domain/notice-templates';
import { normalizeSmsText } from '@shared/sms-text';
import {
  NOTICE_KIND_LABELS,
  NOTICE_LANGUAGE_LABELS,
  NOTICE_LANGUAGES,
  renderNotice,
  SAMPLE_LEARNER,
  sampleValues,
  type NoticeLanguage,
} from '@shared/notice-templates';
import { fetchNoticeTemplates } from './notice-templates-api';
import { resetNoticeTemplate, setNoticeLanguage } from './notice-templates-actions';
import { NoticeTemplateDialog, NoticeWarnings } from './NoticeTemplateDialog';
import { useSchoolParam, useScopedSchool } from './useScopedSchool';

/**
 * Notice Templates: the language a school's attendance notices go out in, and its words for each notice in English
 * and in Filipino, each shown as a parent gets it (a sample learner) with its characters, parts and encoding.
 * The super admin's at /super-admin/schools/{id}/notice-templates (from School Details); a school admin's
 * (MANAGE_SCHOOL_PROFILE) at /admin/schools/{own school}/notice-templates.
 */
export default function NoticeTemplatesScreen() {
  const { schoolParam, schoolId, valid } = useSchoolParam('notice-templates');
  const school = useScopedSchool(schoolParam);
  const loaded = useListResource(
    (signal) => (valid ? fetchNoticeTemplates(schoolId, signal) : Promise.resolve(null)),
    `notice-templates:${schoolParam}/${valid}`,
  );
  const name = school.data?.name ?? '';
  usePageTitle(name ? `Notice Templates - ${name}` : 'Notice Templates');
  const notice = useActionNotice();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<NoticeTemplate | null>(null);
  const [language, setLanguage] = useState<NoticeLanguage>('en');
  const [shown, setShown] = useState<NoticeLanguage | null>(null);
  const [savingLanguage, setSavingLanguage] = useState(false);
  const data = loaded.data;
  useEffect(() => {
    if (data) setLanguage(data.language);
  }, [data?.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (next: NoticeTemplates) => loaded.update(() => next);
  const saveLanguage = async () => {
    setSavingLanguage(true);
    const result = await setNoticeLanguage(schoolId, language);
    setSavingLanguage(false);
    notice.report(result);
    if (result.ok) update(result.data);
  };
  const reset = async (t: NoticeTemplate) => {
    const ok = await confirm({
      title: 'Reset to default?',
      message: `The ${NOTICE_KIND_LABELS[t.kind].toLowerCase()} notice in ${NOTICE_LANGUAGE_LABELS[t.language]} goes back to: "${t.defaultText}"`,
      confirmLabel: 'Reset',
    });
    if (!ok) return;
    const result = await resetNoticeTemplate(schoolId, t.language, t.kind);
    notice.report(result);
    if (result.ok) update(result.data);
  };

  const tab = shown ?? data?.language ?? 'en';
  return (
    <div>
      {name ? (
        <Breadcrumb
          items={[
            ...(isAdminConsole() ? [] : [{ label: 'Schools', href: '/super-admin/schools' }]),
            { label: name },
            { label: 'Notice Templates' },
          ]}
        />
      ) : null}
      <ScreenHeading title={name ? `Notice Templates - ${name}` : 'Notice Templates'} />
      {notice.view}
      {loaded.error ? <ErrorState message={loaded.error} onRetry={loaded.reload} /> : null}
      {!data && loaded.loading ? <LoadingState rows={3} label="Loading notice templates" /> : null}
      {data ? (
        <div className="space-y-6">
          <form
            noValidate
            className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
            onSubmit={(e) => {
              e.preventDefault();
              void saveLanguage();
            }}
          >
            <SelectField
              label="Notices go out in"
              className="min-w-[12rem]"
              value={language}
              options={NOTICE_LANGUAGES.map((l) => ({ value: l, label: NOTICE_LANGUAGE_LABELS[l] }))}
              onChange={(e) => setLanguage(e.target.value as NoticeLanguage)}
            />
            <Button type="submit" loading={savingLanguage} disabled={language === data.language}>
              Save Language
            </Button>
            <p className="w-full text-sm text-gray-600">
              Both sets can be edited; parents get the {NOTICE_LANGUAGE_LABELS[data.language]} texts. Placeholders in braces are
              filled in for each learner, and a long name is shortened to keep a notice in one SMS part.
            </p>
          </form>
          <TabGroup selectedIndex={NOTICE_LANGUAGES.indexOf(tab)} onChange={(i) => setShown(NOTICE_LANGUAGES[i] ?? 'en')}>
            <TabList className="mb-4 flex border-b border-gray-200">
              {NOTICE_LANGUAGES.map((l) => (
                <Tab key={l} className={tabClass}>
                  {NOTICE_LANGUAGE_LABELS[l]}
                  {l === data.language ? ' (in use)' : ''}
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              {NOTICE_LANGUAGES.map((l) => (
                <TabPanel key={l}>
                  <ul className="grid gap-4 lg:grid-cols-2" aria-label={`${NOTICE_LANGUAGE_LABELS[l]} notices`}>
                    {data.templates
                      .filter((t) => t.language === l)
                      .map((t) => (
                        <TemplateCard
                          key={t.kind}
                          template={t}
                          acronym={data.schoolAcronym}
                          onEdit={() => setEditing(t)}
                          onReset={() => void reset(t)}
                        />
                      ))}
                  </ul>
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        </div>
      ) : null}
      {editing ? (
        <NoticeTemplateDialog
          schoolId={schoolId}
          acronym={data?.schoolAcronym ?? ''}
          template={editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            update(next);
            setEditing(null);
          }}
        />
      ) : null}
      {dialog}
    </div>
  );
}

/** One notice: its template, the text a parent gets for the sample learner with its parts, Edit and Reset. */
function TemplateCard({
  template: t,
  acronym,
  onEdit,
  onReset,
}: {
  template: NoticeTemplate;
  acronym: string;
  onEdit: () => void;
  onReset: () => void;
}) {
  const label = `${NOTICE_KIND_LABELS[t.kind]} (${NOTICE_LANGUAGE_LABELS[t.language]})`;
  const preview = normalizeSmsText(renderNotice(t.kind, t.language, t.text, SAMPLE_LEARNER, sampleValues(t.language, acronym)));
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-gray-900">{NOTICE_KIND_LABELS[t.kind]}</h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.isDefault ? 'bg-gray-100 text-gray-700' : 'bg-brand-50 text-brand-700'}`}
        >
          {t.isDefault ? 'Default' : 'Edited'}
        </span>
      </div>
      <p className="rounded-md bg-gray-50 px-3 py-2 font-mono text-sm text-gray-800 [overflow-wrap:anywhere]">{t.text}</p>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-gray-500">As sent</p>
        <p className="mt-0.5 text-sm text-gray-900 [overflow-wrap:anywhere]">{preview}</p>
        <p className="mt-0.5 text-xs text-gray-600">
          <SmsCounter text={preview} />
        </p>
      </div>
      <NoticeWarnings kind={t.kind} language={t.language} text={t.text} />
      <div className="mt-auto flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onReset} disabled={t.isDefault} aria-label={`Reset ${label} to default`}>
          Reset to Default
        </Button>
        <Button size="sm" onClick={onEdit} aria-label={`Edit ${label}`}>
          Edit
        </Button>
      </div>
    </li>
  );
}
