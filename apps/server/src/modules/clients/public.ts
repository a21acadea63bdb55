// The clients area's public entry: what other areas may use of it (scripts/check-architecture.mjs).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findClient } from './repo.ts';

/** True when `clientId` is one of `ownerId`'s clients (credits and splits may name a client). */
export async function isClientOf(db: Kysely<DB>, ownerId: string, clientId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(clientId)) return false;
  return (await findClient(db, ownerId, clientId.toLowerCase())) !== undefined;
}
