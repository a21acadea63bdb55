// Query pieces that differ by dialect or are easy to get wrong, shared by every area's repo.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from './database.ts';

/** Escapes LIKE wildcards so user text matches literally (with ESCAPE '\'). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A row's lower-cased `search_text` column contains `term` (lower-cased here), with %, _ and \ taken literally.
 * Both sides are lower-case, so a plain LIKE matches the same on SQLite and PostgreSQL.
 */
export function searchTextContains(term: string): Expression<SqlBool> {
  return sql<SqlBool>`search_text like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`;
}

/**
 * `column` contains `term`, case-insensitively, with %, _ and \ taken literally.
 * SQLite's LIKE is case-insensitive for ASCII; PostgreSQL needs ILIKE.
 */
export function containsInsensitive(
  dialect: Dialect,
  column: Expression<unknown>,
  term: string,
): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql<SqlBool>`${column} LIKE ${pattern} ESCAPE '\\'`;
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
