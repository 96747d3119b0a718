import { z } from 'zod';

/*
 * The envelopes of every API reply (ARCHITECTURE.md "Runtime contracts"). Routes declare their
 * responses with `apiSuccess(dataSchema)`; the failure shape is the same for every route and status.
 */

/** `{ success: true, data, message? }`: what a route answers with `data` described by `data`. */
export const apiSuccess = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** `{ success: true, data: null, message }`: a call that only confirms (sign-out, delete, public forms). */
export const apiDone = apiSuccess(z.null());

export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** field name → message */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiFailure = z.infer<typeof apiFailureSchema>;

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const paginationSchema = z.object({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Timestamps are ISO-8601 UTC text. */
export const isoTimestamp = z.string();
