import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { idParams } from '@domain/validation';
import { PAIRABLE_KINDS, READER_MESSAGES, type ReaderKind } from '@domain/rfid';
import {
  GATE_MESSAGES,
  assignCardResultSchema,
  assignCardSchema,
  gateStationSchema,
  pairingCodeSchema,
  pairRequestSchema,
  pairResultSchema,
  rosterSchema,
} from '@domain/gate';
import type { SchoolScope } from '@core/http/school-scope';
import { forbidden } from '@core/http/errors';
import { authenticateReader } from '../taps-routes';
import { ownReader } from '../readers-routes';
import { createPairingCode, pairStation, stationOf, unpairStation } from './pairing';
import { gateRoster } from './roster';
import { assignUnknownCard } from './assign';

/** A gate page's reader: its token, and a kind that posts taps with a token. */
async function gateReader(app: FastifyInstance, request: FastifyRequest) {
  const reader = await authenticateReader(app, request);
  if (!PAIRABLE_KINDS.includes(reader.kind as ReaderKind)) throw forbidden(GATE_MESSAGES.kind);
  return reader;
}

/**
 * /api/gate: what a gate station page may do besides posting taps (POST /api/rfid/taps). Pairing needs no session,
 * only a code, and is rate limited per address (the sign-in budget's rate, LOGIN_RATE_PER_MINUTE); the station and
 * the roster need the reader's token and answer for its school only.
 */
export const gateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const stationOptions = {
    defaultTimeZone: config.schoolTimezone,
    debounceSeconds: config.tapDebounceSeconds,
    checkoutMinMinutes: config.checkoutMinMinutes,
    now: () => app.clock.now(),
  };

  app.post(
    '/api/gate/pair',
    {
      schema: {
        summary: 'Pair a gate station page: a pairing code (single use, 10 minutes) for its reader token',
        security: [],
        body: pairRequestSchema,
        response: { 200: apiSuccess(pairResultSchema) },
      },
      config: { rateLimit: { max: app.config.rateLimits.loginPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const data = await pairStation(app.db, request.body.code, {
        ...stationOptions,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { success: true as const, data, message: 'Gate paired' };
    },
  );

  app.get(
    '/api/gate/station',
    {
      schema: {
        summary: "The gate station's reader and school (reader token)",
        response: { 200: apiSuccess(gateStationSchema) },
      },
    },
    async (request) => {
      const reader = await gateReader(app, request);
      return { success: true as const, data: await stationOf(app.db, reader, stationOptions) };
    },
  );

  app.get(
    '/api/gate/roster',
    {
      schema: {
        summary: "The learners the gate shows: its school's active learners with a card (reader token)",
        response: { 200: apiSuccess(rosterSchema) },
      },
    },
    async (request) => {
      const reader = await gateReader(app, request);
      const students = reader.schoolId ? await gateRoster(app.db, reader.schoolId) : [];
      return { success: true as const, data: { students, fetchedAt: app.clock.now().toISOString() } };
    },
  );
};

const params = idParams(READER_MESSAGES.notFound);

/** Device Management: a pairing code for a reader, and unpairing its page (MANAGE_RFID_READERS, own school for an admin). */
export const gatePairingRoutes =
  (scope: SchoolScope): FastifyPluginAsyncZod =>
  async (app) => {
    const config = scope.permission('MANAGE_RFID_READERS');
    const tz = app.config.schoolTimezone;
    const mine = ownReader(app, scope);

    app.post(
      '/rfid-readers/:id/pairing-code',
      {
        schema: {
          summary: 'A single-use pairing code (GATE_PAIRING_MINUTES, 10) and QR code for a gate station page',
          params,
          response: { 201: apiSuccess(pairingCodeSchema) },
        },
        config,
      },
      async (request, reply) => {
        await mine(request, request.params.id);
        const data = await createPairingCode(app.db, request.params.id, request.actor(), {
          defaultTimeZone: tz,
          now: app.clock.now(),
          origin: `${request.protocol}://${request.host}`,
          ttlMinutes: app.config.gatePairingMinutes,
        });
        return reply.status(201).send({ success: true, data, message: 'Pairing code made: it works once, for 10 minutes' });
      },
    );

    app.post(
      '/rfid-readers/:id/unpair',
      {
        schema: {
          summary: "Unpair the reader's gate station page (its token stops working at once)",
          params,
          response: { 200: apiSuccess(z.null()) },
        },
        config,
      },
      async (request) => {
        await mine(request, request.params.id);
        await unpairStation(app.db, request.params.id, request.actor(), tz);
        return { success: true as const, data: null, message: GATE_MESSAGES.unpaired };
      },
    );

    /** An unknown card given to a learner of the tap's school; the card's earlier taps of that day count. */
    app.post(
      '/rfid-taps/unknown/:id/assign',
      {
        schema: {
          summary: "Assign an unknown card to a learner (the card's earlier taps of the day are recorded for them)",
          params: idParams(GATE_MESSAGES.tapNotFound),
          body: assignCardSchema,
          response: { 200: apiSuccess(assignCardResultSchema) },
        },
        config: scope.permission('MANAGE_STUDENTS'),
      },
      async (request) => {
        const data = await assignUnknownCard(app.db, app.tapIntake, request.params.id, request.body.studentId, request.actor(), {
          defaultTimeZone: tz,
          now: app.clock.now(),
          owns: (schoolId) => scope.owns(request, schoolId, GATE_MESSAGES.tapNotFound),
        });
        const who = await app.db
          .selectFrom('students')
          .select(['firstName', 'lastName'])
          .where('id', '=', data.studentId)
          .executeTakeFirstOrThrow();
        return {
          success: true as const,
          data,
          message: GATE_MESSAGES.assigned(`${who.firstName} ${who.lastName}`, data.counted),
        };
      },
    );
  };
