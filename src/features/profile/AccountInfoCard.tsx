import type { ReactNode } from 'react';
import type { Profile } from '@domain/auth';
import { accessLevelName } from '@domain/auth/roles';
import { formatDateTime } from '@kit/text/format';

/** Profile "Account Information": status, access level, id, created, last updated. */
export function AccountInfoCard({ profile }: { profile: Profile }) {
  const rows: Array<[string, ReactNode]> = [
    [
      'Status',
      <span
        key="status"
        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${profile.isActive ? 'bg-brand-100 text-brand-800' : 'bg-red-100 text-red-700'}`}
      >
        {profile.isActive ? 'Active' : 'Inactive'}
      </span>,
    ],
    ['Access Level', accessLevelName(profile.accessLevel)],
    ['Account ID', profile.id],
    ['Created', formatDateTime(profile.createdAt)],
    ['Last Updated', formatDateTime(profile.updatedAt)],
  ];
  return (
    <section aria-labelledby="account-info-title" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="account-info-title" className="text-lg font-semibold text-gray-900">
        Account Information
      </h2>
      <dl className="mt-4 divide-y divide-gray-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-gray-500">{label}</dt>
            <dd className="text-right font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
