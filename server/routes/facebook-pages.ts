import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FACEBOOK_PAGE_MESSAGES,
  facebookPageCreateSchema,
  facebookPageUpdateSchema,
  facebookSendMessageSchema,
} from '../../src/domain/facebook-pages';
import { idParam } from '../lib/query';
import { SCHOOL_NOT_FOUND } from '../services/schools';
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
} from '../services/facebook-pages';

const pageId = (request: FastifyRequest) => idParam((request.params as { id: string }).id, FACEBOOK_PAGE_MESSAGES.notFound);

/** Spec §7 Facebook pages: list (all or by school), create, PATCH, DELETE, test, send-message; plus an audited token reveal. */
export default async function facebookPageRoutes(app: FastifyInstance) {
  const deps: PageDeps = { db: app.db, secrets: app.secrets, graphApiUrl: app.config.graphApiUrl, timeoutMs: app.config.outbox.sendTimeoutMs };

  app.get('/facebook-pages', async () => ({ success: true, data: await listFacebookPages(deps) }));

  app.get('/schools/:id/facebook-pages', async (request) => {
    const schoolId = idParam((request.params as { id: string }).id, SCHOOL_NOT_FOUND);
    return { success: true, data: await listFacebookPages(deps, schoolId) };
  });

  app.post('/facebook-pages', async (request, reply) => {
    const data = await createFacebookPage(deps, facebookPageCreateSchema.parse(request.body ?? {}), request.actor());
    return reply.status(201).send({ success: true, data, message: 'Facebook page added successfully' });
  });

  // Registered before /:id routes' siblings on purpose: 'send-message' is not an id.
  app.post('/facebook-pages/send-message', async (request) => {
    await sendPageMessage(deps, facebookSendMessageSchema.parse(request.body ?? {}), request.actor());
    return { success: true, data: null, message: FACEBOOK_PAGE_MESSAGES.sendOk };
  });

  app.get('/facebook-pages/:id', async (request) => ({ success: true, data: await getFacebookPage(deps, pageId(request)) }));

  app.get('/facebook-pages/:id/access-token', async (request) => ({
    success: true,
    data: { accessToken: await revealPageToken(deps, pageId(request), request.actor()) },
  }));

  app.patch('/facebook-pages/:id', async (request) => {
    const id = pageId(request);
    const data = await updateFacebookPage(deps, id, facebookPageUpdateSchema.parse(request.body ?? {}), request.actor());
    return { success: true, data, message: 'Facebook page updated successfully' };
  });

  app.delete('/facebook-pages/:id', async (request) => {
    await deleteFacebookPage(deps, pageId(request), request.actor());
    return { success: true, data: null, message: 'Facebook page deleted successfully' };
  });

  app.post('/facebook-pages/:id/test', async (request) => {
    await testFacebookPage(deps, pageId(request), request.actor());
    return { success: true, data: null, message: FACEBOOK_PAGE_MESSAGES.testOk };
  });
}
