// Query pieces that differ by dialect or are easy to get wrong, shared by every area's repo.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from './database.ts';
import type { SearchedTable } from './trigram-search.ts';

/** Escapes LIKE wildcards so user text matches literally (with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How many rows an owner must have before SQLite's search reads the trigram index: the index finds every
 * owner's matches, so for a small owner scanning their own rows is cheaper (2,000 take about 1 ms).
 */
export const INDEXED_SEARCH_FROM = 2_000;

/** SQLite searches through the trigram index: terms of three characters or more, for an owner that size. */
export const searchesIndex = (dialect: Dialect, term: string, ownerRows: number) =>
  dialect === 'sqlite' && [...term.toLowerCase()].length >= 3 && ownerRows >= INDEXED_SEARCH_FROM;

/**
 * The `table` row named `alias` holds `term` (trimmed, any case) in its lower-cased `search_text`, with %, _
 * and \ taken literally. SQLite: through the table's FTS5 trigram index when `searchesIndex` says so (a phrase
 * of trigrams is a substring), else a LIKE over the owner's rows; PostgreSQL: a LIKE its pg_trgm index serves.
 */
export function searchMatches(
  dialect: Dialect,
  table: SearchedTable,
  alias: string,
  term: string,
  ownerRows: number,
): Expression<SqlBool> {
  const lower = term.toLowerCase();
  if (searchesIndex(dialect, lower, ownerRows)) {
    const index = sql.table(`${table}_search`);
    const phrase = `"${lower.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref(`${alias}.search_key`)} in (select rowid from ${index} where ${index} match ${phrase})`;
  }
  return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} like ${`%${escapeLike(lower)}%`} escape '\\'`;
}

/**
 * `column` is `ownerId`; when the search reads the trigram index, written `+column` so SQLite starts from the
 * search's matches instead of walking the owner's whole index.
 */
export function ownedBy(column: string, ownerId: string, viaSearchIndex: boolean): Expression<SqlBool> {
  return viaSearchIndex
    ? sql<SqlBool>`+${sql.ref(column)} = ${ownerId}`
    : sql<SqlBool>`${sql.ref(column)} = ${ownerId}`;
}

/** Page/limit to offset, with the limit capped. */
export function pageWindow(page: number, limit: number, maxLimit = 100) {
  const size = Math.min(Math.max(1, limit), maxLimit);
  const current = Math.max(1, page);
  return { limit: size, offset: (current - 1) * size, page: current };
}

// biome-ignore lint/suspicious/noExplicitAny: a helper for any table's expression builder
export type AnyEb = ExpressionBuilder<any, any>;

/** A unique constraint refused the write (SQLite or PostgreSQL), e.g. two requests racing for one email. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
