import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tapRequestSchema } from '@domain/rfid';
import { authenticateReader, tapReply } from '../server/features/rfid/taps-routes';

/**
 * POST /api/bench/noop-tap (bench:taps only, added by scripts/serve.ts when BENCH_NOOP_ROUTE=1): everything
 * POST /api/rfid/taps does but store — the reader authenticated before the body (the same lookup), the same
 * body schema and reply schema — so its rate is the HTTP stack's own ceiling for a tap.
 */
export function addNoopTapRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/bench/noop-tap',
    {
      onRequest: async (request) => {
        request.reader = await authenticateReader(app, request);
      },
      schema: { body: tapRequestSchema, response: { 201: tapReply } },
    },
    async (request, reply) => {
      const event = request.body.events[0]!;
      return reply.status(201).send({
        success: true as const,
        data: {
          eventId: event.eventId,
          outcome: 'UNKNOWN_CARD',
          status: null,
          attendanceId: null,
          studentId: null,
          replayed: false,
        },
      });
    },
  );
}
