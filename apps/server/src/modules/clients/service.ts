// The clients area's rules: a user's network of clients, each visible and changeable only by its owner.

import type { Client } from '@mixdesk/contract/client-responses';
import { type CreateClient, toCents, type UpdateClient } from '@mixdesk/contract/clients';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { linkedCountsOfClient } from './links.ts';
import {
  type ClientChanges,
  type ClientRow,
  clientIdByEmail,
  deleteClientRow,
  findClient,
  insertClient,
  type LinkedCounts,
  type NewClientRow,
  NO_LINKS,
  presentClient,
  searchTextOf,
  updateClientRow,
} from './repo.ts';
import { applyStats, contribution, difference } from './stats.ts';

export const DUPLICATE_EMAIL = 'A client with this email is already in your network';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message }]);

/** The owner's client, or 404 for anyone else (unknown and foreign ids look the same). */
export async function requireClient(ctx: AppContext, userId: string, id: string): Promise<ClientRow> {
  const row = await findClient(ctx.db, userId, id);
  if (!row) throw notFound('Client');
  return row;
}

export async function getClient(ctx: AppContext, userId: string, id: string): Promise<Client> {
  const row = await requireClient(ctx, userId, id);
  return presentClient(row, await linkedCountsOfClient(ctx.db, row.id));
}

interface Counts {
  totalProjects: number;
  activeProjects: number;
  completedProjects: number;
}

/**
 * The counts a person sets include the linked projects; what is stored is the part kept by hand.
 * A count can't go below its linked part, and active plus completed can't exceed the total.
 */
function recordedCounts(counts: Counts, linked: LinkedCounts) {
  const parts = [
    ['totalProjects', 'Total projects', counts.totalProjects, linked.total, 'linked'],
    ['activeProjects', 'Active projects', counts.activeProjects, linked.active, 'linked active'],
    [
      'completedProjects',
      'Completed projects',
      counts.completedProjects,
      linked.completed,
      'linked completed',
    ],
  ] as const;
  for (const [path, label, value, link, what] of parts)
    if (value < link)
      throw invalid(path, `${label} can't be fewer than the ${link} ${what} project${link === 1 ? '' : 's'}`);
  const recorded = {
    recorded_total: counts.totalProjects - linked.total,
    recorded_active: counts.activeProjects - linked.active,
    recorded_completed: counts.completedProjects - linked.completed,
  };
  if (recorded.recorded_active + recorded.recorded_completed > recorded.recorded_total)
    throw invalid(
      'totalProjects',
      linked.total > 0
        ? "Active and completed projects together can't exceed total projects (linked projects included)"
        : "Active and completed projects together can't exceed total projects",
    );
  return recorded;
}

const budgetColumns = (budget: CreateClient['budget']) => ({
  budget_min_cents: budget ? toCents(budget.min) : null,
  budget_max_cents: budget ? toCents(budget.max) : null,
  budget_currency: budget ? budget.currency : null,
});

async function assertEmailFree(ctx: AppContext, userId: string, email: string, exceptId?: string) {
  if (await clientIdByEmail(ctx.db, userId, email, exceptId)) throw conflict(DUPLICATE_EMAIL);
}

export async function createClient(ctx: AppContext, userId: string, input: CreateClient): Promise<Client> {
  const recorded = recordedCounts(input, NO_LINKS);
  await assertEmailFree(ctx, userId, input.email);
  const now = nowIso();
  const row = {
    id: newId(),
    owner_id: userId,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    company: input.company ?? null,
    role: input.role,
    type: input.type,
    status: input.status,
    location: input.location ?? null,
    genres: JSON.stringify(input.genres),
    ...budgetColumns(input.budget),
    preferred_studios: JSON.stringify(input.preferredStudios),
    equipment: JSON.stringify(input.equipment),
    previous_work: JSON.stringify(input.previousWork),
    ...recorded,
    revenue_cents: toCents(input.totalRevenue),
    last_project_date: input.lastProjectDate ?? null,
    preferred_contact_method: input.preferredContactMethod ?? null,
    timezone: input.timezone ?? null,
    notes: input.notes ?? null,
    search_text: searchTextOf(input),
    created_at: now,
    updated_at: now,
  } satisfies NewClientRow;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertClient(trx, row);
      await applyStats(trx, userId, contribution(row));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
  return presentClient(row);
}

/** Column changes for the fields a PUT sent; fields left out keep their value. */
function changesOf(input: UpdateClient): ClientChanges {
  const c: ClientChanges = {};
  if (input.name !== undefined) c.name = input.name;
  if (input.email !== undefined) c.email = input.email;
  if (input.phone !== undefined) c.phone = input.phone;
  if (input.company !== undefined) c.company = input.company;
  if (input.role !== undefined) c.role = input.role;
  if (input.type !== undefined) c.type = input.type;
  if (input.status !== undefined) c.status = input.status;
  if (input.location !== undefined) c.location = input.location;
  if (input.genres !== undefined) c.genres = JSON.stringify(input.genres);
  if (input.budget !== undefined) Object.assign(c, budgetColumns(input.budget));
  if (input.preferredStudios !== undefined) c.preferred_studios = JSON.stringify(input.preferredStudios);
  if (input.equipment !== undefined) c.equipment = JSON.stringify(input.equipment);
  if (input.previousWork !== undefined) c.previous_work = JSON.stringify(input.previousWork);
  if (input.totalRevenue !== undefined) c.revenue_cents = toCents(input.totalRevenue);
  if (input.lastProjectDate !== undefined) c.last_project_date = input.lastProjectDate;
  if (input.preferredContactMethod !== undefined) c.preferred_contact_method = input.preferredContactMethod;
  if (input.timezone !== undefined) c.timezone = input.timezone;
  if (input.notes !== undefined) c.notes = input.notes;
  return c;
}

export async function updateClient(
  ctx: AppContext,
  userId: string,
  id: string,
  input: UpdateClient,
): Promise<Client> {
  // The row is read (and on PostgreSQL locked) inside the transaction, so the summary's difference is exact.
  return ctx.db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, userId, id, ctx.dialect === 'postgres');
    if (!existing) throw notFound('Client');
    const linked = await linkedCountsOfClient(trx, id);
    const changes = changesOf(input);
    if (
      input.totalProjects !== undefined ||
      input.activeProjects !== undefined ||
      input.completedProjects !== undefined
    ) {
      const current = presentClient(existing, linked);
      Object.assign(
        changes,
        recordedCounts(
          {
            totalProjects: input.totalProjects ?? current.totalProjects,
            activeProjects: input.activeProjects ?? current.activeProjects,
            completedProjects: input.completedProjects ?? current.completedProjects,
          },
          linked,
        ),
      );
    }
    if (changes.email !== undefined && changes.email !== existing.email)
      if (await clientIdByEmail(trx, userId, changes.email, id)) throw conflict(DUPLICATE_EMAIL);
    const updated = { ...existing, ...changes, updated_at: nowIso() } as ClientRow;
    updated.search_text = searchTextOf(updated);
    try {
      await updateClientRow(trx, userId, id, {
        ...changes,
        search_text: updated.search_text,
        updated_at: updated.updated_at,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_EMAIL);
      throw err;
    }
    await applyStats(trx, userId, difference(contribution(existing), contribution(updated)));
    return presentClient(updated, linked);
  });
}

export async function deleteClient(ctx: AppContext, userId: string, id: string): Promise<void> {
  // Linked projects stay; their client link is cleared by the foreign key (on delete set null).
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, userId, id, ctx.dialect === 'postgres');
    if (!existing || !(await deleteClientRow(trx, userId, id))) throw notFound('Client');
    await applyStats(trx, userId, difference(contribution(existing), null));
  });
}
