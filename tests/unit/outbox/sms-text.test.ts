import { describe, expect, it } from 'vitest';
import { GSM7_BASIC, GSM7_EXTENSION, isGsm7, normalizeSmsText, smsParts, smsPartsAsSent } from '@shared/sms-text';
import { customMessageSchema, CUSTOM_MESSAGE_MESSAGES } from '@domain/sms-history';

describe('GSM 03.38 tables', () => {
  it('hold the 127 characters of the basic table (and the escape in its place) and the 10 of the extension', () => {
    expect(GSM7_BASIC).toHaveLength(128);
    expect(GSM7_BASIC.charCodeAt(0x1b)).toBe(0x1b);
    // Spot checks of the code order against the standard's table.
    expect([GSM7_BASIC[0x00], GSM7_BASIC[0x09], GSM7_BASIC[0x10], GSM7_BASIC[0x40], GSM7_BASIC[0x5d], GSM7_BASIC[0x60]]).toEqual([
      '@',
      'Ç',
      'Δ',
      '¡',
      'Ñ',
      '¿',
    ]);
    expect([GSM7_BASIC[0x7d], GSM7_BASIC[0x7f]]).toEqual(['ñ', 'à']);
    expect(Array.from(GSM7_EXTENSION)).toHaveLength(10);
  });

  it('tell GSM-7 characters from the rest, one by one', () => {
    for (const c of 'ñÑ@£¥èéùìòÇØøÅåÆæßÉÄÖÜäöü§¿¡àΔΩ€{}[]~|^\\\n\r') expect(isGsm7(c), c).toBe(true);
    // Letters Filipino and Spanish names use that GSM-7 lacks, the backtick, a bullet, an emoji, a curly quote.
    for (const c of ['á', 'í', 'ó', 'ú', 'ç', 'ë', '`', '•', '😀', '’', '\t']) expect(isGsm7(c), c).toBe(false);
  });
});

describe('smsParts', () => {
  it('GSM-7: 160 characters in one part, then parts of 153', () => {
    expect(smsParts('a'.repeat(160))).toEqual({
      encoding: 'GSM-7',
      characters: 160,
      parts: 1,
      perPart: 160,
      remainingInPart: 0,
    });
    expect(smsParts('a'.repeat(161))).toEqual({
      encoding: 'GSM-7',
      characters: 161,
      parts: 2,
      perPart: 153,
      remainingInPart: 145,
    });
    expect(smsParts('a'.repeat(306))).toMatchObject({ parts: 2, remainingInPart: 0 });
    expect(smsParts('a'.repeat(307))).toMatchObject({ parts: 3, remainingInPart: 152 });
    expect(smsParts('a'.repeat(459))).toMatchObject({ parts: 3, remainingInPart: 0 });
    expect(smsParts('a'.repeat(460))).toMatchObject({ parts: 4 });
  });

  it('an extension character counts 2, and never splits across two parts', () => {
    expect(smsParts('€')).toMatchObject({ encoding: 'GSM-7', characters: 2, parts: 1, remainingInPart: 158 });
    expect(smsParts('{')).toMatchObject({ encoding: 'GSM-7', characters: 2 });
    expect(smsParts('€'.repeat(80))).toMatchObject({ characters: 160, parts: 1 });
    expect(smsParts('€'.repeat(81))).toMatchObject({ characters: 162, parts: 2 });
    // 152 letters then '€': the escape would be the part's 153rd septet and its code the next part's first,
    // so the '€' starts part 2 whole (as a phone splits it): 152 + 2 + 152 = 306 septets need 3 parts.
    const straddle = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsParts(straddle)).toMatchObject({ characters: 306, parts: 3, remainingInPart: 152 });
    expect(smsParts(`${'a'.repeat(151)}€${'a'.repeat(153)}`)).toMatchObject({ characters: 306, parts: 2 });
  });

  it('UCS-2: an emoji or a letter outside GSM-7 makes 70 units one part, then parts of 67', () => {
    expect(smsParts('Kumusta 😀')).toEqual({ encoding: 'UCS-2', characters: 10, parts: 1, perPart: 70, remainingInPart: 60 });
    expect(smsParts('á'.repeat(70))).toMatchObject({ encoding: 'UCS-2', parts: 1, remainingInPart: 0 });
    expect(smsParts('á'.repeat(71))).toMatchObject({ encoding: 'UCS-2', parts: 2, perPart: 67, remainingInPart: 63 });
    expect(smsParts('á'.repeat(201))).toMatchObject({ parts: 3, remainingInPart: 0 });
    expect(smsParts('á'.repeat(202))).toMatchObject({ parts: 4 });
    // In UCS-2 '€' is one unit like any other character.
    expect(smsParts('€á')).toMatchObject({ characters: 2 });
    // An emoji is a surrogate pair: 2 units, never split: 66 letters then 😀 → the pair starts part 2.
    expect(smsParts(`${'á'.repeat(66)}😀${'á'.repeat(5)}`)).toMatchObject({ characters: 73, parts: 2, remainingInPart: 60 });
  });

  it('ñ is GSM-7: a Filipino text with it stays at 160 per part', () => {
    expect(smsParts('Magandang umaga! Si Niño ay dumating sa paaralan.')).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('an empty text is no part', () => {
    expect(smsParts('')).toEqual({ encoding: 'GSM-7', characters: 0, parts: 0, perPart: 160, remainingInPart: 160 });
  });
});

describe('normalizeSmsText', () => {
  it('gives curly quotes, dashes, the minus, the ellipsis and Unicode spaces their GSM-7 forms', () => {
    const typed = '‘Hi’ ‚x‛ “Bring” „y‟ – — ‒ ― ‐ ‑ − … a\u00a0b\u2009c\u202fd\u3000e\tf';
    expect(normalizeSmsText(typed)).toBe(`'Hi' 'x' "Bring" "y" - - - - - - - ... a b c d e f`);
    expect(normalizeSmsText('zero\u200bwidth\ufeff')).toBe('zerowidth');
    expect(normalizeSmsText('«Oo» ‹po› `x´ 5′ 6″')).toBe(`"Oo" 'po' 'x' 5' 6"`);
  });

  it('composes letters (n + combining tilde is the GSM-7 ñ) and leaves what has no GSM-7 form', () => {
    expect(normalizeSmsText('Nin\u0303o')).toBe('Niño');
    expect(normalizeSmsText('• Dalhin ang ID 😀 José Ramírez')).toBe('• Dalhin ang ID 😀 José Ramírez');
  });

  it('changes nothing the second time', () => {
    const once = normalizeSmsText('“It’s…” – OK');
    expect(normalizeSmsText(once)).toBe(once);
  });

  it('a text typed on a phone with curly quotes counts as GSM-7 once normalised', () => {
    const typed = '“Walang pasok bukas” – paalala ng paaralan. Don’t forget the form…';
    expect(smsParts(typed)).toMatchObject({ encoding: 'UCS-2', perPart: 70, parts: 1 });
    expect(smsPartsAsSent(typed)).toMatchObject({ encoding: 'GSM-7', characters: 68, parts: 1, perPart: 160 });
    // A bullet has no GSM-7 form: the text still needs UCS-2.
    expect(smsPartsAsSent(`• ${typed}`)).toMatchObject({ encoding: 'UCS-2', perPart: 70 });
  });
});

describe('the CUSTOM message limit: 3 parts, counted as sent', () => {
  const check = (message: string) => customMessageSchema.safeParse({ studentId: 1, message });
  it('takes 459 curly-quoted GSM-7 characters that would have been 201 as typed', () => {
    const typed = `“${'a'.repeat(455)}” –`; // 459 as sent: " + 455 + " + space + -
    expect(smsParts(typed).encoding).toBe('UCS-2');
    expect(check(typed).success).toBe(true);
    expect(check(`${typed}x`).error?.issues[0]?.message).toBe(CUSTOM_MESSAGE_MESSAGES.tooLong(459, 'GSM-7'));
    expect(check('😀'.repeat(101)).error?.issues[0]?.message).toBe(CUSTOM_MESSAGE_MESSAGES.tooLong(201, 'UCS-2'));
    // Parts never split an emoji: 33 fit in a part of 67 units, so 99 in three.
    expect(check('😀'.repeat(99)).success).toBe(true);
    expect(check('😀'.repeat(100)).success).toBe(false);
  });
});
