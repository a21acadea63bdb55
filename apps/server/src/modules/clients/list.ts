// GET /api/clients: a page of the caller's network with the summary over the whole network.
// The serialised response is cached per app instance under the network's version, which lives in the
// database and changes in the same transaction as any client write or any change to a linked project
// (see stats.ts and the 0004-clients triggers). Every request reads the version, so no instance ever
// answers from a stale copy, and a repeated list costs one primary-key lookup.

import type { ClientListData } from '@mixdesk/contract/client-responses';
import { CLIENTS_PAGE_MAX, type ClientListQuerySchema, fromCents } from '@mixdesk/contract/clients';
import { clientRoutes } from '@mixdesk/contract/routes/clients';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { type VersionedResponses, versionedResponsesFor } from '../../platform/http/versioned-responses.ts';
import { linkedCountsOf } from './links.ts';
import { listClientRows, presentClient } from './repo.ts';
import { networkStats, networkVersion } from './stats.ts';

type ListQuery = z.output<typeof ClientListQuerySchema>;

const ClientListResponseSchema = clientRoutes.list.response;

const caches = new WeakMap<Kysely<DB>, VersionedResponses>();
const LIMITS = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

/** Reads the page, its clients' linked projects and the network's figures. */
export async function listClients(
  ctx: AppContext,
  userId: string,
  query: ListQuery,
): Promise<ClientListData> {
  const win = pageWindow(query.page, query.limit, CLIENTS_PAGE_MAX);
  const search = query.search?.trim().toLowerCase() || undefined;
  const stats = await networkStats(ctx.db, userId);
  const filters = { search, role: query.role, type: query.type, status: query.status };
  const page = await listClientRows(ctx.db, ctx.dialect, userId, filters, win, stats.total);
  const linked = await linkedCountsOf(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  return {
    clients: page.rows.map((r) => presentClient(r, linked.get(r.id))),
    pagination: {
      currentPage: win.page,
      totalPages: Math.max(1, Math.ceil(page.total / win.limit)),
      limit: win.limit,
      totalClients: page.total,
    },
    summary: {
      total: stats.total,
      active: stats.active,
      potential: stats.potential,
      completedProjects: stats.recorded_completed + stats.linked_completed,
      totalRevenue: fromCents(stats.revenue_cents),
    },
  };
}

/** The whole JSON response of the list, validated against its schema, from the cache when current. */
export async function listClientsJson(ctx: AppContext, userId: string, query: ListQuery): Promise<Buffer> {
  const key = [
    userId,
    query.page,
    query.limit,
    query.search ?? '',
    query.role,
    query.type,
    query.status,
  ].join('\u0000');
  return versionedResponsesFor(caches, ctx.db, LIMITS).through(
    key,
    () => networkVersion(ctx.db, userId),
    async () =>
      JSON.stringify(
        ClientListResponseSchema.parse({
          success: true,
          message: 'Clients',
          data: await listClients(ctx, userId, query),
        }),
      ),
  );
}
