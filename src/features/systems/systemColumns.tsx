import { formatDate } from '@kit/text/format';
import type { System } from '@domain/systems';
import { tableFeatures } from './actions';
import type { Column } from '@kit';
import { SystemThumb } from './SystemCard';

/** The table columns of the Systems tab (Edit/Delete are the row actions). */
export const SYSTEM_COLUMNS: Array<Column<System>> = [
  {
    header: 'Image',
    cell: (s) => <SystemThumb system={s} className="h-12 w-12 rounded object-cover" />,
    className: 'w-20',
    detail: 'sm',
  },
  {
    header: 'Name',
    cell: (s) => <span className="block min-w-[8rem] font-medium text-gray-900 [overflow-wrap:anywhere]">{s.name}</span>,
  },
  {
    header: 'Description',
    cell: (s) => <span className="line-clamp-2">{s.description}</span>,
    className: 'min-w-[14rem] max-w-md',
    detail: '2xl',
  },
  { header: 'Features', cell: (s) => tableFeatures(s.features), className: 'min-w-[10rem]', detail: 'md' },
  { header: 'Created', cell: (s) => formatDate(s.createdAt), className: 'whitespace-nowrap', detail: 'sm' },
];
