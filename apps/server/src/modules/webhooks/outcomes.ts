// What a try's outcome leads to: the next try after RETRY_DELAYS_S (10 s up to 24 h: 11 tries over about 46
// hours, then the delivery is given up), and a webhook with no success for DISABLE_AFTER_MS after a failure
// turned off, its owner mailed.
import type { AppContext } from '../../platform/context.ts';
import { isoIn, nowIso } from '../../platform/ids.ts';
import { type ClaimedDelivery, disableWebhook, failingBefore, type TryRecord } from './deliveries-repo.ts';
import { sendWebhookDisabledEmail } from './emails.ts';
import type { SendOutcome } from './send.ts';

/** Seconds to wait after the 1st, 2nd, ... failed try; after the last, the delivery is given up. */
export const RETRY_DELAYS_S = [10, 30, 60, 300, 900, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
export const MAX_TRIES = RETRY_DELAYS_S.length + 1;
/** A webhook with no successful try for this long after a failed one is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3600_000;

/** How the try of `row` (its `attempts` counting it) is recorded. */
export function tryRecord(row: ClaimedDelivery, outcome: SendOutcome): TryRecord {
  const tries = Number(row.attempts);
  const givenUp = !outcome.ok && tries >= MAX_TRIES;
  return {
    delivery: row,
    status: outcome.ok ? 'succeeded' : givenUp ? 'failed' : 'pending',
    next_attempt_at: outcome.ok || givenUp ? null : isoIn(RETRY_DELAYS_S[tries - 1]! * 1000),
    last_attempt_at: nowIso(),
    response_code: outcome.status,
    duration_ms: outcome.durationMs,
    error: outcome.error,
  };
}

/** Turns off those of the webhooks that have had no success since a failure DISABLE_AFTER_MS ago, and tells. */
export async function turnOffFailing(ctx: AppContext, webhookIds: string[]): Promise<void> {
  const now = nowIso();
  const before = new Date(Date.parse(now) - DISABLE_AFTER_MS).toISOString();
  for (const webhook of await failingBefore(ctx.db, webhookIds, before)) {
    const since = webhook.failing_since!;
    const days = Math.floor((Date.parse(now) - Date.parse(since)) / 86_400_000);
    const reason = `every delivery has failed for ${days} days (since ${since})`;
    // Several instances may see the same run end: one turns it off and tells.
    if (!(await disableWebhook(ctx.db, webhook.id, reason, now))) continue;
    ctx.log.warn({ service: 'webhooks', webhookId: webhook.id, since }, 'A failing webhook was turned off');
    await sendWebhookDisabledEmail(ctx, { ownerId: webhook.owner_id, url: webhook.url, reason }).catch(
      (err) =>
        ctx.log.error(
          { service: 'webhooks', err, webhookId: webhook.id },
          'Could not mail a turned-off webhook’s owner',
        ),
    );
  }
}
