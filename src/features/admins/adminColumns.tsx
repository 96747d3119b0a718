import { permissionSummary, type Admin } from '@domain/admins';
import { StatusBadge, type Column } from '@kit';
import { AdminAvatar } from './AdminCard';

const text = (v: string | null | undefined) => v || '-';

/** The table columns (the 'View' button is the table's row action). */
export const ADMIN_COLUMNS: Array<Column<Admin>> = [
  { header: 'Photo', cell: (a) => <AdminAvatar admin={a} size="sm" />, detail: 'sm' },
  {
    header: 'Email',
    cell: (a) => (
      <>
        <span className="block min-w-[12rem] [overflow-wrap:anywhere]">{a.email}</span>
        {a.isActive ? null : (
          <span className="mt-1 block">
            <StatusBadge kind="active" value={false} />
          </span>
        )}
      </>
    ),
  },
  { header: 'First Name', cell: (a) => a.firstName, detail: 'md' },
  { header: 'Last Name', cell: (a) => a.lastName, detail: 'md' },
  { header: 'Phone Number', cell: (a) => text(a.phoneNumber), className: 'whitespace-nowrap', detail: '2xl' },
  { header: 'Employee ID', cell: (a) => a.employeeId, detail: '2xl' },
  { header: 'School', cell: (a) => text(a.school?.acronym), detail: 'md' },
  { header: 'Department', cell: (a) => text(a.department), detail: '2xl' },
  { header: 'Position', cell: (a) => text(a.position), detail: '2xl' },
  { header: 'Permissions', cell: (a) => permissionSummary(a.permissions), className: 'min-w-[12rem]', detail: 'lg' },
];
