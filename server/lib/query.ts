import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { badRequest, notFound } from './errors';
import { MAX_ID } from '../../src/domain/validation';

/**
 * A record id from a route parameter. Anything that is not a positive whole number cannot name a
 * record, so it is answered like an unknown id (404 with the given message), never a 500.
 */
export function idParam(value: unknown, notFoundMessage: string): number {
  const text = String(value ?? '');
  const id = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  // Above MAX_ID PostgreSQL would fail the comparison itself (out of range), so it is not found too.
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID) throw notFound(notFoundMessage);
  return id;
}

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

/** A request body that must be a JSON object (routes that validate by hand; declared schemas do this themselves). */
export function bodyFields(body: unknown): Record<string, unknown> {
  if (body == null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body');
  return body as Record<string, unknown>;
}
