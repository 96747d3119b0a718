import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SchoolScope } from '@core/http/school-scope';
import { unavailability } from '@core/http/not-available';
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
  lateReplaySchema,
  lateReplayListQuerySchema,
} from '@domain/rfid';
import {
  createReader,
  deleteReader,
  getReader,
  listReaders,
  recentUnknownTaps,
  rotateReaderToken,
  updateReader,
} from './readers';
import { latestRefusals } from './tap-refusals';
import { latestLateReplays } from './late-replay';

const params = idParams(READER_MESSAGES.notFound);

/** A route's check that its reader is the caller's: the admin scope answers 404 unless it is of the admin's school. */
export const ownReader = (app: FastifyInstance, scope: SchoolScope) => async (request: FastifyRequest, id: number) => {
  if (scope.kind === 'admin')
    scope.owns(request, (await getReader(app.db, id, app.config.schoolTimezone)).schoolId, READER_MESSAGES.notFound);
};
const oneReader = { 200: apiSuccess(rfidReaderSchema) };
const withToken = apiSuccess(rfidReaderWithTokenSchema);

/**
 * RFID readers. The token is in the answer of create and rotate-token only. The same routes serve a
 * school admin (MANAGE_RFID_READERS): only their school's readers, refusals and unknown taps (another
 * school's reader is 404), and a reader they add or edit stays in their school.
 */
export const rfidReaderRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_RFID_READERS');
    const tz = app.config.schoolTimezone;
    const mine = ownReader(app, scope);

    app.get(
      '/rfid-readers',
      {
        schema: {
          summary: 'RFID readers (optionally of one school; retired ones with retired=true)',
          querystring: readerListQuerySchema,
          response: { 200: apiSuccess(z.array(rfidReaderSchema)) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await listReaders(
          app.db,
          { schoolId: scope.school(request, request.query.schoolId), retired: request.query.retired === 'true' },
          tz,
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
        config,
      },
      async (request, reply) => {
        const body = { ...request.body, schoolId: scope.school(request, request.body.schoolId) ?? request.body.schoolId };
        const data = await createReader(app.db, body, request.actor(), tz, unavailability(app, request));
        return reply
          .status(201)
          .send({ success: true, data, message: 'Reader added. Copy its token now: it is shown only once.' });
      },
    );

    app.get(
      '/rfid-readers/:id',
      { schema: { summary: 'One RFID reader', params, response: oneReader }, config },
      async (request) => {
        await mine(request, request.params.id);
        return { success: true as const, data: await getReader(app.db, request.params.id, tz) };
      },
    );

    app.patch(
      '/rfid-readers/:id',
      { schema: { summary: 'Edit or deactivate an RFID reader', params, body: readerUpdateSchema, response: oneReader }, config },
      async (request) => {
        await mine(request, request.params.id);
        const { schoolId } = request.body;
        const body =
          schoolId === undefined ? request.body : { ...request.body, schoolId: scope.school(request, schoolId) ?? schoolId };
        const data = await updateReader(app.db, request.params.id, body, request.actor(), tz, unavailability(app, request));
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
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        const outcome = await deleteReader(app.db, request.params.id, request.actor(), tz);
        return {
          success: true as const,
          data: { outcome },
          message: outcome === 'retired' ? READER_MESSAGES.retiredDone : READER_MESSAGES.deleted,
        };
      },
    );

    app.post(
      '/rfid-readers/:id/rotate-token',
      {
        schema: { summary: 'Issue a new reader token (the old one stops working)', params, response: { 200: withToken } },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        const data = await rotateReaderToken(app.db, request.params.id, request.actor(), tz);
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
        config,
      },
      async (request) => {
        // An admin's list is their school's whatever reader is asked for (another school's reader lists nothing).
        const filters = { ...request.query, schoolId: scope.school(request, request.query.schoolId) };
        return { success: true as const, data: await latestRefusals(app.db, filters, tz) };
      },
    );

    /** Taps of cards no student has (latest 20): shown so a card can be registered. */
    app.get(
      '/rfid-taps/unknown',
      { schema: { summary: 'Latest taps of unknown cards', response: { 200: apiSuccess(z.array(unknownTapSchema)) } }, config },
      async (request) => ({
        success: true as const,
        data: await recentUnknownTaps(app.db, 20, tz, scope.school(request)),
      }),
    );

    /** Taps that changed attendance long after they happened (late-replay.ts), latest first. */
    app.get(
      '/rfid-taps/late-replays',
      {
        schema: {
          summary: 'Latest late replays: taps that changed attendance long after their time',
          querystring: lateReplayListQuerySchema,
          response: { 200: apiSuccess(z.array(lateReplaySchema)) },
        },
        config,
      },
      async (request) => ({
        success: true as const,
        data: await latestLateReplays(app.db, scope.school(request, request.query.schoolId)),
      }),
    );
  };
