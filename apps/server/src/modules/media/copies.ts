// The listening copies (issue #35): after every audio version, a job of kind 'copies' makes, beside the untouched
// original, a lossless copy (FLAC at the source's sample rate and bit depth, for originals a browser may not
// play: WAV, AIFF, ALAC) and a compact one (AAC-LC in M4A, for a phone on mobile data and for a share link
// without downloads, which never streams the original). One ffmpeg run decodes the original once and writes
// both, in the decoder's sandbox, held to the audio the file declares (audio-allowance.ts). The copies are
// stored objects like the original: counted in the project's bytes, removed with their version, kept by the
// storage sweeper, copied by backups and migrate-storage (the area's storedKeys).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AudioFormat, CopyKind, ListeningCopies } from '@mixdesk/contract/media';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueJob, type JobHandler, type JobRow } from '../../platform/jobs/jobs.ts';
import { audioAllowance } from './audio-allowance.ts';
import { DEMUXER_BY_FORMAT, DecoderError, type DecoderLimits, decoders, runDecoder } from './decoder.ts';
import { type AudioInfo, withLocalFile } from './probe.ts';
import { lockProject, recomputeTotals } from './repo.ts';
import { type StoredObject, versionObject } from './send-object.ts';
import type { CopyStatus } from './tables.ts';

/** Integer PCM of these depths is what FLAC holds sample for sample (float and 32-bit integer it does not). */
const LOSSLESS_DEPTHS = new Set([16, 24]);
const PCM_FORMATS = new Set<AudioFormat>(['wav', 'aiff', 'm4a']);
/**
 * AAC-LC: 112 kbit/s a channel, so stereo is 224 kbit/s (1.68 MB a minute), mono 112. ffmpeg's fast coder
 * (a constant quantizer) encodes twice as fast as its default two-loop search (bench:copies: 4.2 against 8.5 s
 * for five minutes of 48 kHz stereo), which kept the copies of a 5-minute mix over the 10 s they may take; the
 * higher rate pays for its plainer rate control.
 */
const COMPACT_BITS_PER_CHANNEL = 112_000;
/** The rates AAC-LC plays everywhere; anything above becomes 48 kHz (44.1 kHz for its multiples). */
const AAC_MAX_RATE = 48_000;

/** Whether a version of this audio gets a lossless copy: integer PCM a browser may not play (not FLAC). */
export function needsLosslessCopy(info: Pick<AudioInfo, 'format' | 'codec' | 'bitDepth'>): boolean {
  if (!PCM_FORMATS.has(info.format) || info.bitDepth === null || !LOSSLESS_DEPTHS.has(info.bitDepth))
    return false;
  // In M4A only ALAC is lossless; in WAV and AIFF only integer PCM fits FLAC.
  return info.format === 'm4a' ? info.codec === 'alac' : !/^pcm_f/.test(info.codec);
}

/** The copies' columns of a new version: both queued (the lossless one only where it is needed). */
export function copyColumns(info: Pick<AudioInfo, 'format' | 'codec' | 'bitDepth'>) {
  return {
    lossless_status: needsLosslessCopy(info) ? ('queued' as const) : null,
    compact_status: 'queued' as const,
  };
}

/** Queues a version's copies, once: a job still waiting or running for it is the answer. */
export function queueCopies(db: Kysely<DB>, versionId: string, projectId: string): Promise<JobRow> {
  return enqueueJob(db, { kind: 'copies', subjectId: versionId, projectId, dedupeKey: 'copies' });
}

const copyKey = (storageKey: string, kind: 'lossless' | 'compact') => `${storageKey}-${kind}`;

/** The compact copy's sample rate: the source's where AAC-LC takes it, else 48 or 44.1 kHz. */
export function compactRate(sourceRate: number): number {
  if (sourceRate <= AAC_MAX_RATE) return sourceRate;
  return sourceRate % 44_100 === 0 ? 44_100 : AAC_MAX_RATE;
}

interface CopySource {
  format: AudioFormat;
  sample_rate: number | string;
  bit_depth: number | string | null;
  channels: number | string;
  duration: number | string;
}

/** ffmpeg's arguments: one decode of `file`, trimmed to its allowance, split into the copies wanted. */
export function copyArgs(
  v: CopySource,
  file: string,
  out: { lossless: string | null; compact: string },
  trim: string,
): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file,pipe'];
  args.push('-f', DEMUXER_BY_FORMAT[v.format], '-i', `file:${file}`, '-vn', '-progress', 'pipe:1');
  const outputs = out.lossless ? 2 : 1;
  args.push('-filter_complex', `[0:a:0]${trim},asplit=${outputs}${out.lossless ? '[l]' : ''}[c]`);
  if (out.lossless) {
    const depth = Number(v.bit_depth);
    args.push('-map', '[l]', '-c:a', 'flac', '-compression_level', '5');
    args.push('-sample_fmt', depth > 16 ? 's32' : 's16', '-bits_per_raw_sample', String(depth));
    args.push('-map_metadata', '-1', '-f', 'flac', `file:${out.lossless}`);
  }
  const channels = Math.min(2, Number(v.channels));
  args.push('-map', '[c]', '-c:a', 'aac', '-profile:a', 'aac_low', '-aac_coder', 'fast');
  args.push('-b:a', String(channels * COMPACT_BITS_PER_CHANNEL), '-ac', String(channels));
  args.push('-ar', String(compactRate(Number(v.sample_rate))), '-map_metadata', '-1');
  args.push('-movflags', '+faststart', '-f', 'mp4', `file:${out.compact}`);
  return args;
}

/** Encoding takes longer than decoding: the decode limits, stretched for long audio (a tenth of its length). */
function encodeLimits(base: DecoderLimits, seconds: number): DecoderLimits {
  const wall = Math.max(base.timeoutMs, seconds * 100);
  return { ...base, timeoutMs: wall, cpuSeconds: Math.max(base.cpuSeconds, Math.ceil(wall / 1000)) };
}

const setStatus = (db: Kysely<DB>, versionId: string, status: CopyStatus) =>
  db.transaction().execute(async (trx) => {
    await trx
      .updateTable('track_versions')
      .set({ compact_status: status })
      .where('id', '=', versionId)
      .execute();
    await trx
      .updateTable('track_versions')
      .set({ lossless_status: status })
      .where('id', '=', versionId)
      .where('lossless_status', 'is not', null)
      .execute();
  });

/** The job: both copies from one decode, stored, then recorded with the project's bytes in one transaction. */
export function copiesJob(ctx: AppContext): JobHandler {
  return async (job, control) => {
    const v = await ctx.db
      .selectFrom('track_versions')
      .select([
        'id',
        'project_id',
        'storage_key',
        'format',
        'sample_rate',
        'bit_depth',
        'channels',
        'duration',
      ])
      .select(['lossless_status'])
      .where('id', '=', job.subjectId)
      .executeTakeFirst();
    if (!v) throw notFound('Version');
    await setStatus(ctx.db, v.id, 'running');
    const d = decoders(ctx.config);
    const format = v.format as AudioFormat;
    const seconds = Number(v.duration);
    const allowance = audioAllowance(
      { format, sampleRate: Number(v.sample_rate), durationSeconds: seconds },
      d.maxAudioSeconds,
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'mixdesk-copies-'));
    const out = {
      lossless: v.lossless_status === null ? null : path.join(dir, 'lossless.flac'),
      compact: path.join(dir, 'compact.m4a'),
    };
    const stored: string[] = [];
    try {
      await withLocalFile(ctx.storage, v.storage_key, async (file) => {
        const run = runDecoder(
          d,
          'ffmpeg',
          copyArgs({ ...v, format }, file, out, `atrim=end_sample=${allowance.maxFrames}`),
          encodeLimits(d.decode, seconds),
        );
        // -progress writes `out_time_us=` lines: how far into the audio the encoders are.
        run.stdout.setEncoding('utf8');
        run.stdout.on('data', (text: string) => {
          const done = /out_time_us=(\d+)/.exec(text);
          if (done && seconds > 0) control.progress(Math.min(0.95, Number(done[1]) / 1e6 / seconds));
        });
        const stop = () => run.kill();
        control.signal.addEventListener('abort', stop, { once: true });
        try {
          await run.result;
        } finally {
          control.signal.removeEventListener('abort', stop);
        }
      });
      if (control.signal.aborted) throw new DecoderError('The listening copies were stopped', true);
      const put = async (kind: 'lossless' | 'compact', file: string) => {
        const key = copyKey(v.storage_key, kind);
        const { size } = await stat(file);
        await ctx.storage.put(key, createReadStream(file), { maxBytes: size });
        stored.push(key);
        return { key, size };
      };
      const lossless = out.lossless ? await put('lossless', out.lossless) : null;
      const compact = await put('compact', out.compact);
      const bitrate = seconds > 0 ? Math.round((compact.size * 8) / seconds) : null;
      await ctx.db.transaction().execute(async (trx) => {
        await lockProject(trx, ctx.dialect, v.project_id);
        const updated = await trx
          .updateTable('track_versions')
          .set({
            compact_status: 'done',
            compact_key: compact.key,
            compact_size: compact.size,
            compact_bitrate: bitrate,
            compact_codec: 'aac',
            ...(lossless
              ? { lossless_status: 'done' as const, lossless_key: lossless.key, lossless_size: lossless.size }
              : {}),
          })
          .where('id', '=', v.id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw notFound('Version');
        await recomputeTotals(trx, v.project_id);
      });
    } catch (err) {
      // A version deleted meanwhile, or a failed try: nothing it stored stays behind unnamed.
      await Promise.all(stored.map((key) => ctx.storage.remove(key).catch(() => undefined)));
      if (!control.signal.aborted) await setStatus(ctx.db, v.id, 'queued').catch(() => undefined);
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/** Copies that cannot be made read as failed; the original still plays wherever the browser can. */
export function markCopiesFailed(ctx: AppContext): (job: { subjectId: string }) => Promise<void> {
  return async (job) => setStatus(ctx.db, job.subjectId, 'failed');
}

/** Versions stored before the copies existed (or whose job was lost): queued again at start, a batch a time. */
export async function queueMissingCopies(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('track_versions')
    .select(['id', 'project_id'])
    .where('compact_status', 'in', ['queued', 'running'])
    .limit(1000)
    .execute();
  for (const row of rows) await queueCopies(ctx.db, row.id, row.project_id);
  return rows.length;
}

interface CopyColumns {
  sample_rate: number | string;
  bit_depth: number | string | null;
  lossless_status: CopyStatus | null;
  lossless_size: number | string | null;
  compact_status: CopyStatus;
  compact_size: number | string | null;
  compact_bitrate: number | string | null;
}

const orNull = (n: number | string | null) => (n === null ? null : Number(n));

export function presentCopies(row: CopyColumns): ListeningCopies {
  return {
    lossless:
      row.lossless_status === null
        ? null
        : {
            status: row.lossless_status,
            codec: 'flac',
            sampleRate: Number(row.sample_rate),
            bitDepth: Number(row.bit_depth),
            size: orNull(row.lossless_size),
          },
    compact: {
      status: row.compact_status,
      codec: 'aac',
      bitrate: orNull(row.compact_bitrate),
      size: orNull(row.compact_size),
    },
  };
}

const COPY_NAMES = { lossless: 'lossless copy', compact: 'compact copy' } as const;

/** A version's audio as the stored object `copy` asks for: its original, or a copy once made (else a refusal). */
export function copyObject(
  v: CopyColumns &
    Parameters<typeof versionObject>[0] & { lossless_key: string | null; compact_key: string | null },
  copy: CopyKind,
): StoredObject {
  const base = v.original_name.replace(/\.[^.]*$/, '') || 'audio';
  if (copy === 'original') return versionObject(v);
  const status = copy === 'lossless' ? v.lossless_status : v.compact_status;
  const key = copy === 'lossless' ? v.lossless_key : v.compact_key;
  const size = copy === 'lossless' ? v.lossless_size : v.compact_size;
  if (status === null) throw notFound('Lossless copy');
  if (status !== 'done' || key === null || size === null)
    throw new AppError(
      'CONFLICT',
      status === 'failed'
        ? `The ${COPY_NAMES[copy]} of this version could not be made; the original still plays where the browser can.`
        : `The ${COPY_NAMES[copy]} of this version is still being made (${status}); try again shortly.`,
    );
  return {
    id: `${v.id}-${copy}`,
    key,
    size: Number(size),
    mime: copy === 'lossless' ? 'audio/flac' : 'audio/mp4',
    name: `${base}.${copy === 'lossless' ? 'flac' : 'm4a'}`,
    createdAt: v.created_at,
  };
}
