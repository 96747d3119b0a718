import { actionFailure, invalid, type ActionResult } from '@kit/form/action';
import { validate } from '@domain/validation';
import {
  NOTICE_TEMPLATE_MESSAGES,
  noticeTemplatesPatchSchema,
  type NoticeTemplates,
  type NoticeTemplatesPatch,
} from '@domain/notice-templates';
import type { NoticeKind, NoticeLanguage } from '@shared/notice-templates';
import { patchNoticeTemplates } from './notice-templates-api';

/** Sends a change checked first with the API's own schema; a field's message comes back under `text`. */
async function save(schoolId: number, input: NoticeTemplatesPatch): Promise<ActionResult<NoticeTemplates>> {
  const checked = validate(noticeTemplatesPatchSchema, input);
  if (!checked.ok) return invalid(fieldsOf(checked.errors));
  try {
    return { ok: true, message: NOTICE_TEMPLATE_MESSAGES.saved, data: await patchNoticeTemplates(schoolId, checked.value) };
  } catch (err) {
    const failure = await actionFailure(err, 'Failed to save notice templates');
    return failure.ok ? failure : { ...failure, errors: fieldsOf(failure.errors) };
  }
}

/** The one template a dialog edits: its text's message is the form's `text`. */
const fieldsOf = (errors: Record<string, string>) => {
  const text = errors['templates.0.text'];
  return text ? { ...errors, text } : errors;
};

/** A notice's new text. */
export const saveNoticeTemplate = (schoolId: number, language: NoticeLanguage, kind: NoticeKind, text: string) =>
  save(schoolId, { templates: [{ language, kind, text }] });

/** A notice back to its default text. */
export const resetNoticeTemplate = (schoolId: number, language: NoticeLanguage, kind: NoticeKind) =>
  save(schoolId, { templates: [{ language, kind, text: null }] });

/** The language the school's notices go out in. */
export const setNoticeLanguage = (schoolId: number, language: NoticeLanguage) => save(schoolId, { language });
