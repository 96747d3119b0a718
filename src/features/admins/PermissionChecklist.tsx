import { useId } from 'react';
import { allPermissionsOn, permissionLabel, setAllPermissions, type Permission } from '@domain/admins';

/**
 * The permission checkboxes of the admin form and the Admin Profile, by category, with an 'All' toggle
 * (checked when every permission is on); inactive in view mode.
 */
export function PermissionChecklist({
  catalogue,
  value,
  onChange,
  disabled,
}: {
  catalogue: Permission[];
  value: Record<string, boolean>;
  onChange: (next: Record<string, boolean>) => void;
  disabled: boolean;
}) {
  const id = useId();
  const names = catalogue.map((p) => p.name);
  const categories = [...new Set(catalogue.map((p) => p.category))];
  const box = 'h-4 w-4 rounded border-gray-300 text-brand-600 focus:ring-brand-600 disabled:opacity-60';

  return (
    <fieldset disabled={disabled} className="rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Permissions</legend>
      <label className="mb-3 flex items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          className={box}
          checked={allPermissionsOn(value, names)}
          onChange={(e) => onChange(setAllPermissions(names, e.target.checked))}
        />
        All
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {categories.map((category) => (
          <div key={category} role="group" aria-labelledby={`${id}-${category}`}>
            <p id={`${id}-${category}`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">
              {category}
            </p>
            <ul className="space-y-1">
              {catalogue
                .filter((p) => p.category === category)
                .map((p) => (
                  <li
                    key={p.name}
                    // Granted permissions stand out (also in view mode, where the boxes are dimmed).
                    className={`flex items-start gap-2 rounded-md px-2 py-1 ${
                      value[p.name] === true ? 'bg-brand-50 ring-1 ring-inset ring-brand-200' : ''
                    }`}
                  >
                    <input
                      id={`${id}-${p.name}`}
                      type="checkbox"
                      className={`${box} mt-0.5`}
                      checked={value[p.name] === true}
                      onChange={(e) => onChange({ ...value, [p.name]: e.target.checked })}
                      aria-describedby={`${id}-${p.name}-description`}
                    />
                    <div className="text-sm">
                      <label
                        htmlFor={`${id}-${p.name}`}
                        className={value[p.name] === true ? 'font-semibold text-brand-800' : 'text-gray-700'}
                      >
                        {permissionLabel(p.name)}
                        {value[p.name] === true ? (
                          <span aria-hidden="true" className="ml-1 text-xs font-normal">
                            (granted)
                          </span>
                        ) : null}
                      </label>
                      <p id={`${id}-${p.name}-description`} className="text-xs text-gray-500">
                        {p.description}
                      </p>
                    </div>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
