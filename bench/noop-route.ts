import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tapRequestSchema } from '@domain/rfid';
import { authenticateReader, tapReply } from '../server/features/rfid/taps-routes';

// Not a bench of its own: a module scripts/serve.ts loads for bench:taps. Run directly, it answers --help with that.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  // No import of ./lib here: this module runs inside the server process, which should load nothing of the benches.
  console.log(`Usage: not run on its own. scripts/serve.ts adds POST /api/rfid/bench-noop-tap from this module when BENCH_NOOP_ROUTE=1;
npm run bench:taps does that for its ceiling runs (see npx tsx bench/taps.ts --help).`);
  process.exit(0);
}

/**
 * POST /api/rfid/bench-noop-tap (bench:taps only, added by scripts/serve.ts when BENCH_NOOP_ROUTE=1): everything
 * POST /api/rfid/taps does but store — the reader authenticated before the body (the same lookup), the same
 * body schema and reply schema — so its rate is the HTTP stack's own ceiling for a tap. Under /api/rfid/ like the
 * tap route, so it skips the session lookup of the auth plugin as the tap route does (until 2026-11-27 it sat at
 * /api/bench/ and paid a statement the tap route does not, which understated the ceiling: docs/benchmarks.md).
 */
export function addNoopTapRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/rfid/bench-noop-tap',
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
