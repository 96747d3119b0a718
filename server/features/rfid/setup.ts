import type { FastifyInstance } from 'fastify';
import { createTapIntake, type TapIntake } from './taps';

declare module 'fastify' {
  interface FastifyInstance {
    /** RFID tap intake (HTTP and ZKTeco routes): concurrent requests are recorded in one transaction */
    tapIntake: TapIntake;
  }
}

/** The tap intake the reader routes share: concurrent requests are recorded in one transaction (taps.ts). */
export function setupRfid(app: FastifyInstance) {
  const { config } = app;
  app.decorate(
    'tapIntake',
    createTapIntake(
      app.db,
      app.realtime,
      {
        defaultTimeZone: config.schoolTimezone,
        debounceSeconds: config.tapDebounceSeconds,
        checkoutMinMinutes: config.checkoutMinMinutes,
        lateReplayMinutes: config.lateReplayMinutes,
        clock: app.clock,
      },
      app.log,
    ),
  );
}
