// Queries over projects linked to clients (projects.client_id). A link joins a project and a client of the
// same owner, so counting by the project's owner counts exactly the links inside that owner's network.

import type { ClientProject } from '@mixdesk/contract/client-responses';
import { ACTIVE_PROJECT_STATUSES, COMPLETED_PROJECT_STATUSES } from '@mixdesk/contract/clients';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { DB } from '../../db/schema.ts';
import { projectsWith, selectProjects, setProjectColumns } from '../projects/public.ts';
import { type LinkedCounts, NO_LINKS } from './repo.ts';

/** The column of projects that 0004-clients adds, and this area reads and writes. */
type ClientColumns = { client_id: string | null };

/** The database as this area sees it: projects carry the client_id column that 0004-clients adds. */
export const view = (db: Kysely<DB>) => projectsWith<ClientColumns>(db);

/** Ids per query: well under the bound-parameter limits of SQLite and PostgreSQL. */
const IDS_PER_QUERY = 100;

const countsQuery = prepared((db, ids) =>
  selectProjects(view(db))
    .where('client_id', 'in', ids)
    .select((eb) => [
      'client_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('status', 'in', ACTIVE_PROJECT_STATUSES).then(1).else(0).end())
        .as('active'),
      eb.fn
        .sum<number>(eb.case().when('status', 'in', COMPLETED_PROJECT_STATUSES).then(1).else(0).end())
        .as('completed'),
    ])
    .groupBy('client_id'),
);

/** How many projects each client has, by status group. Clients without links are absent. */
export async function linkedCountsOf(
  db: Kysely<DB>,
  clientIds: string[],
): Promise<Map<string, LinkedCounts>> {
  const out = new Map<string, LinkedCounts>();
  for (let i = 0; i < clientIds.length; i += IDS_PER_QUERY) {
    const rows = await countsQuery(db, clientIds.slice(i, i + IDS_PER_QUERY));
    for (const r of rows)
      if (r.client_id)
        out.set(r.client_id, {
          total: Number(r.total),
          active: Number(r.active ?? 0),
          completed: Number(r.completed ?? 0),
        });
  }
  return out;
}

export async function linkedCountsOfClient(db: Kysely<DB>, clientId: string): Promise<LinkedCounts> {
  return (await linkedCountsOf(db, [clientId])).get(clientId) ?? NO_LINKS;
}

const AVAILABLE_MAX = 200;

function ownedProjects(db: Kysely<DB>, ownerId: string) {
  return selectProjects(view(db), 'p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .where('p.owner_id', '=', ownerId)
    .select(['p.id', 'p.title', 'p.status', 'p.client_id', 'c.name as client_name'])
    .orderBy('p.last_activity_at', 'desc')
    .orderBy('p.id', 'desc');
}

const presentProject = (r: {
  id: string;
  title: string;
  status: string;
  client_id: string | null;
  client_name: string | null;
}): ClientProject => ({
  _id: r.id,
  title: r.title,
  status: r.status,
  clientId: r.client_id,
  clientName: r.client_name,
});

/** The projects linked to a client, and the owner's other projects it could be linked to. */
export async function projectsForClient(db: Kysely<DB>, ownerId: string, clientId: string) {
  const [linked, available] = await Promise.all([
    ownedProjects(db, ownerId).where('p.client_id', '=', clientId).execute(),
    ownedProjects(db, ownerId)
      .where((eb) => eb.or([eb('p.client_id', 'is', null), eb('p.client_id', '!=', clientId)]))
      .limit(AVAILABLE_MAX)
      .execute(),
  ]);
  return { linked: linked.map(presentProject), available: available.map(presentProject) };
}

/** The client a project is linked to (read here: the projects area's own queries leave the column out). */
export async function clientIdOfProject(db: Kysely<DB>, projectId: string): Promise<string | null> {
  const row = await selectProjects(view(db))
    .select('client_id')
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row?.client_id ?? null;
}

export async function setProjectClient(
  db: Kysely<DB>,
  projectId: string,
  clientId: string | null,
): Promise<void> {
  await setProjectColumns<ClientColumns>(db, projectId, { client_id: clientId });
}
