// GET /api/documents: a page of the caller's documents, filtered in SQL, with counts per status over all
// of them (the stats tiles) in the same answer.
import type { DocumentListData, DocumentStats } from '@mixdesk/contract/document-responses';
import {
  DOCUMENT_STATUSES,
  DOCUMENTS_LIMIT_MAX,
  type DocumentListQuerySchema,
  OVERDUE,
} from '@mixdesk/contract/documents';
import type { z } from 'zod';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { presentDocument, todayUtc } from './present.ts';
import { listDocumentRows, type SignerRow, signersOf, statusCounts } from './repo.ts';

type ListQuery = z.output<typeof DocumentListQuerySchema>;

export async function listDocuments(
  ctx: AppContext,
  ownerId: string,
  query: ListQuery,
): Promise<DocumentListData> {
  const today = todayUtc();
  const win = pageWindow(query.page, query.limit, DOCUMENTS_LIMIT_MAX);
  const filters = { search: query.search || undefined, status: query.status, type: query.type };
  const [page, counts] = await Promise.all([
    listDocumentRows(ctx.db, ownerId, filters, win, today),
    statusCounts(ctx.db, ownerId, today),
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
    stats[OVERDUE] += c.overdue;
  }
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
