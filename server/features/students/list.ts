import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '@core/db/index';
import type { Database } from '@core/db/schema';
import { inOrder, makePagination, pageIds } from '@core/http/paginate';
import type { StudentList, StudentListQuery } from '@domain/students';
import { resolveSearch, studentSearch, type ResolvedSearch } from './search';
import { studentsWithPlacement, toStudent } from './service';

/*
 * The active students' list (Student Management): its filters, total and pages, and the query its CSV
 * export streams. Each request resolves its search once (./search) and passes it to the total and the page.
 */

/** The list filters, on the students table alone (so the count needs no joins); `search` is f.searchTerm resolved. */
export function studentFilter(
  f: Pick<StudentListQuery, 'schoolId' | 'gradeId' | 'sectionId' | 'ids'>,
  search: ResolvedSearch | null,
) {
  return (eb: ExpressionBuilder<Database, 'students'>) => {
    const parts: Array<Expression<SqlBool>> = [eb('students.isArchived', '=', 0)];
    if (f.schoolId) parts.push(eb('students.schoolId', '=', f.schoolId));
    if (f.gradeId) parts.push(eb('students.gradeId', '=', f.gradeId));
    if (f.sectionId) parts.push(eb('students.sectionId', '=', f.sectionId));
    if (f.ids) parts.push(eb('students.id', 'in', f.ids));
    if (search) parts.push(studentSearch(search)(eb));
    return eb.and(parts);
  };
}

/** The active (not archived) students matching the filters, by last name, first name, id (a total order for CSV). */
export async function studentsQuery(db: Executor, f: StudentListQuery) {
  const search = f.searchTerm ? await resolveSearch(db, f.searchTerm) : null;
  return studentsWithPlacement(db)
    .where(studentFilter(f, search))
    .orderBy('students.lastName')
    .orderBy('students.firstName')
    .orderBy('students.id');
}

/**
 * The list's total. All students or one school's: the counts the triggers keep (migration 0023: a row per school,
 * where counting walked 100k index entries); a grade, section or search is counted on the students table (bounded by
 * a school's grade or the search's matches).
 */
async function studentTotal(db: Executor, f: StudentListQuery, search: ResolvedSearch | null): Promise<number> {
  if (f.gradeId || f.sectionId || f.ids || search) {
    const row = await db
      .selectFrom('students')
      .where(studentFilter(f, search))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }
  let counts = db
    .selectFrom('studentCounts')
    .select((e) => e.fn.sum<number>('n').as('n'))
    .where('isArchived', '=', 0);
  if (f.schoolId) counts = counts.where('schoolId', '=', f.schoolId);
  return Number((await counts.executeTakeFirst())?.n ?? 0);
}

/**
 * One page of the list; the total is counted on the students table alone (joins would cost a lookup per row), the
 * page's ids are read from the name index from the nearer end of the list (pageIds), then only they are joined.
 */
export async function listStudents(
  db: Executor,
  f: StudentListQuery,
  params: { page: number; limit: number },
  defaultZone: string,
): Promise<StudentList> {
  const search = f.searchTerm ? await resolveSearch(db, f.searchTerm) : null;
  const keys = db.selectFrom('students').where(studentFilter(f, search));
  const total = await studentTotal(db, f, search);
  // A search's matches as an id list (at most SEARCH_IDS_MAX) are sorted, not found by walking the name index: with
  // LIMIT 20, PostgreSQL walked it for 20 of 209 matches (11 ms at 100k). `|| ''` keeps the order but not the index.
  const byName = (column: 'students.lastName' | 'students.firstName') =>
    search?.ids ? sql<string>`${sql.ref(column)} || ''` : column;
  const ids = await pageIds(params, total, async (direction, limit, offset) => {
    const order = direction === 'forward' ? 'asc' : 'desc';
    const rows = await keys
      .select('students.id')
      .orderBy(byName('students.lastName'), order)
      .orderBy(byName('students.firstName'), order)
      .orderBy('students.id', order)
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => r.id);
  });
  const rows = ids.length ? await studentsWithPlacement(db).where('students.id', 'in', ids).execute() : [];
  return {
    students: inOrder(ids, rows).map((r) => toStudent(r, defaultZone)),
    pagination: makePagination(total, params.page, params.limit),
  };
}
