/**
 * SMS text: how a text goes out and what it costs, one rule for the console's counters, the contract's limit and
 * the server that sends.
 *
 * An SMS is GSM-7 when every character is in the GSM 03.38 default alphabet (its basic table, or its extension
 * table, whose characters take an escape and count as two septets), else UCS-2 (counted in UTF-16 code units).
 * One part holds 160 septets (GSM-7) or 70 units (UCS-2); a longer text goes in parts of 153 or 67 (the rest
 * carries the header that joins them). A part never splits an escape sequence or a surrogate pair: that
 * character starts the next part, as Android's SmsManager splits a text.
 *
 * Phones type curly quotes, dashes, ellipses and odd spaces that GSM-7 lacks: one of them turns the whole text
 * into UCS-2 (a 3-part limit drops from 459 to 201 characters). `normalizeSmsText` gives them their GSM-7 forms;
 * a character with no such form (an emoji, a bullet, 'á') is left, and the text then needs UCS-2.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  encoding: SmsEncoding;
  /** As counted for the encoding: GSM-7 septets (an extension character counts 2) or UTF-16 code units. */
  characters: number;
  /** Parts the text is sent in (0 for an empty text). */
  parts: number;
  /** Characters one part holds: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perPart: number;
  /** Characters the last part still has room for before another part is needed. */
  remainingInPart: number;
}

/** GSM 03.38 default alphabet, basic table, in code order (0x1B, the escape to the extension table, left out). */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 default extension table: each is sent as escape + code, two septets (\f is the page break). */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

/** Septets per UTF-16 code unit below 0x2000 (0: not in GSM-7), and the few GSM-7 characters above it (€). */
const SEPTETS = new Uint8Array(0x2000);
for (const c of GSM7_BASIC) if (c !== '\u001b') SEPTETS[c.charCodeAt(0)] = 1;
for (const c of GSM7_EXTENSION) if (c.charCodeAt(0) < 0x2000) SEPTETS[c.charCodeAt(0)] = 2;
const EURO = 0x20ac;

const septetsOf = (code: number): number => (code < 0x2000 ? SEPTETS[code]! : code === EURO ? 2 : 0);

/** Whether every character of the text has a GSM-7 form as it is. */
export function isGsm7(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (septetsOf(text.charCodeAt(i)) === 0) return false;
  return true;
}

/**
 * What phones and word processors type instead of a GSM-7 character: single and double curly quotes (and
 * guillemets, primes, the backtick and the acute accent used as one), dashes and the minus sign, the ellipsis,
 * and every Unicode space. Invisible zero-width spaces and byte-order marks are dropped.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201a': "'", // ‚
  '\u201b': "'", // ‛
  '\u2032': "'", // ′
  '\u2039': "'", // ‹
  '\u203a': "'", // ›
  '`': "'",
  '\u00b4': "'", // ´
  '\u201c': '"', // “
  '\u201d': '"', // ”
  '\u201e': '"', // „
  '\u201f': '"', // ‟
  '\u2033': '"', // ″
  '\u00ab': '"', // «
  '\u00bb': '"', // »
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2026': '...', // …
  '\t': ' ',
  '\u00a0': ' ',
  '\u1680': ' ',
  '\u202f': ' ',
  '\u205f': ' ',
  '\u3000': ' ',
  '\u200b': '',
  '\ufeff': '',
};
for (let c = 0x2000; c <= 0x200a; c += 1) REPLACEMENTS[String.fromCharCode(c)] = ' ';

const REPLACEABLE = new RegExp(`[${Object.keys(REPLACEMENTS).join('')}]`, 'g');

/**
 * The text in composed form (NFC: 'n' + a combining tilde is the one GSM-7 'ñ') with the GSM-7 forms of phone
 * punctuation and spaces (see REPLACEMENTS); everything else as it was. Normalising twice changes nothing.
 */
export function normalizeSmsText(text: string): string {
  return text.normalize('NFC').replace(REPLACEABLE, (c) => REPLACEMENTS[c]!);
}

/**
 * The cost of the character at `i` in the encoding's unit (GSM-7 septets, or UTF-16 code units: a surrogate pair
 * is one character of 2) and how many code units it spans.
 */
function costAt(text: string, i: number, encoding: SmsEncoding): [cost: number, span: number] {
  const code = text.charCodeAt(i);
  if (encoding === 'GSM-7') return [septetsOf(code), 1];
  const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  return pair ? [2, 2] : [1, 1];
}

/** Encoding, length and parts of a text as it stands (normalise it first to count what is sent). */
export function smsParts(text: string): SmsParts {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const limits = SMS_LIMITS[encoding];
  let characters = 0;
  for (let i = 0; i < text.length; i += 1) characters += encoding === 'GSM-7' ? septetsOf(text.charCodeAt(i)) : 1;
  if (characters === 0) return { encoding, characters, parts: 0, perPart: limits.single, remainingInPart: limits.single };
  if (characters <= limits.single)
    return { encoding, characters, parts: 1, perPart: limits.single, remainingInPart: limits.single - characters };
  // Split as a phone does: a character that would not fit whole in the part starts the next one.
  let parts = 1;
  let used = 0;
  for (let i = 0; i < text.length;) {
    const [cost, span] = costAt(text, i, encoding);
    if (used + cost > limits.multi) {
      parts += 1;
      used = 0;
    }
    used += cost;
    i += span;
  }
  return { encoding, characters, parts, perPart: limits.multi, remainingInPart: limits.multi - used };
}

/** The parts of a text as the server sends it by SMS: trimmed and normalised. */
export const smsPartsAsSent = (text: string): SmsParts => smsParts(normalizeSmsText(text).trim());
