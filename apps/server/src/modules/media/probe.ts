// Reads what an audio file is from the file itself, with the ffprobe binary that `npm install` brings
// (@ffprobe-installer): container, codec, sample rate, channels, bit depth and duration.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ffprobe from '@ffprobe-installer/ffprobe';
import type { AudioFormat } from '@mixdesk/contract/media';
import type { Storage } from '../../platform/storage.ts';
import type { AudioFamily } from './sniff.ts';

export interface AudioInfo {
  format: AudioFormat;
  mime: string;
  codec: string;
  /** Seconds, as the container states it (the decoder's sample count is the exact figure). */
  duration: number;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
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

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  bits_per_sample?: number;
  bits_per_raw_sample?: string;
  duration?: string;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });
}

/** What the audio file at `file` is, or null when it is not audio Mixdesk accepts. */
export async function probeAudio(file: string, family: AudioFamily): Promise<AudioInfo | null> {
  const demuxer = DEMUXER_BY_FAMILY[family];
  let out: ProbeOutput;
  try {
    const stdout = await run(ffprobe.path, [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      ...(demuxer ? ['-f', demuxer] : []),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-select_streams',
      'a:0',
      `file:${file}`,
    ]);
    out = JSON.parse(stdout) as ProbeOutput;
  } catch {
    return null;
  }
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
  };
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
