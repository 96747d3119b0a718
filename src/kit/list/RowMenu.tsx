import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  /** Red: it removes or archives something (the dialog it opens still asks). */
  danger?: boolean;
}

/**
 * A row's further actions behind one '⋯' button (beside its main one, e.g. View): a keyboard-navigable menu that
 * closes on Escape, so a destructive action never sits one slip away from the everyday one. Nothing when `items` is
 * empty.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  if (!items.length) return null;
  return (
    <Menu>
      <MenuButton
        aria-label={label}
        title={label}
        className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-2 py-1.5 text-gray-700 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <circle cx="4" cy="10" r="1.6" />
          <circle cx="10" cy="10" r="1.6" />
          <circle cx="16" cy="10" r="1.6" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 min-w-40 rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button
              type="button"
              onClick={item.onSelect}
              className={`block w-full px-3 py-2 text-left data-[focus]:bg-gray-100 ${item.danger ? 'text-red-700' : 'text-gray-800'}`}
            >
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
