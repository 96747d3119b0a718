import { z } from 'zod';
import { MAX_KEYSET_SKIP, PAGE_CURSOR_MESSAGE, SKIP_MESSAGE } from './page-cursor';

/*
 * Query-string filters shared by list endpoints and their console screens: '' means "not given",
 * junk gets a clear message (the API answers 400 with it), never a 500.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' naming a real calendar day (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional calendar-day filter ('YYYY-MM-DD'). */
export const dateQuery = (label: string) => {
  const message = `${label} must be a valid date (YYYY-MM-DD)`;
  return z.preprocess(blankToUndefined, z.string({ error: message }).trim().refine(isCalendarDate, message).optional());
};

/** An optional free-text filter (trimmed, at most `max` characters). */
export const textQuery = (label: string, max = 100) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be ${max} characters or less`)
      .optional(),
  );

/** An optional record id filter (a positive whole number, given as text in a query string). */
export const idQuery = (label: string) => {
  const message = `${label} must be a positive whole number`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,15}$/, message)
      .transform(Number)
      .refine((n) => Number.isSafeInteger(n) && n > 0, message)
      .optional(),
  );
};

/** An optional list of record ids given as '1,2,3' (the rows chosen on a page; at most `max`). */
export const idListQuery = (label: string, max = 500) => {
  const message = `${label} must be a comma-separated list of at most ${max} ids`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,10}(,\d{1,10})*$/, message)
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .refine((ids) => ids.length <= max && ids.every((n) => Number.isSafeInteger(n) && n > 0), message)
      .optional(),
  );
};

export const DATE_ORDER_MESSAGE = 'Start date must be on or before the end date';

/** superRefine rule for filter schemas with startDate and endDate: start on or before end. */
export function checkDateOrder(v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx): void {
  if (v.startDate && v.endDate && v.startDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: DATE_ORDER_MESSAGE });
  }
}

/**
 * The paging, sorting and export keys of a list's query string. They are read leniently on the server
 * (pageParams/sortParams/wantsCsv: junk → defaults), so the schema only says they are text.
 */
export const listQueryFields = {
  page: z.string().optional(),
  limit: z.string().optional(),
  sortBy: z.string().optional(),
  sortOrder: z.string().optional(),
  format: z.string().optional(),
};

/**
 * Keyset paging: the position of a record in a list ordered by day then id, as 'YYYY-MM-DD_id'.
 * A page asked with `after` starts right after that record (Next), with `before` ends right before it (Previous):
 * an index seek, however deep the page. Optional; `page` still numbers the page and works alone.
 */
export { MAX_KEYSET_SKIP, PAGE_CURSOR_MESSAGE, SKIP_MESSAGE, SKIP_WITHOUT_CURSOR_MESSAGE, pageCursor } from './page-cursor';
export const cursorQuery = (label: string) => {
  const message = `${label} ${PAGE_CURSOR_MESSAGE}`;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}_[1-9]\d{0,14}$/, message)
      .refine((v) => isCalendarDate(v.slice(0, 10)) && Number.isSafeInteger(Number(v.slice(11))), message)
      .transform((v) => ({ date: v.slice(0, 10), id: Number(v.slice(11)) }))
      .optional(),
  );
};

/** Records to pass over after (or before) the cursor: a jump of k pages sends (k - 1) × limit (see keysetStep). */
export const skipQuery = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: SKIP_MESSAGE })
      .trim()
      .regex(/^\d{1,5}$/, SKIP_MESSAGE)
      .transform(Number)
      .refine((n) => n <= MAX_KEYSET_SKIP, SKIP_MESSAGE)
      .optional(),
  );
