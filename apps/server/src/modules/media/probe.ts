// Reads what an audio file is from the file itself, with ffprobe (decoder.ts picks the binary and applies
// the limits): container, codec, sample rate, channels, bit depth and duration.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AudioFormat } from '@mixdesk/contract/media';
import { AppError } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { DecoderError, type Decoders, runDecoder } from './decoder.ts';
import { type AudioFamily, SNIFF_BYTES, sniffAudio } from './sniff.ts';

export interface AudioInfo {
  format: AudioFormat;
  mime: string;
  codec: string;
  /** Seconds, as the container states it (the decoder's sample count is the exact figure). */
  duration: number;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  /** Sample frames, where a lossless stream states them exactly (PCM, FLAC, ALAC); null otherwise. */
  frames: number | null;
}

/** ffprobe's container names, and the formats Mixdesk accepts. */
const FORMAT_BY_CONTAINER: Record<string, AudioFormat> = {
  wav: 'wav',
  aiff: 'aiff',
  flac: 'flac',
  mp3: 'mp3',
  ogg: 'ogg',
  aac: 'aac',
  'mov,mp4,m4a,3gp,3g2,mj2': 'm4a',
};

export const MIME_BY_FORMAT: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
};

/** The demuxer to force for a sniffed family, so a file is read as what its first bytes say it is. */
export const DEMUXER_BY_FAMILY: Partial<Record<AudioFamily, string>> = {
  wav: 'wav',
  aiff: 'aiff',
  flac: 'flac',
  ogg: 'ogg',
  mp4: 'mov',
  mpeg: 'mp3',
  adts: 'aac',
};

const LOSSY_CODECS = new Set(['mp3', 'mp2', 'aac', 'vorbis', 'opus', 'ac3', 'eac3']);

/**
 * The stream's length in sample frames from its time base (`1/44100` for PCM and FLAC): exact for lossless
 * codecs, which count samples; lossy ones add encoder delay and padding, so their count is left unknown.
 */
function framesOf(stream: ProbeStream, codec: string, sampleRate: number): number | null {
  if (LOSSY_CODECS.has(codec)) return null;
  const ticks = Number(stream.duration_ts);
  const [num, den] = (stream.time_base ?? '').split('/').map(Number);
  if (!(ticks > 0) || !(num! > 0) || !(den! > 0)) return null;
  const frames = Math.round((ticks * num! * sampleRate) / den!);
  return Number.isSafeInteger(frames) ? frames : null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  bits_per_sample?: number;
  bits_per_raw_sample?: string;
  duration?: string;
  duration_ts?: number;
  time_base?: string;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

const MAX_PROBE_OUTPUT = 4 * 1024 * 1024;

/** ffprobe's JSON for `file`, read as `demuxer`; null when ffprobe refuses the file. */
async function probeJson(d: Decoders, file: string, demuxer: string): Promise<ProbeOutput | null> {
  const run = runDecoder(
    d,
    'ffprobe',
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      demuxer,
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-select_streams',
      'a:0',
      `file:${file}`,
    ],
    d.probe,
  );
  const chunks: Buffer[] = [];
  let size = 0;
  run.stdout.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_PROBE_OUTPUT) run.kill();
    else chunks.push(chunk);
  });
  try {
    await run.result;
    return JSON.parse(Buffer.concat(chunks).toString()) as ProbeOutput;
  } catch (err) {
    // A decoder that hangs or crashes on a file is not the same as a file that is not audio: say so.
    if (err instanceof DecoderError && err.abnormal)
      throw new AppError('UNPROCESSABLE', 'The file could not be read: the decoder stopped on it.');
    return null;
  }
}

/** The family of what follows an ID3v2 tag (or several), read from the stored file; null if nothing known. */
async function familyAfterId3(file: string): Promise<AudioFamily | null> {
  const handle = await open(file, 'r');
  try {
    let at = 0;
    for (let tags = 0; tags < 4; tags++) {
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, at);
      const family = sniffAudio(head.subarray(0, bytesRead));
      if (family !== 'id3') return family;
      if (bytesRead < 10) return null;
      // Syncsafe size (7 bits a byte) after the 10-byte header, plus a 10-byte footer when flagged.
      const size =
        ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
      at += 10 + size + (head[5]! & 0x10 ? 10 : 0);
    }
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * What the audio file at `file` is, or null when it is not audio Mixdesk accepts. The container is always
 * forced to the sniffed family's (after any ID3 tag), never guessed by ffprobe.
 */
export async function probeAudio(d: Decoders, file: string, sniffed: AudioFamily): Promise<AudioInfo | null> {
  const family = sniffed === 'id3' ? await familyAfterId3(file) : sniffed;
  const demuxer = family ? DEMUXER_BY_FAMILY[family] : undefined;
  if (!demuxer) return null;
  const out = await probeJson(d, file, demuxer);
  if (!out) return null;
  const stream = out.streams?.find((s) => s.codec_type === 'audio');
  const format = FORMAT_BY_CONTAINER[out.format?.format_name ?? ''];
  const sampleRate = Number(stream?.sample_rate);
  const channels = Number(stream?.channels);
  if (!stream || !format || !(sampleRate > 0) || !(channels > 0)) return null;
  const codec = stream.codec_name ?? 'unknown';
  const bits = Number(stream.bits_per_raw_sample) || Number(stream.bits_per_sample) || 0;
  const duration = Number(stream.duration) || Number(out.format?.duration) || 0;
  return {
    format,
    mime: MIME_BY_FORMAT[format],
    codec,
    duration,
    sampleRate,
    channels,
    bitDepth: LOSSY_CODECS.has(codec) || bits <= 0 ? null : bits,
    frames: framesOf(stream, codec, sampleRate),
  };
}

/** Longest audio an upload may declare unless MAX_AUDIO_SECONDS says otherwise: a long session, not a day. */
export const DEFAULT_MAX_AUDIO_SECONDS = 3 * 3600;

/** h:mm:ss, as the refusals of a too-long file say it. */
export const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * Refuses audio that declares more than the longest Mixdesk takes, before anything decodes it: a few
 * megabytes of FLAC can declare ten hours of silence, whose waveform and analysis would cost minutes of CPU.
 */
export function assertAudioLength(config: { maxAudioSeconds?: number }, seconds: number): void {
  const max = config.maxAudioSeconds ?? DEFAULT_MAX_AUDIO_SECONDS;
  if (seconds > max)
    throw new AppError(
      'UNPROCESSABLE',
      `This file is ${clock(seconds)} long; Mixdesk takes audio up to ${clock(max)}.`,
    );
}

/** Runs `use` with a path on this machine holding the object (a temporary copy for remote storage). */
export async function withLocalFile<T>(
  storage: Storage,
  key: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) return use(storage.localPath(key));
  const dir = await mkdtemp(path.join(tmpdir(), 'mixdesk-media-'));
  try {
    const file = path.join(dir, 'object');
    await pipeline(await storage.get(key), createWriteStream(file));
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
