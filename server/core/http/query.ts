import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** An optional text filter from a query string: trimmed, '' and non-strings → undefined. */
export function textQuery(value: unknown, max = 100): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().slice(0, max);
  return v || undefined;
}

/**
 * Case-insensitive "column contains term" that behaves the same on SQLite and PostgreSQL
 * (LIKE wildcards in the term are matched literally).
 */
export function containsText(column: string, term: string): RawBuilder<SqlBool> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
