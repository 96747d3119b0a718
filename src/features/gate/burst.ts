/*
 * A USB "keyboard wedge" reader types the card number as a burst of keys ending in Enter, a few milliseconds
 * apart; a person types tens to hundreds of milliseconds apart. The burst reader keeps the keys that follow one
 * another fast enough and hands over the text when Enter ends such a burst; a slow key starts the buffer over,
 * so typing by hand never makes a card.
 */

export interface BurstOptions {
  /** Longest pause between two keys of one burst (and before its Enter). */
  maxGapMs: number;
  /** Fewest characters a card number has. */
  minLength: number;
  /** Most characters a card number has (a longer run is not a card). */
  maxLength: number;
}

export const BURST_DEFAULTS: BurstOptions = { maxGapMs: 50, minLength: 4, maxLength: 32 };

/** What became of one key: part of a burst so far, a card read, or not a reader's key. */
export type BurstStep = { kind: 'key' } | { kind: 'card'; text: string } | { kind: 'ignored' };

/**
 * A burst reader: call it with each key (KeyboardEvent.key) and its time (event.timeStamp, ms). It answers
 * `card` with the text when an Enter closes a fast burst of at least `minLength` characters.
 */
export function createBurstReader(options: Partial<BurstOptions> = {}) {
  const opts = { ...BURST_DEFAULTS, ...options };
  let text = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  const reset = () => {
    text = '';
    lastAt = Number.NEGATIVE_INFINITY;
  };
  return (key: string, at: number): BurstStep => {
    const fast = at - lastAt <= opts.maxGapMs;
    if (key === 'Enter') {
      const card = fast && text.length >= opts.minLength && text.length <= opts.maxLength ? text : null;
      reset();
      return card ? { kind: 'card', text: card } : { kind: 'ignored' };
    }
    if (key.length !== 1 || !/[0-9A-Za-z:-]/.test(key)) {
      reset();
      return { kind: 'ignored' };
    }
    // A slow key begins a new run: what came before was typed, not read.
    text = fast ? text + key : key;
    lastAt = at;
    return { kind: 'key' };
  };
}
