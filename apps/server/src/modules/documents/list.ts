// GET /api/documents: a page of the caller's documents, filtered in SQL, with counts per status over all
// of them (the stats tiles) in the same answer. The serialised answer is cached per app instance under the
// owner's list version, which triggers bump in the same transaction as any change the list shows (migration
// 0007); every request reads the version, so no instance answers from a stale copy.
import {
  type DocumentListData,
  DocumentListDataSchema,
  type DocumentStats,
} from '@mixdesk/contract/document-responses';
import {
  DOCUMENT_STATUSES,
  DOCUMENTS_LIMIT_MAX,
  type DocumentListQuerySchema,
  OVERDUE,
} from '@mixdesk/contract/documents';
import { envelope } from '@mixdesk/contract/envelope';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { coalesced } from '../../db/coalesced.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { type VersionedResponses, versionedResponsesFor } from '../../platform/http/versioned-responses.ts';
import { presentDocument, todayUtc } from './present.ts';
import { keptCounts, listDocumentRows, overdueCount, type SignerRow, signersOf } from './repo.ts';

type ListQuery = z.output<typeof DocumentListQuerySchema>;

export async function listDocuments(
  ctx: AppContext,
  ownerId: string,
  query: ListQuery,
): Promise<DocumentListData> {
  const today = todayUtc();
  const win = pageWindow(query.page, query.limit, DOCUMENTS_LIMIT_MAX);
  const filters = { search: query.search || undefined, status: query.status, type: query.type };
  // The page's total may come from the kept counts; the overdue count runs beside both.
  const kept = keptCounts(ctx.db, ownerId);
  const [counts, page, overdue] = await Promise.all([
    kept,
    kept.then((k) => listDocumentRows(ctx.db, ctx.dialect, ownerId, filters, win, today, k)),
    overdueCount(ctx.db, ownerId, today),
  ]);
  const signers = await signersOf(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  const byDocument = new Map<string, SignerRow[]>();
  for (const s of signers) byDocument.set(s.document_id, [...(byDocument.get(s.document_id) ?? []), s]);
  const stats = Object.fromEntries([
    ['total', 0],
    ...DOCUMENT_STATUSES.map((s) => [s, 0]),
    [OVERDUE, 0],
  ]) as DocumentStats;
  for (const c of counts) {
    stats.total += c.n;
    if (c.status in stats) stats[c.status as keyof DocumentStats] += c.n;
  }
  stats[OVERDUE] = overdue;
  return {
    documents: page.rows.map((r) => presentDocument(r, byDocument.get(r.id) ?? [], today)),
    pagination: {
      currentPage: win.page,
      totalPages: Math.max(1, Math.ceil(page.total / win.limit)),
      limit: win.limit,
      totalDocuments: page.total,
    },
    stats,
  };
}

export const DocumentListResponseSchema = envelope(DocumentListDataSchema);

const caches = new WeakMap<Kysely<DB>, VersionedResponses>();
const LIMITS = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

const versionsQuery = prepared((db, ownerIds) =>
  db.selectFrom('document_list_versions').select(['owner_id', 'version']).where('owner_id', 'in', ownerIds),
);

/** The owner's list version; concurrent list requests share one query (db/coalesced.ts). */
const listVersion = coalesced(
  async (db, ownerIds) =>
    new Map((await versionsQuery(db, ownerIds)).map((r) => [r.owner_id, Number(r.version)])),
  0,
);

/** The whole JSON answer of the list, validated against its schema, from the cache when current. */
export async function listDocumentsJson(ctx: AppContext, ownerId: string, query: ListQuery): Promise<Buffer> {
  // The overdue flags and count depend on the date, so the day is part of the key.
  const key = [
    ownerId,
    todayUtc(),
    query.page,
    query.limit,
    query.search ?? '',
    query.status,
    query.type,
  ].join('\u0000');
  return versionedResponsesFor(caches, ctx.db, LIMITS).through(
    key,
    () => listVersion(ctx.db, ownerId),
    async () =>
      JSON.stringify(
        DocumentListResponseSchema.parse({
          success: true,
          message: 'Documents',
          data: await listDocuments(ctx, ownerId, query),
        }),
      ),
  );
}
