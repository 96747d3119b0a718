import type { FastifyInstance } from 'fastify';
import { createOutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: ReturnType<typeof createOutboxWorker>;
  }
}

/**
 * The outbox worker sends what the routes and the tap intake queue. It runs with the server (OUTBOX_WORKER=0
 * leaves sending to another process) and stops before the database closes.
 */
export function setupOutbox(app: FastifyInstance) {
  const { config } = app;
  app.decorate(
    'outbox',
    createOutboxWorker({
      db: app.db,
      config: config.outbox,
      log: app.log,
      secrets: app.secrets,
      gatewayUrl: config.smsGatewayUrl,
      graphApiUrl: config.graphApiUrl,
      timeZone: config.schoolTimezone,
      timeoutMs: config.outbox.sendTimeoutMs,
      clock: app.clock,
      onSent: (row) => {
        app.realtime.emitToSchool(row.schoolId, 'sms:sent', row);
        // The learner's portal gets only the id (it reads its own, masked view of the message).
        if (row.student) app.realtime.emitToStudent(row.student.id, 'sms:sent', { id: row.id });
      },
    }),
  );
  if (config.outbox.enabled) app.addHook('onReady', async () => app.outbox.start());
  return () => app.outbox.stop();
}
