import { Button } from '../ui/Button';

/** A named day range ('YYYY-MM-DD', both ends included). */
export interface DateShortcut {
  label: string;
  startDate: string;
  endDate: string;
}

const shiftMonth = (month: string, by: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => {
  const d = new Date(`${shiftMonth(month, 1)}-01T12:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};

/** Today, this month so far, and last month, from a school's today (calendar days: no time zone math). */
export function dateShortcuts(today: string): DateShortcut[] {
  const month = today.slice(0, 7);
  const last = shiftMonth(month, -1);
  return [
    { label: 'Today', startDate: today, endDate: today },
    { label: 'This month', startDate: `${month}-01`, endDate: today },
    { label: 'Last month', startDate: `${last}-01`, endDate: lastDayOf(last) },
  ];
}

/**
 * One-click date ranges for a filter bar (they apply at once with the other filters chosen); nothing until the
 * school's today is known.
 */
export function DateShortcuts({ today, onPick }: { today: string | undefined; onPick: (range: DateShortcut) => void }) {
  if (!today) return null;
  return (
    <div role="group" aria-label="Date shortcuts" className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
      {dateShortcuts(today).map((s) => (
        <Button key={s.label} size="sm" variant="secondary" onClick={() => onPick(s)}>
          {s.label}
        </Button>
      ))}
    </div>
  );
}
