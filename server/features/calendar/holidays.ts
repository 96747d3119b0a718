import Holidays from 'date-holidays';

/** A day the year's holiday load adds: a regular holiday, or a special non-working day (the school may lift it). */
export interface LoadedHoliday {
  date: string;
  name: string;
  special: boolean;
}

/**
 * The holidays of the Philippines between two dates, from date-holidays (maintained; it knows the movable ones: Holy
 * Week, Eid al-Fitr and Eid al-Adha). Its `public` days are the regular holidays; its `optional` ones are the
 * special non-working days (All Saints' and All Souls' Days, the Immaculate Conception, Christmas and New Year's
 * Eves, Black Saturday, Chinese New Year, Ninoy Aquino Day). Observances are not days off.
 */
export function philippineHolidays(start: string, end: string): LoadedHoliday[] {
  const hd = new Holidays('PH');
  const out = new Map<string, LoadedHoliday>();
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    for (const h of hd.getHolidays(year)) {
      const date = h.date.slice(0, 10);
      if ((h.type !== 'public' && h.type !== 'optional') || date < start || date > end) continue;
      const special = h.type === 'optional';
      const had = out.get(date);
      // A regular holiday wins over a special day on the same date.
      if (had) out.set(date, { date, name: `${had.name} / ${h.name}`, special: had.special && special });
      else out.set(date, { date, name: h.name, special });
    }
  }
  return [...out.values()].map((h) => ({ ...h, name: h.name.slice(0, 100) })).sort((a, b) => a.date.localeCompare(b.date));
}
