// A version's null test (issue #36): its stems summed, its mix subtracted, the residual's level. One row per
// version (version_null_tests), set to queued in the transaction that changes the stems and rewritten by the
// job of kind 'null-test', which reads the stems as they are when it runs, decodes them with the mix
// (null-test-engine.ts) and keeps the figures and a verdict. The row is the job's ticket: the job marks it
// running before reading the stems and writes its result only while it still reads running, so a change made
// while it ran (the row queued again; the queue answers with the running job) makes it run once more.
import type { AudioFormat } from '@mixdesk/contract/media';
import { NULL_TEST_VERDICT_LABELS, type NullTest, type NullTestVerdict } from '@mixdesk/contract/stems';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { nowIso } from '../../platform/ids.ts';
import { enqueueJob, type JobHandler } from '../../platform/jobs/jobs.ts';
import { decoders } from './decoder.ts';
import {
  measureNullTest,
  NULL_TEST_FLOOR_DBFS,
  type NullTestInput,
  nullTestVerdict,
} from './null-test-engine.ts';
import { withLocalFile } from './probe.ts';

export const NULL_TEST_WAITING = 'Waiting to run';
export const NULL_TEST_NO_STEMS = 'Add stems to run the null test';
/** How often a long null test looks whether its stems changed under it (and starts over if so). */
const RECHECK_MS = 5000;

/** How many stems the version has now. */
export async function countStems(db: Kysely<DB>, versionId: string): Promise<number> {
  const row = await db
    .selectFrom('version_stems')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Queues the version's null test (in the caller's transaction, beside the change to its stems; kick the job
 * queue after the commit): its row reads queued, with the stems it has now, and one job runs it. A version
 * left without stems has no null test: its row goes, and nothing runs.
 */
export async function queueNullTest(
  trx: Kysely<DB>,
  ids: { versionId: string; projectId: string },
): Promise<void> {
  const stemCount = await countStems(trx, ids.versionId);
  if (stemCount === 0) {
    await trx.deleteFrom('version_null_tests').where('version_id', '=', ids.versionId).execute();
    return;
  }
  const reset = {
    status: 'queued' as const,
    residual_rms_dbfs: null,
    residual_peak_dbfs: null,
    verdict: null,
    message: NULL_TEST_WAITING,
    stem_count: stemCount,
    updated_at: nowIso(),
  };
  await trx
    .insertInto('version_null_tests')
    .values({ version_id: ids.versionId, project_id: ids.projectId, ...reset })
    .onConflict((oc) => oc.column('version_id').doUpdateSet(reset))
    .execute();
  await enqueueJob(trx, {
    kind: 'null-test',
    subjectId: ids.versionId,
    projectId: ids.projectId,
    dedupeKey: 'null-test',
  });
}

const orNull = (n: number | string | null) => (n === null ? null : Number(n));

/** The version's null test as the API shows it; without stems (never run, or all removed) status is null. */
export async function readNullTest(db: Kysely<DB>, versionId: string, stemCount: number): Promise<NullTest> {
  const row =
    stemCount === 0
      ? undefined
      : await db
          .selectFrom('version_null_tests')
          .selectAll()
          .where('version_id', '=', versionId)
          .executeTakeFirst();
  if (!row)
    return {
      status: null,
      residualRmsDbfs: null,
      residualPeakDbfs: null,
      verdict: null,
      message: NULL_TEST_NO_STEMS,
      stemCount,
      updatedAt: null,
    };
  return {
    status: row.status,
    residualRmsDbfs: orNull(row.residual_rms_dbfs),
    residualPeakDbfs: orNull(row.residual_peak_dbfs),
    verdict: row.verdict,
    message: row.message,
    stemCount: Number(row.stem_count),
    updatedAt: row.updated_at,
  };
}

const level = (dbfs: number) =>
  dbfs <= NULL_TEST_FLOOR_DBFS ? `at or below ${NULL_TEST_FLOOR_DBFS} dBFS` : `${dbfs.toFixed(1)} dBFS`;

/** The sentence beside a verdict: what it means and the figures it stands on. */
export function verdictMessage(verdict: NullTestVerdict, rmsDbfs: number, peakDbfs: number): string {
  const figures = `residual ${level(rmsDbfs)} RMS, peak ${level(peakDbfs)}`;
  return `${NULL_TEST_VERDICT_LABELS[verdict]} (${figures}).`;
}

/** The version as the mix of its null test; undefined once it is gone. */
function mixOf(db: Kysely<DB>, versionId: string) {
  return db
    .selectFrom('track_versions')
    .select(['id', 'project_id', 'storage_key', 'format', 'sample_rate', 'channels', 'duration'])
    .select('label')
    .where('id', '=', versionId)
    .executeTakeFirst();
}

function stemsOf(db: Kysely<DB>, versionId: string) {
  return db
    .selectFrom('version_stems')
    .select(['name', 'storage_key', 'format', 'sample_rate', 'channels', 'duration'])
    .where('version_id', '=', versionId)
    .orderBy('name')
    .execute();
}

const input = (
  name: string,
  row: { storage_key: string; format: string; sample_rate: number; channels: number; duration: number },
): NullTestInput => ({
  name,
  key: row.storage_key,
  format: row.format as AudioFormat,
  sampleRate: Number(row.sample_rate),
  channels: Number(row.channels),
  duration: Number(row.duration),
});

/** Marks the row running (the ticket the result is written against); false when there is no row to run. */
async function markRunning(db: Kysely<DB>, versionId: string): Promise<boolean> {
  const updated = await db
    .updateTable('version_null_tests')
    .set({ status: 'running', message: 'Summing the stems against the mix', updated_at: nowIso() })
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Whether the row was queued again since the job marked it running (the stems changed meanwhile). */
async function requeued(db: Kysely<DB>, versionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('version_null_tests')
    .select('status')
    .where('version_id', '=', versionId)
    .executeTakeFirst();
  return row?.status === 'queued';
}

/**
 * The job: the version's stems as they are now, summed against its mix, the result kept while the row still
 * reads running; run again when the stems changed meanwhile. A version gone, or left without stems, is left.
 */
export function nullTestJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const d = decoders(ctx.config);
    for (;;) {
      if (!(await markRunning(ctx.db, job.subjectId))) return { ran: false };
      const mix = await mixOf(ctx.db, job.subjectId);
      const stems = await stemsOf(ctx.db, job.subjectId);
      if (!mix || stems.length === 0) return { ran: false };
      // A change to the stems while a long test runs stops it early: its figures would be of stems now gone.
      const changed = new AbortController();
      let lastCheck = Date.now();
      const measured = await measureNullTest(
        d,
        input(mix.label, mix),
        stems.map((s) => input(s.name, s)),
        {
          local: (key, use) => withLocalFile(ctx.storage, key, use),
          maxAudioSeconds: d.maxAudioSeconds,
          signal: AbortSignal.any([control.signal, changed.signal]),
          onProgress: (fraction) => {
            control.progress(fraction);
            if (Date.now() - lastCheck < RECHECK_MS) return;
            lastCheck = Date.now();
            void requeued(ctx.db, job.subjectId)
              .then((again) => again && changed.abort())
              .catch(() => undefined);
          },
        },
      ).catch(async (err) => {
        // A stem removed under a running test takes its file with it: that is a change, not a failure.
        if (!control.signal.aborted && (changed.signal.aborted || (await requeued(ctx.db, job.subjectId))))
          return null;
        throw err;
      });
      if (measured === null) continue;
      const verdict = measured.comparable ? nullTestVerdict(measured.rmsDbfs) : null;
      const written = await ctx.db
        .updateTable('version_null_tests')
        .set({
          status: 'done',
          residual_rms_dbfs: measured.comparable ? measured.rmsDbfs : null,
          residual_peak_dbfs: measured.comparable ? measured.peakDbfs : null,
          verdict,
          message: measured.comparable
            ? verdictMessage(verdict!, measured.rmsDbfs, measured.peakDbfs)
            : measured.reason,
          stem_count: stems.length,
          updated_at: nowIso(),
        })
        .where('version_id', '=', job.subjectId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) > 0)
        return measured.comparable
          ? { verdict, residualRmsDbfs: measured.rmsDbfs, residualPeakDbfs: measured.peakDbfs }
          : { verdict: null };
      // Queued again while it ran (or its stems all went): the stems as they are now, once more.
      if (!(await requeued(ctx.db, job.subjectId))) return { ran: false };
    }
  };
}

/**
 * A sentence from a job's failure: its first line, not a page of decoder output, and no server path (ffmpeg
 * names the file it read: a temporary or storage path, which is none of the reader's business).
 */
export const firstLine = (reason: string) => {
  const line = reason
    .split('\n')[0]!
    .replace(/(^|[\s'"(])\/[^\s'"):]+/g, '$1a file')
    .trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
};

/** A null test that could not run reads as failed, with why; running it again (POST) tries anew. */
export function markNullTestFailed(
  ctx: AppContext,
): (job: { subjectId: string }, reason: string) => Promise<void> {
  return async (job, reason) => {
    await ctx.db
      .updateTable('version_null_tests')
      .set({
        status: 'failed',
        residual_rms_dbfs: null,
        residual_peak_dbfs: null,
        verdict: null,
        message: `The null test could not run: ${firstLine(reason)}`,
        updated_at: nowIso(),
      })
      .where('version_id', '=', job.subjectId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  };
}

/**
 * Null tests left queued or running without a job (one queued again in the instant its job was finishing):
 * queued again at start, a batch a time (the job is deduplicated, so a live one is the answer).
 */
export async function queueUnfinishedNullTests(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('version_null_tests')
    .select(['version_id', 'project_id'])
    .where('status', 'in', ['queued', 'running'])
    .limit(1000)
    .execute();
  for (const row of rows)
    await enqueueJob(ctx.db, {
      kind: 'null-test',
      subjectId: row.version_id,
      projectId: row.project_id,
      dedupeKey: 'null-test',
    });
  return rows.length;
}
