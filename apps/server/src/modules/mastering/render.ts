// One mastering render: ffmpeg reads the version as the format it was accepted as, applies a gain (and, when
// the gain would push the true peak past the ceiling, a limiter run at four times the sample rate so that it
// catches the peaks between samples), and writes the same format at the same sample rate and bit depth.
// Arguments are made here from stored figures and numbers only; the decoder runs under the usual limits.
import type { AudioFormat } from '@mixdesk/contract/media';
import { audioAllowance, DEMUXER_BY_FORMAT, type Decoders, runDecoder } from '../media/public.ts';

export interface RenderShape {
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  bitDepth: number | null;
  durationSeconds: number;
}

export interface RenderPlan {
  gainDb: number;
  /** The limiter's ceiling in dBFS (at 4× the rate), or null when the gain alone keeps under the ceiling. */
  limitDb: number | null;
}

/** Encoder and muxer per format: lossless stays lossless at its bit depth; lossy at a high rate. */
function encoderArgs(shape: RenderShape): string[] {
  const depth = shape.bitDepth ?? 16;
  switch (shape.format) {
    case 'wav':
      return ['-c:a', depth > 24 ? 'pcm_s32le' : depth > 16 ? 'pcm_s24le' : 'pcm_s16le', '-f', 'wav'];
    case 'aiff':
      return ['-c:a', depth > 24 ? 'pcm_s32be' : depth > 16 ? 'pcm_s24be' : 'pcm_s16be', '-f', 'aiff'];
    case 'flac':
      return depth > 16
        ? ['-c:a', 'flac', '-sample_fmt', 's32', '-bits_per_raw_sample', '24', '-f', 'flac']
        : ['-c:a', 'flac', '-sample_fmt', 's16', '-f', 'flac'];
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-b:a', '320k', '-f', 'mp3'];
    case 'm4a':
      return ['-c:a', 'aac', '-b:a', '256k', '-f', 'ipod'];
    case 'aac':
      return ['-c:a', 'aac', '-b:a', '256k', '-f', 'adts'];
    case 'ogg':
      return ['-c:a', 'libvorbis', '-q:a', '8', '-f', 'ogg'];
  }
}

/** The filter chain of a plan, from numbers only. */
export function filterOf(plan: RenderPlan, sampleRate: number): string {
  const gain = `volume=${plan.gainDb.toFixed(3)}dB`;
  if (plan.limitDb === null) return gain;
  const limit = Math.min(1, Math.max(0.0625, 10 ** (plan.limitDb / 20))).toFixed(5);
  return [
    `aresample=${sampleRate * 4}`,
    gain,
    `alimiter=limit=${limit}:attack=5:release=50:level=false`,
    `aresample=${sampleRate}`,
  ].join(',');
}

/**
 * Renders `input` into `output` by `plan`; progress 0–1 from ffmpeg's own report of the time written. No
 * further than the input declares (audio-allowance.ts): ffmpeg stops just past it, and a render that gets
 * past it fails as a damaged file.
 */
export async function renderMaster(
  d: Decoders,
  input: string,
  output: string,
  shape: RenderShape,
  plan: RenderPlan,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file'];
  args.push('-f', DEMUXER_BY_FORMAT[shape.format], '-i', `file:${input}`, '-vn', '-map', '0:a:0');
  const allowance = audioAllowance(shape, d.maxAudioSeconds);
  args.push('-af', `${allowance.trim},${filterOf(plan, shape.sampleRate)}`, '-ar', String(shape.sampleRate));
  args.push('-ac', String(shape.channels), '-map_metadata', '-1', ...encoderArgs(shape));
  args.push('-progress', 'pipe:1', '-y', `file:${output}`);
  const run = runDecoder(d, 'ffmpeg', args, d.decode);
  const stop = () => run.kill();
  signal?.addEventListener('abort', stop, { once: true });
  const totalUs = Math.max(1, shape.durationSeconds * 1e6);
  const allowedUs = (allowance.maxFrames / shape.sampleRate) * 1e6;
  let exceeded = false;
  let text = '';
  run.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    let end = text.indexOf('\n');
    while (end !== -1) {
      const line = text.slice(0, end);
      text = text.slice(end + 1);
      if (line.startsWith('out_time_us=')) {
        const us = Number(line.slice('out_time_us='.length));
        if (us > allowedUs && !exceeded) {
          exceeded = true;
          run.kill();
        }
        if (Number.isFinite(us) && us > 0) onProgress?.(Math.min(1, us / totalUs));
      }
      end = text.indexOf('\n');
    }
  });
  try {
    await run.result.catch((err: unknown) => {
      if (!exceeded) throw err;
    });
    if (exceeded) throw allowance.exceeded();
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
