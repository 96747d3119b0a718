import { useState } from 'react';
import { fetchOrders } from './orders-api';
import { changeOrderStatus, orderMailto } from './actions';
import type { Order, OrderStatus } from '@domain/systems/orders';
import { buttonClass, DataTable, ErrorBanner, useListResource } from '@kit';
import { orderColumns } from './orderColumns';

/**
 * Orders tab: every order (GET /api/super-admin/orders); a status change is sent at once
 * (PATCH …/status) and the list reloads. 'Failed to fetch orders' shows in the table.
 */
export function OrdersTab() {
  const orders = useListResource(fetchOrders, 'orders');
  const rows = orders.data;
  const [updatingId, setUpdatingId] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Statuses chosen since the last load, shown until the reloaded list arrives (or the change fails).
  const [chosen, setChosen] = useState<{ rows: Order[] | null; status: Record<number, OrderStatus> }>({ rows, status: {} });
  if (chosen.rows !== rows) setChosen({ rows, status: {} });
  const statusOf = (o: Order) => (chosen.rows === rows ? chosen.status[o.id] : undefined) ?? o.status;

  async function setStatus(order: Order, status: OrderStatus) {
    if (status === statusOf(order)) return;
    const before = statusOf(order);
    setActionError(null);
    setUpdatingId(order.id);
    setChosen((c) => ({ ...c, status: { ...c.status, [order.id]: status } }));
    const result = await changeOrderStatus(order.id, status);
    setUpdatingId(null);
    if (result.ok) {
      orders.reload();
      return;
    }
    setChosen((c) => ({ ...c, status: { ...c.status, [order.id]: before } }));
    setActionError(result.message);
  }

  return (
    <div>
      <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} className="mb-4" />
      <ErrorBanner message={rows?.length ? orders.error : null} className="mb-4" />
      <DataTable
        caption="Orders"
        columns={orderColumns({ updatingId, statusOf, onStatus: (o, s) => void setStatus(o, s) })}
        rows={rows}
        rowKey={(o) => o.id}
        actionsHeader="Email"
        rowActions={(o) => (
          <a href={orderMailto(o)} className={buttonClass('secondary', 'sm')} aria-label={`Email ${o.email}`}>
            Email
          </a>
        )}
        loading={orders.loading}
        error={rows?.length ? null : orders.error}
        onRetry={orders.reload}
        emptyText="No orders found."
      />
    </div>
  );
}
