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
  /** Holds the clock still where it is until the returned function is called; it then runs on from there. */
  hold(): () => void;
  /** Puts the clock at `at` and holds it there (it reads exactly `at`, not a millisecond after) until `resume`. */
  stopAt(at: Date | string): void;
  /** Lets a clock held by `stopAt` (or `hold`) run on from where it is. */
  resume(): void;
}

export function testClock(start?: Date | string): TestClock {
  let base = start ? new Date(start).getTime() : Date.now();
  let since = Date.now();
  let held = false;
  const read = () => (held ? base : base + (Date.now() - since));
  return {
    now: () => new Date(read()),
    advance(ms) {
      base += ms;
    },
    set(at) {
      base = new Date(at).getTime();
      since = Date.now();
    },
    hold() {
      base = read();
      held = true;
      return () => this.resume();
    },
    stopAt(at) {
      base = new Date(at).getTime();
      held = true;
    },
    resume() {
      if (!held) return;
      held = false;
      since = Date.now();
    },
  };
}
