import type { Inquiry } from '@domain/inquiries';

/*
 * Inquiries Management: the whole list comes from GET /api/inquiries and is filtered,
 * truncated and paged in the browser. Pure rules, shared by the screen and the unit tests.
 */

/** Items per page 5, 10, 20, 50 (default 10). */
export const INQUIRY_PAGE_SIZES = [5, 10, 20, 50] as const;
export const INQUIRY_DEFAULT_PAGE_SIZE = 10;

/** Truncation in the table: subject 30 characters, message 60. */
export const INQUIRY_TRUNCATE = { subject: 30, message: 60 } as const;

export const INQUIRY_LIST_TEXTS = {
  title: 'Inquiries Management',
  empty: 'No inquiries found. Adjust your filters or try again later.',
  confirmDelete: 'Are you sure you want to delete this inquiry?',
  details: 'Inquiry Details',
  noDate: 'N/A',
} as const;

/** The filter state (page and limit live next to it in the URL). Dates are 'YYYY-MM-DD' or ''. */
export interface InquiryFilters {
  email: string;
  subject: string;
  startDate: string;
  endDate: string;
}

/** A known page size, else the default (an old or hand-typed link). */
export const inquiryPageSize = (limit: number): number =>
  (INQUIRY_PAGE_SIZES as readonly number[]).includes(limit) ? limit : INQUIRY_DEFAULT_PAGE_SIZE;

/** 'YYYY-MM-DD' → that day at the given local time; null for '' or a date that does not exist. */
function localDay(date: string, h: number, m: number, s: number, ms: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(y, mo - 1, d, h, m, s, ms);
  return day.getFullYear() === y && day.getMonth() === mo - 1 && day.getDate() === d ? day : null;
}

/** From Date: inclusive from the start of the (browser-local) day. */
export const dayStart = (date: string): Date | null => localDay(date, 0, 0, 0, 0);
/** To Date: inclusive to 23:59:59 (.999) of the (browser-local) day. */
export const dayEnd = (date: string): Date | null => localDay(date, 23, 59, 59, 999);

const contains = (value: string | null | undefined, term: string) =>
  !term || (value ?? '').toLowerCase().includes(term.toLowerCase());

/**
 * Email and subject are case-insensitive substrings (surrounding spaces ignored); From/To bound the
 * creation time. An inquiry without a readable date is left out while a date bound is set. Order is kept.
 */
export function filterInquiries(inquiries: readonly Inquiry[], filters: InquiryFilters): Inquiry[] {
  const email = filters.email.trim();
  const subject = filters.subject.trim();
  const from = dayStart(filters.startDate)?.getTime();
  const to = dayEnd(filters.endDate)?.getTime();
  return inquiries.filter((q) => {
    if (!contains(q.email, email) || !contains(q.subject, subject)) return false;
    if (from === undefined && to === undefined) return true;
    const at = q.createdAt ? new Date(q.createdAt).getTime() : Number.NaN;
    if (Number.isNaN(at)) return false;
    return (from === undefined || at >= from) && (to === undefined || at <= to);
  });
}
