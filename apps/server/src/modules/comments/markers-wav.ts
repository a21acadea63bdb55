// A WAV copy of a version with its markers as cue points (markers-riff.ts). ffmpeg decodes the stored file,
// as the format it was accepted as and within the usual limits, to raw PCM in a temporary file in the data
// dir (the samples of a long version are gigabytes: never held in memory); the answer streams the chunks
// before the samples, the file, then the cue chunks, and the file goes once the stream closes.
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AudioFormat } from '@mixdesk/contract/media';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  audioAllowance,
  DEMUXER_BY_FORMAT,
  DecoderError,
  type Decoders,
  decoders,
  runDecoder,
  withLocalFile,
} from '../media/public.ts';
import type { Marker } from './markers-model.ts';
import { assertFitsRiff, bextChunk, cuePointsOf, type PcmShape, wavLayout } from './markers-riff.ts';

/** What the export reads of a version. */
export interface WavSource {
  storageKey: string;
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  /** Seconds, as the upload's probe read them. */
  duration: number;
  /** The version's upload: the BWF's origination date. */
  createdAt: string;
  /** The BWF's description: which track and version. */
  description: string;
}

export interface WavExport {
  stream: Readable;
  size: number;
}

/** 16 or 24 bits as the source has them; 24 for anything else (lossy, 8, 32 bits or float), which loses nothing audible. */
export const exportBitDepth = (bitDepth: number | null): 16 | 24 => (bitDepth === 16 ? 16 : 24);

/** ffmpeg: the version's first audio stream, at its own rate and channels, as raw little-endian PCM. */
async function decodePcm(
  d: Decoders,
  input: string,
  output: string,
  format: AudioFormat,
  shape: PcmShape,
  allowance: ReturnType<typeof audioAllowance>,
): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file'];
  args.push('-f', DEMUXER_BY_FORMAT[format], '-i', `file:${input}`, '-vn', '-map', '0:a:0');
  args.push('-af', allowance.trim, '-ac', String(shape.channels), '-ar', String(shape.sampleRate));
  const codec = shape.bitDepth === 16 ? 's16le' : 's24le';
  args.push('-map_metadata', '-1', '-c:a', `pcm_${codec}`, '-f', codec, '-y', `file:${output}`);
  await runDecoder(d, 'ffmpeg', args, d.decode).result;
}

/** The version's samples with `markers` as cue points, as a stream and its length in bytes. */
export async function markersWav(
  ctx: AppContext,
  source: WavSource,
  markers: readonly Marker[],
): Promise<WavExport> {
  const d = decoders(ctx.config);
  const shape: PcmShape = {
    sampleRate: source.sampleRate,
    channels: source.channels,
    bitDepth: exportBitDepth(source.bitDepth),
  };
  const frameBytes = shape.channels * (shape.bitDepth / 8);
  // Refused before any decoding when the samples the version declares could not fit.
  assertFitsRiff(Math.ceil(source.duration * shape.sampleRate) * frameBytes);
  const allowance = audioAllowance(
    { format: source.format, sampleRate: source.sampleRate, durationSeconds: source.duration },
    d.maxAudioSeconds,
  );
  const tmp = path.join(ctx.config.dataDir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const dir = await mkdtemp(path.join(tmp, 'markers-'));
  const removeDir = () =>
    rm(dir, { recursive: true, force: true }).catch((err: unknown) =>
      ctx.log.error({ service: 'comments', err, dir }, 'Could not remove a marker export’s samples'),
    );
  try {
    const pcm = path.join(dir, 'samples.pcm');
    await withLocalFile(ctx.storage, source.storageKey, (file) =>
      decodePcm(d, file, pcm, source.format, shape, allowance),
    ).catch((err: unknown) => {
      if (!(err instanceof DecoderError)) throw err;
      // ffmpeg's words name files on this machine: they go to the log, not to the client.
      ctx.log.warn({ service: 'comments', err: err.message }, 'A marker export could not decode its version');
      throw new AppError(
        'UNPROCESSABLE',
        "This version's audio could not be decoded for a WAV copy; its markers still export as MIDI, REAPER or Audacity.",
      );
    });
    const dataBytes = (await stat(pcm)).size;
    const frames = Math.floor(dataBytes / frameBytes);
    if (frames > allowance.maxFrames) throw new AppError('UNPROCESSABLE', allowance.exceeded().message);
    const uploaded = new Date(source.createdAt);
    const bext = bextChunk(source.description, Number.isNaN(uploaded.getTime()) ? new Date() : uploaded);
    const layout = wavLayout(shape, dataBytes, cuePointsOf(markers, shape.sampleRate, frames), bext);
    const stream = Readable.from(pieces(layout.head, pcm, layout.tail), { objectMode: false });
    // Ended, failed or cut off by the client: the samples go either way.
    stream.once('close', () => void removeDir());
    return { stream, size: layout.size };
  } catch (err) {
    await removeDir();
    throw err;
  }
}

async function* pieces(head: Buffer, pcm: string, tail: Buffer): AsyncGenerator<Buffer> {
  yield head;
  yield* createReadStream(pcm) as AsyncIterable<Buffer>;
  yield tail;
}
