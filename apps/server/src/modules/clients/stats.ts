// A network's summary (SPEC §2 tiles) kept exact in client_network_stats: every client write applies its
// difference in the same transaction and bumps the version that validates cached list pages.
import { COMPLETED_PROJECT_STATUSES } from '@mixdesk/contract/clients';
import type { Kysely } from 'kysely';
import { coalesced } from '../../db/coalesced.ts';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { selectProjectsIn } from '../projects/public.ts';
import { view } from './links.ts';
import type { NewClientRow } from './repo.ts';

export interface StatsDelta {
  total: number;
  active: number;
  potential: number;
  recorded_completed: number;
  revenue_cents: number;
}

type Counted = Pick<NewClientRow, 'status' | 'recorded_completed' | 'revenue_cents'>;

/** What one client adds to its network's figures. */
export function contribution(row: Counted): StatsDelta {
  return {
    total: 1,
    active: row.status === 'active' ? 1 : 0,
    potential: row.status === 'potential' ? 1 : 0,
    recorded_completed: Number(row.recorded_completed),
    revenue_cents: Number(row.revenue_cents),
  };
}

export function difference(before: StatsDelta | null, after: StatsDelta | null): StatsDelta {
  const d = (k: keyof StatsDelta) => (after?.[k] ?? 0) - (before?.[k] ?? 0);
  return {
    total: d('total'),
    active: d('active'),
    potential: d('potential'),
    recorded_completed: d('recorded_completed'),
    revenue_cents: d('revenue_cents'),
  };
}

/** Adds a change to the owner's figures and bumps the version (creating the row on the first client). */
export async function applyStats(trx: Kysely<DB>, ownerId: string, d: StatsDelta): Promise<void> {
  await trx
    .insertInto('client_network_stats')
    .values({ owner_id: ownerId, version: 1, ...d })
    .onConflict((oc) =>
      oc.column('owner_id').doUpdateSet((eb) => ({
        version: eb('client_network_stats.version', '+', 1),
        total: eb('client_network_stats.total', '+', eb.ref('excluded.total')),
        active: eb('client_network_stats.active', '+', eb.ref('excluded.active')),
        potential: eb('client_network_stats.potential', '+', eb.ref('excluded.potential')),
        recorded_completed: eb(
          'client_network_stats.recorded_completed',
          '+',
          eb.ref('excluded.recorded_completed'),
        ),
        revenue_cents: eb('client_network_stats.revenue_cents', '+', eb.ref('excluded.revenue_cents')),
      })),
    )
    .execute();
}

/** Recounts an owner's figures from the clients table (after bulk loads, or to repair; pass a transaction). */
export async function rebuildStats(trx: Kysely<DB>, ownerId: string): Promise<void> {
  const row = await trx
    .selectFrom('clients')
    .where('owner_id', '=', ownerId)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'active').then(1).else(0).end()).as('active'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'potential').then(1).else(0).end()).as('potential'),
      eb.fn.sum<number>('recorded_completed').as('recorded_completed'),
      eb.fn.sum<number>('revenue_cents').as('revenue_cents'),
    ])
    .executeTakeFirstOrThrow();
  const figures = {
    total: Number(row.total),
    active: Number(row.active ?? 0),
    potential: Number(row.potential ?? 0),
    recorded_completed: Number(row.recorded_completed ?? 0),
    revenue_cents: Number(row.revenue_cents ?? 0),
  };
  // Absolute figures, but the version still only grows: a cached list must never match an older one.
  await trx
    .insertInto('client_network_stats')
    .values({ owner_id: ownerId, version: 1, ...figures })
    .onConflict((oc) =>
      oc.column('owner_id').doUpdateSet((eb) => ({
        version: eb('client_network_stats.version', '+', 1),
        ...figures,
      })),
    )
    .execute();
}

export interface NetworkStats extends StatsDelta {
  version: number;
  /** Completed projects linked to the network's clients (they follow the projects, so read each time). */
  linked_completed: number;
}

const EMPTY: NetworkStats = {
  version: 0,
  total: 0,
  active: 0,
  potential: 0,
  recorded_completed: 0,
  revenue_cents: 0,
  linked_completed: 0,
};

const statsQuery = prepared((db, [ownerId]) =>
  view(db)
    .selectFrom('client_network_stats as s')
    .where('s.owner_id', '=', ownerId!)
    .select((eb) => [
      's.version',
      's.total',
      's.active',
      's.potential',
      's.recorded_completed',
      's.revenue_cents',
      selectProjectsIn(eb, 'p')
        .whereRef('p.owner_id', '=', 's.owner_id')
        .where('p.status', 'in', COMPLETED_PROJECT_STATUSES)
        .where('p.client_id', 'is not', null)
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('linked_completed'),
    ]),
);

const versionsQuery = prepared((db, ownerIds) =>
  db.selectFrom('client_network_stats').select(['owner_id', 'version']).where('owner_id', 'in', ownerIds),
);

/**
 * The network's version: it changes with every client write and every change to a linked project. Read on
 * every list request, so concurrent requests share one query (db/coalesced.ts).
 */
export const networkVersion = coalesced(
  async (db, ownerIds) =>
    new Map((await versionsQuery(db, ownerIds)).map((r) => [r.owner_id, Number(r.version)])),
  0,
);

/** The owner's figures and version in one query (zeros for a network that never had a client). */
export async function networkStats(db: Kysely<DB>, ownerId: string): Promise<NetworkStats> {
  const row = (await statsQuery(db, [ownerId]))[0];
  if (!row) return EMPTY;
  return {
    version: Number(row.version),
    total: Number(row.total),
    active: Number(row.active),
    potential: Number(row.potential),
    recorded_completed: Number(row.recorded_completed),
    revenue_cents: Number(row.revenue_cents),
    linked_completed: Number(row.linked_completed ?? 0),
  };
}
