// Table types for Kysely. Each area declares its own tables by augmenting `DB` in its module
// (see modules/auth/tables.ts), so areas can grow without editing one shared file.
import type { ColumnType } from 'kysely';

// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation in each area's tables.ts
export interface DB {}

/** ISO-8601 UTC text in SQLite, timestamptz in PostgreSQL; always read as an ISO string. */
export type Timestamp = string;
/** boolean in PostgreSQL, 0/1 in SQLite: read with `Boolean(value)`. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** jsonb in PostgreSQL (parsed on read), text in SQLite: read with `fromJson`, write with `JSON.stringify`. */
export type Json<T> = ColumnType<T | string, string, string>;

export function fromJson<T>(value: T | string | null | undefined, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
