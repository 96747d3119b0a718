import { cardUidCandidates, normalizeCardUid } from '@shared/card-uid';

/*
 * Cards as the gate reads them, by the server's one rule (src/shared/card-uid.ts): a tap matches a learner whose
 * stored card is any form the text can stand for (decimal ↔ hex, either byte order), so the decimal and the hex
 * print of one card are one card.
 */

/** The form a reader typed, named for the settings panel ('10-digit decimal', '8-digit hex'…); null: not a card. */
export function cardFormat(raw: string): string | null {
  const uid = normalizeCardUid(raw);
  if (!uid) return null;
  if (/^[0-9]+$/.test(uid) && uid.length === 10) return '10-digit decimal';
  if (/^[0-9]+$/.test(uid) && uid.length < 10) return `${uid.length}-digit decimal`;
  return `${uid.length}-digit hex`;
}

/** A lookup of learners by every stored card form; `find` takes what the reader typed. */
export function cardIndex<T extends { cardUid: string }>(entries: readonly T[]) {
  const byCard = new Map(entries.map((e) => [e.cardUid, e]));
  return {
    find(raw: string): T | undefined {
      for (const form of cardUidCandidates(raw)) {
        const hit = byCard.get(form);
        if (hit) return hit;
      }
      return undefined;
    },
  };
}

/** Same card? (two texts that stand for one stored form) */
export const sameCard = (a: string, b: string) => {
  const forms = new Set(cardUidCandidates(a));
  return cardUidCandidates(b).some((f) => forms.has(f));
};
