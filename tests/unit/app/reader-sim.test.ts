import { afterEach, describe, expect, it, vi } from 'vitest';
import { pause, playTaps, type PlannedTap, type ReaderClient, type SimTap } from '../../../scripts/reader-sim';

/** The simulated reader of the demo and `simulate:reader`: how it goes offline and sends what it buffered. */
describe('simulated reader (playTaps)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends what it buffered offline as soon as it is back online, not at its next tap', async () => {
    vi.useFakeTimers({ now: 0 });
    const sends: Array<{ at: number; events: string[] }> = [];
    const client: ReaderClient = {
      stats: { sent: 0, replayed: 0, failed: 0, outcomes: {} },
      send: async (events: SimTap[]) => void sends.push({ at: Date.now(), events: events.map((e) => e.eventId) }),
      hello: async () => undefined,
    };
    // The last tap of the afternoon comes while the reader is offline; the next one would be the next morning.
    async function* taps(): AsyncGenerator<PlannedTap> {
      yield { cardUid: 'A1', tappedAt: new Date(0).toISOString() };
      await pause(60_000);
      yield { cardUid: 'A2', tappedAt: new Date(60_000).toISOString() };
      await pause(14 * 3_600_000);
    }
    // Always the outage when the chance allows one: none at the first tap (no time since the last), one at the second.
    const played = playTaps(taps(), client, { eventPrefix: 'gate', offline: { everyMs: 1, forMs: 8_000 }, rnd: () => 0 });
    await vi.advanceTimersByTimeAsync(60_000 + 8_000);
    expect(sends).toEqual([
      { at: 0, events: ['gate-1'] },
      { at: 68_000, events: ['gate-2'] },
    ]);
    await vi.advanceTimersByTimeAsync(14 * 3_600_000);
    await played;
    expect(sends).toHaveLength(2);
  });
});
