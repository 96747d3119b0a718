import { describe, expect, it } from 'vitest';
import { cardUidCandidates, normalizeCardUid, reverseBytes } from '@shared/card-uid';

describe('card UID rule', () => {
  it('stores upper-case hex without separators', () => {
    expect(normalizeCardUid('04:a1:b2:c3')).toBe('04A1B2C3');
    expect(normalizeCardUid(' 04-a1 b2.c3 ')).toBe('04A1B2C3');
  });
  it('refuses text that is not a UID', () => {
    expect(normalizeCardUid('')).toBeNull();
    expect(normalizeCardUid('04A1B2G3')).toBeNull();
    expect(normalizeCardUid('A'.repeat(33))).toBeNull();
  });
  it('reverses bytes only for whole bytes', () => {
    expect(reverseBytes('A1B2C3D4')).toBe('D4C3B2A1');
    expect(reverseBytes('ABC')).toBeNull();
  });
  it('maps a 10-digit decimal to its hex in both byte orders', () => {
    // 0x00BC614E = 12345678
    expect(cardUidCandidates('0012345678')).toEqual(expect.arrayContaining(['0012345678', '00BC614E', '4E61BC00']));
  });
  it('maps an 8-digit hex to its 10-digit decimal in both byte orders', () => {
    const c = cardUidCandidates('00bc614e');
    expect(c[0]).toBe('00BC614E');
    expect(c).toEqual(expect.arrayContaining(['4E61BC00', '0012345678', String(0x4e61bc00).padStart(10, '0')]));
  });
  it('matches a shorter decimal (ZKTeco enrolment number) to its zero-padded 10-digit form', () => {
    expect(cardUidCandidates('12345678')).toEqual(expect.arrayContaining(['12345678', '0012345678', '00BC614E']));
    expect(cardUidCandidates('7')).toEqual(expect.arrayContaining(['0000000007', '00000007']));
  });
  it('has no candidates for junk', () => {
    expect(cardUidCandidates('not a card')).toEqual([]);
  });
});
