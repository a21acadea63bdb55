// Query pieces that differ by dialect or are easy to get wrong, shared by every area's repo.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';
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

/**
 * SQLite reads the index only for a term it finds fewer times than one in this many of the owner's rows: the
 * cost of following one match over the cost of scanning one row, measured on bench:scale's SQLite file
 * (2026-11-28, counting a search over 100,000 clients and 200,000 documents both ways): a match costs 2–3 µs
 * and a client row 0.10–0.12 µs; a match 3–5 µs and a document row (its longer text) 0.8–1.0 µs. So "chen"
 * (one client in ten) is cheaper scanned, and "contract" (one document in four) just cheaper indexed. The
 * probe that counts the matches stops at that bound, so it costs a fraction of the scan it may save.
 */
export const ROWS_PER_INDEXED_MATCH = { clients: 25, documents: 5 } as const;

/** SQLite may search through the trigram index: terms of three characters or more, for an owner that size. */
export const searchesIndex = (dialect: Dialect, term: string, ownerRows: number) =>
  dialect === 'sqlite' && [...term.toLowerCase()].length >= 3 && ownerRows >= INDEXED_SEARCH_FROM;

/** FTS5's phrase for a term: its trigrams in a row, which is a substring; quotes doubled, nothing else read. */
const phraseOf = (lower: string) => `"${lower.replaceAll('"', '""')}"`;

/**
 * Whether an owner's search of `table` reads the trigram index (SQLite; PostgreSQL's planner picks its own):
 * `searchesIndex`, and the index holds fewer matches, every owner's, than the owner's rows over
 * ROWS_PER_INDEXED_MATCH. The probe counts them only up to that bound.
 */
export async function searchReadsIndex(
  db: Kysely<DB>,
  dialect: Dialect,
  table: keyof typeof ROWS_PER_INDEXED_MATCH,
  term: string,
  ownerRows: number,
): Promise<boolean> {
  const lower = term.toLowerCase();
  if (!searchesIndex(dialect, lower, ownerRows)) return false;
  const bound = Math.ceil(ownerRows / ROWS_PER_INDEXED_MATCH[table]);
  const index = sql.table(`${table}_search`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
    select rowid from ${index} where ${index} match ${phraseOf(lower)} limit ${bound}
  )`.execute(db);
  return Number(rows[0]?.n ?? 0) < bound;
}

/**
 * The `table` row named `alias` holds `term` (trimmed, any case) in its lower-cased `search_text`, with %, _
 * and \ taken literally. SQLite: through the table's FTS5 trigram index when `viaIndex` (`searchReadsIndex`
 * decides), else a LIKE over the owner's rows; PostgreSQL: a LIKE its pg_trgm index serves.
 */
export function searchMatches(
  table: SearchedTable,
  alias: string,
  term: string,
  viaIndex: boolean,
): Expression<SqlBool> {
  const lower = term.toLowerCase();
  if (viaIndex) {
    const index = sql.table(`${table}_search`);
    return sql<SqlBool>`${sql.ref(`${alias}.search_key`)} in (select rowid from ${index} where ${index} match ${phraseOf(lower)})`;
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
