import { request, requestBody } from '@kit/http';
import type { Order, OrderStatus } from '@domain/systems/orders';

/** Console calls for orders. */
export const fetchOrders = (signal?: AbortSignal) =>
  request<Order[]>('Failed to fetch orders', (api) => api.get('super-admin/orders', { signal }));

export const updateOrderStatus = (id: number, status: OrderStatus) =>
  requestBody<Order>('Failed to update order status', (api) =>
    api.patch(`super-admin/orders/${id}/status`, { json: { status } }),
  );
