// Sends the webhook deliveries the `activities_webhooks` trigger writes with each event (decision 044). Each
// instance claims due deliveries in batches (one try, one instance: a lease taken by a checked update), sends up
// to CONCURRENCY at once (PER_WEBHOOK to one webhook, fewer to one that is failing), and records
// the outcomes of the tries that ended meanwhile together, in one transaction: on SQLite every commit waits
// for the disk, and a commit per try would cap the deliveries at a few hundred a second shared with the API's
// own writes. What an outcome leads to (the next try, a webhook turned off) is outcomes.ts's. It wakes when told
// of new events (ctx.eventsRecorded, after their commit), when a try ends, and every WEBHOOK_SWEEP_MS for
// retries, other instances' events and tries a crash left (their lease runs out). A stop cuts tries short and
// gives them back uncounted.
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import {
  type ClaimedDelivery,
  claimDeliveries,
  dueDeliveries,
  eventRows,
  recordTries,
  releaseTry,
  type TryRecord,
} from './deliveries-repo.ts';
import { tryRecord, turnOffFailing } from './outcomes.ts';
import { eventBody } from './payload.ts';
import { DEFAULT_TIMEOUT_MS, type SendOutcome, sendDelivery } from './send.ts';
import { openSecret, signatureOf } from './signing.ts';

export const DEFAULT_SWEEP_MS = 1000;
/**
 * Tries one instance makes at once, and at once to one webhook; to one whose last try here failed (a receiver
 * down, or hanging until the timeout), only a few, so that it cannot hold the places others need.
 */
const CONCURRENCY = 32;
const PER_WEBHOOK = 16;
const PER_FAILING_WEBHOOK = 2;
/** How long a wake-up or an ended try waits for others to share its claim or record. */
const GATHER_MS = 10;
/** Due deliveries read per claim, to pick a batch from past those waiting for their webhook's turn. */
const CANDIDATES = 64;

export interface SenderOptions {
  timeoutMs: number;
  sweepMs: number;
  allowPrivate: boolean;
}

interface Ended {
  row: ClaimedDelivery;
  record: TryRecord;
}

export class WebhookSender {
  private readonly inFlight = new Map<string, { webhookId: string; abort: AbortController }>();
  private readonly perWebhook = new Map<string, number>();
  /** Webhooks whose last try on this instance failed. */
  private readonly failing = new Set<string>();
  private readonly tries = new Set<Promise<void>>();
  private ended: Ended[] = [];
  private pumping: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  /** Counts what may have made work: new events, and tries that ended. */
  private wakes = 0;
  private stopped = false;
  private waitingForDatabase = false;
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: SenderOptions,
  ) {}

  /** Starts the sweep (if any) and looks for work at once. */
  start(): void {
    if (this.opts.sweepMs > 0) {
      this.sweep = setInterval(() => this.kick(), this.opts.sweepMs);
      this.sweep.unref();
    }
    this.kick();
  }

  /**
   * Looks for due deliveries in a moment (or once more, when it is already looking). The moment (GATHER_MS)
   * lets events committed together, and tries ending together, be claimed in one batch: one commit, not one
   * each.
   */
  kick(): void {
    if (this.stopped) return;
    this.wakes += 1;
    if (this.pumping) return;
    this.pumping = new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      .then(() => this.pump())
      .catch((err) => this.stalled(err))
      .finally(() => {
        this.pumping = null;
      });
  }

  /** Resolves once nothing is being claimed, sent or recorded. */
  async idle(): Promise<void> {
    while (this.pumping || this.tries.size > 0 || this.flushing)
      await Promise.all([this.pumping, ...this.tries, this.flushing]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    for (const { abort } of this.inFlight.values()) abort.abort();
    await this.idle();
  }

  /** A database outage is told once, as a warning, not at every sweep while it lasts. */
  private stalled(err: unknown): void {
    if (!isDatabaseUnavailable(err)) {
      this.ctx.log.error({ service: 'webhooks', err }, 'Webhook deliveries stalled');
    } else if (!this.waitingForDatabase) {
      this.waitingForDatabase = true;
      const reason = (err as { message?: string }).message || String(err);
      this.ctx.log.warn(
        { service: 'webhooks', reason },
        'Webhook deliveries wait: the database is not answering',
      );
    }
  }

  /** Claims and starts tries while there is room and work; ends when a look finds nothing new to do. */
  private async pump(): Promise<void> {
    for (;;) {
      const room = CONCURRENCY - this.inFlight.size;
      if (this.stopped || room <= 0) return;
      const seen = this.wakes;
      const started = await this.claim(room);
      this.waitingForDatabase = false;
      if (started === 0 && this.wakes === seen) return;
    }
  }

  /** Takes up to `room` due deliveries for tries of this instance and starts them; answers how many. */
  private async claim(room: number): Promise<number> {
    const { db } = this.ctx;
    const now = nowIso();
    const due = await dueDeliveries(db, now, CANDIDATES);
    const perWebhook = new Map(this.perWebhook);
    const chosen = due.filter((d) => {
      const n = perWebhook.get(d.webhook_id) ?? 0;
      const most = this.failing.has(d.webhook_id) ? PER_FAILING_WEBHOOK : PER_WEBHOOK;
      if (this.inFlight.has(d.id) || n >= most) return false;
      perWebhook.set(d.webhook_id, n + 1);
      return true;
    });
    chosen.splice(room);
    if (chosen.length === 0) return 0;
    const unwritten = chosen.filter((d) => Boolean(d.needs_body)).map((d) => d.id);
    const bodies = new Map(
      (await eventRows(db, unwritten)).map((row) => [row.id, eventBody(this.ctx.config.appUrl, row)]),
    );
    const claimed = await claimDeliveries(
      db,
      chosen.map((d) => d.id),
      bodies,
      now,
      this.leaseMs,
    );
    for (const row of claimed) this.begin(row);
    return claimed.length;
  }

  /** Past anything a try can take: its timeout, the writes around it, and as much again to spare. */
  private get leaseMs(): number {
    return this.opts.timeoutMs * 2 + 1000;
  }

  private begin(row: ClaimedDelivery): void {
    const abort = new AbortController();
    this.inFlight.set(row.id, { webhookId: row.webhook_id, abort });
    this.perWebhook.set(row.webhook_id, (this.perWebhook.get(row.webhook_id) ?? 0) + 1);
    const attempt: Promise<void> = this.attempt(row, abort.signal)
      .catch((err) => {
        this.stalled(err);
        this.release(row);
      })
      .finally(() => this.tries.delete(attempt));
    this.tries.add(attempt);
  }

  /** Frees the try's place, and looks for more to do. */
  private release(row: ClaimedDelivery): void {
    if (!this.inFlight.delete(row.id)) return;
    const n = (this.perWebhook.get(row.webhook_id) ?? 1) - 1;
    if (n > 0) this.perWebhook.set(row.webhook_id, n);
    else this.perWebhook.delete(row.webhook_id);
    this.kick();
  }

  private async attempt(row: ClaimedDelivery, signal: AbortSignal): Promise<void> {
    const secret = openSecret(this.ctx.config.jwtSecret, row.secret_sealed);
    const body = row.body ?? '';
    const outcome: SendOutcome = secret
      ? await sendDelivery({
          url: row.url,
          body,
          signature: signatureOf(secret, body),
          eventId: row.event_id,
          eventType: row.event_type,
          timeoutMs: this.opts.timeoutMs,
          allowPrivate: this.opts.allowPrivate,
          signal,
        })
      : {
          ok: false,
          status: null,
          durationMs: 0,
          error: 'The signing secret cannot be read (JWT_SECRET changed): make a new webhook',
        };
    if (signal.aborted) {
      await releaseTry(this.ctx.db, row);
      this.release(row);
      return;
    }
    if (outcome.ok) this.failing.delete(row.webhook_id);
    else this.failing.add(row.webhook_id);
    this.ended.push({ row, record: tryRecord(row, outcome) });
    // Its place is free at once: until its outcome is written, its lease keeps the delivery from being claimed.
    this.release(row);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      .then(() => this.flush())
      .catch((err) => this.stalled(err))
      .finally(() => {
        this.flushing = null;
      });
  }

  /** Writes the outcomes of the tries that ended, together, until none is left to write. */
  private async flush(): Promise<void> {
    while (this.ended.length > 0) {
      const batch = this.ended;
      this.ended = [];
      const lost = new Set(
        (
          await recordTries(
            this.ctx.db,
            batch.map((e) => e.record),
          )
        ).map((r) => r.delivery.id),
      );
      for (const { row, record } of batch) {
        if (lost.has(row.id))
          this.ctx.log.warn(
            { service: 'webhooks', deliveryId: row.id, webhookId: row.webhook_id },
            'A webhook try outlived its lease: another try may send it too',
          );
        else if (record.status !== 'succeeded') this.logFailure(row, record);
      }
      const failing = batch.filter((e) => e.record.status !== 'succeeded').map((e) => e.row.webhook_id);
      if (failing.length > 0) await turnOffFailing(this.ctx, [...new Set(failing)]);
    }
  }

  private logFailure(row: ClaimedDelivery, record: TryRecord): void {
    const tries = Number(row.attempts);
    this.ctx.log.warn(
      {
        service: 'webhooks',
        webhookId: row.webhook_id,
        deliveryId: row.id,
        eventId: row.event_id,
        attempts: tries,
        status: record.response_code,
        retryAt: record.next_attempt_at,
        reason: record.error,
      },
      record.status === 'failed'
        ? `A webhook delivery was given up after ${tries} tries`
        : 'A webhook delivery failed: it is tried again later',
    );
  }
}

const senders = new WeakMap<AppContext, WebhookSender>();

/** The app's sender (one per app), with its settings. */
export function webhookSender(ctx: AppContext): WebhookSender {
  let sender = senders.get(ctx);
  if (!sender) {
    sender = new WebhookSender(ctx, {
      timeoutMs: ctx.config.webhookTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      sweepMs: ctx.config.webhookSweepMs ?? DEFAULT_SWEEP_MS,
      allowPrivate: ctx.config.webhookAllowPrivate ?? false,
    });
    senders.set(ctx, sender);
  }
  return sender;
}
