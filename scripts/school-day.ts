/*
 * A school day's taps at realistic local times, for the demo and `simulate:reader --school-day`. For each card:
 * an arrival in the morning rush before the school's late cutoff (about 15% after it: LATE; about 4% never come, at least one a day),
 * sometimes a second tap seconds later (DEBOUNCED), and a departure in the afternoon (CHECK_OUT; about 10% leave
 * without tapping); plus a few cards no student holds during the morning. Times are the school's local times,
 * so the server's rules (late cutoff, check-out window) decide them as they would a real day's.
 */
import { addDays, localDate, localDateTime } from '@core/time/time';
import { pause, randomUnknownCard, UNKNOWN_CARD_SHARE, type PlannedTap } from './reader-sim';

export interface DayRules {
  timeZone: string;
  /** 'HH:MM' local */
  lateCutoff: string;
}

const MIN = 60_000;

/** Every tap of `date` for these cards, in time order. */
export function planSchoolDay(date: string, cards: string[], rules: DayRules, rnd = Math.random): PlannedTap[] {
  const cutoff = localDateTime(date, rules.lateCutoff, rules.timeZone).getTime();
  const taps: Array<{ cardUid: string; at: number }> = [];
  const at = (cardUid: string, t: number) => taps.push({ cardUid, at: Math.round(t) });
  // At least one card a day stays away, so every simulated day shows an absence.
  const away = cards[Math.floor(rnd() * cards.length)];
  for (const card of cards) {
    if (card === away || rnd() < 0.04) continue;
    // On time: up to 75 minutes early, most of them in the last half hour (the product of two uniforms leans to 0).
    const arrival = rnd() < 0.15 ? cutoff + (1 + rnd() * 40) * MIN : cutoff - (1 + rnd() * rnd() * 74) * MIN;
    at(card, arrival);
    if (rnd() < 0.1) at(card, arrival + (5 + rnd() * 35) * 1000);
    const departure = cutoff + (8.25 * 60 + rnd() * 75) * MIN;
    // A school whose late cutoff is in the afternoon would see "departures" after midnight: the next day's check-ins.
    if (rnd() < 0.9 && localDate(new Date(departure), rules.timeZone) === date) at(card, departure);
  }
  const unknown = Math.max(1, Math.round(cards.length * UNKNOWN_CARD_SHARE));
  for (let i = 0; i < unknown; i += 1) at(randomUnknownCard(rnd), cutoff - (75 - rnd() * 115) * MIN);
  return taps.sort((a, b) => a.at - b.at).map((t) => ({ cardUid: t.cardUid, tappedAt: new Date(t.at).toISOString() }));
}

/** The day before today in a zone: a whole school day that is over, whatever the time now. */
export const yesterday = (timeZone: string, now = new Date()) => addDays(localDate(now, timeZone), -1);

/** How long to wait (real ms) before the tap planned at `at` (ms) is sent. */
export type Pacer = (at: number) => number;

/**
 * Past taps replayed `speed` times faster than real (the wait between two taps is their gap divided by `speed`, at
 * most `maxGapMs`, so a lunch break or a night takes seconds) but never ahead of the clock: a tap whose time has
 * not come waits for it, since the server refuses taps more than 5 minutes ahead. So the past is replayed quickly
 * and the present runs live (`simulate:reader --school-day`, against a server on the real clock).
 */
export function replayPacer(speed: number, maxGapMs = 3000): Pacer {
  let prev: number | null = null;
  return (at) => {
    const gap = prev === null ? 0 : Math.min(Math.max(0, at - prev) / speed, maxGapMs);
    prev = at;
    return Math.max(gap, at - Date.now());
  };
}

/** School days from `firstDay` on, each tap sent when `pace` says. Ends when `signal` aborts. */
export async function* schoolDays(opts: {
  firstDay: string;
  cards: string[];
  rules: DayRules;
  pace: Pacer;
  signal?: AbortSignal;
  rnd?: () => number;
}): AsyncGenerator<PlannedTap> {
  for (let day = opts.firstDay; !opts.signal?.aborted; day = addDays(day, 1)) {
    for (const tap of planSchoolDay(day, opts.cards, opts.rules, opts.rnd)) {
      await pause(opts.pace(Date.parse(tap.tappedAt)), opts.signal);
      if (opts.signal?.aborted) return;
      yield tap;
    }
  }
}
