/**
 * The server's clock (app.clock): every decision that reads the time asks it — which taps are too far ahead or too
 * old, when a day's absences are marked, when an outbox row is due (claim, lease, backoff), when a notice has
 * outlived its day, Messenger's 24-hour window and an SMS device's day, sessions' idle and absolute expiry, when a
 * password-reset link or slip or an opt-in link expires, which day the dashboard calls today. It is threaded to them
 * as a dependency, never read from a global. In production it is the system clock; tests move a clock of their own
 * (tests/helpers/clock.ts); `npm run demo` runs simulated school days on a faster one (scripts/demo-clock.ts).
 *
 * Stamps that only record when something happened (createdAt, updatedAt, sentAt, log times) and the rate limits'
 * windows keep the system clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
