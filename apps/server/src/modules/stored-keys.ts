// Where rows name stored objects, over every area of modules/index.ts: for the command-line tools (backup) and
// tests, which have no running app. A running app reads the same columns as `ctx.storedKeys`.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { storedKeyColumnsOf } from '../platform/area.ts';
import * as keys from '../platform/storage/stored-keys.ts';
import { areas } from './index.ts';

export const storedKeyColumns = storedKeyColumnsOf(areas);

/** Of `wanted` (a few hundred at a time), the keys some row names. */
export const namedStorageKeys = (db: Kysely<DB>, wanted: readonly string[]) =>
  keys.namedStorageKeys(db, storedKeyColumns, wanted);

/** Every key some row names: what a backup of this database must hold. */
export const everyNamedStorageKey = (db: Kysely<DB>) => keys.everyNamedStorageKey(db, storedKeyColumns);
