import { describe, expect, it } from 'vitest';
import { cardFormat, cardIndex, sameCard } from '../../../src/features/gate/cards';

describe('gate card normalisation (the server’s rule)', () => {
  const roster = [
    { id: 1, cardUid: '00BC614E' }, // printed as 0012345678
    { id: 2, cardUid: '04A1B2C3D4E5F6' },
    { id: 3, cardUid: 'DEADBEEF' },
  ];
  const index = cardIndex(roster);

  it('finds a learner by any form the reader types: decimal, hex, either byte order, separators, case', () => {
    expect(index.find('0012345678')?.id).toBe(1);
    expect(index.find('12345678')?.id).toBe(1); // a decimal without its leading zeros
    expect(index.find('00bc614e')?.id).toBe(1);
    expect(index.find('4E61BC00')?.id).toBe(1);
    expect(index.find('04:a1:b2:c3:d4:e5:f6')?.id).toBe(2);
    expect(index.find('3735928559')?.id).toBe(3); // 0xDEADBEEF in decimal
    expect(index.find('0000000001')).toBeUndefined();
    expect(index.find('not a card')).toBeUndefined();
  });

  it('the decimal and hex prints of one card are one card', () => {
    expect(sameCard('0012345678', '00BC614E')).toBe(true);
    expect(sameCard('3735928559', 'EFBEADDE')).toBe(true);
    expect(sameCard('0012345678', '0012345679')).toBe(false);
  });

  it('names the format a reader typed', () => {
    expect(cardFormat('0012345678')).toBe('10-digit decimal');
    expect(cardFormat('12345')).toBe('5-digit decimal');
    expect(cardFormat('04a1b2c3')).toBe('8-digit hex');
    expect(cardFormat('04:A1:B2:C3:D4:E5:F6')).toBe('14-digit hex');
    expect(cardFormat('hello')).toBeNull();
  });
});
