import { addDays, startOfLocalDay } from './time';

/**
 * A calendar-day filter as UTC instants, inclusive at both ends: from the start of `startDate` to the
 * end of `endDate` (exclusive upper bound = the start of the next day), with day boundaries in the
 * school time zone. Compare ISO timestamp columns with `>= from` and `< until`.
 */
export function dayRangeUtc(
  startDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
): { from?: string; until?: string } {
  return {
    from: startDate ? startOfLocalDay(startDate, timeZone).toISOString() : undefined,
    until: endDate ? startOfLocalDay(addDays(endDate, 1), timeZone).toISOString() : undefined,
  };
}
