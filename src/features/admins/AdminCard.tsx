import { adminFullName, type Admin } from '@domain/admins';
import { Avatar, Button, StatusBadge, ZoomableImage } from '@kit';

/** The picture (click → full size) or initials of an admin. */
export function AdminAvatar({ admin, size = 'md' }: { admin: Admin; size?: 'sm' | 'md' }) {
  return (
    <ZoomableImage src={admin.profilePictureUrl} alt={`Profile picture of ${adminFullName(admin)}`}>
      <Avatar src={admin.profilePictureUrl} firstName={admin.firstName} lastName={admin.lastName} size={size} />
    </ZoomableImage>
  );
}

export interface AdminActions {
  onView: (admin: Admin) => void;
  onEdit: (admin: Admin) => void;
  onDelete: (admin: Admin) => void;
  onReactivate: (admin: Admin) => void;
}

/** One admin as a card: avatar or initials, name, email, employee id, school acronym, position; View, Edit, Delete. */
export function AdminCard({ admin, onView, onEdit, onDelete, onReactivate }: { admin: Admin } & AdminActions) {
  const name = adminFullName(admin);
  return (
    <article aria-label={name} className="flex h-full flex-col gap-4">
      <div className="flex items-start gap-3">
        <AdminAvatar admin={admin} />
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-gray-900">{name}</h2>
          <p className="truncate text-sm text-gray-600">{admin.email}</p>
          {admin.isActive ? null : (
            <p className="mt-1">
              <StatusBadge kind="active" value={false} />
            </p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">Employee ID</dt>
        <dd className="truncate text-gray-900">{admin.employeeId}</dd>
        <dt className="text-gray-500">School</dt>
        <dd className="truncate text-gray-900">{admin.school?.acronym ?? '-'}</dd>
        <dt className="text-gray-500">Position</dt>
        <dd className="truncate text-gray-900">{admin.position ?? '-'}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => onView(admin)} aria-label={`View ${name}`}>
          View
        </Button>
        {admin.isActive ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => onEdit(admin)} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={() => onDelete(admin)} aria-label={`Delete ${name}`}>
              Delete
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={() => onReactivate(admin)} aria-label={`Reactivate ${name}`}>
            Reactivate
          </Button>
        )}
      </div>
    </article>
  );
}
