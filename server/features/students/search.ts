import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '@core/db/index';
import type { Database } from '@core/db/schema';
import { searchTerms, searchWords } from '@domain/students';

/**
 * Students whose search terms begin with every word typed (searchWords/searchTerms in the domain): one
 * index range of student_search_terms per word. '\uffff' sorts after every character a term holds.
 */
export function studentSearch(term: string) {
  const words = searchWords(term);
  return (eb: ExpressionBuilder<Database, 'students'>) => {
    const withPrefix = (w: string) =>
      eb
        .selectFrom('studentSearchTerms')
        .select('studentSearchTerms.studentId')
        .where('studentSearchTerms.term', '>=', w)
        .where('studentSearchTerms.term', '<', `${w}\uffff`);
    // One id set per word, intersected (SQLite answers INTERSECT with a merge; two IN lists took 6× as long).
    const [first, ...rest] = words.map(withPrefix);
    if (!first) return sql<SqlBool>`1 = 1`;
    return eb(
      'students.id',
      'in',
      rest.reduce((q, next) => q.intersect(next), first),
    );
  };
}

/** Replaces a student's search terms (after a create, or an edit of the name, email or LRN). */
export async function saveSearchTerms(
  db: Executor,
  rows: Array<{ id: number; firstName: string; lastName: string; email: string; lrn: string }>,
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
