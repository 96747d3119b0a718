import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import {
  READER_MESSAGES,
  readerCreateSchema,
  readerListQuerySchema,
  readerRemovalSchema,
  readerUpdateSchema,
  refusalListQuerySchema,
  rfidReaderSchema,
  tapRefusalSchema,
  rfidReaderWithTokenSchema,
  unknownTapSchema,
} from '@domain/rfid';
import { createReader, deleteReader, getReader, listReaders, rotateReaderToken, updateReader } from './readers';
import { recentUnknownTaps } from './taps';
import { latestRefusals } from './tap-refusals';

const params = idParams(READER_MESSAGES.notFound);
const oneReader = { 200: apiSuccess(rfidReaderSchema) };
const withToken = apiSuccess(rfidReaderWithTokenSchema);

/** Issue #11: RFID readers (super admin). The token is in the answer of create and rotate-token only. */
const rfidReaderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rfid-readers',
    {
      schema: {
        summary: 'RFID readers (optionally of one school; retired ones with retired=true)',
        querystring: readerListQuerySchema,
        response: { 200: apiSuccess(z.array(rfidReaderSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listReaders(
        app.db,
        { schoolId: request.query.schoolId, retired: request.query.retired === 'true' },
        app.config.schoolTimezone,
      ),
    }),
  );

  app.post(
    '/rfid-readers',
    {
      schema: {
        summary: 'Register an RFID reader (answers its token once)',
        body: readerCreateSchema,
        response: { 201: withToken },
      },
    },
    async (request, reply) => {
      const data = await createReader(app.db, request.body, request.actor(), app.config.schoolTimezone);
      return reply.status(201).send({ success: true, data, message: 'Reader added. Copy its token now: it is shown only once.' });
    },
  );

  app.get('/rfid-readers/:id', { schema: { summary: 'One RFID reader', params, response: oneReader } }, async (request) => ({
    success: true as const,
    data: await getReader(app.db, request.params.id, app.config.schoolTimezone),
  }));

  app.patch(
    '/rfid-readers/:id',
    { schema: { summary: 'Edit or deactivate an RFID reader', params, body: readerUpdateSchema, response: oneReader } },
    async (request) => {
      const data = await updateReader(app.db, request.params.id, request.body, request.actor(), app.config.schoolTimezone);
      return { success: true as const, data, message: 'Reader updated successfully' };
    },
  );

  app.delete(
    '/rfid-readers/:id',
    {
      schema: {
        summary: 'Delete an RFID reader (one with taps is retired: kept with its history)',
        params,
        response: { 200: apiSuccess(readerRemovalSchema) },
      },
    },
    async (request) => {
      const outcome = await deleteReader(app.db, request.params.id, request.actor(), app.config.schoolTimezone);
      return {
        success: true as const,
        data: { outcome },
        message: outcome === 'retired' ? READER_MESSAGES.retiredDone : READER_MESSAGES.deleted,
      };
    },
  );

  app.post(
    '/rfid-readers/:id/rotate-token',
    { schema: { summary: 'Issue a new reader token (the old one stops working)', params, response: { 200: withToken } } },
    async (request) => {
      const data = await rotateReaderToken(app.db, request.params.id, request.actor(), app.config.schoolTimezone);
      return { success: true as const, data, message: 'New token issued. Copy it now: it is shown only once.' };
    },
  );

  /** Taps and ATTLOG lines refused with their reason (latest 50, of a school or a reader). */
  app.get(
    '/rfid-tap-refusals',
    {
      schema: {
        summary: 'Latest refused taps with their reason',
        querystring: refusalListQuerySchema,
        response: { 200: apiSuccess(z.array(tapRefusalSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await latestRefusals(app.db, request.query, app.config.schoolTimezone) }),
  );

  /** Taps of cards no student has (latest 20): shown so a card can be registered. */
  app.get(
    '/rfid-taps/unknown',
    { schema: { summary: 'Latest taps of unknown cards', response: { 200: apiSuccess(z.array(unknownTapSchema)) } } },
    async () => ({
      success: true as const,
      data: await recentUnknownTaps(app.db, 20, app.config.schoolTimezone),
    }),
  );
};
export default rfidReaderRoutes;
