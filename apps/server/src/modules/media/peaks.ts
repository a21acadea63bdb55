// Waveform peaks, computed once per upload by decoding the whole stored file with ffmpeg (decoder.ts picks
// the binary and applies the limits), for every accepted format. ffmpeg mixes down to mono 16-bit
// PCM; PeakReducer keeps the loudest sample per slice with constant memory, however long the file.
import type { AudioAllowance } from './audio-allowance.ts';
import { type Decoders, runDecoder } from './decoder.ts';

/** How many peaks a version keeps: one per pixel of a wide waveform. */
export const PEAK_COUNT = 1000;
/** Bins held while decoding; when full, neighbours merge and each bin covers twice as many samples. */
const MAX_BINS = 8192;

export class PeakReducer {
  private bins: number[] = [];
  private binSize = 32;
  private current = 0;
  private inBin = 0;
  samples = 0;

  push(pcm: Int16Array): void {
    let current = this.current;
    let inBin = this.inBin;
    let size = this.binSize;
    for (let i = 0; i < pcm.length; i++) {
      let v = pcm[i]!;
      if (v < 0) v = -v;
      if (v > current) current = v;
      if (++inBin >= size) {
        this.bins.push(current);
        current = 0;
        inBin = 0;
        if (this.bins.length >= MAX_BINS) size = this.halve();
      }
    }
    this.current = current;
    this.inBin = inBin;
    this.samples += pcm.length;
  }

  private halve(): number {
    const merged: number[] = [];
    for (let i = 0; i < this.bins.length; i += 2) merged.push(Math.max(this.bins[i]!, this.bins[i + 1] ?? 0));
    this.bins = merged;
    this.binSize *= 2;
    return this.binSize;
  }

  /** Up to `count` peaks from 0 to 1, evenly spread over the whole file. */
  finish(count = PEAK_COUNT): number[] {
    const bins = this.inBin > 0 ? [...this.bins, this.current] : this.bins;
    const n = Math.min(count, bins.length);
    const peaks: number[] = [];
    for (let i = 0; i < n; i++) {
      const from = Math.floor((i * bins.length) / n);
      const to = Math.max(from + 1, Math.floor(((i + 1) * bins.length) / n));
      let max = 0;
      for (let j = from; j < to; j++) if (bins[j]! > max) max = bins[j]!;
      peaks.push(Math.round(Math.min(1, max / 32767) * 10_000) / 10_000);
    }
    return peaks;
  }
}

export interface DecodedAudio {
  peaks: number[];
  /** Sample frames decoded: with the sample rate, the exact duration. */
  samples: number;
}

export interface PeakDecoder {
  result: Promise<DecodedAudio>;
  kill(): void;
}

export interface PeakDecoderOptions {
  /** Hears the sample frames decoded so far, as they grow. */
  onSamples?: (samples: number) => void;
  /** How much audio the file may yield (an upload's: what it declares); past it the decode fails. */
  allowance?: AudioAllowance;
}

/**
 * Decodes a stored file with ffmpeg, as the container `demuxer` it was accepted as, within the decode limits
 * and the file's allowance: ffmpeg stops just past it, and a file that goes on past it is stopped and fails.
 */
export function startPeakDecoder(
  d: Decoders,
  file: string,
  demuxer: string,
  { onSamples, allowance }: PeakDecoderOptions = {},
): PeakDecoder {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file'];
  args.push('-f', demuxer, '-i', `file:${file}`, '-vn', '-map', '0:a:0');
  if (allowance) args.push('-af', allowance.trim);
  args.push('-ac', '1', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1');
  const run = runDecoder(d, 'ffmpeg', args, d.decode);
  const reducer = new PeakReducer();
  let carry: Buffer | null = null;
  let exceeded = false;
  run.stdout.on('data', (chunk: Buffer) => {
    if (exceeded) return;
    let data = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = null;
    if (data.length % 2 === 1) {
      carry = data.subarray(data.length - 1);
      data = data.subarray(0, data.length - 1);
    }
    if (allowance && reducer.samples + data.length / 2 > allowance.maxFrames) {
      exceeded = true;
      run.kill();
      return;
    }
    if (data.byteOffset % 2 === 1) data = Buffer.from(data);
    reducer.push(new Int16Array(data.buffer, data.byteOffset, data.length / 2));
    onSamples?.(reducer.samples);
  });
  const result = run.result.then(
    () => {
      if (exceeded && allowance) throw allowance.exceeded();
      return { peaks: reducer.finish(), samples: reducer.samples };
    },
    (err: unknown) => {
      throw exceeded && allowance ? allowance.exceeded() : err;
    },
  );
  result.catch(() => undefined);
  return { result, kill: run.kill };
}
