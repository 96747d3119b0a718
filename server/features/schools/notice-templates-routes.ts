import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { NOTICE_TEMPLATE_MESSAGES, noticeTemplatesPatchSchema, noticeTemplatesSchema } from '@domain/notice-templates';
import type { SchoolScope } from '@core/http/school-scope';
import { getNoticeTemplates, updateNoticeTemplates } from './notice-templates';
import { SCHOOL_NOT_FOUND } from './service';

const params = idParams(SCHOOL_NOT_FOUND);
const reply = { 200: apiSuccess(noticeTemplatesSchema) };

/**
 * A school's notice templates: the language its attendance notices go out in and its texts of them. The super
 * admin edits any school's; a school admin with MANAGE_SCHOOL_PROFILE their own (another school is 404).
 */
export const noticeTemplateRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_SCHOOL_PROFILE');

    app.get(
      '/schools/:id/notice-templates',
      { schema: { summary: "A school's notice language and templates", params, response: reply }, config },
      async (request) => {
        scope.owns(request, request.params.id, SCHOOL_NOT_FOUND);
        return { success: true as const, data: await getNoticeTemplates(app.db, request.params.id) };
      },
    );

    app.patch(
      '/schools/:id/notice-templates',
      {
        schema: {
          summary: "Set a school's notice language and/or templates (a text null: back to the default)",
          params,
          body: noticeTemplatesPatchSchema,
          response: reply,
        },
        config,
      },
      async (request) => {
        scope.owns(request, request.params.id, SCHOOL_NOT_FOUND);
        const data = await updateNoticeTemplates(app.db, request.params.id, request.body, request.actor());
        return { success: true as const, data, message: NOTICE_TEMPLATE_MESSAGES.saved };
      },
    );
  };
