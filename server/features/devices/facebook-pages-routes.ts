import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import {
  FACEBOOK_PAGE_MESSAGES,
  facebookPageCreateSchema,
  facebookPageSchema,
  facebookPageTokenSchema,
  facebookPageUpdateSchema,
  facebookSendMessageSchema,
} from '@domain/devices/facebook-pages';
import { idParams } from '@domain/validation';
import { confirmPasswordSchema } from '@domain/auth';
import { confirmStaffPassword } from '@core/auth/confirm-password';
import type { SchoolScope } from '@core/http/school-scope';
import { unavailability } from '@core/http/not-available';
import { SCHOOL_NOT_FOUND } from '../schools';
import {
  createFacebookPage,
  deleteFacebookPage,
  getFacebookPage,
  listFacebookPages,
  revealPageToken,
  sendPageMessage,
  testFacebookPage,
  updateFacebookPage,
} from './facebook-pages';
import type { PageDeps } from '../messenger';

const params = idParams(FACEBOOK_PAGE_MESSAGES.notFound);
const onePage = { 200: apiSuccess(facebookPageSchema) };
const pageList = { 200: apiSuccess(z.array(facebookPageSchema)) };

/**
 * Facebook pages: list (all or by school), create, PATCH, DELETE, test, send-message; plus an audited token
 * reveal. The same routes serve a school admin (MANAGE_FACEBOOK_PAGES): only their school's pages (another
 * school's is 404), and a page they add or edit stays in their school.
 */
export const facebookPageRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_FACEBOOK_PAGES');
    const deps: PageDeps = {
      db: app.db,
      secrets: app.secrets,
      graphApiUrl: app.config.graphApiUrl,
      timeoutMs: app.config.outbox.sendTimeoutMs,
    };
    /** The admin scope answers 404 unless the page is of the admin's school. */
    const mine = async (request: FastifyRequest, id: number) => {
      if (scope.kind === 'admin')
        scope.owns(request, (await getFacebookPage(deps, id)).schoolId, FACEBOOK_PAGE_MESSAGES.notFound);
    };

    app.get('/facebook-pages', { schema: { summary: 'Facebook pages', response: pageList }, config }, async (request) => ({
      success: true as const,
      data: await listFacebookPages(deps, scope.school(request)),
    }));

    app.get(
      '/schools/:id/facebook-pages',
      { schema: { summary: "A school's Facebook pages", params: idParams(SCHOOL_NOT_FOUND), response: pageList }, config },
      async (request) => ({
        success: true as const,
        data: await listFacebookPages(deps, scope.school(request, request.params.id)),
      }),
    );

    app.post(
      '/facebook-pages',
      {
        schema: {
          summary: 'Add a Facebook page',
          body: facebookPageCreateSchema,
          response: { 201: apiSuccess(facebookPageSchema) },
        },
        config,
      },
      async (request, reply) => {
        const body = { ...request.body, schoolId: scope.school(request, request.body.schoolId) ?? request.body.schoolId };
        const data = await createFacebookPage(deps, body, request.actor(), unavailability(app, request));
        return reply.status(201).send({ success: true, data, message: 'Facebook page added successfully' });
      },
    );

    // A static path: 'send-message' never reaches the /:id routes.
    app.post(
      '/facebook-pages/send-message',
      {
        schema: {
          summary: 'Send a test Messenger message from a page',
          body: facebookSendMessageSchema,
          response: { 200: apiDone },
        },
        config,
      },
      async (request) => {
        await sendPageMessage(deps, request.body, request.actor(), scope.school(request));
        return { success: true as const, data: null, message: FACEBOOK_PAGE_MESSAGES.sendOk };
      },
    );

    app.get(
      '/facebook-pages/:id',
      { schema: { summary: 'One Facebook page', params, response: onePage }, config },
      async (request) => {
        await mine(request, request.params.id);
        return { success: true as const, data: await getFacebookPage(deps, request.params.id) };
      },
    );

    app.post(
      '/facebook-pages/:id/access-token',
      {
        schema: {
          summary: "Reveal a page's access token (asks the caller's password again; logged)",
          body: confirmPasswordSchema,
          params,
          response: { 200: apiSuccess(facebookPageTokenSchema) },
        },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        await confirmStaffPassword(app.db, app.config, request.auth!, request.body.password, request.actor().ip);
        return {
          success: true as const,
          data: { accessToken: await revealPageToken(deps, request.params.id, request.actor()) },
        };
      },
    );

    app.patch(
      '/facebook-pages/:id',
      { schema: { summary: 'Update a Facebook page', params, body: facebookPageUpdateSchema, response: onePage }, config },
      async (request) => {
        await mine(request, request.params.id);
        const body =
          request.body.schoolId === undefined
            ? request.body
            : { ...request.body, schoolId: scope.school(request, request.body.schoolId) ?? request.body.schoolId };
        const data = await updateFacebookPage(deps, request.params.id, body, request.actor(), unavailability(app, request));
        return { success: true as const, data, message: 'Facebook page updated successfully' };
      },
    );

    app.delete(
      '/facebook-pages/:id',
      { schema: { summary: 'Delete a Facebook page', params, response: { 200: apiDone } }, config },
      async (request) => {
        await mine(request, request.params.id);
        await deleteFacebookPage(deps, request.params.id, request.actor());
        return { success: true as const, data: null, message: 'Facebook page deleted successfully' };
      },
    );

    app.post(
      '/facebook-pages/:id/test',
      {
        schema: { summary: "Test a page's connection (GET /me names the page)", params, response: { 200: apiDone } },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        await testFacebookPage(deps, request.params.id, request.actor());
        return { success: true as const, data: null, message: FACEBOOK_PAGE_MESSAGES.testOk };
      },
    );
  };
