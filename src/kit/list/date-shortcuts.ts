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
