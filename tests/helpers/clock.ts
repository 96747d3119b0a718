import type { Clock } from '@core/time/clock';

/**
 * The server's clock as a test moves it (createTestApp(overrides, { clock })): it runs on with real time from where
 * it was set, so what waits on real timers (the worker's polls, a lease's renewal) still sees time pass, and the test
 * jumps it forward with `advance` or to an instant with `set` instead of sleeping until the time has come.
 */
export interface TestClock extends Clock {
  /** Moves the clock `ms` forward (backward when negative). */
  advance(ms: number): void;
  /** Puts the clock at `at`; it runs on from there. */
  set(at: Date | string): void;
}

export function testClock(start?: Date | string): TestClock {
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    set(at) {
      offset = new Date(at).getTime() - Date.now();
    },
  };
  if (start) clock.set(start);
  return clock;
}
