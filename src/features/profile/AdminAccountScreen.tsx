import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { ScreenHeading } from '@kit/display/ScreenHeading';
import { Button } from '@kit/ui/Button';
import { ErrorBanner } from '@kit/ui/ErrorBanner';
import { formatDateTime } from '@kit/text/format';
import { permissionLabel } from '@domain/admins';
import { $adminAccount, loadAdminAccount } from '@features/admins';
import { ChangePasswordModal } from './ChangePasswordModal';

/** The school admin's own profile: who they are, their school and permissions, and their password. */
export default function AdminAccountScreen() {
  const { admin, error } = useStore($adminAccount);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const allowed = admin ? Object.entries(admin.permissions).filter(([, on]) => on) : [];
  const rows: Array<[string, string]> = admin
    ? [
        ['Name', `${admin.firstName} ${admin.lastName}`],
        ['Email', admin.email],
        ['Employee ID', admin.employeeId],
        ['School', admin.school ? `${admin.school.name} (${admin.school.acronym})` : 'Not Assigned'],
        ['Department', admin.department ?? '-'],
        ['Position', admin.position ?? '-'],
        ['Created', formatDateTime(admin.createdAt)],
      ]
    : [];
  return (
    <div>
      <ScreenHeading title="My Profile">
        <Button variant="secondary" onClick={() => setPasswordOpen(true)} disabled={!admin}>
          Change Password
        </Button>
      </ScreenHeading>
      {error ? (
        <div className="mb-4 space-y-2">
          <ErrorBanner message={error} />
          <Button variant="secondary" size="sm" onClick={() => void loadAdminAccount()}>
            Try Again
          </Button>
        </div>
      ) : null}
      {admin ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <dl className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="flex flex-wrap justify-between gap-2 border-b border-gray-100 py-2 last:border-0">
                <dt className="text-sm text-gray-500">{label}</dt>
                <dd className="min-w-0 text-sm font-medium text-gray-900 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <h2 className="mb-2 font-semibold text-gray-900">Permissions</h2>
            {allowed.length ? (
              <ul className="flex flex-wrap gap-2">
                {allowed.map(([name]) => (
                  <li key={name} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                    {permissionLabel(name)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-500">Disabled</p>
            )}
          </section>
        </div>
      ) : null}
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}
