export type ListView = 'cards' | 'table';

const OPTIONS: Array<{ value: ListView; label: string; icon: string }> = [
  { value: 'cards', label: 'Cards', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { value: 'table', label: 'Table', icon: 'M4 5h16M4 10h16M4 15h16M4 20h16' },
];

/**
 * Cards/table switch: two toggle buttons (aria-pressed). Keep the view in the list query so that it
 * survives a reload: `list.setQuery({ view }, { keepPage: true, replace: true })`.
 */
export function ViewToggle({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  return (
    <div role="group" aria-label="View" className="inline-flex overflow-hidden rounded-md border border-gray-300">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={`inline-flex items-center gap-1.5 px-3 py-1.5 text-sm ${value === o.value ? 'bg-brand-700 text-white' : 'bg-white text-gray-700 hover:bg-gray-50'}`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth={2}>
            <path d={o.icon} />
          </svg>
          {o.label}
        </button>
      ))}
    </div>
  );
}
