/**
 * RFID card identifiers, one rule for the student form, the CSV import and tap intake.
 *
 * Stored form: the UID as upper-case hex without separators ('04:a1:b2:c3' → '04A1B2C3'). Readers report the
 * same card in other shapes, so a tap is matched against every form it can stand for (`cardUidCandidates`):
 * - the hex as given and its byte-reversed form (readers disagree on byte order);
 * - a 10-digit decimal (what many USB "keyboard" readers and printed cards show) → the 32-bit value in
 *   8-digit hex, both byte orders; a shorter decimal (a ZKTeco enrolment number, a number printed without its
 *   leading zeros) also as its zero-padded 10-digit form;
 * - an 8-digit hex → its 10-digit decimal, both byte orders (for a card registered by its printed number).
 * The raw text is always kept beside the normalised one (rfid_taps.card_uid_raw).
 */

/** Separators readers and people put between bytes. */
const SEPARATORS = /[\s:\-.]/g;
const HEX = /^[0-9A-F]+$/;
const DECIMAL = /^[0-9]{1,10}$/;

/** Longest UID text we accept (7-byte and 10-byte UIDs are 14 and 20 hex digits). */
export const CARD_UID_MAX = 32;

/** Upper-case hex without separators, or null when the text is not a card UID. */
export function normalizeCardUid(raw: string): string | null {
  const value = raw.replace(SEPARATORS, '').toUpperCase();
  if (value.length === 0 || value.length > CARD_UID_MAX || !HEX.test(value)) return null;
  return value;
}

/** 'A1B2C3D4' → 'D4C3B2A1' (odd lengths are not byte strings and have no reversed form). */
export function reverseBytes(hex: string): string | null {
  if (hex.length % 2 !== 0) return null;
  return (hex.match(/../g) ?? []).reverse().join('');
}

const decimalToHex = (dec: string): string | null => {
  const n = Number(dec);
  return n <= 0xffffffff ? n.toString(16).toUpperCase().padStart(8, '0') : null;
};
const hexToDecimal = (hex: string): string => String(parseInt(hex, 16)).padStart(10, '0');

/** Every stored form a reported UID may match, the normalised UID first; empty when it is not a UID. */
export function cardUidCandidates(raw: string): string[] {
  const uid = normalizeCardUid(raw);
  if (!uid) return [];
  const out = new Set<string>([uid]);
  const add = (v: string | null) => v && out.add(v);
  add(reverseBytes(uid));
  if (DECIMAL.test(uid)) {
    add(uid.padStart(10, '0'));
    const hex = decimalToHex(uid);
    add(hex);
    if (hex) add(reverseBytes(hex));
  }
  if (uid.length === 8) {
    add(hexToDecimal(uid));
    const reversed = reverseBytes(uid);
    if (reversed) add(hexToDecimal(reversed));
  }
  return [...out];
}
