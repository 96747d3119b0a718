import { describe, expect, it } from 'vitest';
import { createBurstReader, type BurstStep } from '../../../src/features/gate/burst';

/** Feeds keys with the given gaps (ms) before each; returns every step. */
function feed(keys: string[], gaps: number | number[], start = 1000): BurstStep[] {
  const read = createBurstReader();
  let at = start;
  return keys.map((key, i) => {
    at += Array.isArray(gaps) ? gaps[i]! : gaps;
    return read(key, at);
  });
}
const chars = (text: string) => [...text];
const cards = (steps: BurstStep[]) => steps.flatMap((s) => (s.kind === 'card' ? [s.text] : []));

describe('burst detection (a USB keyboard-wedge reader)', () => {
  it('a fast burst ending in Enter is a card', () => {
    expect(cards(feed([...chars('0012345678'), 'Enter'], 8))).toEqual(['0012345678']);
    expect(cards(feed([...chars('04A1B2C3'), 'Enter'], 30))).toEqual(['04A1B2C3']);
  });

  it('a person typing the same number is not a card', () => {
    expect(cards(feed([...chars('0012345678'), 'Enter'], 120))).toEqual([]);
    // A fast typist: most gaps short, one or two long ones, never a whole burst.
    expect(cards(feed([...chars('00123'), 'Enter'], [200, 40, 45, 200, 60, 30]))).toEqual([]);
  });

  it('an Enter after a pause does not close the burst', () => {
    expect(cards(feed([...chars('0012345678'), 'Enter'], [...Array(10).fill(5), 400]))).toEqual([]);
  });

  it('typed keys before a burst are dropped: the burst alone is the card', () => {
    const gaps = [300, 300, 300, ...Array(9).fill(5)];
    expect(cards(feed([...chars('xy'), ...chars('A1B2C3D4'), 'Enter'], gaps))).toEqual(['A1B2C3D4']);
  });

  it('too short, too long, or broken by another key: no card', () => {
    expect(cards(feed([...chars('123'), 'Enter'], 5))).toEqual([]);
    expect(cards(feed([...chars('1'.repeat(33)), 'Enter'], 5))).toEqual([]);
    expect(cards(feed([...chars('1234'), 'Shift', ...chars('5678'), 'Enter'], 5))).toEqual(['5678']);
  });

  it('two cards one after another are two cards', () => {
    const steps = feed(
      [...chars('11112222'), 'Enter', ...chars('33334444'), 'Enter'],
      [...Array(9).fill(5), 500, ...Array(8).fill(5)],
    );
    expect(cards(steps)).toEqual(['11112222', '33334444']);
  });
});
