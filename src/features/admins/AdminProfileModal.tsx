import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $permissionCatalogue, adminForm, adminPictureError, saveAdmin, type AdminForm } from './store';
import { ADMIN_ROLES, adminFullName, matchingRole, type Admin } from '@domain/admins';
import { Avatar, Button, ErrorBanner, LoadingState, Modal, SuccessOverlay, usePictureInput, ZoomableImage } from '@kit';
import { useFormState } from '@kit/form/useFormState';
import { AdminFields, NOT_ASSIGNED } from './AdminFields';
import { PermissionChecklist } from './PermissionChecklist';
import { ResetSlipButton } from '@features/auth';

/** Every catalogue permission with the admin's value (names added by a later sync start off). */
const permissionsOf = (admin: Admin, names: string[]) => Object.fromEntries(names.map((n) => [n, admin.permissions[n] === true]));

/** The role whose permissions the admin has exactly, 'Custom', or 'No permissions'. */
function roleName(permissions: Record<string, boolean>): string {
  const role = matchingRole(permissions);
  if (role) return ADMIN_ROLES[role].label;
  return Object.values(permissions).some(Boolean) ? 'Custom' : 'No permissions';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-gray-900">{children || '-'}</dd>
    </div>
  );
}

/**
 * Admin Profile: view mode first; 'Edit Admin' toggles editing of the details and the
 * permissions; saving shows an overlay for 2 s, then the modal closes (the list has been reloaded).
 */
export function AdminProfileModal({
  admin,
  startEditing,
  onClose,
}: {
  admin: Admin | null;
  startEditing: boolean;
  onClose: () => void;
}) {
  // Keyed by id only: the list reloads while the success overlay shows, and that must not restart the form.
  return admin ? <AdminProfile key={admin.id} admin={admin} startEditing={startEditing} onClose={onClose} /> : null;
}

function AdminProfile({ admin, startEditing, onClose }: { admin: Admin; startEditing: boolean; onClose: () => void }) {
  const formId = useId();
  const { permissions: catalogue, error: catalogueError } = useStore($permissionCatalogue);
  const names = (catalogue ?? []).map((p) => p.name);
  const [editing, setEditing] = useState(startEditing);
  const form = useFormState<AdminForm>(adminForm(admin, names.length ? names : undefined));
  const [done, setDone] = useState<string | null>(null);
  const picture = usePictureInput(adminPictureError);

  /** Into edit mode (on) from the saved values, or back to view mode (off) dropping the edits. */
  function toggleEditing(on: boolean) {
    form.reset(adminForm(admin, names.length ? names : undefined));
    picture.reset();
    setEditing(on);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(() => saveAdmin(admin, form.values, picture.file));
    if (result?.ok) setDone(result.message);
  }

  // View mode: the saved permissions over every catalogue permission, boxes inactive (the form has its own).
  const checklist = catalogue ? (
    <PermissionChecklist catalogue={catalogue} value={permissionsOf(admin, names)} onChange={() => undefined} disabled />
  ) : catalogueError ? (
    <ErrorBanner message={catalogueError} />
  ) : (
    <LoadingState rows={3} label="Loading permissions..." />
  );

  // Distinct keys: React must not turn the clicked 'Edit Admin' button into the submit button mid-click
  // (the browser would then submit the form that the same click just opened).
  const footer = editing ? (
    <>
      <Button key="cancel" variant="secondary" onClick={() => toggleEditing(false)} disabled={form.saving}>
        Cancel
      </Button>
      <Button key="save" type="submit" form={formId} loading={form.saving} disabled={done !== null}>
        {form.saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </>
  ) : (
    <>
      <ResetSlipButton path={`super-admin/admins/${admin.id}/reset-slip`} accountName={adminFullName(admin)} />
      <Button key="close" variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button key="edit" onClick={() => toggleEditing(true)}>
        Edit Admin
      </Button>
    </>
  );

  return (
    <Modal open onClose={onClose} title="Admin Profile" size="xl" footer={footer}>
      {editing ? (
        <form id={formId} noValidate onSubmit={submit} className="space-y-5">
          <ErrorBanner message={form.message} />
          <AdminFields mode="edit" form={form} picture={picture} currentPictureUrl={admin.profilePictureUrl} />
        </form>
      ) : (
        <div className="space-y-5">
          <div className="flex items-center gap-4">
            <ZoomableImage src={admin.profilePictureUrl} alt={`Profile picture of ${adminFullName(admin)}`}>
              <Avatar src={admin.profilePictureUrl} firstName={admin.firstName} lastName={admin.lastName} size="lg" />
            </ZoomableImage>
            <div>
              <p className="text-lg font-semibold text-gray-900">{adminFullName(admin)}</p>
              <p className="text-sm text-gray-600">{admin.email}</p>
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Email">{admin.email}</Detail>
            <Detail label="Phone Number">{admin.phoneNumber}</Detail>
            <Detail label="Employee ID">{admin.employeeId}</Detail>
            <Detail label="Department">{admin.department}</Detail>
            <Detail label="Position">{admin.position}</Detail>
            <Detail label="School">{admin.school ? `${admin.school.name} (${admin.school.acronym})` : NOT_ASSIGNED}</Detail>
            <Detail label="Role">{roleName(admin.permissions)}</Detail>
          </dl>
          {checklist}
        </div>
      )}
      {done ? <SuccessOverlay message={done} onDone={onClose} /> : null}
    </Modal>
  );
}
