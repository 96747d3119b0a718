import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import {
  CUSTOM_MESSAGE_MESSAGES,
  customMessageQueuedSchema,
  customMessageSchema,
  GROUP_MESSAGE_MESSAGES,
  groupAudienceQuerySchema,
  groupAudienceSchema,
  groupChoicesQuerySchema,
  groupChoicesSchema,
  groupMessageQueuedSchema,
  groupMessageSchema,
  messageRecipientSchema,
  recipientsQuerySchema,
  SMS_PAGE_SIZE,
  smsHistoryFiltersSchema,
  smsHistoryPageSchema,
} from '@domain/sms-history';
import { pageParams } from '@core/http/paginate';
import { textQuery } from '@core/http/query';
import type { SchoolScope } from '@core/http/school-scope';
import { findRecipients, listSmsHistory, queueCustomMessage } from './sms-history';
import { gradeSchool, groupAudience, groupChoices, queueGroupMessage } from './group-messages';
import { badRequest } from '@core/http/errors';

/**
 * GET /sms-history (the history filter, page size 10), the 'Send message' action (a CUSTOM message) and 'Message a
 * class' (a grade's or section's parents).
 */
export const smsHistoryRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sms-history',
      {
        schema: {
          summary: 'SMS notifications history (filtered, 10 per page)',
          querystring: smsHistoryFiltersSchema,
          response: { 200: apiSuccess(smsHistoryPageSchema) },
        },
        config: scope.permission('VIEW_SMS_HISTORY'),
      },
      async (request) => {
        const filters = { ...request.query, schoolId: scope.school(request, request.query.schoolId) };
        const page = pageParams(request.query, SMS_PAGE_SIZE);
        const queue = { now: app.clock.now(), freshWindowSeconds: app.config.outbox.freshWindowSeconds };
        const data = await listSmsHistory(app.db, filters, page, app.config.schoolTimezone, queue);
        return { success: true as const, data };
      },
    );

    app.get(
      '/sms-history/recipients',
      {
        schema: {
          summary: "Students the 'Send message' dialog can pick",
          querystring: recipientsQuerySchema,
          response: { 200: apiSuccess(z.array(messageRecipientSchema)) },
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request) => {
        const search = textQuery(request.query.search, 60);
        return { success: true as const, data: search ? await findRecipients(app.db, search, scope.school(request)) : [] };
      },
    );

    app.post(
      '/sms-history/messages',
      {
        schema: {
          summary: "Queue a CUSTOM message to one student's parent",
          body: customMessageSchema,
          response: { 202: apiSuccess(customMessageQueuedSchema) },
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request, reply) => {
        const data = await queueCustomMessage(app.db, request.body, request.actor(), app.clock.now(), scope.school(request));
        app.outbox.kick();
        return reply.status(202).send({ success: true, data, message: CUSTOM_MESSAGE_MESSAGES.queued });
      },
    );

    // A message to a grade's or a section's parents: a school admin's to their own school's; the super admin names
    // the school of the choices, and a grade's school is the message's.
    const schoolOfGrade = async (request: FastifyRequest, gradeId: number) =>
      scope.kind === 'admin' ? scope.school(request)! : gradeSchool(app.db, gradeId);
    app.get(
      '/sms-history/group-choices',
      {
        schema: {
          summary: 'The grades and sections a class message may go to (the super admin names the school)',
          querystring: groupChoicesQuerySchema,
          response: { 200: apiSuccess(groupChoicesSchema) },
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request) => {
        const schoolId = scope.kind === 'admin' ? scope.school(request)! : request.query.schoolId;
        if (!schoolId) throw badRequest(GROUP_MESSAGE_MESSAGES.schoolId, { schoolId: GROUP_MESSAGE_MESSAGES.schoolId });
        return { success: true as const, data: await groupChoices(app.db, schoolId) };
      },
    );
    app.get(
      '/sms-history/group-audience',
      {
        schema: {
          summary: 'How many students a message to this grade or section reaches (shown before sending)',
          querystring: groupAudienceQuerySchema,
          response: { 200: apiSuccess(groupAudienceSchema) },
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request) => {
        const { gradeId, sectionId } = request.query;
        const schoolId = await schoolOfGrade(request, gradeId);
        return { success: true as const, data: await groupAudience(app.db, schoolId, gradeId, sectionId) };
      },
    );
    app.post(
      '/sms-history/group-messages',
      {
        schema: {
          summary: 'Queue a CUSTOM message to the parents of a grade or a section (idempotent on requestId)',
          body: groupMessageSchema,
          response: { 202: apiSuccess(groupMessageQueuedSchema) },
        },
        config: scope.permission('SEND_SMS'),
      },
      async (request, reply) => {
        const schoolId = await schoolOfGrade(request, request.body.gradeId);
        const data = await queueGroupMessage(app.db, schoolId, request.body, request.actor(), app.clock.now());
        app.outbox.kick();
        return reply.status(202).send({ success: true, data, message: GROUP_MESSAGE_MESSAGES.queued(data.recipients) });
      },
    );
  };
