// The mail outbox as a durable queue (decision 030): every mail SMTP should take is a row; a try that fails
// leaves it queued with the time of its next try (1, 5 and 30 minutes, then hourly, for a little over a day),
// and the sweep (every MAIL_SWEEP_SECONDS on every instance) sends what is due. A try holds the row with a
// lease, taken by an UPDATE that re-checks the claim (as the jobs do), so one instance sends each mail; a lease
// left to run out belongs to an instance that stopped mid-send, and the mail is tried again.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { DB, Timestamp } from '../../db/schema.ts';
import { isoIn, newId, nowIso } from '../ids.ts';
import { runPeriodically } from '../jobs/periodic.ts';

/**
 * queued: not sent yet (its first try, or waiting for the next); sent; failed: given up after the last try;
 * kept: written without SMTP_URL, it stays in the table and the log and nothing sends it.
 */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'kept';

export interface MailOutboxTable {
  id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The last failed try's reason. */
  error: string | null;
  status: MailStatus;
  /** Tries begun (counted when one starts, so a mail that stops the server every time still ends). */
  attempts: number;
  next_attempt_at: Timestamp | null;
  /** Who tries it now, and until when the try holds it. */
  lease_id: string | null;
  lease_until: Timestamp | null;
  failed_at: Timestamp | null;
  /** JSON [{ filename, contentType, content (base64) }] while the mail waits; null once it went or failed. */
  attachments: string | null;
}

declare module '../../db/schema.ts' {
  interface DB {
    mail_outbox: MailOutboxTable;
  }
}

export type MailRow = Selectable<MailOutboxTable>;

/** What the outbox keeps of a body once SMTP has taken the message. */
export const SENT_BODY = '[sent through SMTP; the body is not kept]';
/** What it keeps of a body once the mail is given up: its links must not sit readable either. */
export const GIVEN_UP_BODY = '[never delivered; the body is not kept]';

/** Minutes to wait after the first, second and third failed try; every later one waits an hour. */
const FIRST_RETRY_MINUTES = [1, 5, 30];
const HOUR_MS = 3_600_000;
/** 1 + 3 + 24 tries: the last one 24 h 36 min after the first. */
export const MAIL_MAX_ATTEMPTS = 28;
/** How long a try holds its mail: past everything the transport's timeouts let a try take. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** How often each instance sends what is due (MAIL_SWEEP_SECONDS). */
export const DEFAULT_MAIL_SWEEP_SECONDS = 30;
/** Mails one sweep tries at most; the rest wait for the next. */
const MAILS_PER_SWEEP = 100;

/** How long a mail waits after its `failedTries`-th failed try. */
export function retryDelayMs(failedTries: number): number {
  const minutes = FIRST_RETRY_MINUTES[failedTries - 1];
  return minutes === undefined ? HOUR_MS : minutes * 60_000;
}

/** Hands a row's message to SMTP; throws when the server did not take it. */
export type Deliver = (row: MailRow) => Promise<void>;

/** What one sweep did: mails sent, tried and left for later, given up. */
export interface MailSweep {
  sent: number;
  retrying: number;
  failed: number;
}

type Outcome = keyof MailSweep | 'lost';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Due, and nobody's try holds it. */
const claimable = (now: string) => (eb: ExpressionBuilder<DB, 'mail_outbox'>) =>
  eb.and([
    eb('status', '=', 'queued'),
    eb('next_attempt_at', '<=', now),
    eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
  ]);

export class MailQueue {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly deliver: Deliver,
  ) {}

  /** A row for a mail to try at once, its lease held by the caller (the request that asks for the mail). */
  static fresh(): Pick<
    MailOutboxTable,
    'status' | 'attempts' | 'next_attempt_at' | 'lease_id' | 'lease_until' | 'failed_at'
  > {
    return {
      status: 'queued',
      attempts: 1,
      next_attempt_at: nowIso(),
      lease_id: newId(),
      lease_until: isoIn(MAIL_LEASE_MS),
      failed_at: null,
    };
  }

  /** Tries a mail whose lease this instance holds and records how it went; a send failure never throws. */
  async attempt(row: MailRow): Promise<Outcome> {
    try {
      await this.deliver(row);
    } catch (err) {
      return this.failed(row, err);
    }
    return this.sent(row);
  }

  /** Sends the queued mails that are due, oldest first, each claimed so that one instance sends it. */
  async sweep(): Promise<MailSweep> {
    const done: MailSweep = { sent: 0, retrying: 0, failed: 0 };
    const due = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where(claimable(nowIso()))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(MAILS_PER_SWEEP)
      .execute();
    for (const { id } of due) {
      const row = await this.claim(id);
      if (!row) continue;
      const outcome =
        row.attempts > MAIL_MAX_ATTEMPTS
          ? await this.giveUp(row, row.error ?? 'The server stopped during its last try.')
          : await this.attempt(row);
      if (outcome !== 'lost') done[outcome] += 1;
      // A server that refused one mail will most likely refuse the next: the rest wait for the next sweep
      // instead of each spending a try (and a timeout) on it now.
      if (outcome === 'retrying' || outcome === 'failed') break;
    }
    return done;
  }

  /** Takes a due mail for this instance: only one of several sweeps at once updates the row. */
  private async claim(id: string): Promise<MailRow | undefined> {
    const now = nowIso();
    const lease = newId();
    const won = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        lease_id: lease,
        lease_until: isoIn(MAIL_LEASE_MS),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where(claimable(now))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) return undefined;
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .where('lease_id', '=', lease)
      .executeTakeFirst();
  }

  /** Updates a mail this try still holds; false when its lease ran out and another took it. */
  private async record(row: MailRow, set: Partial<MailOutboxTable>): Promise<boolean> {
    const done = await this.db
      .updateTable('mail_outbox')
      .set({ ...set, lease_id: null, lease_until: null })
      .where('id', '=', row.id)
      .where('lease_id', '=', row.lease_id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) return true;
    this.log.warn(
      { service: 'mail', mailId: row.id, kind: row.kind },
      'A mail try outlived its lease: another instance may try it too',
    );
    return false;
  }

  private async sent(row: MailRow): Promise<Outcome> {
    // Sent: the outbox keeps that it went, to whom and what about, not the body, whose links (sign-in,
    // signing, invitations) would otherwise sit readable in the database for as long as it is kept.
    const kept = await this.record(row, {
      status: 'sent',
      sent_at: nowIso(),
      next_attempt_at: null,
      text_body: SENT_BODY,
      html_body: '',
      attachments: null,
    });
    return kept ? 'sent' : 'lost';
  }

  private async failed(row: MailRow, err: unknown): Promise<Outcome> {
    const error = errorText(err);
    if (row.attempts >= MAIL_MAX_ATTEMPTS) return this.giveUp(row, error);
    const retryAt = isoIn(retryDelayMs(row.attempts));
    if (!(await this.record(row, { error, next_attempt_at: retryAt }))) return 'lost';
    // A mail server outage must not fail anyone's request: the mail waits in the queue for its next try.
    this.log.warn(
      { service: 'mail', mailId: row.id, kind: row.kind, attempts: row.attempts, retryAt, reason: error },
      'Sending mail failed: it is tried again later',
    );
    return 'retrying';
  }

  private async giveUp(row: MailRow, error: string): Promise<Outcome> {
    const recorded = await this.record(row, {
      status: 'failed',
      failed_at: nowIso(),
      next_attempt_at: null,
      error,
      text_body: GIVEN_UP_BODY,
      html_body: '',
      attachments: null,
    });
    if (!recorded) return 'lost';
    this.log.error(
      { service: 'mail', mailId: row.id, kind: row.kind, attempts: row.attempts, reason: error },
      `Mail given up after ${row.attempts} tries`,
    );
    return 'failed';
  }
}

/** The queue as the diagnostics and /metrics show it. */
export interface MailQueueFigures {
  /** Mails not sent yet and not given up. */
  waiting: number;
  /** Those of them whose last try failed. */
  retrying: number;
  /** Mails given up after the last try. */
  failed: number;
  /** Seconds since the oldest waiting mail was written; null when none waits. */
  oldestWaitingAgeSeconds: number | null;
}

export async function mailQueueFigures(db: Kysely<DB>): Promise<MailQueueFigures> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.count<number | string>('error').as('with_error'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy('status')
    .execute();
  const queued = rows.find((r) => r.status === 'queued');
  const failed = rows.find((r) => r.status === 'failed');
  const oldest = queued?.oldest ? Date.parse(String(queued.oldest)) : null;
  return {
    waiting: Number(queued?.n ?? 0),
    retrying: Number(queued?.with_error ?? 0),
    failed: Number(failed?.n ?? 0),
    oldestWaitingAgeSeconds: oldest === null ? null : Math.max(0, Math.round((Date.now() - oldest) / 1000)),
  };
}

/** Sends due mail once the app is ready and then every MAIL_SWEEP_SECONDS (0: never), with SMTP only. */
export function scheduleMailSweep(app: FastifyInstance): void {
  const seconds = app.ctx.config.mailSweepSeconds ?? DEFAULT_MAIL_SWEEP_SECONDS;
  if (seconds <= 0 || app.ctx.mailer.transport !== 'smtp') return;
  runPeriodically(app, {
    service: 'mail',
    what: 'The mail sweep',
    everyMs: seconds * 1000,
    atReady: true,
    run: () => app.ctx.mailer.sweep(),
  });
}
