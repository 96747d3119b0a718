import { useId, useRef, useState } from 'react';
import { Button, FormDialog, TextAreaField } from '@kit';
import { SmsCounter } from '@kit/form/SmsCounter';
import type { NoticeTemplate, NoticeTemplates } from '@domain/notice-templates';
import { normalizeSmsText } from '@shared/sms-text';
import {
  NOTICE_KIND_LABELS,
  NOTICE_LANGUAGE_LABELS,
  NOTICE_PLACEHOLDERS,
  PLACEHOLDER_MEANINGS,
  renderNotice,
  SAMPLE_LEARNER,
  sampleValues,
  TEMPLATE_MAX_LENGTH,
  templateProblem,
  templateWarnings,
  type NoticeKind,
  type NoticeLanguage,
} from '@shared/notice-templates';
import { saveNoticeTemplate } from './notice-templates-actions';

interface Props {
  schoolId: number;
  /** The school's acronym: what `{school}` becomes in the preview. */
  acronym: string;
  template: NoticeTemplate;
  onClose: () => void;
  onSaved: (data: NoticeTemplates) => void;
}

/**
 * Edit one notice: its text with its placeholders (a button puts one at the caret), and beside it the notice as a
 * parent of a sample learner gets it — characters, parts and encoding as sent — with what a long name costs.
 */
export function NoticeTemplateDialog({ schoolId, acronym, template, onClose, onSaved }: Props) {
  const formId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(template.text);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<{ message: string; data: NoticeTemplates } | null>(null);
  const { kind, language } = template;
  const problem = templateProblem(kind, text.trim());
  const preview = problem
    ? null
    : normalizeSmsText(renderNotice(kind, language, text.trim(), SAMPLE_LEARNER, sampleValues(language, acronym)));

  const edit = (next: string) => {
    setText(next);
    setErrors({});
  };
  const insert = (placeholder: string) => {
    const el = field.current;
    const at = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    edit(`${text.slice(0, at)}{${placeholder}}${text.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      const caret = at + placeholder.length + 2;
      el?.setSelectionRange(caret, caret);
    });
  };

  async function submit() {
    if (saving) return;
    setSaving(true);
    setBanner(null);
    const result = await saveNoticeTemplate(schoolId, language, kind, text);
    setSaving(false);
    if (result.ok) return setDone({ message: result.message, data: result.data });
    setErrors(result.errors);
    setBanner(result.message);
  }

  return (
    <FormDialog
      open
      size="lg"
      onClose={() => !saving && onClose()}
      title={`${NOTICE_KIND_LABELS[kind]} notice (${NOTICE_LANGUAGE_LABELS[language]})`}
      description="Placeholders in braces are filled in for each learner; everything else is sent as you write it."
      formId={formId}
      onSubmit={submit}
      submitLabel="Save Template"
      savingLabel="Saving..."
      saving={saving}
      message={banner}
      success={done ? { message: done.message, onDone: () => onSaved(done.data) } : null}
      footerStart={
        <Button variant="ghost" onClick={() => edit(template.defaultText)} disabled={saving || text === template.defaultText}>
          Use Default Text
        </Button>
      }
    >
      <TextAreaField
        ref={field}
        label="Template"
        required
        data-autofocus
        rows={4}
        maxLength={TEMPLATE_MAX_LENGTH}
        value={text}
        error={errors.text ?? problem ?? undefined}
        onChange={(e) => edit(e.target.value)}
      />
      <div>
        <p className="text-sm font-medium text-gray-700">Placeholders</p>
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="Placeholders">
          {NOTICE_PLACEHOLDERS[kind].map((p) => (
            <li key={p}>
              <Button size="sm" variant="secondary" onClick={() => insert(p)} title={PLACEHOLDER_MEANINGS[p]}>
                {`{${p}}`}
              </Button>
              <span className="sr-only">: {PLACEHOLDER_MEANINGS[p]}</span>
            </li>
          ))}
        </ul>
      </div>
      <section aria-label="Preview" className="rounded-md border border-gray-200 bg-gray-50 p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-gray-500">
          As sent for {SAMPLE_LEARNER.firstName} {SAMPLE_LEARNER.lastName}
        </p>
        {preview ? (
          <>
            <p data-testid="notice-preview" className="mt-1 whitespace-pre-wrap text-sm text-gray-900 [overflow-wrap:anywhere]">
              {preview}
            </p>
            <p className="mt-1 text-xs text-gray-600" data-testid="notice-counter">
              <SmsCounter text={preview} />
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-gray-600">No preview until the template is fixed.</p>
        )}
      </section>
      <NoticeWarnings kind={kind} language={language} text={text.trim()} />
    </FormDialog>
  );
}

/** What a notice costs beyond one GSM-7 part (UCS-2, or the parts a long name needs): nothing when it fits. */
export function NoticeWarnings({ kind, language, text }: { kind: NoticeKind; language: NoticeLanguage; text: string }) {
  const warnings = templateWarnings(kind, language, text);
  if (warnings.length === 0) return null;
  return (
    <ul role="note" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {warnings.map((w) => (
        <li key={w} className="[overflow-wrap:anywhere]">
          {w}
        </li>
      ))}
    </ul>
  );
}
