/*
 * Order statuses without the zod schemas of `orders.ts` (which re-exports them): the console's badges read the
 * labels, and importing them from here keeps zod out of chunks that need no schema (page weight).
 */

/** Order statuses, in workflow order, with their labels. New orders start 'pending'. */
export const ORDER_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const INITIAL_ORDER_STATUS: OrderStatus = 'pending';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
