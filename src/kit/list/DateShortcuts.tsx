import { Button } from '../ui/Button';
import { dateShortcuts, type DateShortcut } from './date-shortcuts';

export { dateShortcuts, type DateShortcut } from './date-shortcuts';

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
