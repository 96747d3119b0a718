import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, safeFilename } from '@shared/csv';
import { sortParams, wantsCsv } from '@core/http/paginate';
import { dayRangeUtc } from '@core/time/day-range';
import { parseCsv } from '../../helpers/csv';

describe('CSV cells', () => {
  it('quotes commas, quotes, newlines and edge spaces; doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+63 912')).toBe("'+63 912");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=x')).toBe("'\t=x");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
    // A phone number is a plain number, nothing a spreadsheet would run.
    expect(csvCell('+639171234567')).toBe('+639171234567');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('+63917-1234567')).toBe("'+63917-1234567");
    expect(csvCell('-1+1')).toBe("'-1+1");
  });

  it('writes empty for null, JSON for objects, ISO for dates', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({ a: 1, b: 'x' })).toBe('"{""a"":1,""b"":""x""}"');
    expect(csvCell(new Date('2024-01-02T03:04:05.000Z'))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('round-trips through a CSV reader', () => {
    const cells = ['José, Jr.', 'line1\r\nline2', '"quoted"', '', 'x'];
    expect(parseCsv(csvLine(cells) + csvLine(['a']))).toEqual([cells, ['a']]);
  });

  it('makes file names header-safe', () => {
    expect(safeFilename('logs 2024/"x".csv')).toBe('logs-2024-x-.csv');
  });
});

describe('list query helpers', () => {
  const allowed = { createdAt: 't.createdAt', name: 't.name' } as const;
  const fallback = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

  it('sorts only by whitelisted names, falling back otherwise', () => {
    expect(sortParams({ sortBy: 'name', sortOrder: 'ASC' }, allowed, fallback)).toEqual({
      sortBy: 'name',
      sortOrder: 'asc',
      column: 't.name',
    });
    expect(sortParams({ sortBy: 'passwordHash', sortOrder: 'up' }, allowed, fallback)).toEqual({
      sortBy: 'createdAt',
      sortOrder: 'desc',
      column: 't.createdAt',
    });
    expect(sortParams({ sortBy: 'toString' }, allowed, fallback).column).toBe('t.createdAt');
    expect(sortParams({ sortBy: ['name'] }, allowed, fallback).column).toBe('t.createdAt');
  });

  it('format: csv → true; absent/json → false; anything else → 400', () => {
    expect(wantsCsv({ format: 'csv' })).toBe(true);
    expect(wantsCsv({})).toBe(false);
    expect(wantsCsv({ format: 'json' })).toBe(false);
    expect(() => wantsCsv({ format: 'xlsx' })).toThrow("Unsupported format: use 'csv' or leave it out");
  });

  it('day ranges cover whole school-local days', () => {
    expect(dayRangeUtc('2024-03-10', '2024-03-10', 'Asia/Manila')).toEqual({
      from: '2024-03-09T16:00:00.000Z',
      until: '2024-03-10T16:00:00.000Z',
    });
    expect(dayRangeUtc(undefined, '2024-12-31', 'UTC')).toEqual({ from: undefined, until: '2025-01-01T00:00:00.000Z' });
  });
});
