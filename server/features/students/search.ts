import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Executor } from '@core/db/index';
import type { Database } from '@core/db/schema';
import { searchTerms, searchWords } from '@domain/students';

/**
 * A search as the list queries apply it (resolveSearch): `ids`, the matching students when they are few (a list the
 * database probes by primary key), and the `words` still to match, applied as subqueries.
 */
export interface ResolvedSearch {
  ids: number[] | null;
  words: string[];
}

/** A word whose range holds more rows than this is matched by a subquery, never read. */
export const SEARCH_ROWS_READ = 10_000;
/** Past this many students matching the words read, the list walks its name index instead of probing each one. */
export const SEARCH_IDS_MAX = 1000;

type TermsQuery = SelectQueryBuilder<Database, 'studentSearchTerms', object>;
/** Terms beginning with the word: one index range ('\uffff' sorts after every character a term holds). */
const beginning =
  (w: string) =>
  <Q extends TermsQuery>(q: Q): Q =>
    q.where('studentSearchTerms.term', '>=', w).where('studentSearchTerms.term', '<', `${w}\uffff`) as Q;

const termsBeginning = (db: Executor, w: string) =>
  db.selectFrom('studentSearchTerms').select('studentSearchTerms.studentId').$call(beginning(w));

/** The words whose ranges hold at most SEARCH_ROWS_READ rows (each one counted up to that, in the index). */
async function smallWords(db: Executor, words: string[]): Promise<string[]> {
  const small: string[] = [];
  for (const w of words) {
    const { n } = await db
      .selectFrom(
        termsBeginning(db, w)
          .limit(SEARCH_ROWS_READ + 1)
          .as('r'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) <= SEARCH_ROWS_READ) small.push(w);
  }
  return small;
}

/**
 * Resolves a search term once per request, before the page and its count. As subqueries alone, PostgreSQL joined
 * every active student by hash (7–12 ms a query at 100k students, twice a request): it prices index probes above a
 * scan (random_page_cost) and misjudges an INTERSECT's size (4,659 rows estimated for 209). So the words whose ranges
 * are small are matched here, once: their students, when at most SEARCH_IDS_MAX, become an id list.
 */
export async function resolveSearch(db: Executor, term: string): Promise<ResolvedSearch> {
  const words = searchWords(term);
  // One word needs no count: its range, read up to SEARCH_IDS_MAX + 1 rows, says whether it is small.
  const small = words.length === 1 ? words : await smallWords(db, words);
  const [first, ...others] = small.map((w) => termsBeginning(db, w));
  if (!first) return { ids: null, words };
  const rows = await db
    .selectFrom(others.reduce((q, next) => q.intersect(next), first).as('m'))
    .select('m.studentId')
    .limit(SEARCH_IDS_MAX + 1)
    .execute();
  if (rows.length > SEARCH_IDS_MAX) return { ids: null, words };
  // A student may hold several terms that begin with one word: each id once.
  return { ids: [...new Set(rows.map((r) => r.studentId))], words: words.filter((w) => !small.includes(w)) };
}

/** The students matching a resolved search: in its id list, and with a term beginning with each remaining word. */
export function studentSearch({ ids, words }: ResolvedSearch) {
  return (eb: ExpressionBuilder<Database, 'students'>) => {
    const parts: Array<Expression<SqlBool>> = [];
    if (ids) parts.push(ids.length ? eb('students.id', 'in', ids) : sql<SqlBool>`1 = 0`);
    // One id set per word, intersected (SQLite answers INTERSECT with a merge, much faster than two IN lists).
    const [first, ...others] = words.map((w) =>
      eb.selectFrom('studentSearchTerms').select('studentSearchTerms.studentId').$call(beginning(w)),
    );
    if (first)
      parts.push(
        eb(
          'students.id',
          'in',
          others.reduce((q, next) => q.intersect(next), first),
        ),
      );
    return parts.length ? eb.and(parts) : sql<SqlBool>`1 = 1`;
  };
}

/** Replaces a student's search terms (after a create, or an edit of the name, email or LRN). */
export async function saveSearchTerms(
  db: Executor,
  rows: Array<{ id: number; firstName: string; lastName: string; email: string | null; lrn: string }>,
) {
  if (rows.length === 0) return;
  await db
    .deleteFrom('studentSearchTerms')
    .where(
      'studentId',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const values = rows.flatMap((r) => searchTerms(r).map((term) => ({ studentId: r.id, term })));
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insertInto('studentSearchTerms')
      .values(values.slice(i, i + 1000))
      .execute();
}
