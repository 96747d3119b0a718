import { useEffect } from 'react';
import { Button, ErrorBanner, Skeleton, useListResource } from '@kit';
import { isAdminConsole, useCan } from '@kit/console/scope';
import { formatCalendarDate, formatSchoolTime } from '@kit/text/format';
import type { SchoolCapacity } from '@domain/devices/capacity';
import { fetchCapacity } from './api';
import { followCapacity } from './live';
import { durationText, poolText, queueText } from './capacity-text';

/** One figure of the last morning. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

function LastMorning({ c }: { c: SchoolCapacity }) {
  const m = c.lastMorning;
  if (!m) return <p className="text-sm text-gray-600">No school morning with SMS notices yet.</p>;
  const short = (m.addPhones ?? 1) > 0;
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-900">Last school morning: {formatCalendarDate(m.date)}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Figure label="Notices" value={m.notices.toLocaleString('en-US')} />
        <Figure label="Peak queue" value={m.peakQueue.toLocaleString('en-US')} />
        <Figure label="Tap to sent, p50" value={durationText(m.p50Seconds)} />
        <Figure label="Tap to sent, p95" value={durationText(m.p95Seconds)} />
        <Figure label="Expired" value={m.expired.toLocaleString('en-US')} />
        <Figure label="Phones needed" value={m.phonesNeeded == null ? 'Over 50' : String(m.phonesNeeded)} />
      </dl>
      <p
        data-testid="capacity-advice"
        className={`mt-3 rounded-md px-3 py-2 text-sm font-medium ${short ? 'bg-amber-50 text-amber-900' : 'bg-brand-50 text-brand-800'}`}
      >
        {m.advice}
      </p>
    </div>
  );
}

function Capacity({ schoolId, className }: { schoolId: number | null; className: string }) {
  const res = useListResource((signal) => fetchCapacity(schoolId, signal), `capacity:${schoolId ?? 'own'}`);
  const { reload } = res;
  useEffect(() => followCapacity(schoolId, reload), [schoolId, reload]);
  const c = res.data;
  return (
    <section aria-labelledby="capacity-title" className={`rounded-lg border border-gray-200 bg-white p-4 shadow-sm ${className}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="capacity-title" className="text-base font-semibold text-gray-900">
          SMS capacity{c && !isAdminConsole() ? `: ${c.schoolName}` : ''}
        </h2>
        <Button variant="secondary" onClick={res.reload} disabled={res.loading}>
          Refresh
        </Button>
      </div>
      <ErrorBanner message={res.error} />
      {c ? (
        <div className="space-y-4">
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-xs font-medium text-gray-600">Phones × rate</dt>
              <dd className="mt-1 text-sm font-medium text-gray-900">{poolText(c)}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-gray-600">Queue now</dt>
              <dd className="mt-1 text-sm font-medium text-gray-900">
                {queueText(c.queue.waiting, c.queue.lastGoesAt && formatSchoolTime(c.queue.lastGoesAt, c.timeZone))}
              </dd>
            </div>
          </dl>
          <LastMorning c={c} />
        </div>
      ) : res.loading ? (
        <Skeleton className="h-24 w-full" />
      ) : null}
    </section>
  );
}

/**
 * A school's SMS capacity: its phones × rate, its queue now and when the last message goes (in the school's zone),
 * and its last school morning with the phones it needed. The super admin's console shows it for the school
 * `schoolId` names (nothing without one); a school admin's for their own school, with VIEW_SMS_HISTORY.
 */
export default function CapacityPanel({ schoolId, className = '' }: { schoolId?: string | number | null; className?: string }) {
  const can = useCan();
  const id = Number(schoolId) || null;
  if (isAdminConsole() ? !can('VIEW_SMS_HISTORY') : id == null) return null;
  return <Capacity key={id ?? 'own'} schoolId={isAdminConsole() ? null : id} className={className} />;
}
