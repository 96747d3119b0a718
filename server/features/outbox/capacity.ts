/**
 * How many phones a school needs: a replay of a morning's notices through n phones that each send one message
 * every 60 / rate seconds (as httpSMS paces a phone), most urgent first by arrival. Pure: the numbers shown on
 * the dashboard and in Device Management, and the rush benchmark's prediction, come from here.
 */

/** A notice as the replay sees it: when it was queued (ms), and whether it may expire (check-in and check-out). */
export interface QueuedNotice {
  at: number;
  expires: boolean;
}

export interface Replay {
  /** Delay from queued to sent of each notice sent, ms, in the order they were sent. */
  delays: number[];
  /** Notices not sent because they would have gone out later than the longest allowed delay. */
  expired: number;
  /** The most notices waiting at once. */
  peakQueue: number;
}

/** The p-th percentile (0–100) of `values` by the nearest-rank rule; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Replays `notices` (any order) through `phones` phones at `ratePerMinute` each. A notice goes to the phone free
 * soonest, in the order the notices arrived; one that may expire and would be sent more than `maxDelayMs` after
 * it was queued is dropped (it costs no phone time), as the outbox expires it.
 */
export function replay(notices: readonly QueuedNotice[], phones: number, ratePerMinute: number, maxDelayMs: number): Replay {
  const gap = 60_000 / ratePerMinute;
  const free = Array.from({ length: Math.max(0, phones) }, () => -Infinity);
  const queue = [...notices].sort((a, b) => a.at - b.at);
  const delays: number[] = [];
  /** When each notice leaves the queue: sent, or expired; a notice that can neither stays. */
  const leaves: number[] = [];
  let expired = 0;
  for (const notice of queue) {
    let phone = -1;
    for (let i = 0; i < free.length; i++) if (phone < 0 || free[i]! < free[phone]!) phone = i;
    const send = phone < 0 ? Infinity : Math.max(notice.at, free[phone]! + gap);
    if (notice.expires && send - notice.at > maxDelayMs) {
      expired++;
      leaves.push(notice.at + maxDelayMs);
      continue;
    }
    if (phone < 0) continue;
    free[phone] = send;
    delays.push(send - notice.at);
    leaves.push(send);
  }
  return {
    delays,
    expired,
    peakQueue: peakWaiting(
      queue.map((n) => n.at),
      leaves,
    ),
  };
}

/**
 * The most notices in the queue at once, from their arrivals (ascending) and the times they left (any order);
 * notices arriving at an instant count before those leaving at it.
 */
export function peakWaiting(arrivals: readonly number[], leaves: readonly number[]): number {
  const out = [...leaves].sort((a, b) => a - b);
  let peak = 0;
  let left = 0;
  arrivals.forEach((at, i) => {
    while (left < out.length && out[left]! < at) left++;
    peak = Math.max(peak, i + 1 - left);
  });
  return peak;
}

/**
 * The fewest phones (up to `most`) at `ratePerMinute` that would have kept the 95th percentile from queued to sent
 * under `targetMs` for these notices, with none expired; null when even `most` would not.
 */
export function phonesNeeded(
  notices: readonly QueuedNotice[],
  ratePerMinute: number,
  targetMs: number,
  maxDelayMs: number,
  most = 50,
): number | null {
  if (!notices.length) return 0;
  for (let n = 1; n <= most; n++) {
    const r = replay(notices, n, ratePerMinute, maxDelayMs);
    if (r.expired === 0 && (percentile(r.delays, 95) ?? 0) <= targetMs) return n;
  }
  return null;
}
