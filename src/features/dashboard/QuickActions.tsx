import { ICONS } from '@kit/display/icons';

/** Quick Actions: tiles to Admins, Schools, Logs and Profile (icons shared with the sidebar). */
const TILES = [
  { label: 'Admins', hint: 'Manage admin accounts', href: '/super-admin/admin-management', icon: ICONS.admins },
  { label: 'Schools', hint: 'Schools and contracts', href: '/super-admin/schools', icon: ICONS.schools },
  { label: 'Logs', hint: 'System activity log', href: '/super-admin/system-logs', icon: ICONS.logs },
  { label: 'Profile', hint: 'Your account', href: '/super-admin/profile', icon: ICONS.profile },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="quick-actions-heading" className="mb-3 text-base font-semibold text-gray-900">
        Quick Actions
      </h2>
      <ul className="grid grid-cols-2 gap-3">
        {TILES.map((t) => (
          <li key={t.href}>
            <a
              href={t.href}
              className="flex h-full flex-col items-start gap-2 rounded-lg border border-gray-200 p-3 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-6 w-6 text-brand-700"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={t.icon} />
              </svg>
              <span className="text-sm font-semibold text-gray-900">{t.label}</span>
              <span className="text-xs text-gray-600">{t.hint}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
