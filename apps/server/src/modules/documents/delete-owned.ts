// Deleting every document of an account, for account deletion (issue #31): in the transaction that deletes the
// user, before the user row (the documents list's triggers write a row keyed by the owner, which must still
// exist), every document goes in whatever status, with its signers, audit trail and issued-file records; its
// live signing links are remembered as withdrawn (withdrawn-links.ts). The stored PDFs are removed by the
// caller once that transaction has committed: a crash in between leaves objects no row names (the storage
// sweeper's to remove), never a row naming nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { withdrawLinksOfOwner } from './withdrawn-links.ts';

/** Deletes the owner's documents; the keys of every PDF they kept, to remove after the commit. */
export async function deleteDocumentsOfOwner(db: Kysely<DB>, ownerId: string): Promise<string[]> {
  const current = await db
    .selectFrom('documents')
    .select('pdf_key')
    .where('owner_id', '=', ownerId)
    .execute();
  const kept = await db
    .selectFrom('document_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select('f.storage_key')
    .where('d.owner_id', '=', ownerId)
    .where('f.storage_key', 'is not', null)
    .execute();
  await withdrawLinksOfOwner(db, ownerId);
  // Signers, events (and their activities) and file records go by their foreign keys.
  await db.deleteFrom('documents').where('owner_id', '=', ownerId).execute();
  return [...new Set([...current.map((r) => r.pdf_key), ...kept.map((r) => r.storage_key!)])];
}
