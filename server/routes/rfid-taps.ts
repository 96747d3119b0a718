import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tapBatchSchema, tapEventSchema, TAP_MESSAGES } from '../../src/domain/rfid';
import { AppError, badRequest, forbidden, unauthorized } from '../lib/errors';
import { addressAllowed, readerByToken, type ReaderRow } from '../services/rfid-readers';
import { ingestTaps } from '../services/taps';
import { logRefusedDevice } from '../services/device-refusals';

function bearer(request: FastifyRequest): string | null {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** The reader behind the request's token: 401 without/unknown, 403 deactivated or from a foreign network. */
async function authenticateReader(app: FastifyInstance, request: FastifyRequest): Promise<ReaderRow> {
  const token = bearer(request);
  if (!token) throw unauthorized('A reader token is required (Authorization: Bearer <token>)');
  const reader = await readerByToken(app.db, token);
  if (!reader) throw unauthorized('Invalid reader token');
  if (!reader.isActive) throw forbidden('This reader is deactivated');
  if (!addressAllowed(reader.allowedNetworks, request.ip)) {
    await logRefusedDevice(app.db, request, 'REFUSED_READER_NETWORK', { readerId: reader.id, ip: request.ip });
    throw forbidden('This reader may not send from this network');
  }
  return reader;
}

/**
 * POST /api/rfid/taps (issue #11): one tap `{ eventId, cardUid, tappedAt }` → 201 (200 when replayed), or
 * `{ events: [...] }` (≤ 500) → 200 with every event's result and the rejected ones by eventId.
 */
export default async function rfidTapRoutes(app: FastifyInstance) {
  app.post('/api/rfid/taps', async (request, reply) => {
    const reader = await authenticateReader(app, request);
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(TAP_MESSAGES.body);
    const opts = {
      defaultTimeZone: app.config.schoolTimezone,
      debounceSeconds: app.config.tapDebounceSeconds,
      checkoutMinMinutes: app.config.checkoutMinMinutes,
    };
    if ('events' in body) {
      const { events } = tapBatchSchema.parse(body);
      const data = await ingestTaps(app.db, app.realtime, reader, events, opts);
      return { success: true, data };
    }
    const event = tapEventSchema.parse(body);
    const { results, rejected } = await ingestTaps(app.db, app.realtime, reader, [event], opts);
    if (rejected[0]) {
      const field = rejected[0].reason === TAP_MESSAGES.cardUid ? 'cardUid' : 'tappedAt';
      throw new AppError(400, rejected[0].reason, { [field]: rejected[0].reason });
    }
    const result = results[0]!;
    return reply.status(result.replayed ? 200 : 201).send({ success: true, data: result });
  });
}
