import { permissionSummary, type Admin } from '../../../../domain/admins';
import { StatusBadge, type Column } from '../../kit';
import { AdminAvatar } from './AdminCard';

const text = (v: string | null | undefined) => v || '-';

/** The table columns of spec §2 (the 'View' button is the table's row action). */
export const ADMIN_COLUMNS: Array<Column<Admin>> = [
  { header: 'Photo', cell: (a) => <AdminAvatar admin={a} size="sm" /> },
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
  { header: 'First Name', cell: (a) => a.firstName },
  { header: 'Last Name', cell: (a) => a.lastName },
  { header: 'Phone Number', cell: (a) => text(a.phoneNumber), className: 'whitespace-nowrap' },
  { header: 'Employee ID', cell: (a) => a.employeeId },
  { header: 'School', cell: (a) => text(a.school?.acronym) },
  { header: 'Department', cell: (a) => text(a.department) },
  { header: 'Position', cell: (a) => text(a.position) },
  { header: 'Permissions', cell: (a) => permissionSummary(a.permissions), className: 'min-w-[12rem]' },
];
