/*
 * The demo's shifted school clock: simulated school days played `rate` times faster than real time,
 * showing only the parts of each day where something happens — the morning (arrivals, late arrivals, the 10:00
 * absence cutoff) and the afternoon (check-outs) — and skipping the hours between and the night. So a demo started
 * at any hour shows a whole school day within minutes, then the next one, for as long as it runs.
 *
 * The server reads it as its school clock (server/core/time/clock.ts); the demo's readers wait on it (msUntil).
 */
import type { Clock } from '@core/time/clock';
import { addDays, localDateTime } from '@core/time/time';

/** A part of each school day the clock shows, as local 'HH:MM' times. */
export interface ShownSpan {
  from: string;
  to: string;
}

/** Arrivals from 06:30, late ones until about 08:30, the absence cutoff at 10:00; departures 16:00–17:15. */
export const DEMO_SPANS: ShownSpan[] = [
  { from: '06:20', to: '10:20' },
  { from: '15:50', to: '17:30' },
];

export interface DemoClock extends Clock {
  /** Real milliseconds until this clock shows `instant` (0 once it has). */
  msUntil(instant: number): number;
}

interface Segment {
  start: number;
  end: number;
  /** Simulated milliseconds shown before this segment. */
  before: number;
}

export function demoClock(opts: {
  timeZone: string;
  /** 'YYYY-MM-DD': the first simulated day */
  firstDay: string;
  /** 'HH:MM' on the first day where the clock starts (inside a shown span, or it starts at the next one) */
  startAt: string;
  rate: number;
  spans?: ShownSpan[];
  /** The real clock it runs on (tests pass their own). */
  realNow?: () => number;
}): DemoClock {
  const spans = opts.spans ?? DEMO_SPANS;
  const realNow = opts.realNow ?? Date.now;
  const realStart = realNow();
  const segments: Segment[] = [];
  let nextDay = opts.firstDay;

  function addDay() {
    for (const span of spans) {
      const start = localDateTime(nextDay, span.from, opts.timeZone).getTime();
      const end = localDateTime(nextDay, span.to, opts.timeZone).getTime();
      const last = segments[segments.length - 1];
      segments.push({ start, end, before: last ? last.before + (last.end - last.start) : 0 });
    }
    nextDay = addDays(nextDay, 1);
  }
  /** The segment shown at simulated elapsed time `shown`. */
  function segmentAtShown(shown: number): Segment {
    for (;;) {
      const last = segments[segments.length - 1];
      if (last && last.before + (last.end - last.start) > shown) break;
      addDay();
    }
    let i = segments.length - 1;
    while (segments[i]!.before > shown) i -= 1;
    return segments[i]!;
  }
  /** The segment holding `instant`, or the first one after it. */
  function segmentAtOrAfter(instant: number): Segment {
    while (!segments.length || segments[segments.length - 1]!.end <= instant) addDay();
    return segments.find((s) => s.end > instant)!;
  }
  const shownAt = (instant: number) => {
    const s = segmentAtOrAfter(instant);
    return s.before + Math.max(0, instant - s.start);
  };
  const offset = shownAt(localDateTime(opts.firstDay, opts.startAt, opts.timeZone).getTime());

  return {
    now() {
      const shown = offset + (realNow() - realStart) * opts.rate;
      const s = segmentAtShown(shown);
      return new Date(s.start + (shown - s.before));
    },
    msUntil(instant) {
      return Math.max(0, realStart + (shownAt(instant) - offset) / opts.rate - realNow());
    },
  };
}
