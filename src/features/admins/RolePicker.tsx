import { ADMIN_ROLE_IDS, ADMIN_ROLES, matchingRole, rolePermissions, type AdminRoleId, type Permission } from '@domain/admins';
import { SelectField } from '@kit';

const CUSTOM = 'CUSTOM';

/**
 * The role an admin starts from: choosing one ticks its permissions (editable below before saving) and, when the
 * Position is blank or another role's name, fills it. Permissions that match no role read 'Custom'.
 */
export function RolePicker({
  catalogue,
  permissions,
  position,
  onChange,
  disabled,
}: {
  catalogue: Permission[];
  permissions: Record<string, boolean>;
  position: string;
  onChange: (patch: { permissions: Record<string, boolean>; position?: string }) => void;
  disabled?: boolean;
}) {
  const current = matchingRole(permissions);
  const names = catalogue.map((p) => p.name);
  const roleLabels = ADMIN_ROLE_IDS.map((id) => ADMIN_ROLES[id].label);

  function choose(value: string) {
    if (value === CUSTOM) return;
    const role = ADMIN_ROLES[value as AdminRoleId];
    const keepPosition = position.trim() !== '' && !roleLabels.includes(position.trim());
    onChange({ permissions: rolePermissions(role.id, names), ...(keepPosition ? {} : { position: role.label }) });
  }

  const options = [
    ...ADMIN_ROLE_IDS.map((id) => ({ value: id, label: ADMIN_ROLES[id].label })),
    ...(current ? [] : [{ value: CUSTOM, label: 'Custom (permissions edited)' }]),
  ];
  return (
    <SelectField
      label="Role"
      value={current ?? CUSTOM}
      options={options}
      onChange={(e) => choose(e.target.value)}
      disabled={disabled}
      hint={
        current
          ? `${ADMIN_ROLES[current].description} Choosing a role sets the permissions below; you can still change them before saving.`
          : 'These permissions match no role. Choose a role to start again from its set.'
      }
    />
  );
}
