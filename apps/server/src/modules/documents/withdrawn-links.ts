// Signing links of documents deleted with their sender's account (issue #31): the link's SHA-256 is kept until
// the link would have expired, so a party who opens it is told the document is no longer available instead of
// "invalid or expired" (signing-links.ts), and such a look-up is not counted as a guess.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { nowIso } from '../../platform/ids.ts';

export const DOCUMENT_GONE = 'This document is no longer available: its sender deleted it';
export const documentGone = () => new AppError('NOT_FOUND', DOCUMENT_GONE);

const CHUNK = 500;

/** Remembers the links that still work of an owner's documents, in the transaction that deletes them. */
export async function withdrawLinksOfOwner(db: Kysely<DB>, ownerId: string): Promise<void> {
  const now = nowIso();
  // Rows whose link has expired meanwhile say nothing a plain "expired" does not.
  await db.deleteFrom('withdrawn_signing_links').where('expires_at', '<=', now).execute();
  const links = await db
    .selectFrom('document_signers')
    .select(['token_hash', 'token_expires_at'])
    .where('document_id', 'in', db.selectFrom('documents').select('id').where('owner_id', '=', ownerId))
    .where('token_hash', 'is not', null)
    .where('token_expires_at', '>', now)
    .execute();
  for (let i = 0; i < links.length; i += CHUNK)
    await db
      .insertInto('withdrawn_signing_links')
      .values(
        links
          .slice(i, i + CHUNK)
          .map((l) => ({ token_hash: l.token_hash!, expires_at: l.token_expires_at! })),
      )
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
}

/** Whether a link (by its SHA-256) belonged to a document deleted with its sender's account, and is unexpired. */
export async function isWithdrawnLink(db: Kysely<DB>, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawn_signing_links')
    .select('token_hash')
    .where('token_hash', '=', hash)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row !== undefined;
}
