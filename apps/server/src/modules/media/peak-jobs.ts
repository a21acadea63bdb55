// The waveform job (kind 'peaks', run by platform/jobs/jobs.ts): each new version is decoded once (ffmpeg, a full
// pass over the file) for its peaks and exact duration. The job is queued in the transaction that creates the
// version, so it survives a restart and is never lost; the version's peaks_status says what the API shows.
import type { AudioFormat } from '@mixdesk/contract/media';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { enqueueJob, type JobHandler, type JobRow, waitingJobs } from '../../platform/jobs/jobs.ts';
import { audioAllowance } from './audio-allowance.ts';
import { DEMUXER_BY_FORMAT, DecoderError, decoders } from './decoder.ts';
import { startPeakDecoder } from './peaks.ts';
import { withLocalFile } from './probe.ts';
import { lockProject, recomputeTotals } from './repo.ts';

/** Queues the waveform of a version, once: a job still waiting or running for it is the answer. */
export function queuePeaks(db: Kysely<DB>, versionId: string, projectId: string): Promise<JobRow> {
  return enqueueJob(db, { kind: 'peaks', subjectId: versionId, projectId, dedupeKey: 'peaks' });
}

/** How many waveforms wait for an instance to draw them, across every instance (/metrics' queue depth). */
export function waitingPeakJobs(db: Kysely<DB>): Promise<number> {
  return waitingJobs(db, 'peaks');
}

/** The job: decode the version's file, keep its peaks and exact duration, and move the project's totals. */
export function peaksJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const version = await ctx.db
      .selectFrom('track_versions')
      .select(['id', 'project_id', 'storage_key', 'format', 'sample_rate', 'duration'])
      .where('id', '=', job.subjectId)
      .executeTakeFirst();
    if (!version) throw notFound('Version');
    const sampleRate = Number(version.sample_rate);
    // The container's figure, until every sample is counted: enough to say how far the decode is.
    const expected = Math.max(1, Number(version.duration) * sampleRate);
    const decoded = await withLocalFile(ctx.storage, version.storage_key, async (file) => {
      const d = decoders(ctx.config);
      const format = version.format as AudioFormat;
      const decoder = startPeakDecoder(d, file, DEMUXER_BY_FORMAT[format], {
        onSamples: (samples) => control.progress(Math.min(0.99, samples / expected)),
        // No further than the file declares: a header can say a second over hours of silence.
        allowance: audioAllowance(
          { format, sampleRate, durationSeconds: Number(version.duration) },
          d.maxAudioSeconds,
        ),
      });
      // Stopping the app stops the decoder at once (the job goes back to the queue).
      const stop = () => decoder.kill();
      control.signal.addEventListener('abort', stop, { once: true });
      try {
        return await decoder.result;
      } finally {
        control.signal.removeEventListener('abort', stop);
      }
    });
    if (control.signal.aborted) throw new DecoderError('The waveform was stopped', true);
    if (decoded.samples === 0) throw new DecoderError('ffmpeg decoded no audio from the file', false);
    const duration = Math.round((decoded.samples / sampleRate) * 1000) / 1000;
    // The exact duration can differ from the container's figure: the project's totals move with it.
    await ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, ctx.dialect, version.project_id);
      const updated = await trx
        .updateTable('track_versions')
        .set({ peaks: JSON.stringify(decoded.peaks), duration, peaks_status: 'ready' })
        .where('id', '=', version.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound('Version');
      await recomputeTotals(trx, version.project_id);
    });
  };
}

/** A waveform that cannot be drawn reads as failed; the version itself stays, playable or not. */
export function markPeaksFailed(ctx: AppContext): (job: { subjectId: string }) => Promise<void> {
  return async (job) => {
    await ctx.db
      .updateTable('track_versions')
      .set({ peaks_status: 'failed' })
      .where('id', '=', job.subjectId)
      .where('peaks_status', '=', 'pending')
      .execute();
  };
}
