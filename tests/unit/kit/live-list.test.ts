import { describe, expect, it } from 'vitest';
import { mergeLiveRow } from '@shared/live-list';

const page = (total: number, limit = 3) => ({
  page: 1,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  hasNextPage: total > limit,
});

describe('a live row merged into a newest-first page', () => {
  it('puts a new row on top, drops the last one off a full page and counts it once', () => {
    const merged = mergeLiveRow([{ id: 9 }, { id: 8 }, { id: 7 }], page(3), { id: 10 }, true);
    expect(merged).toEqual({
      rows: [{ id: 10 }, { id: 9 }, { id: 8 }],
      pagination: { page: 1, limit: 3, total: 4, totalPages: 2, hasNextPage: true },
    });
  });

  it('replaces a row already on the page in place (a check-out, DELIVERED): the total stays', () => {
    const merged = mergeLiveRow(
      [
        { id: 9, s: 'SENT' },
        { id: 8, s: 'SENT' },
      ],
      page(2),
      { id: 8, s: 'DELIVERED' },
      true,
    );
    expect(merged).toEqual({
      rows: [
        { id: 9, s: 'SENT' },
        { id: 8, s: 'DELIVERED' },
      ],
      pagination: page(2),
    });
  });

  it('ignores an older row from another page, and any new row where the filter or page does not take it', () => {
    expect(mergeLiveRow([{ id: 9 }, { id: 8 }], page(5), { id: 4 }, true)).toBeNull();
    expect(mergeLiveRow([{ id: 9 }, { id: 8 }], page(5), { id: 10 }, false)).toBeNull();
  });
});
