// The null test's computation (issue #36): a version's stems summed, its mix subtracted, and the level of what
// is left. ffmpeg decodes every file in the decoder's sandbox (decoder.ts), each held to the audio it declares
// (audio-allowance.ts), to 64-bit float at the mix's rate and channels; `amix=normalize=0` adds them with the
// mix inverted, and Node reads the residual as it streams and keeps two numbers (sum of squares, largest
// magnitude). Memory stays bounded whatever the length: nothing is held but a pipe's worth of audio. At most
// INPUTS_PER_PASS files are open at once: a larger set is summed in passes, each adding its stems to the running
// residual of the pass before, kept in a temporary file of 32-bit float (rounding there is ~-140 dBFS, far below
// any verdict). Stems at another sample rate than the mix, or with channels that do not map onto the mix's, are
// not comparable: that is an answer, not a failure.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { endianness, tmpdir } from 'node:os';
import path from 'node:path';
import type { AudioFormat } from '@mixdesk/contract/media';
import { NULL_TEST_CLOSE_DBFS, NULL_TEST_SUMS_DBFS, type NullTestVerdict } from '@mixdesk/contract/stems';
import { audioAllowance } from './audio-allowance.ts';
import { DEMUXER_BY_FORMAT, DecoderError, type DecoderLimits, type Decoders, runDecoder } from './decoder.ts';

/** Files one ffmpeg run opens at most (the mix or the running residual, and stems). */
export const INPUTS_PER_PASS = 32;
/** The level reported for a residual of digital silence (or below it): log10(0) has no figure. */
export const NULL_TEST_FLOOR_DBFS = -150;
/**
 * A pass decodes its files one after another at a few hundred times real time; its wall clock is the decode
 * limit or this many milliseconds per second of audio it reads, whichever is longer.
 */
const PASS_MS_PER_AUDIO_SECOND = 50;
const WAV_PACKET_BYTES = 65_536;

export interface NullTestInput {
  /** For people, in a "not comparable" sentence. */
  name: string;
  /** Where the bytes are: a local path, or a storage key `local` turns into one. */
  key: string;
  format: AudioFormat;
  sampleRate: number;
  channels: number;
  /** Seconds, as probed (the allowance and the progress are counted from it). */
  duration: number;
}

export type NullTestMeasure =
  | { comparable: true; rmsDbfs: number; peakDbfs: number; frames: number }
  | { comparable: false; reason: string };

export interface NullTestOptions {
  /** Lends a local path for a stored file while `use` runs (withLocalFile); the identity by default. */
  local?: <T>(key: string, use: (file: string) => Promise<T>) => Promise<T>;
  /** Where the running residual of a many-pass test is kept (a folder of its own is made inside). */
  tmpDir?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  maxAudioSeconds?: number;
  /** Files per ffmpeg run (tests lower it to exercise the passes). */
  inputsPerPass?: number;
}

const khz = (rate: number) => `${rate / 1000} kHz`;
const channelWord = (n: number) => (n === 1 ? 'mono' : n === 2 ? 'stereo' : `${n} channels`);

/** Why these stems cannot be summed against this mix, in a sentence; null when they can. */
export function notComparable(mix: NullTestInput, stems: readonly NullTestInput[]): string | null {
  const offRate = stems.filter((s) => s.sampleRate !== mix.sampleRate);
  if (offRate.length > 0) {
    const first = offRate[0]!;
    const others = offRate.length > 1 ? ` (and ${offRate.length - 1} more)` : '';
    return (
      `Not comparable: ${first.name}${others} is at ${khz(first.sampleRate)} and the mix at ` +
      `${khz(mix.sampleRate)}; the null test needs every stem at the mix's sample rate.`
    );
  }
  // A mono stem goes to every channel of the mix at full level; any other difference has no one meaning.
  const offChannels = stems.filter((s) => s.channels !== mix.channels && s.channels !== 1);
  if (offChannels.length > 0) {
    const first = offChannels[0]!;
    const others = offChannels.length > 1 ? ` (and ${offChannels.length - 1} more)` : '';
    return (
      `Not comparable: ${first.name}${others} is ${channelWord(first.channels)} and the mix ` +
      `${channelWord(mix.channels)}; the null test needs stems with the mix's channels (or mono).`
    );
  }
  return null;
}

/** A level of linear `value` (1.0 = full scale) in dBFS, never below the floor. */
export function dbfs(value: number): number {
  if (!(value > 0)) return NULL_TEST_FLOOR_DBFS;
  return Math.max(NULL_TEST_FLOOR_DBFS, 20 * Math.log10(value));
}

/** What a residual's RMS level means. */
export function nullTestVerdict(rmsDbfs: number): NullTestVerdict {
  if (rmsDbfs <= NULL_TEST_SUMS_DBFS) return 'sums';
  if (rmsDbfs <= NULL_TEST_CLOSE_DBFS) return 'close';
  return 'differs';
}

type PassSource =
  | { kind: 'file'; input: NullTestInput; file: string; negate: boolean }
  | { kind: 'residual'; file: string };

/**
 * One input's chain: decoded (held to its allowance), as doubles, its channels laid onto the mix's by index
 * (a mono stem's one channel onto each) under one label, so amix adds them as they are and never remixes
 * them; the mix inverted (a gain of -1 is exact in floating point).
 */
function inputChain(source: PassSource, index: number, channels: number, maxAudioSeconds?: number): string {
  const steps = [];
  if (source.kind === 'file') {
    const { format, sampleRate, duration } = source.input;
    const allowance = audioAllowance({ format, sampleRate, durationSeconds: duration }, maxAudioSeconds);
    steps.push(`atrim=end_sample=${allowance.maxFrames}`);
  }
  steps.push('aformat=sample_fmts=dblp');
  const all = Array.from({ length: channels }, (_, c) => c);
  if (source.kind === 'file' && source.negate) {
    steps.push(`pan=${channels}c|${all.map((c) => `c${c}=-1*c${c}`).join('|')}`);
  } else {
    const mono = source.kind === 'file' && source.input.channels === 1;
    steps.push(`channelmap=map=${all.map((c) => (mono ? 0 : c)).join('|')}:channel_layout=${channels}c`);
  }
  return `[${index}:a:0]${steps.join(',')}[i${index}]`;
}

/** ffmpeg's arguments for one pass: its sources added sample by sample, streamed raw to stdout. */
export function passArgs(
  sources: readonly PassSource[],
  mix: { sampleRate: number; channels: number },
  out: 'f64le' | 'f32le',
  maxAudioSeconds?: number,
): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'file,pipe'];
  for (const source of sources) {
    // One thread a decoder: dozens of open files must not map an address space apiece.
    args.push('-threads', '1');
    if (source.kind === 'file') {
      args.push('-f', DEMUXER_BY_FORMAT[source.input.format]);
      // WAV's packets default to 4 KiB: ffmpeg's work per packet, not the samples, was two thirds of the time.
      if (source.input.format === 'wav') args.push('-max_size', String(WAV_PACKET_BYTES));
    } else args.push('-f', 'f32le', '-ar', String(mix.sampleRate), '-ac', String(mix.channels));
    args.push('-i', `file:${source.file}`);
  }
  const chains = sources.map((s, i) => inputChain(s, i, mix.channels, maxAudioSeconds));
  const labels = sources.map((_, i) => `[i${i}]`).join('');
  // duration=longest: a shorter file ends in silence, which the residual then shows.
  const sum = `${labels}amix=inputs=${sources.length}:normalize=0:duration=longest[sum]`;
  args.push('-filter_complex_threads', '1', '-filter_complex', [...chains, sum].join(';'));
  args.push('-map', '[sum]', '-vn', '-c:a', `pcm_${out}`, '-f', out, 'pipe:1');
  return args;
}

/** A pass's wall clock and CPU time: the decode limits, stretched for the audio it reads. */
function passLimits(base: DecoderLimits, audioSeconds: number): DecoderLimits {
  const wall = Math.max(base.timeoutMs, audioSeconds * PASS_MS_PER_AUDIO_SECOND);
  return { ...base, timeoutMs: wall, cpuSeconds: Math.max(base.cpuSeconds, Math.ceil(wall / 1000)) };
}

/** Lends local paths for several stored files at once (nested, so each is released after). */
function withLocalFiles<T>(
  local: NonNullable<NullTestOptions['local']>,
  keys: readonly string[],
  use: (files: string[]) => Promise<T>,
): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return use([]);
  return local(first, (file) => withLocalFiles(local, rest, (files) => use([file, ...files])));
}

/** Sum of squares and peak of a stream of little-endian doubles, block by block. */
class ResidualMeter {
  sumSquares = 0;
  peak = 0;
  samples = 0;
  private carry = Buffer.alloc(0);

  add(chunk: Buffer): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = data.length - (data.length % 8);
    // Read in place where the platform is little-endian and the bytes aligned (else one copy makes them so).
    const values = LITTLE_ENDIAN ? doubles(data, whole) : null;
    let squares = 0;
    let peak = this.peak;
    for (let i = 0; i < whole / 8; i++) {
      const v = values ? values[i]! : data.readDoubleLE(i * 8);
      squares += v * v;
      const m = v < 0 ? -v : v;
      if (m > peak) peak = m;
    }
    this.sumSquares += squares;
    this.peak = peak;
    this.samples += whole / 8;
    this.carry = Buffer.from(data.subarray(whole));
  }
}

const LITTLE_ENDIAN = endianness() === 'LE';

function doubles(data: Buffer, bytes: number): Float64Array {
  if (data.byteOffset % 8 === 0) return new Float64Array(data.buffer, data.byteOffset, bytes / 8);
  const copy = new Float64Array(bytes / 8);
  new Uint8Array(copy.buffer).set(data.subarray(0, bytes));
  return copy;
}

const identity = <T>(key: string, use: (file: string) => Promise<T>) => use(key);

/**
 * The null test of `stems` against `mix`: the residual's RMS (over every sample of every channel) and peak, in
 * dBFS (0 dBFS = a sample of 1.0), or why they are not comparable. Stops (rejecting) when `signal` aborts.
 */
export async function measureNullTest(
  d: Decoders,
  mix: NullTestInput,
  stems: readonly NullTestInput[],
  opts: NullTestOptions = {},
): Promise<NullTestMeasure> {
  const reason = notComparable(mix, stems);
  if (reason) return { comparable: false, reason };
  const local = opts.local ?? identity;
  const perPass = Math.max(2, opts.inputsPerPass ?? INPUTS_PER_PASS);
  const passes: NullTestInput[][] = [];
  // The first pass opens the mix beside its stems; later ones the running residual beside theirs.
  for (let at = 0; at < stems.length; at += perPass - 1) passes.push(stems.slice(at, at + perPass - 1));
  if (passes.length === 0) passes.push([]);
  const frames = (i: NullTestInput) => i.duration * mix.sampleRate;
  const expected = Math.max(1, frames(mix), ...stems.map(frames));
  const longest = expected / mix.sampleRate;
  const meter = new ResidualMeter();
  const dir =
    passes.length > 1 ? await mkdtemp(path.join(opts.tmpDir ?? tmpdir(), 'mixdesk-null-test-')) : null;
  let residual: string | null = null;
  try {
    for (const [index, group] of passes.entries()) {
      if (opts.signal?.aborted) throw new DecoderError('The null test was stopped', true);
      const last = index === passes.length - 1;
      const next = last || !dir ? null : path.join(dir, `residual-${index}.f32`);
      const keys = index === 0 ? [mix.key, ...group.map((s) => s.key)] : group.map((s) => s.key);
      await withLocalFiles(local, keys, async (files) => {
        const sources: PassSource[] = [];
        if (index === 0) sources.push({ kind: 'file', input: mix, file: files[0]!, negate: true });
        else sources.push({ kind: 'residual', file: residual! });
        const stemFiles = index === 0 ? files.slice(1) : files;
        group.forEach((input, i) => {
          sources.push({ kind: 'file', input, file: stemFiles[i]!, negate: false });
        });
        const audioSeconds = longest + group.reduce((sum, s) => sum + s.duration, 0);
        const run = runDecoder(
          d,
          'ffmpeg',
          passArgs(sources, mix, last ? 'f64le' : 'f32le', opts.maxAudioSeconds),
          passLimits(d.decode, audioSeconds),
        );
        const stop = () => run.kill();
        opts.signal?.addEventListener('abort', stop, { once: true });
        const out = next ? await open(next, 'w') : null;
        try {
          const bytesPerFrame = mix.channels * (last ? 8 : 4);
          let bytes = 0;
          for await (const chunk of run.stdout as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            if (out) await out.write(chunk);
            else meter.add(chunk);
            const fraction = Math.min(1, bytes / bytesPerFrame / expected);
            opts.onProgress?.(Math.min(0.99, (index + fraction) / passes.length));
          }
          await run.result;
        } catch (err) {
          // A write that failed (a full disk) leaves ffmpeg blocked on its pipe: it stops here.
          run.kill();
          throw err;
        } finally {
          opts.signal?.removeEventListener('abort', stop);
          await out?.close();
        }
      });
      if (opts.signal?.aborted) throw new DecoderError('The null test was stopped', true);
      if (residual) await rm(residual, { force: true });
      residual = next;
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
  const samples = meter.samples;
  if (samples === 0) throw new DecoderError('ffmpeg decoded no audio from the mix or its stems', false);
  return {
    comparable: true,
    rmsDbfs: dbfs(Math.sqrt(meter.sumSquares / samples)),
    peakDbfs: dbfs(meter.peak),
    frames: Math.round(samples / mix.channels),
  };
}
