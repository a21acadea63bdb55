// The webhooks area's SQL for the API side: webhooks with their event types, and the delivery log. What the
// sender claims and records is in deliveries-repo.ts.
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookDelivery } from '@mixdesk/contract/webhooks';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from './tables.ts';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function presentWebhook(row: WebhookRow, events: string[]): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events,
    description: row.description,
    enabled: Boolean(row.enabled),
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  const number = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    _id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    responseCode: number(row.response_code),
    durationMs: number(row.duration_ms),
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastAttemptAt: row.last_attempt_at,
    error: row.error,
    redeliveryOf: row.redelivery_of,
    createdAt: row.created_at,
  };
}

/** Where an event type stands in the contract's list (a type this version does not know goes last). */
const orderOf = (type: string) => {
  const at = WEBHOOK_EVENT_TYPES.indexOf(type);
  return at === -1 ? WEBHOOK_EVENT_TYPES.length : at;
};

/** The event types of each webhook, in the contract's order. */
export async function eventsOf(db: Kysely<DB>, webhookIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(webhookIds.map((id) => [id, []]));
  if (webhookIds.length === 0) return out;
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .select(['webhook_id', 'event_type'])
    .where('webhook_id', 'in', webhookIds)
    .execute();
  for (const row of rows) out.get(row.webhook_id)?.push(row.event_type);
  for (const events of out.values()) events.sort((a, b) => orderOf(a) - orderOf(b));
  return out;
}

export async function setEvents(db: Kysely<DB>, webhookId: string, events: string[]): Promise<void> {
  await db.deleteFrom('webhook_subscriptions').where('webhook_id', '=', webhookId).execute();
  await db
    .insertInto('webhook_subscriptions')
    .values(events.map((event_type) => ({ webhook_id: webhookId, event_type })))
    .execute();
}

export const webhooksOf = (db: Kysely<DB>, ownerId: string) =>
  db
    .selectFrom('webhooks')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export async function countWebhooksOf(db: Kysely<DB>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The owner's webhook, or undefined (someone else's is as missing as one that never was). */
export const webhookOf = (db: Kysely<DB>, ownerId: string, id: string) =>
  db
    .selectFrom('webhooks')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();

export async function insertWebhook(db: Kysely<DB>, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export async function updateWebhook(
  db: Kysely<DB>,
  id: string,
  set: Partial<Omit<WebhookRow, 'id' | 'owner_id' | 'enabled'>> & { enabled?: boolean },
): Promise<void> {
  await db.updateTable('webhooks').set(set).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export async function deleteWebhooksOf(db: Kysely<DB>, ownerId: string): Promise<void> {
  await db.deleteFrom('webhooks').where('owner_id', '=', ownerId).execute();
}

/** A page of a webhook's deliveries, newest first, and how many it has. */
export async function deliveryPage(
  db: Kysely<DB>,
  webhookId: string,
  window: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const deliveryOf = (db: Kysely<DB>, webhookId: string, id: string) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();

export async function insertDelivery(db: Kysely<DB>, row: Insertable<WebhookDeliveriesTable>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

/** Brings a pending delivery's next try forward to `at` (Redeliver on one still being tried). */
export async function tryDeliveryAt(db: Kysely<DB>, id: string, at: string): Promise<boolean> {
  const done = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
