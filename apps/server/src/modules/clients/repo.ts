// Queries of the clients area: one set for SQLite and PostgreSQL.
import {
  type Client,
  type ClientRole,
  type ClientStatus,
  type ClientType,
  type ContactMethod,
  fromCents,
} from '@mixdesk/contract/clients';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { type DB, fromJson } from '../../db/schema.ts';
import { containsInsensitive } from '../../db/sql-helpers.ts';
import type { ClientsTable } from './tables.ts';

export type ClientRow = Selectable<ClientsTable>;
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

export function findClient(db: Kysely<DB>, ownerId: string, id: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
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

function filtered(db: Kysely<DB>, dialect: Dialect, ownerId: string, f: ClientFilters) {
  let q = db.selectFrom('clients').where('owner_id', '=', ownerId);
  const term = f.search?.trim();
  if (term)
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(dialect, eb.ref('name'), term),
        containsInsensitive(dialect, eb.ref('email'), term),
        containsInsensitive(dialect, eb.ref('company'), term),
      ]),
    );
  if (f.role) q = q.where('role', '=', f.role);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  return q;
}

/** One page of the owner's clients matching the filters, newest first, and how many match in all. */
export async function listClientRows(
  db: Kysely<DB>,
  dialect: Dialect,
  ownerId: string,
  filters: ClientFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: ClientRow[]; total: number }> {
  const base = filtered(db, dialect, ownerId, filters);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Figures over the owner's whole network (filters do not apply), before linked projects. */
export async function networkFigures(db: Kysely<DB>, ownerId: string) {
  const row = await db
    .selectFrom('clients')
    .where('owner_id', '=', ownerId)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'active').then(1).else(0).end()).as('active'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'potential').then(1).else(0).end()).as('potential'),
      eb.fn.sum<number>('recorded_completed').as('completed'),
      eb.fn.sum<number>('revenue_cents').as('revenue_cents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active ?? 0),
    potential: Number(row.potential ?? 0),
    recordedCompleted: Number(row.completed ?? 0),
    revenueCents: Number(row.revenue_cents ?? 0),
  };
}

export function clientRowsOfOwner(db: Kysely<DB>, ownerId: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'asc')
    .execute();
}
