import Holidays from 'date-holidays';

/**
 * The national holidays of the Philippines between two dates, from date-holidays (maintained; it knows the movable
 * ones: Holy Week, Eid al-Fitr and Eid al-Adha). Only the `public` ones (regular holidays and the non-working
 * days it lists as public): the optional and observance days are for the school to add if it keeps them.
 */
export function philippineHolidays(start: string, end: string): Array<{ date: string; name: string }> {
  const hd = new Holidays('PH');
  const out = new Map<string, string>();
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    for (const h of hd.getHolidays(year)) {
      const date = h.date.slice(0, 10);
      if (h.type !== 'public' || date < start || date > end) continue;
      out.set(date, out.has(date) ? `${out.get(date)} / ${h.name}` : h.name);
    }
  }
  return [...out].map(([date, name]) => ({ date, name: name.slice(0, 100) })).sort((a, b) => a.date.localeCompare(b.date));
}
