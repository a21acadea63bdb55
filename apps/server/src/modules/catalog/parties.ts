// What works and recordings share about their parties: the clients they name must be the owner's, and whether
// a change touched the splits (who is in them and their shares, names, emails and identifiers), which sends
// agreed or pending splits back to pending (agreements.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { isClientOf } from '../clients/public.ts';

interface NamedParty {
  name: string;
  clientId: string | null;
}

/** Refuses a list naming a client that is not the owner's (as a field error, like the schemas' own). */
export async function checkClients(
  db: Kysely<DB>,
  ownerId: string,
  lists: Record<string, ReadonlyArray<NamedParty>>,
): Promise<void> {
  const details: Array<{ path: string; message: string }> = [];
  for (const [field, parties] of Object.entries(lists))
    for (const [i, party] of parties.entries())
      if (party.clientId && !(await isClientOf(db, ownerId, party.clientId)))
        details.push({
          path: `${field}.${i}.clientId`,
          message: `${party.name}: client not found in your clients`,
        });
  if (details.length > 0) throw new AppError('VALIDATION_ERROR', details[0]!.message, details);
}

/** The parts of a split that its parties agreed to, as one comparable string. */
export const splitKey = (...lists: ReadonlyArray<ReadonlyArray<object>>) => JSON.stringify(lists);
