import { useState } from 'react';
import { NO_ACCESS_MESSAGES } from '@domain/admins/console';
import type { AccessHelp, Admin } from '@domain/admins';
import { request } from '@kit/http';
import { Button, useListResource } from '@kit';
import { loadAdminAccount } from './account-store';

const fetchAccessHelp = (signal?: AbortSignal) =>
  request<AccessHelp>('Failed to fetch who can grant access', (api) => api.get('admin/access-help', { signal }));

/**
 * What a school admin without a school or without any permission sees instead of an empty console: why, and who
 * can give them access (a super admin, in Admin Management), with 'Check again' once they have.
 */
export function NoAccessPanel({ admin }: { admin: Admin }) {
  const help = useListResource(fetchAccessHelp, 'access-help');
  const [checking, setChecking] = useState(false);
  const superAdmins = help.data?.superAdmins ?? [];

  async function checkAgain() {
    setChecking(true);
    await loadAdminAccount();
    setChecking(false);
  }

  return (
    <section
      aria-labelledby="no-access-title"
      className="max-w-2xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-6"
    >
      <h2 id="no-access-title" className="text-lg font-semibold">
        {NO_ACCESS_MESSAGES.title}
      </h2>
      <p className="mt-2">{admin.schoolId == null ? NO_ACCESS_MESSAGES.noSchool : NO_ACCESS_MESSAGES.noPermissions}</p>
      <p className="mt-2">{NO_ACCESS_MESSAGES.whoGrants}</p>
      {superAdmins.length ? (
        <div className="mt-3">
          <p className="font-medium">Super admins:</p>
          <ul className="mt-1 space-y-1">
            {superAdmins.map((s) => (
              <li key={s.email} className="[overflow-wrap:anywhere]">
                {s.name ? `${s.name} — ` : ''}
                <a href={`mailto:${s.email}`} className="font-medium text-brand-700 underline">
                  {s.email}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-3 text-sm">Your own profile and password are under Profile meanwhile.</p>
      <Button className="mt-4" variant="secondary" onClick={() => void checkAgain()} loading={checking}>
        Check again
      </Button>
    </section>
  );
}
