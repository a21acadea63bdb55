// The sender's SQL: the deliveries that are due, a batch of tries claimed by one instance (a lease, taken by an
// update that re-checks what the select read, so two instances never send the same try; the event's body
// written with it on the first try), the outcomes of finished tries recorded together in one transaction (each
// only while its lease is still that try's), and the webhooks' runs of failures.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isoIn, newId } from '../../platform/ids.ts';
import { leftJoinUser } from '../auth/public.ts';
import { leftJoinProject } from '../projects/public.ts';
import type { DeliveryRow } from './repo.ts';
import type { DeliveryStatus } from './tables.ts';

/** A due delivery as the sender picks it: its id, its webhook's, and whether its body is still to write. */
export interface DueDelivery {
  id: string;
  webhook_id: string;
  needs_body: boolean | number;
}

/** Up to `limit` deliveries due at `now`, oldest due first, of webhooks that are on, held by no live try. */
export function dueDeliveries(db: Kysely<DB>, now: string, limit: number): Promise<DueDelivery[]> {
  return (
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.webhook_id', sql<boolean | number>`d.body is null`.as('needs_body')])
      // A literal, not a parameter: only then may the planner read the index of pending deliveries alone.
      .where('d.status', '=', sql.lit('pending'))
      .where('d.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
      .where('w.enabled', '=', true)
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
      .limit(limit)
      .execute()
  );
}

/** A delivery's event with the names its body shows as they are now: its project's title, its actor's name. */
export type EventRow = DeliveryRow & { project_title: string | null; actor_now: string | null };

export function eventRows(db: Kysely<DB>, ids: string[]): Promise<EventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_deliveries as d')
    .$call((q) => leftJoinProject(q, 'p', 'd.project_id'))
    .$call((q) => leftJoinUser(q, 'u', 'd.actor_id'))
    .selectAll('d')
    .select(['p.title as project_title', sql<string | null>`coalesce(u.name, d.actor_name)`.as('actor_now')])
    .where('d.id', 'in', ids)
    .execute() as Promise<EventRow[]>;
}

/** What one try needs: the delivery, where it goes and the sealed secret it is signed with. */
export type ClaimedDelivery = DeliveryRow & { url: string; secret_sealed: string; owner_id: string };

/**
 * Takes the deliveries of `ids` still due and free for one try each of this instance, until `leaseMs` from now
 * (each try counted), writing the bodies of those that have none yet; answers those it took.
 */
export async function claimDeliveries(
  db: Kysely<DB>,
  ids: string[],
  bodies: Map<string, string>,
  now: string,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const lease = newId();
  const body =
    bodies.size === 0
      ? sql<string | null>`body`
      : sql<string | null>`coalesce(body, case id ${sql.join(
          [...bodies].map(([id, text]) => sql`when ${id} then ${text}`),
          sql` `,
        )} end)`;
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ lease_id: lease, lease_until: isoIn(leaseMs), attempts: eb('attempts', '+', 1), body }))
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .execute();
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .selectAll('d')
    .select(['w.url', 'w.secret_sealed', 'w.owner_id'])
    .where('d.lease_id', '=', lease)
    .execute();
}

/** How a try ended, as recorded. */
export interface TryRecord {
  delivery: { id: string; lease_id: string | null; webhook_id: string };
  status: DeliveryStatus;
  next_attempt_at: string | null;
  last_attempt_at: string;
  response_code: number | null;
  duration_ms: number;
  error: string | null;
}

/**
 * Records finished tries in one transaction, in the order they ended: each delivery only while its lease is
 * still its try's, and each webhook's run of failures (a success ends it, a failure starts one). Answers the
 * tries whose lease had run out (another try may be sending them).
 */
export async function recordTries(db: Kysely<DB>, tries: TryRecord[]): Promise<TryRecord[]> {
  return db.transaction().execute(async (trx) => {
    const lost: TryRecord[] = [];
    for (const t of tries) {
      const { delivery, ...columns } = t;
      const done = await trx
        .updateTable('webhook_deliveries')
        .set({ ...columns, lease_id: null, lease_until: null })
        .where('id', '=', delivery.id)
        .where('lease_id', '=', delivery.lease_id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        lost.push(t);
        continue;
      }
      const ended = t.status === 'succeeded';
      await trx
        .updateTable('webhooks')
        .set({ failing_since: ended ? null : t.last_attempt_at })
        .where('id', '=', delivery.webhook_id)
        .where('failing_since', ended ? 'is not' : 'is', null)
        .execute();
    }
    return lost;
  });
}

/** Gives back a try a stop cut short: not counted, and free for whoever runs next. */
export async function releaseTry(
  db: Kysely<DB>,
  row: { id: string; lease_id: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ lease_id: null, lease_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', row.id)
    .where('lease_id', '=', row.lease_id)
    .execute();
}

/** The webhooks of `ids` that are on and failing since before `before`. */
export function failingBefore(db: Kysely<DB>, ids: string[], before: string) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'owner_id', 'url', 'failing_since'])
    .where('id', 'in', ids)
    .where('enabled', '=', true)
    .where('failing_since', '<=', before)
    .execute();
}

/** Turns the webhook off with `reason`; true for the one try that did (several may see the same run). */
export async function disableWebhook(
  db: Kysely<DB>,
  webhookId: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const done = await db
    .updateTable('webhooks')
    .set({ enabled: false, disabled_reason: reason, updated_at: now })
    .where('id', '=', webhookId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
