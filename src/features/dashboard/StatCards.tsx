import type { DashboardStats } from '@domain/dashboard';
import { Skeleton } from '@kit';

const CARDS: Array<{ key: keyof DashboardStats['counts']; label: string; accent: string }> = [
  { key: 'schools', label: 'Total Schools', accent: 'bg-brand-600' },
  { key: 'admins', label: 'Total Admins', accent: 'bg-blue-600' },
  { key: 'students', label: 'Total Students', accent: 'bg-amber-500' },
  { key: 'totalAttendance', label: 'Attendance Records', accent: 'bg-purple-600' },
];

/** The four stat cards "Dashboard Overview" (skeletons until the first numbers arrive). */
export function StatCards({ counts }: { counts: DashboardStats['counts'] | undefined }) {
  return <StatCardGrid cards={CARDS} values={counts} />;
}

/** A row of figure cards (the super admin's totals, a school admin's day): a skeleton until the values come. */
export function StatCardGrid<K extends string>({
  cards,
  values,
}: {
  cards: ReadonlyArray<{ key: K; label: string; accent: string }>;
  values: Record<K, number> | undefined;
}) {
  return (
    <dl aria-busy={!values || undefined} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((c) => (
        <div key={c.key} className="relative overflow-hidden rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
          <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${c.accent}`} />
          <dt className="text-sm font-medium text-gray-600">{c.label}</dt>
          <dd className="mt-2 text-3xl font-semibold tabular-nums text-gray-900">
            {values ? values[c.key].toLocaleString('en-US') : <Skeleton className="h-9 w-24" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
