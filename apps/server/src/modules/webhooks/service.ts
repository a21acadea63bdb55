// The rules of webhooks (issue #38): a user's own, at most WEBHOOKS_PER_USER_MAX, each to a URL that may be
// reached (checked when made and changed, unless WEBHOOK_ALLOW_PRIVATE), with the event types it asks for and a
// secret shown once. Someone else's webhook or delivery answers 404, as a missing one does. Redeliver sends a
// delivery's event again, with the same id and body: at once when it is still being tried, else as a new
// delivery in the log.
import {
  type CreateWebhookSchema,
  type UpdateWebhookSchema,
  WEBHOOKS_PER_USER_MAX,
  type Webhook,
  type WebhookDelivery,
} from '@mixdesk/contract/webhooks';
import type { z } from 'zod';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { lockUserRow } from '../auth/public.ts';
import * as repo from './repo.ts';
import { newWebhookSecret, sealSecret } from './signing.ts';
import { checkUrlTarget, ForbiddenAddressError, hostOf } from './url-guard.ts';

type CreateInput = z.output<typeof CreateWebhookSchema>;
type UpdateInput = z.output<typeof UpdateWebhookSchema>;

/** Refuses, with a 400 a person can act on, a URL webhooks may not send to. */
async function requireReachable(ctx: AppContext, url: string): Promise<void> {
  if (ctx.config.webhookAllowPrivate) return;
  const parsed = new URL(url);
  try {
    await checkUrlTarget(parsed);
  } catch (err) {
    if (err instanceof ForbiddenAddressError)
      throw badRequest(
        `${err.message}. Use a public address (or set WEBHOOK_ALLOW_PRIVATE=1 on a private network).`,
      );
    throw badRequest(`The URL’s host ${hostOf(parsed)} does not resolve: check the address.`);
  }
}

async function requireWebhook(ctx: AppContext, ownerId: string, id: string) {
  const row = await repo.webhookOf(ctx.db, ownerId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function createWebhook(
  ctx: AppContext,
  ownerId: string,
  input: CreateInput,
): Promise<{ webhook: Webhook; secret: string }> {
  await requireReachable(ctx, input.url);
  const secret = newWebhookSecret();
  const now = nowIso();
  const row = {
    id: newId(),
    owner_id: ownerId,
    url: input.url,
    description: input.description,
    secret_sealed: sealSecret(ctx.config.jwtSecret, secret),
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    // One count at a time per user: a burst of creates cannot pass the limit together (SQLite runs one
    // transaction at a time already).
    if (ctx.dialect === 'postgres') await lockUserRow(trx, ownerId);
    if ((await repo.countWebhooksOf(trx, ownerId)) >= WEBHOOKS_PER_USER_MAX)
      throw conflict(`An account may have at most ${WEBHOOKS_PER_USER_MAX} webhooks: delete one first.`);
    await repo.insertWebhook(trx, row);
    await repo.setEvents(trx, row.id, input.events);
  });
  return { webhook: repo.presentWebhook({ ...row, enabled: true }, input.events), secret };
}

export async function listWebhooks(ctx: AppContext, ownerId: string): Promise<Webhook[]> {
  const rows = await repo.webhooksOf(ctx.db, ownerId);
  const events = await repo.eventsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => repo.presentWebhook(row, events.get(row.id) ?? []));
}

export async function getWebhook(ctx: AppContext, ownerId: string, id: string): Promise<Webhook> {
  const row = await requireWebhook(ctx, ownerId, id);
  const events = await repo.eventsOf(ctx.db, [row.id]);
  return repo.presentWebhook(row, events.get(row.id) ?? []);
}

export async function updateWebhook(
  ctx: AppContext,
  ownerId: string,
  id: string,
  input: UpdateInput,
): Promise<Webhook> {
  const row = await requireWebhook(ctx, ownerId, id);
  if (input.url !== undefined && input.url !== row.url) await requireReachable(ctx, input.url);
  const set: Parameters<typeof repo.updateWebhook>[2] = { updated_at: nowIso() };
  if (input.url !== undefined) set.url = input.url;
  if (input.description !== undefined) set.description = input.description;
  if (input.enabled === true && !row.enabled) {
    // Back on: its failures so far no longer count towards turning it off.
    Object.assign(set, { enabled: true, disabled_reason: null, failing_since: null });
  } else if (input.enabled === false) set.enabled = false;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateWebhook(trx, row.id, set);
    if (input.events) await repo.setEvents(trx, row.id, input.events);
  });
  // Turned back on: what waited for it goes now.
  if (input.enabled === true) ctx.eventsRecorded?.();
  return getWebhook(ctx, ownerId, id);
}

export async function deleteWebhook(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const row = await requireWebhook(ctx, ownerId, id);
  await repo.deleteWebhook(ctx.db, row.id);
}

export async function listDeliveries(
  ctx: AppContext,
  ownerId: string,
  id: string,
  query: { page: number; limit: number },
) {
  const row = await requireWebhook(ctx, ownerId, id);
  const { limit, offset, page } = pageWindow(query.page, query.limit, 100);
  const { rows, total } = await repo.deliveryPage(ctx.db, row.id, { limit, offset });
  return {
    deliveries: rows.map(repo.presentDelivery),
    pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), limit, total },
  };
}

export async function redeliver(
  ctx: AppContext,
  ownerId: string,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const webhook = await requireWebhook(ctx, ownerId, id);
  const delivery = await repo.deliveryOf(ctx.db, webhook.id, deliveryId);
  if (!delivery) throw notFound('Delivery');
  if (!webhook.enabled) throw conflict('This webhook is turned off: turn it on to send its events again.');
  const now = nowIso();
  let sent = delivery.id;
  if (!(await repo.tryDeliveryAt(ctx.db, delivery.id, now))) {
    sent = newId();
    await repo.insertDelivery(ctx.db, {
      id: sent,
      webhook_id: webhook.id,
      event_id: delivery.event_id,
      event_type: delivery.event_type,
      event_created_at: delivery.event_created_at,
      project_id: delivery.project_id,
      actor_id: delivery.actor_id,
      actor_name: delivery.actor_name,
      subject_id: delivery.subject_id,
      subject: delivery.subject,
      detail: delivery.detail,
      body: delivery.body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      redelivery_of: delivery.id,
      created_at: now,
    });
  }
  ctx.eventsRecorded?.();
  const row = await repo.deliveryOf(ctx.db, webhook.id, sent);
  return repo.presentDelivery(row!);
}
