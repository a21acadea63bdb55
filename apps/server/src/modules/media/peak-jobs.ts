// The waveform job: after an upload answers, each new version is decoded once (ffmpeg, a full pass over the
// file) for its peaks and exact duration. Pending work lives in the database (track_versions.peaks_status),
// so it survives a restart and several instances share it: a version is claimed before it is decoded, and a
// claim older than CLAIM_TTL_MS (its instance died) may be taken over.
import type { AudioFormat } from '@mixdesk/contract/media';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { isoIn, nowIso } from '../../platform/ids.ts';
import { DEMUXER_BY_FORMAT, decoders } from './decoder.ts';
import { type PeakDecoder, startPeakDecoder } from './peaks.ts';
import { withLocalFile } from './probe.ts';
import { lockProject, recomputeTotals } from './repo.ts';

const CLAIM_TTL_MS = 10 * 60 * 1000;
const MAX_ATTEMPTS = 3;
/** How often an idle runner looks for work it was not told about (another instance's abandoned claims). */
const SWEEP_MS = 60 * 1000;

/** A version a runner may take: pending, and unclaimed or claimed by an instance that died. */
const claimable = (eb: ExpressionBuilder<DB, 'track_versions'>, stale: string) =>
  eb.and([
    eb('peaks_status', '=', 'pending'),
    eb.or([eb('peaks_claimed_at', 'is', null), eb('peaks_claimed_at', '<', stale)]),
  ]);

/** How many versions wait for a runner, across every instance (the job queue depth of /metrics). */
export async function waitingPeakJobs(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('track_versions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => claimable(eb, isoIn(-CLAIM_TTL_MS)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Job {
  id: string;
  project_id: string;
  storage_key: string;
  format: string;
  sample_rate: number;
  peaks_attempts: number;
}

export class PeakJobs {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private current: { job: Job; decoder: PeakDecoder | null } | null = null;
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly ctx: AppContext) {
    this.sweep = setInterval(() => this.kick(), SWEEP_MS);
    this.sweep.unref();
  }

  /** Starts working through pending versions, unless already at it (then it looks again when done). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.ctx.log.error({ service: 'media', err }, 'Waveform jobs stopped'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no pending version is left (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops after the current decode is cut short; its claim is released for whoever runs next. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    const current = this.current;
    current?.decoder?.kill();
    await this.running;
    if (current) await this.release(current.job, false).catch(() => undefined);
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim();
      if (!job) return;
      this.current = { job, decoder: null };
      try {
        await this.process(job);
      } catch (err) {
        if (this.stopped) return;
        this.ctx.log.warn({ service: 'media', err, versionId: job.id }, 'Waveform could not be computed');
        await this.release(job, true);
      } finally {
        this.current = null;
      }
    }
  }

  private async claim(): Promise<Job | null> {
    const { db } = this.ctx;
    for (;;) {
      const stale = isoIn(-CLAIM_TTL_MS);
      const candidate = await db
        .selectFrom('track_versions')
        .select(['id', 'project_id', 'storage_key', 'format', 'sample_rate', 'peaks_attempts'])
        .where((eb) => claimable(eb, stale))
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      // Only one instance wins a version: the update re-checks the claim it read.
      const won = await db
        .updateTable('track_versions')
        .set({ peaks_claimed_at: nowIso() })
        .where('id', '=', candidate.id)
        .where((eb) => claimable(eb, stale))
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) === 1)
        return { ...candidate, peaks_attempts: Number(candidate.peaks_attempts) };
    }
  }

  private async process(job: Job): Promise<void> {
    const { ctx } = this;
    const decoded = await withLocalFile(ctx.storage, job.storage_key, (file) => {
      const decoder = startPeakDecoder(
        decoders(ctx.config),
        file,
        DEMUXER_BY_FORMAT[job.format as AudioFormat],
      );
      if (this.current) this.current.decoder = decoder;
      return decoder.result;
    });
    if (decoded.samples === 0) throw new Error('The file decodes to no samples');
    const duration = Math.round((decoded.samples / Number(job.sample_rate)) * 1000) / 1000;
    // The exact duration can differ from the container's figure: the project's totals move with it.
    await ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, ctx.dialect, job.project_id);
      await trx
        .updateTable('track_versions')
        .set({
          peaks: JSON.stringify(decoded.peaks),
          duration,
          peaks_status: 'ready',
          peaks_claimed_at: null,
        })
        .where('id', '=', job.id)
        .execute();
      await recomputeTotals(trx, job.project_id);
    });
  }

  /** Gives a job back: counted as a failed attempt (failed for good after MAX_ATTEMPTS), or not at all. */
  private async release(job: Job, failed: boolean): Promise<void> {
    const attempts = job.peaks_attempts + (failed ? 1 : 0);
    await this.ctx.db
      .updateTable('track_versions')
      .set({
        peaks_claimed_at: null,
        peaks_attempts: attempts,
        ...(attempts >= MAX_ATTEMPTS ? { peaks_status: 'failed' as const } : {}),
      })
      .where('id', '=', job.id)
      .where('peaks_status', '=', 'pending')
      .execute();
  }
}

const runners = new WeakMap<AppContext, PeakJobs>();

/** The app's waveform job runner. */
export function peakJobs(ctx: AppContext): PeakJobs {
  let runner = runners.get(ctx);
  if (!runner) {
    runner = new PeakJobs(ctx);
    runners.set(ctx, runner);
  }
  return runner;
}
