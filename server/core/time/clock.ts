/**
 * The school clock: what time it is at the schools, for the decisions that follow the school day — which taps
 * are too far ahead or too old, when a day's absences are marked, when an attendance notice has outlived its
 * day, which day the dashboard calls today. In production it is the system clock. `npm run demo` runs its
 * simulated school days on a shifted one (scripts/demo-clock.ts), so a demo started at any hour shows
 * arrivals, late arrivals, absences and check-outs.
 *
 * Record-keeping stamps (createdAt, sentAt, sessions, backoff, webhook tokens, rate limits) keep the system
 * clock: they say when something really happened, and their security checks must not follow a simulation.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
