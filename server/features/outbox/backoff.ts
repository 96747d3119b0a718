/**
 * Retry delay of the n-th failed attempt (1-based): base · 2^(n-1), capped at max, with "equal jitter"
 * (a random point in the upper half) so many messages failing together do not retry together.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random());
}

/** A rate-limited call (Graph API 4/613, gateway 429) waits longer: the limit is per minute or per hour. */
export const RATE_LIMIT_FACTOR = 4;
