import { useStore } from '@nanostores/react';
import { ADMIN_NAV_ITEMS, NAV_ITEMS } from '../nav';
import type { RouteName } from '../router';
import { $consoleAccess, can, type ConsoleAccess } from '@kit/console/scope';

/** The console's entries: the super admin's, or the school admin's that their permissions allow. */
function navItems(access: ConsoleAccess): Array<{ label: string; href: string; routes: RouteName[]; icon: string }> {
  if (access.kind === 'superAdmin') return NAV_ITEMS;
  const schoolId = access.schoolId;
  return ADMIN_NAV_ITEMS.filter(
    (item) => item.permission === 'OWN_ACCOUNT' || (schoolId != null && can(item.permission, access)),
  ).map((item) => ({ ...item, href: item.href(schoolId ?? 0) }));
}

function Icon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 flex-none"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** The sidebar entries plus Logout; used in the desktop rail and the mobile slide-in menu. */
export function SidebarNav({
  current,
  onNavigate,
  onLogout,
}: {
  current: RouteName | undefined;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const access = useStore($consoleAccess);
  return (
    <nav aria-label={access.kind === 'admin' ? 'School admin' : 'Super admin'} className="flex h-full flex-col gap-1 p-3">
      {navItems(access).map((item) => {
        const active = current !== undefined && item.routes.includes(current);
        return (
          <a
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
              active ? 'bg-brand-700 text-white' : 'text-gray-200 hover:bg-gray-800 hover:text-white'
            }`}
          >
            <Icon d={item.icon} />
            {item.label}
          </a>
        );
      })}
      <button
        type="button"
        onClick={onLogout}
        className="mt-auto flex items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-200 hover:bg-red-700 hover:text-white"
      >
        <Icon d="M15 12H3m12 0l-4-4m4 4l-4 4m6-12h4v16h-4" />
        Logout
      </button>
    </nav>
  );
}
