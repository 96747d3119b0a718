import { formatDateTime } from '@kit/text/format';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type Order, type OrderStatus } from '@domain/systems/orders';
import { controlClass, StatusBadge, type Column } from '@kit';

/** The Orders tab columns; Status is a dropdown of the five statuses under its badge. */
export function orderColumns({
  updatingId,
  statusOf,
  onStatus,
}: {
  /** The order whose change is being sent (every dropdown waits meanwhile). */
  updatingId: number | null;
  /** The status to show: the one just chosen, else the loaded one. */
  statusOf: (order: Order) => OrderStatus;
  onStatus: (order: Order, status: OrderStatus) => void;
}): Array<Column<Order>> {
  return [
    {
      header: 'Customer Email',
      cell: (o) => o.email,
      className: 'min-w-[14rem] [overflow-wrap:anywhere]',
      detail: 'sm',
    },
    { header: 'System', cell: (o) => o.systemName, className: 'min-w-[8rem] [overflow-wrap:anywhere]', detail: 'md' },
    {
      header: 'Status',
      className: 'min-w-[11rem]',
      cell: (o) => (
        <div className="flex flex-col items-start gap-1.5">
          <StatusBadge kind="order" value={statusOf(o)} />
          <select
            aria-label={`Status of the order from ${o.email}`}
            value={statusOf(o)}
            disabled={updatingId !== null}
            aria-busy={updatingId === o.id || undefined}
            onChange={(e) => onStatus(o, e.target.value as OrderStatus)}
            className={`${controlClass()} py-1`}
          >
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      ),
    },
    {
      header: 'Notes',
      cell: (o) => <span className="whitespace-pre-line">{o.additionalNotes || '-'}</span>,
      className: 'min-w-[12rem] [overflow-wrap:anywhere]',
      detail: '2xl',
    },
    { header: 'Date', cell: (o) => formatDateTime(o.createdAt), className: 'whitespace-nowrap', detail: 'sm' },
  ];
}
