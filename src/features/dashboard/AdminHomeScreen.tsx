import { useStore } from '@nanostores/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { useCan, type Needed } from '@kit/console/scope';
import { hasAnyAccess, NO_SCHOOL_MESSAGE } from '@domain/admins/console';
import { $adminAccount, NoAccessPanel } from '@features/admins';
import { CapacityPanel } from '@features/capacity';
import SchoolDayPanel from './SchoolDayPanel';
import { AbsentRunsPanel } from './AbsentRunsPanel';
import { AlarmBanner } from '@features/alarms';

/** A screen of the school admin's console, as the console's shell lists it (its sidebar's entries). */
export interface HomeTile {
  label: string;
  href: (schoolId: number) => string;
  permission: Needed;
}

/**
 * The school admin's landing screen. Without a school or any permission: why, and who can give them access
 * (NoAccessPanel). Else with VIEW_ATTENDANCE their school's day (figures, live arrivals, who is still
 * missing); a tile per screen of `screens` their permissions open.
 */
export default function AdminHomeScreen({ screens }: { screens: readonly HomeTile[] }) {
  const { admin } = useStore($adminAccount);
  const can = useCan();
  const schoolId = admin?.schoolId ?? null;
  const tiles = screens.filter(
    (i) => i.label !== 'Dashboard' && (i.permission === 'OWN_ACCOUNT' || (schoolId != null && can(i.permission))),
  );
  if (admin && !hasAnyAccess(admin.schoolId, admin.permissions)) {
    return (
      <div>
        <ScreenHeading title="Dashboard" />
        <p className="mb-6 text-gray-700">
          Welcome, {admin.firstName}. {admin.school ? `${admin.school.name} (${admin.school.acronym})` : ''}
        </p>
        <NoAccessPanel admin={admin} />
      </div>
    );
  }
  return (
    <div>
      <ScreenHeading title="Dashboard" />
      <p className="mb-6 text-gray-700">
        {admin ? `Welcome, ${admin.firstName}. ` : ''}
        {admin?.school ? `${admin.school.name} (${admin.school.acronym})` : schoolId == null && admin ? NO_SCHOOL_MESSAGE : ''}
      </p>
      {schoolId != null ? <AlarmBanner className="mb-6" /> : null}
      {schoolId != null && can('VIEW_ATTENDANCE') ? (
        <div className="mb-6 space-y-6">
          <SchoolDayPanel />
          <AbsentRunsPanel />
        </div>
      ) : null}
      {schoolId != null ? <CapacityPanel className="mb-6" /> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <a
              href={tile.href(schoolId ?? 0)}
              className="block rounded-lg border border-gray-200 bg-white p-4 font-medium text-gray-900 shadow-sm hover:border-brand-600"
            >
              {tile.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
