import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { TAP_MESSAGES, tapBatchResultSchema, tapRequestSchema, tapResultSchema } from '@domain/rfid';
import { AppError, forbidden, unauthorized } from '@core/http/errors';
import { addressAllowed, type ReaderRow } from './readers';
import { logRefusedDevice } from './device-refusals';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reader a tap request came from (set before the body is read). */
    reader: ReaderRow | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** The reader behind the request's token: 401 without/unknown, 403 deactivated or from a foreign network. */
export async function authenticateReader(app: FastifyInstance, request: FastifyRequest): Promise<ReaderRow> {
  const token = bearer(request);
  if (!token) throw unauthorized('A reader token is required (Authorization: Bearer <token>)');
  const reader = await app.tapIntake.readerByToken(token);
  if (!reader) throw unauthorized('Invalid reader token');
  if (!reader.isActive) throw forbidden('This reader is deactivated');
  if (!addressAllowed(reader.allowedNetworks, request.ip)) {
    await logRefusedDevice(app.db, request, 'REFUSED_READER_NETWORK', { readerId: reader.id, ip: request.ip });
    throw forbidden('This reader may not send from this network');
  }
  return reader;
}

export const tapReply = apiSuccess(z.union([tapResultSchema, tapBatchResultSchema]));

/**
 * POST /api/rfid/taps: one tap `{ eventId, cardUid, tappedAt }` → 201 (200 when replayed), or
 * `{ events: [...] }` (≤ 500) → 200 with every event's result and the rejected ones by eventId.
 * The reader is authenticated before the body is read (onRequest): a stranger's body is never parsed.
 */
const rfidTapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('reader', null);
  app.post(
    '/api/rfid/taps',
    {
      onRequest: async (request) => {
        request.reader = await authenticateReader(app, request);
      },
      schema: {
        summary: 'Record RFID taps (reader token; one tap or a batch of up to 500)',
        body: tapRequestSchema,
        response: { 200: tapReply, 201: tapReply },
      },
    },
    async (request, reply) => {
      const reader = request.reader!;
      const { single, events, refused } = request.body;
      const data = await app.tapIntake.ingest(reader, events, refused);
      if (!single) return { success: true as const, data };
      const rejected = data.rejected[0];
      if (rejected) {
        const field = rejected.reason === TAP_MESSAGES.cardUid ? 'cardUid' : 'tappedAt';
        throw new AppError(400, rejected.reason, { [field]: rejected.reason });
      }
      const result = data.results[0]!;
      return reply.status(result.replayed ? 200 : 201).send({ success: true, data: result });
    },
  );
};
export default rfidTapRoutes;
