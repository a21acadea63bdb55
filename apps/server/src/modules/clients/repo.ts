// Queries of the clients area: one set for SQLite and PostgreSQL.

import type { Client } from '@mixdesk/contract/client-responses';
import {
  type ClientRole,
  type ClientStatus,
  type ClientType,
  type ContactMethod,
  fromCents,
} from '@mixdesk/contract/clients';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { type DB, fromJson } from '../../db/schema.ts';
import { ownedBy, searchMatches, searchReadsIndex } from '../../db/sql-helpers.ts';
import type { ClientsTable } from './tables.ts';

/** A client as the area reads it (its search index key stays in the database). */
export type ClientRow = Omit<Selectable<ClientsTable>, 'search_key'>;
export type NewClientRow = Insertable<ClientsTable>;
export type ClientChanges = Updateable<ClientsTable>;

export interface LinkedCounts {
  total: number;
  active: number;
  completed: number;
}
export const NO_LINKS: LinkedCounts = { total: 0, active: 0, completed: 0 };

export interface ClientFilters {
  search?: string;
  role?: ClientRole;
  type?: ClientType;
  status?: ClientStatus;
}

/** What the search matches: name, email and company, lower-cased (so matching ignores case in any script). */
export function searchTextOf(row: { name: string; email: string; company?: string | null }): string {
  return [row.name, row.email, row.company ?? ''].join('\n').toLowerCase();
}

export function presentClient(row: ClientRow, linked: LinkedCounts = NO_LINKS): Client {
  const hasBudget = row.budget_min_cents !== null && row.budget_max_cents !== null;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    role: row.role as ClientRole,
    type: row.type as ClientType,
    status: row.status as ClientStatus,
    location: row.location,
    genres: fromJson<string[]>(row.genres, []),
    budget: hasBudget
      ? {
          min: fromCents(Number(row.budget_min_cents)),
          max: fromCents(Number(row.budget_max_cents)),
          currency: row.budget_currency ?? 'USD',
        }
      : null,
    preferredStudios: fromJson<string[]>(row.preferred_studios, []),
    equipment: fromJson<string[]>(row.equipment, []),
    previousWork: fromJson<string[]>(row.previous_work, []),
    totalProjects: row.recorded_total + linked.total,
    activeProjects: row.recorded_active + linked.active,
    completedProjects: row.recorded_completed + linked.completed,
    linkedProjects: linked,
    totalRevenue: fromCents(Number(row.revenue_cents)),
    lastProjectDate: row.last_project_date,
    preferredContactMethod: row.preferred_contact_method as ContactMethod | null,
    timezone: row.timezone,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The owner's client; `lock` (PostgreSQL, inside a transaction) holds the row until commit. */
export function findClient(db: Kysely<DB>, ownerId: string, id: string, lock = false) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The id of the owner's client with this (normalised) email, other than `exceptId`. */
export async function clientIdByEmail(db: Kysely<DB>, ownerId: string, email: string, exceptId?: string) {
  let q = db.selectFrom('clients').select('id').where('owner_id', '=', ownerId).where('email', '=', email);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export async function insertClient(db: Kysely<DB>, row: NewClientRow): Promise<void> {
  await db.insertInto('clients').values(row).execute();
}

export async function updateClientRow(
  db: Kysely<DB>,
  ownerId: string,
  id: string,
  changes: ClientChanges,
): Promise<void> {
  await db.updateTable('clients').set(changes).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

export async function deleteClientRow(db: Kysely<DB>, ownerId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('clients')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The owner's clients matching `f`; `ownerRows`, the size of their network, and how often the index holds the
 * term pick how a search is read (db/sql-helpers.ts, `searchReadsIndex`).
 */
async function filtered(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  f: ClientFilters,
  ownerRows: number,
) {
  const term = f.search?.trim();
  const indexed = !!term && (await searchReadsIndex(db, dialect, 'clients', term, ownerRows));
  let q = db.selectFrom('clients').where(ownedBy('clients.owner_id', ownerId, indexed));
  if (term) q = q.where(searchMatches('clients', 'clients', term, indexed));
  if (f.role) q = q.where('role', '=', f.role);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

/**
 * One page of the owner's clients matching the filters, newest first, and how many match in all (the network
 * size `networkSize` when nothing is filtered).
 */
export async function listClientRows(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  filters: ClientFilters,
  window: { limit: number; offset: number },
  networkSize: number,
): Promise<{ rows: ClientRow[]; total: number }> {
  const base = await filtered(db, dialect, ownerId, filters, networkSize);
  const unfiltered = !filters.search?.trim() && !filters.role && !filters.type && !filters.status;
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    unfiltered
      ? networkSize
      : base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: typeof count === 'number' ? count : Number(count.n) };
}

export function clientRowsOfOwner(db: Kysely<DB>, ownerId: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .execute();
}
