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
} from '@domain/facebook-pages';
import { idParams } from '@domain/validation';
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
  type PageDeps,
} from './facebook-pages';

const params = idParams(FACEBOOK_PAGE_MESSAGES.notFound);
const onePage = { 200: apiSuccess(facebookPageSchema) };
const pageList = { 200: apiSuccess(z.array(facebookPageSchema)) };

/** Spec §7 Facebook pages: list (all or by school), create, PATCH, DELETE, test, send-message; plus an audited token reveal. */
const facebookPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PageDeps = {
    db: app.db,
    secrets: app.secrets,
    graphApiUrl: app.config.graphApiUrl,
    timeoutMs: app.config.outbox.sendTimeoutMs,
  };

  app.get('/facebook-pages', { schema: { summary: 'Facebook pages', response: pageList } }, async () => ({
    success: true as const,
    data: await listFacebookPages(deps),
  }));

  app.get(
    '/schools/:id/facebook-pages',
    { schema: { summary: "A school's Facebook pages", params: idParams(SCHOOL_NOT_FOUND), response: pageList } },
    async (request) => ({
      success: true as const,
      data: await listFacebookPages(deps, request.params.id),
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
    },
    async (request, reply) => {
      const data = await createFacebookPage(deps, request.body, request.actor());
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
    },
    async (request) => {
      await sendPageMessage(deps, request.body, request.actor());
      return { success: true as const, data: null, message: FACEBOOK_PAGE_MESSAGES.sendOk };
    },
  );

  app.get('/facebook-pages/:id', { schema: { summary: 'One Facebook page', params, response: onePage } }, async (request) => ({
    success: true as const,
    data: await getFacebookPage(deps, request.params.id),
  }));

  app.get(
    '/facebook-pages/:id/access-token',
    {
      schema: {
        summary: "Reveal a page's access token (logged)",
        params,
        response: { 200: apiSuccess(facebookPageTokenSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { accessToken: await revealPageToken(deps, request.params.id, request.actor()) },
    }),
  );

  app.patch(
    '/facebook-pages/:id',
    { schema: { summary: 'Update a Facebook page', params, body: facebookPageUpdateSchema, response: onePage } },
    async (request) => {
      const data = await updateFacebookPage(deps, request.params.id, request.body, request.actor());
      return { success: true as const, data, message: 'Facebook page updated successfully' };
    },
  );

  app.delete(
    '/facebook-pages/:id',
    { schema: { summary: 'Delete a Facebook page', params, response: { 200: apiDone } } },
    async (request) => {
      await deleteFacebookPage(deps, request.params.id, request.actor());
      return { success: true as const, data: null, message: 'Facebook page deleted successfully' };
    },
  );

  app.post(
    '/facebook-pages/:id/test',
    { schema: { summary: "Test a page's connection (GET /me names the page)", params, response: { 200: apiDone } } },
    async (request) => {
      await testFacebookPage(deps, request.params.id, request.actor());
      return { success: true as const, data: null, message: FACEBOOK_PAGE_MESSAGES.testOk };
    },
  );
};
export default facebookPageRoutes;
