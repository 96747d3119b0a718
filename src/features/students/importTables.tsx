import type { ImportRowResult, ImportRowStatus, ImportSummaryRow, ImportOutcome } from '@domain/students/import';
import { REGISTER_FIELDS } from '@domain/students/register';
import { StatusBadge, TONE_CLASSES, type BadgeTone, type Column } from '@kit';

/** A row's verdict (preview) or outcome (summary) as a badge. */
const ROW_STATUS: Record<ImportRowStatus | ImportOutcome, [label: string, tone: BadgeTone]> = {
  valid: ['Valid', 'green'],
  duplicate: ['Duplicate', 'yellow'],
  invalid: ['Invalid', 'red'],
  created: ['Created', 'green'],
  skipped: ['Skipped', 'yellow'],
  failed: ['Failed', 'red'],
};

function RowStatus({ status }: { status: ImportRowStatus | ImportOutcome }) {
  const [label, tone] = ROW_STATUS[status];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

/**
 * The tables of the import wizard: the preview (every row's verdict, every problem of the row, and how an ambiguous
 * cell was read) and the summary.
 */
export const PREVIEW_COLUMNS: Array<Column<ImportRowResult>> = [
  { header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
  {
    header: 'Student',
    cell: (r) => (
      <span className="block min-w-[9rem]">
        <span className="block font-medium">{`${r.firstName} ${r.lastName}`.trim() || '-'}</span>
        <span className="block break-words text-xs text-gray-600">{r.email || 'No e-mail'}</span>
        {r.dateOfBirth ? <span className="block text-xs text-gray-600">Born {r.dateOfBirth}</span> : null}
        {r.registerFields ? (
          <span className="block text-xs text-gray-600">
            SF1 fields: {r.registerFields} of {REGISTER_FIELDS.length}
          </span>
        ) : null}
      </span>
    ),
  },
  { header: 'LRN', cell: (r) => r.lrn || '-', className: 'whitespace-nowrap tabular-nums' },
  { header: 'Grade / Section', cell: (r) => `${r.grade || '-'} / ${r.section || '-'}`, className: 'min-w-[7rem]' },
  {
    header: 'Status',
    cell: (r) => <RowStatus status={r.status} />,
  },
  {
    header: 'Problems',
    cell: (r) =>
      Object.keys(r.errors).length || Object.keys(r.notes).length ? (
        <ul className="min-w-[12rem] list-disc pl-4">
          {Object.entries(r.errors).map(([field, message]) => (
            <li key={field} className="text-red-700">
              {message}
            </li>
          ))}
          {Object.entries(r.notes).map(([field, note]) => (
            <li key={`note-${field}`} className="text-gray-700">
              {note}
            </li>
          ))}
        </ul>
      ) : (
        '-'
      ),
  },
];

export const SUMMARY_COLUMNS: Array<Column<ImportSummaryRow>> = [
  { header: 'Line', cell: (r) => r.line, className: 'tabular-nums' },
  { header: 'Name', cell: (r) => r.name || '-', className: 'min-w-[8rem]' },
  { header: 'LRN', cell: (r) => r.lrn || '-', className: 'whitespace-nowrap tabular-nums' },
  {
    header: 'Result',
    cell: (r) => <RowStatus status={r.status} />,
  },
  { header: 'Password', cell: (r) => r.password ?? '-', className: 'whitespace-nowrap font-mono text-xs' },
  { header: 'Reason', cell: (r) => r.reason || '-', className: 'min-w-[12rem]' },
];

/** The row counts of a preview or a summary, as coloured tiles. */
export function Counts({ items }: { items: Array<[label: string, value: number, tone: BadgeTone]> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value, tone]) => (
        <div key={label} className={`rounded-md px-3 py-2 ring-1 ring-inset ${TONE_CLASSES[tone]}`}>
          <dt className="text-xs font-medium uppercase tracking-wide">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
