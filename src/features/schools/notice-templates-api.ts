import { request } from '@kit/http';
import type { NoticeTemplates, NoticeTemplatesPatch } from '@domain/notice-templates';

/** A school's notice templates: the language its notices go out in and its text of each notice. */
export const fetchNoticeTemplates = (schoolId: number, signal?: AbortSignal) =>
  request<NoticeTemplates>('Failed to fetch notice templates', (api) =>
    api.get(`super-admin/schools/${schoolId}/notice-templates`, { signal }),
  );

export const patchNoticeTemplates = (schoolId: number, input: NoticeTemplatesPatch) =>
  request<NoticeTemplates>('Failed to save notice templates', (api) =>
    api.patch(`super-admin/schools/${schoolId}/notice-templates`, { json: input }),
  );
