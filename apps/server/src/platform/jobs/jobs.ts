// Background work stored in the database (analysis, mastering, waveform peaks): a job is queued in the
// same request that asks for it, claimed by one instance, run at most one per CPU core per instance, and
// ends done or failed with a reason a person can read. A running job refreshes its claim; a claim left to go
// stale belongs to an instance that stopped or crashed, and the job is taken up again (a few times at most).
// Every change is pushed to the project's room as JOB_UPDATED_EVENT.
import { availableParallelism } from 'node:os';
import { JOB_UPDATED_EVENT, type JobKind } from '@mixdesk/contract/jobs';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { AppContext } from '../context.ts';
import { isoIn, nowIso } from '../ids.ts';
import { isDiskFull, RESULT_NOT_SAVED } from '../storage/disk-full.ts';
import { claimedJob, type JobHandler, type JobKindOptions } from './job-handler.ts';
import { CLAIM_TTL_MS, type JobRow, presentJob } from './job-store.ts';

export type { ClaimedJob, JobControl, JobHandler, JobKindOptions } from './job-handler.ts';
export { enqueueJob, type JobRow, presentJob, waitingJobs } from './job-store.ts';

export interface JobQueueOptions {
  /** Jobs run at once by this instance (default: one per CPU core). */
  concurrency?: number;
  /** A claim not refreshed for this long is taken over (default 2 minutes; refreshed every quarter). */
  claimTtlMs?: number;
}

/** A job whose instance stopped this many times is failed rather than tried again. */
export const MAX_JOB_ATTEMPTS = 3;
export const PROGRESS_EVERY_MS = 500;
/** How often an idle queue looks for work it was not told about (another instance's stale claims). */
export const SWEEP_MS = 30_000;

/** How a job ended: done with what its handler resolved with, or failed with a reason for people. */
type JobOutcome = { status: 'done'; result: unknown } | { status: 'failed'; error: string };

export class JobQueue {
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly onFailed = new Map<JobKind, NonNullable<JobKindOptions['onFailed']>>();
  private readonly concurrency: number;
  private readonly claimTtlMs: number;
  private readonly running = new Map<string, AbortController>();
  private readonly workers = new Set<Promise<void>>();
  private stopped = false;
  private waitingForDatabase = false;
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    opts: JobQueueOptions = {},
  ) {
    this.concurrency = Math.max(1, opts.concurrency ?? availableParallelism());
    this.claimTtlMs = opts.claimTtlMs ?? CLAIM_TTL_MS;
    this.sweep = setInterval(() => this.kick(), SWEEP_MS);
    this.sweep.unref();
  }

  register(kind: JobKind, handler: JobHandler, opts: JobKindOptions = {}): void {
    this.handlers.set(kind, handler);
    if (opts.onFailed) this.onFailed.set(kind, opts.onFailed);
  }

  /** Starts workers, up to the concurrency, while there may be work. */
  kick(): void {
    if (this.stopped || this.handlers.size === 0) return;
    while (this.workers.size < this.concurrency) {
      const worker: Promise<void> = this.work()
        .catch((err) => this.workerStopped(err))
        .finally(() => this.workers.delete(worker));
      this.workers.add(worker);
    }
  }

  /**
   * A worker ends when it cannot reach the jobs table; the sweep starts workers again every SWEEP_MS. A
   * database outage is told once, as a warning, not as an error with a stack at every sweep while it lasts.
   */
  private workerStopped(err: unknown): void {
    if (!isDatabaseUnavailable(err)) {
      this.ctx.log.error({ service: 'jobs', err }, 'A job worker stopped');
    } else if (!this.waitingForDatabase) {
      this.waitingForDatabase = true;
      const reason = (err as { message?: string }).message || String(err);
      this.ctx.log.warn({ service: 'jobs', reason }, 'Jobs wait: the database is not answering');
    }
  }

  /** Resolves once no worker is left (nothing claimable remains). */
  async idle(): Promise<void> {
    while (this.workers.size > 0) await Promise.all(this.workers);
  }

  /** How many jobs this instance runs right now. */
  get active(): number {
    return this.running.size;
  }

  /** Stops taking jobs; running ones are told to stop and go back to the queue for whoever runs next. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    for (const controller of this.running.values()) controller.abort();
    await Promise.all(this.workers);
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim();
      this.waitingForDatabase = false;
      if (!job) return;
      await this.run(job);
    }
  }

  /** Whether a row may be taken: queued, or running on a claim nobody refreshed. */
  private claimable(eb: ExpressionBuilder<DB, 'jobs'>, stale: string) {
    return eb.and([
      eb('kind', 'in', [...this.handlers.keys()]),
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', stale)]),
      ]),
    ]);
  }

  private async claim(): Promise<JobRow | null> {
    const { db } = this.ctx;
    for (;;) {
      const stale = isoIn(-this.claimTtlMs);
      const candidate = await db
        .selectFrom('jobs')
        .selectAll()
        .where((eb) => this.claimable(eb, stale))
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const now = nowIso();
      const attempts = Number(candidate.attempts) + 1;
      const startedAt = candidate.started_at ?? now;
      // Only one instance wins a job: the update re-checks what the select read.
      const won = await db
        .updateTable('jobs')
        .set({ status: 'running', claimed_at: now, started_at: startedAt, attempts })
        .where('id', '=', candidate.id)
        .where('attempts', '=', candidate.attempts)
        .where((eb) => this.claimable(eb, stale))
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) continue;
      // As stored: what is pushed of it (running, progress, done) says when it started.
      const claimed = {
        ...candidate,
        status: 'running' as const,
        claimed_at: now,
        started_at: startedAt,
        attempts,
      };
      if (attempts > MAX_JOB_ATTEMPTS) {
        await this.finish(claimed, {
          status: 'failed',
          error: 'The server stopped while this ran, several times: it was given up.',
        });
        continue;
      }
      return claimed;
    }
  }

  private async run(row: JobRow): Promise<void> {
    const handler = this.handlers.get(row.kind)!;
    const controller = new AbortController();
    this.running.set(row.id, controller);
    let lastWrite = 0;
    let progress = Number(row.progress);
    const write = async () => {
      lastWrite = Date.now();
      await this.ctx.db
        .updateTable('jobs')
        .set({ progress, claimed_at: nowIso() })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .execute();
      this.push({ ...row, progress });
    };
    // The claim is kept fresh even by a job that reports no progress for a while.
    const heartbeat = setInterval(() => void write().catch(() => undefined), this.claimTtlMs / 4);
    heartbeat.unref();
    this.push(row);
    try {
      const result = await handler(claimedJob(row), {
        signal: controller.signal,
        progress: (fraction) => {
          progress = Math.min(1, Math.max(0, fraction));
          if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) void write().catch(() => undefined);
        },
      });
      if (controller.signal.aborted) await this.requeue(row);
      else await this.finish(row, { status: 'done', result });
    } catch (err) {
      if (controller.signal.aborted) await this.requeue(row).catch(() => undefined);
      else if (isDatabaseUnavailable(err)) {
        // Cut off by a database outage, no fault of the job's: it is not failed. Its claim, no longer kept
        // fresh, goes stale and the job runs again (as an attempt, so a job that always meets one ends).
        this.ctx.log.warn(
          { service: 'jobs', jobId: row.id, kind: row.kind, reason: (err as Error).message },
          'A job was cut off by a database outage: it runs again once its claim is stale',
        );
      } else {
        const reason = isDiskFull(err)
          ? RESULT_NOT_SAVED
          : err instanceof Error && err.message
            ? err.message
            : 'The job failed.';
        this.ctx.log.warn({ service: 'jobs', err, jobId: row.id, kind: row.kind }, 'A job failed');
        await this.finish(row, { status: 'failed', error: reason });
      }
    } finally {
      clearInterval(heartbeat);
      this.running.delete(row.id);
    }
  }

  private async finish(row: JobRow, outcome: JobOutcome): Promise<void> {
    if (outcome.status === 'failed') await this.markSubjectFailed(row, outcome.error);
    const { status } = outcome;
    const result = status === 'done' ? outcome.result : null;
    const finished = {
      status,
      result: result && typeof result === 'object' ? JSON.stringify(result) : null,
      error: status === 'failed' ? outcome.error.slice(0, 1000) : null,
      progress: status === 'done' ? 1 : Number(row.progress),
      claimed_at: null,
      finished_at: nowIso(),
    };
    await this.ctx.db.updateTable('jobs').set(finished).where('id', '=', row.id).execute();
    this.push({ ...row, ...finished });
  }

  /** Runs the kind's onFailed, which marks what the job worked on; its own failure is logged, not thrown. */
  private async markSubjectFailed(row: JobRow, reason: string): Promise<void> {
    const onFailed = this.onFailed.get(row.kind);
    if (!onFailed) return;
    await onFailed(claimedJob(row), reason).catch((err) =>
      this.ctx.log.error(
        { service: 'jobs', err, jobId: row.id, kind: row.kind },
        'Could not mark what a failed job worked on',
      ),
    );
  }

  /** A job cut short by a stop goes back to the queue without counting as an attempt. */
  private async requeue(row: JobRow): Promise<void> {
    await this.ctx.db
      .updateTable('jobs')
      .set({ status: 'queued', claimed_at: null, attempts: Math.max(0, Number(row.attempts) - 1) })
      .where('id', '=', row.id)
      .execute();
  }

  private push(row: JobRow): void {
    if (row.project_id) this.ctx.live.toProject(row.project_id, JOB_UPDATED_EVENT, presentJob(row));
  }
}

const queues = new WeakMap<AppContext, JobQueue>();

/** The app's job queue (one per app; handlers are registered by the areas that own the work). */
export function jobQueue(ctx: AppContext): JobQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new JobQueue(ctx, { concurrency: ctx.config.jobConcurrency });
    queues.set(ctx, queue);
  }
  return queue;
}
