import { z } from 'zod';
import { emailField, honeypotField, idField, isSafeText, UNSAFE_TEXT_ERROR } from '../validation';
import { HONEYPOT_FIELD } from '../public-forms';

import { ORDER_STATUSES } from './order-status';

export { INITIAL_ORDER_STATUS, ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './order-status';

/** Additional notes ≤ 2,000 characters. */
export const ORDER_NOTES_MAX = 2000;

export const ORDER_MESSAGES = {
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  systemId: 'Please select a system',
  notesMax: `Additional notes must be ${ORDER_NOTES_MAX.toLocaleString('en-US')} characters or less`,
  status: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  systemNotFound: 'System not found',
  notFound: 'Order not found',
  submitted: 'Order submitted successfully! We will contact you soon.',
  submitFailed: 'Failed to submit order. Please try again.',
  statusUpdated: 'Order status updated successfully',
} as const;

/** POST /api/inquiries/orders (email, systemId, additionalNotes) and the 'Order System' modal. */
export const orderSchema = z.object({
  email: emailField(ORDER_MESSAGES.email, ORDER_MESSAGES.emailInvalid),
  systemId: idField(ORDER_MESSAGES.systemId),
  additionalNotes: z
    .string({ error: 'Additional notes must be text' })
    .trim()
    .max(ORDER_NOTES_MAX, ORDER_MESSAGES.notesMax)
    .refine(isSafeText, UNSAFE_TEXT_ERROR)
    .nullable()
    .optional()
    .transform((v) => v || null),
  [HONEYPOT_FIELD]: honeypotField,
});
export type OrderInput = z.output<typeof orderSchema>;

/** PATCH /api/super-admin/orders/{id}/status */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.status }),
});

/** An order as GET /api/super-admin/orders returns it. systemId is null once the system is deleted. */
export const orderRecordSchema = z.object({
  _id: z.number(),
  id: z.number(),
  email: z.string(),
  systemId: z.number().nullable(),
  systemName: z.string(),
  status: z.enum(ORDER_STATUSES),
  additionalNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderRecordSchema>;
