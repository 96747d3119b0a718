import type { FastifyInstance } from 'fastify';
import { createAlarmChecker, type AlarmChecker } from './check';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: AlarmChecker;
  }
}

/** How often the sending process checks for alarms (real time; every decision inside reads the server's clock). */
export const ALARM_CHECK_MS = 30_000;

/**
 * The alarm check runs beside the outbox worker (OUTBOX_WORKER=0 leaves it to the sending process); several
 * processes checking at once raise and clear each alarm once (sms_alarms.open_key is unique).
 */
export function setupAlarms(app: FastifyInstance) {
  const { config } = app;
  app.decorate(
    'alarms',
    createAlarmChecker({
      db: app.db,
      log: app.log,
      realtime: app.realtime,
      clock: app.clock,
      secrets: app.secrets,
      gatewayUrl: config.smsGatewayUrl,
      graphApiUrl: config.graphApiUrl,
      timeZone: config.schoolTimezone,
      timeoutMs: config.outbox.sendTimeoutMs,
      defaultZone: config.schoolTimezone,
      phoneReports: Boolean(config.smsWebhookSecret),
    }),
  );
  if (!config.outbox.enabled) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void app.alarms.check().catch((err: unknown) => app.log.error({ err }, 'SMS alarm check failed')),
      ALARM_CHECK_MS,
    );
    timer.unref();
  });
  return async () => {
    clearInterval(timer);
    await app.alarms.idle();
  };
}
