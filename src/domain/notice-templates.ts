import { z } from 'zod';
import { isSafeText, UNSAFE_TEXT_ERROR } from './validation';
import { NOTICE_KINDS, NOTICE_LANGUAGES, TEMPLATE_MAX_LENGTH, templateProblem } from '@shared/notice-templates';

/*
 * A school's notice templates: the language its notices go out in, and its text of each notice in English and in
 * Filipino (placeholders and defaults: src/shared/notice-templates.ts).
 */

export const NOTICE_TEMPLATE_MESSAGES = {
  language: 'Language must be en (English) or fil (Filipino)',
  kind: `Notice must be one of ${NOTICE_KINDS.join(', ')}`,
  text: 'Template text is required (reset it to use the default)',
  textType: 'Template text must be text, or null to reset it to the default',
  tooLong: `A template must be ${TEMPLATE_MAX_LENGTH} characters or less`,
  twice: 'Each notice may be given once per language',
  saved: 'Notice templates saved',
} as const;

const language = z.enum(NOTICE_LANGUAGES, { error: NOTICE_TEMPLATE_MESSAGES.language });
const kind = z.enum(NOTICE_KINDS, { error: NOTICE_TEMPLATE_MESSAGES.kind });

/** One notice's text as a school has it: its own, or the default (`isDefault`), with the default beside it. */
export const noticeTemplateSchema = z.object({
  language,
  kind,
  text: z.string(),
  isDefault: z.boolean(),
  defaultText: z.string(),
});
export type NoticeTemplate = z.infer<typeof noticeTemplateSchema>;

/** GET/PATCH reply: the language notices go out in, and every notice in both languages. */
export const noticeTemplatesSchema = z.object({
  schoolId: z.number(),
  /** What `{school}` becomes in this school's notices. */
  schoolAcronym: z.string(),
  language,
  templates: z.array(noticeTemplateSchema),
});
export type NoticeTemplates = z.infer<typeof noticeTemplatesSchema>;

/** One notice's new text; null puts the default back. Its placeholders and braces are checked. */
export const noticeTemplateChangeSchema = z
  .object({
    language,
    kind,
    text: z
      .string({ error: NOTICE_TEMPLATE_MESSAGES.textType })
      .trim()
      .min(1, NOTICE_TEMPLATE_MESSAGES.text)
      .max(TEMPLATE_MAX_LENGTH, NOTICE_TEMPLATE_MESSAGES.tooLong)
      .refine(isSafeText, UNSAFE_TEXT_ERROR)
      .nullable(),
  })
  .superRefine((change, ctx) => {
    const problem = change.text == null ? null : templateProblem(change.kind, change.text);
    if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problem });
  });
export type NoticeTemplateChange = z.infer<typeof noticeTemplateChangeSchema>;

/** PATCH: the language notices go out in, and/or texts of notices (each notice once per language). */
export const noticeTemplatesPatchSchema = z
  .object({
    language: language.optional(),
    templates: z
      .array(noticeTemplateChangeSchema)
      .max(NOTICE_KINDS.length * NOTICE_LANGUAGES.length, NOTICE_TEMPLATE_MESSAGES.twice)
      .optional(),
  })
  .refine((p) => new Set(p.templates?.map((t) => `${t.language}:${t.kind}`)).size === (p.templates?.length ?? 0), {
    path: ['templates'],
    message: NOTICE_TEMPLATE_MESSAGES.twice,
  });
export type NoticeTemplatesPatch = z.infer<typeof noticeTemplatesPatchSchema>;
