/*
 * What a simulated RFID reader does, shared by the reader simulator (scripts/simulate-reader.ts) and the demo
 * (scripts/demo.ts): it picks cards (about 5% that no student holds), posts taps the way a real reader does —
 * HTTP with its token to POST /api/rfid/taps, or ZKTeco ATTLOG lines with its serial number to /iclock/cdata —
 * and now and then goes offline for a while, buffers its taps and replays them as one batch together with the
 * previous batch again (a reader that never got its answer; the server answers replays with their first results).
 * WHEN taps happen is the caller's: a stream of PlannedTap (see scripts/school-day.ts for a school day's).
 */

/** A tap before the reader numbers it. */
export interface PlannedTap {
  cardUid: string;
  tappedAt: string;
}
export interface SimTap extends PlannedTap {
  eventId: string;
}

export type ReaderLink =
  { url: string; kind: 'HTTP'; token: string } | { url: string; kind: 'ZKTECO'; serial: string; timeZone: string };

export interface SimStats {
  sent: number;
  replayed: number;
  failed: number;
  outcomes: Record<string, number>;
}

/** What the server answered for one tap (HTTP readers; ZKTeco's protocol answers only `OK`). */
export interface TapAnswer {
  eventId: string;
  outcome: string;
  replayed: boolean;
  studentId: number | null;
}

/** Share of taps by cards no student holds (a visitor's card, a lost card found): they must show, not fail. */
export const UNKNOWN_CARD_SHARE = 0.05;

export const randomUnknownCard = (rnd = Math.random) =>
  Math.floor(rnd() * 0xffffffff)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');

/** A student's card, or now and then an unknown one. */
export const pickCard = (cards: string[], rnd = Math.random) =>
  rnd() < UNKNOWN_CARD_SHARE || cards.length === 0 ? randomUnknownCard(rnd) : cards[Math.floor(rnd() * cards.length)]!;

/** ZKTeco terminals print local time: YYYY-MM-DD HH:MM:SS in the school's zone. */
export function zkStamp(d: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

export interface ReaderClient {
  stats: SimStats;
  /** Posts events as one request (one tap, or a batch for a replay); failures are counted, not thrown. */
  send(events: SimTap[]): Promise<void>;
  /** The handshake a ZKTeco terminal makes when it starts (nothing for HTTP readers). */
  hello(): Promise<void>;
}

export function readerClient(
  link: ReaderLink,
  hooks: { onAnswer?: (tap: SimTap, answer: TapAnswer) => void; onError?: (err: unknown) => void } = {},
): ReaderClient {
  const stats: SimStats = { sent: 0, replayed: 0, failed: 0, outcomes: {} };
  let stamp = 0;

  async function post(events: SimTap[]) {
    if (link.kind === 'ZKTECO') {
      const body = events.map((e) => `${e.cardUid}\t${zkStamp(new Date(e.tappedAt), link.timeZone)}\t0\t1\t0\t0`).join('\n');
      const res = await fetch(`${link.url}/iclock/cdata?SN=${link.serial}&table=ATTLOG&Stamp=${++stamp}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`ATTLOG ${res.status}`);
      stats.sent += events.length;
      return;
    }
    const res = await fetch(`${link.url}/api/rfid/taps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${link.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(events.length === 1 ? events[0] : { events }),
    });
    const json = (await res.json().catch(() => ({}))) as { data?: TapAnswer & { results?: TapAnswer[] }; message?: string };
    if (!res.ok || !json.data) throw new Error(`/api/rfid/taps: ${res.status} ${json.message ?? ''}`);
    const answers = json.data.results ?? [json.data];
    for (const a of answers) {
      stats.sent += 1;
      if (a.replayed) stats.replayed += 1;
      stats.outcomes[a.outcome] = (stats.outcomes[a.outcome] ?? 0) + 1;
      const tap = events.find((e) => e.eventId === a.eventId);
      if (tap) hooks.onAnswer?.(tap, a);
    }
  }

  return {
    stats,
    async send(events) {
      try {
        await post(events);
      } catch (err) {
        stats.failed += events.length;
        hooks.onError?.(err);
      }
    },
    async hello() {
      if (link.kind === 'ZKTECO')
        await fetch(`${link.url}/iclock/cdata?SN=${link.serial}&options=all`).then((r) => r.arrayBuffer());
    },
  };
}

/**
 * Plays a stream of taps through a reader, numbering them `${eventPrefix}-1, -2, …`. With `offline`, the reader
 * drops off the network about every `everyMs` for `forMs`: taps meanwhile are buffered and, as soon as it is back
 * online (not at its next tap, which may be the next morning), replayed in one batch (≤ 500) with the previous batch
 * again. Ends when the stream does (the buffer is sent).
 */
export async function playTaps(
  taps: AsyncIterable<PlannedTap>,
  client: ReaderClient,
  opts: { eventPrefix: string; offline?: { everyMs: number; forMs: number } | null; rnd?: () => number },
): Promise<void> {
  const rnd = opts.rnd ?? Math.random;
  let seq = 0;
  let offlineUntil = 0;
  let lastTapAt = Date.now();
  let buffer: SimTap[] = [];
  let lastBatch: SimTap[] = [];
  const replay = async () => {
    await client.send([...lastBatch, ...buffer].slice(-500));
    lastBatch = buffer;
    buffer = [];
  };
  // Sends go one after another, whether the loop or the back-online timer makes them.
  let queue: Promise<void> = Promise.resolve();
  const inTurn = (send: () => Promise<void>) => (queue = queue.catch(() => undefined).then(send));
  const replayBuffered = () => inTurn(async () => (buffer.length ? replay() : undefined));
  for await (const planned of taps) {
    const tap = { eventId: `${opts.eventPrefix}-${++seq}`, ...planned };
    const now = Date.now();
    if (now < offlineUntil) {
      buffer.push(tap);
      continue;
    }
    await replayBuffered();
    // The chance of going offline in the time since the last tap, so outages come about every `everyMs`.
    if (opts.offline && rnd() < 1 - Math.exp(-(now - lastTapAt) / opts.offline.everyMs)) {
      offlineUntil = now + opts.offline.forMs;
      // Back online, the reader sends what it buffered at once (a failed send is tried again at the next tap).
      setTimeout(() => void replayBuffered().catch(() => undefined), opts.offline.forMs).unref();
    }
    lastTapAt = now;
    if (now < offlineUntil) buffer.push(tap);
    else await inTurn(() => client.send([tap]));
  }
  await replayBuffered();
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
