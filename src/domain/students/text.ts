/** 'First Last' as lists and dialogs show a student. */
export const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

/*
 * Search (the lists' searchTerm over name, email and LRN): every word typed must begin one of the student's
 * search terms — a word of the first or last name (and each part of a hyphenated one), the email, the part
 * of the email before '@', or the LRN. Case and accents are ignored ('pena' finds Peña). The server keeps
 * the terms in student_search_terms (migration 0005) so a search is an index range per word.
 */
export const SEARCH_WORDS_MAX = 5;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

export function searchTerms(s: { firstName: string; lastName: string; email: string | null; lrn: string }): string[] {
  const nameWords = fold(`${s.firstName} ${s.lastName}`)
    .split(/\s+/)
    .flatMap((w) => [w, ...w.split(/[-']+/)]);
  const email = fold(s.email ?? '');
  return [...new Set([...nameWords, email, email.split('@')[0]!, s.lrn])].filter((t) => t !== '' && t.length <= 200);
}

/** The words of a search term as searched (folded like the terms, at most SEARCH_WORDS_MAX). */
export const searchWords = (term: string): string[] =>
  [...new Set(fold(term).split(/\s+/).filter(Boolean))].slice(0, SEARCH_WORDS_MAX);
