// Loudness analysis of one stored audio file (issue #17): ffmpeg (through decoder.ts, with its limits)
// decodes it to 32-bit float PCM at its own rate and channel count, and the meters take the samples chunk by
// chunk as they arrive: loudness (loudness.ts), peaks (true-peak.ts) and tempo (tempo.ts). Memory stays
// constant however long the file, apart from the one-a-second short-term curve.
import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import type { AudioFormat } from '@mixdesk/contract/media';
import {
  audioAllowance,
  DEMUXER_BY_FORMAT,
  DecoderError,
  type Decoders,
  runDecoder,
} from '../media/public.ts';
import { LoudnessMeter } from './loudness.ts';
import { TempoTracker } from './tempo.ts';
import { PeakMeter } from './true-peak.ts';

export const MAX_CHANNELS = 8;

const round2 = (v: number) => Math.round(v * 100) / 100;
const toDb = (linear: number) => (linear > 0 ? round2(20 * Math.log10(linear)) : null);

/** All the meters over one stream of interleaved Float32 samples. */
export class AudioAnalyser {
  private readonly loudness: LoudnessMeter;
  private readonly peaks: PeakMeter;
  private readonly tempo: TempoTracker;

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    if (!Number.isInteger(channels) || channels < 1 || channels > MAX_CHANNELS)
      throw new RangeError(`Loudness analysis takes 1 to ${MAX_CHANNELS} channels, not ${channels}`);
    if (!(sampleRate >= 8000 && sampleRate <= 768_000))
      throw new RangeError(`Loudness analysis takes 8 to 768 kHz, not ${sampleRate} Hz`);
    this.loudness = new LoudnessMeter(sampleRate, channels);
    this.peaks = new PeakMeter(channels);
    this.tempo = new TempoTracker(sampleRate, channels);
  }

  /** Interleaved samples, a whole number of frames (the caller keeps any partial frame for the next chunk). */
  push(samples: Float32Array): void {
    this.loudness.push(samples);
    this.peaks.push(samples);
    this.tempo.push(samples);
  }

  /** Frames taken so far. */
  get frames(): number {
    return this.loudness.frames;
  }

  finish(): LoudnessFigures {
    const loudness = this.loudness.finish();
    const peaks = this.peaks.finish();
    const tempo = this.tempo.finish();
    return {
      integratedLufs: loudness.integratedLufs === null ? null : round2(loudness.integratedLufs),
      loudnessRange: loudness.loudnessRange === null ? null : round2(loudness.loudnessRange),
      truePeakDbtp: toDb(peaks.truePeak),
      samplePeakDbfs: toDb(peaks.samplePeak),
      tempoBpm: tempo.bpm,
      tempoConfidence: tempo.confidence,
      shortTerm: loudness.shortTerm,
    };
  }
}

/** Measures interleaved samples held in memory, fed in chunks as a decoder would (tests, benchmarks). */
export function analyseSamples(
  samples: Float32Array,
  sampleRate: number,
  channels: number,
  chunkFrames = 16_384,
): LoudnessFigures {
  const analyser = new AudioAnalyser(sampleRate, channels);
  const step = chunkFrames * channels;
  for (let at = 0; at < samples.length; at += step) analyser.push(samples.subarray(at, at + step));
  return analyser.finish();
}

export interface AudioShape {
  format: AudioFormat;
  /** The probe's figures: ffmpeg is asked for exactly these, so the samples are what the meters expect. */
  sampleRate: number;
  channels: number;
  /** The container's duration: the progress figure, and how far the decode may go (audio-allowance.ts). */
  durationSeconds: number;
}

/** Something else that takes the decoded samples alongside the meters (mastering's limiter model and check). */
export interface SampleSink {
  push(samples: Float32Array): void;
}

/** How often progress is reported, as a share of the whole. */
const PROGRESS_STEP = 0.01;

/**
 * Decodes `file` and measures it. Rejects with a DecoderError when ffmpeg refuses or fails the file (or it
 * decodes to no samples, or more than the file declares: ffmpeg stops just past that); `onProgress` gets 0–1 as the decoded duration grows, ending at 1. An abort kills
 * the decoder. `sinks` get the same samples as the meters, in the same chunks.
 */
export async function analyseFile(
  d: Decoders,
  file: string,
  shape: AudioShape,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  sinks: SampleSink[] = [],
): Promise<LoudnessFigures> {
  const analyser = new AudioAnalyser(shape.sampleRate, shape.channels);
  const allowance = audioAllowance(shape, d.maxAudioSeconds);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file'];
  args.push('-f', DEMUXER_BY_FORMAT[shape.format], '-i', `file:${file}`, '-vn', '-map', '0:a:0');
  args.push('-af', allowance.trim, '-ac', String(shape.channels), '-ar', String(shape.sampleRate));
  args.push('-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1');
  const run = runDecoder(d, 'ffmpeg', args, d.decode);
  // Stopping the app stops the decoder at once (the job goes back to the queue).
  const stop = () => run.kill();
  signal?.addEventListener('abort', stop, { once: true });
  const frameBytes = 4 * shape.channels;
  const expectedFrames = Math.max(1, shape.durationSeconds * shape.sampleRate);
  let reported = 0;
  let carry: Buffer | null = null;
  /** Set while the meters run: an error then is theirs, not the stream's. */
  let measuring = false;
  let exceeded = false;
  try {
    for await (const chunk of run.stdout as AsyncIterable<Buffer>) {
      let data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      const whole = data.length - (data.length % frameBytes);
      if (whole < data.length) {
        carry = Buffer.from(data.subarray(whole));
        data = data.subarray(0, whole);
      }
      if (whole === 0) continue;
      if (analyser.frames + whole / frameBytes > allowance.maxFrames) {
        exceeded = true;
        break;
      }
      // A Float32Array needs a 4-byte-aligned offset; pooled Buffers usually are, but not always.
      if (data.byteOffset % 4 !== 0) data = Buffer.from(data);
      measuring = true;
      const samples = new Float32Array(data.buffer, data.byteOffset, data.length / 4);
      analyser.push(samples);
      for (const sink of sinks) sink.push(samples);
      measuring = false;
      const progress = Math.min(1, analyser.frames / expectedFrames);
      if (onProgress && progress - reported >= PROGRESS_STEP) {
        reported = progress;
        onProgress(progress);
      }
    }
  } catch (err) {
    run.kill();
    // A stream cut short by the decoder's own failure (a timeout) is reported as that failure.
    const failure = await run.result.then(
      () => err,
      (decoderErr: unknown) => (measuring ? err : decoderErr),
    );
    throw failure;
  }
  if (exceeded) {
    run.kill();
    await run.result.catch(() => undefined);
    signal?.removeEventListener('abort', stop);
    throw allowance.exceeded();
  }
  await run.result.finally(() => signal?.removeEventListener('abort', stop));
  if (signal?.aborted) throw new DecoderError('The analysis was stopped', true);
  if (analyser.frames === 0) throw new DecoderError('ffmpeg decoded no audio from the file', false);
  onProgress?.(1);
  return analyser.finish();
}
