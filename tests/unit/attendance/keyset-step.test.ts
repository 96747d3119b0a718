import { describe, expect, it } from 'vitest';
import { keysetStep } from '@kit/list/paging';
import { cursorQuery, MAX_KEYSET_SKIP, pageCursor } from '../../../src/domain/list-filters';

/** Which cursor the console sends for the page it asks for, and how the server reads one. */
describe('keysetStep', () => {
  const shown = { filters: '{"status":"LATE"}', page: 4, first: '2026-03-10_90', last: '2026-03-09_12' };

  it("Next sends the shown page's last row, Previous its first", () => {
    expect(keysetStep(shown, shown.filters, 5)).toEqual({ after: '2026-03-09_12' });
    expect(keysetStep(shown, shown.filters, 3)).toEqual({ before: '2026-03-10_90' });
  });

  it('a jump of k pages sends the same cursor and skips the k - 1 pages between, when nearer than by number', () => {
    const big = { ...shown, page: 500, limit: 10, totalPages: 1000 };
    expect(keysetStep(big, big.filters, 503)).toEqual({ after: shown.last, skip: 20 });
    expect(keysetStep(big, big.filters, 498)).toEqual({ before: shown.first, skip: 10 });
    // The limit of the skip: 1,000 pages of 10 (MAX_KEYSET_SKIP records) and no further.
    const deep = { ...big, page: 5000, totalPages: 100_000 };
    expect(keysetStep(deep, deep.filters, 6001)).toEqual({ after: shown.last, skip: MAX_KEYSET_SKIP });
    expect(keysetStep(deep, deep.filters, 6002)).toEqual({});
    // First and Last, or a page nearer to an end than to the shown page: by number (the server reads from that end).
    expect(keysetStep(big, big.filters, 1)).toEqual({});
    expect(keysetStep(big, big.filters, 1000)).toEqual({});
    expect(keysetStep({ ...big, page: 6 }, big.filters, 3)).toEqual({});
    expect(keysetStep({ ...big, page: 7 }, big.filters, 4)).toEqual({ before: shown.first, skip: 20 });
    // Without the page size a jump cannot be counted: by number.
    expect(keysetStep(shown, shown.filters, 7)).toEqual({});
  });

  it('the same page (reload), other filters or nothing shown page by number alone', () => {
    expect(keysetStep(shown, shown.filters, 1)).toEqual({});
    expect(keysetStep(shown, shown.filters, 4)).toEqual({});
    expect(keysetStep(shown, '{}', 5)).toEqual({});
    expect(keysetStep(null, shown.filters, 5)).toEqual({});
    expect(keysetStep({ filters: '{}', page: 1 }, '{}', 2)).toEqual({});
  });

  it("a record's cursor reads back as its day and id; anything else is refused", () => {
    const c = pageCursor({ date: '2026-03-09', id: 12 });
    expect(cursorQuery('after').parse(c)).toEqual({ date: '2026-03-09', id: 12 });
    expect(cursorQuery('after').parse('')).toBeUndefined();
    for (const bad of ['2026-03-09', '2026-02-30_1', '2026-03-09_0', '2026-03-09_x', '2026-03-09_1_2']) {
      expect(cursorQuery('after').safeParse(bad).success, bad).toBe(false);
    }
  });
});
