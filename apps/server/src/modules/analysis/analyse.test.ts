// analyseFile on the real ffmpeg: a WAV written to disk measures the same as its samples in memory, progress
// runs to 1, and files ffmpeg cannot read fail with a DecoderError rather than crashing anything.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import { afterAll, describe, expect, it } from 'vitest';
import { DecoderError, type Decoders, findOnPath, resolveBinary } from '../media/decoder.ts';
import { analyseFile, analyseSamples } from './analyse.ts';
import { concat, music, noise, sine, wavFile } from './test-signals.ts';

const limits = { timeoutMs: 60_000, cpuSeconds: 60, addressSpaceBytes: 2 * 1024 ** 3 };
const d: Decoders = {
  ffmpeg: resolveBinary('ffmpeg', undefined, process.env.PATH),
  ffprobe: resolveBinary('ffprobe', undefined, process.env.PATH),
  prlimit: findOnPath('prlimit', process.env.PATH),
  probe: limits,
  decode: limits,
};

const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-analysis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};

/** What ffmpeg makes of 24-bit PCM: the integer over 2^23, exactly. */
const as24Bit = (samples: Float32Array) =>
  samples.map((v) => Math.round(Math.max(-1, Math.min(1, v)) * 8_388_607) / 8_388_608);

/** Equal to the rounding of the figures (the sums run in a different order when the chunks differ). */
function expectSameFigures(actual: LoudnessFigures, expected: LoudnessFigures) {
  const close = (a: number | null, b: number | null) => {
    if (a === null || b === null) expect(a).toBe(b);
    else expect(Math.abs(a - b)).toBeLessThanOrEqual(0.011);
  };
  for (const key of [
    'integratedLufs',
    'loudnessRange',
    'truePeakDbtp',
    'samplePeakDbfs',
    'tempoBpm',
    'tempoConfidence',
  ] as const)
    close(actual[key], expected[key]);
  expect(actual.shortTerm).toHaveLength(expected.shortTerm.length);
  for (const [i, v] of actual.shortTerm.entries()) close(v, expected.shortTerm[i]!);
}

describe('analyseFile through ffmpeg', () => {
  it('measures a 24-bit WAV as its samples measure in memory, reporting progress up to 1', async () => {
    const rate = 44_100;
    const samples = as24Bit(concat(...music({ bpm: 128, seconds: 12, sampleRate: rate })));
    const file = write('mix.wav', wavFile(samples, rate, 2, 24));
    const progress: number[] = [];
    const figures = await analyseFile(
      d,
      file,
      { format: 'wav', sampleRate: rate, channels: 2, durationSeconds: 12 },
      (p) => progress.push(p),
    );
    expectSameFigures(figures, analyseSamples(samples, rate, 2));
    expect(Math.abs(figures.tempoBpm! - 128)).toBeLessThanOrEqual(1);
    expect(figures.shortTerm).toHaveLength(12);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('reads a mono 48 kHz 16-bit tone at −23 dBFS at −26 LUFS (one channel carries half the power)', async () => {
    const samples = sine({ seconds: 6, sampleRate: 48_000, channels: 1, dbfs: -23 });
    const file = write('tone.wav', wavFile(samples, 48_000, 1, 16));
    const figures = await analyseFile(d, file, {
      format: 'wav',
      sampleRate: 48_000,
      channels: 1,
      durationSeconds: 6,
    });
    expect(Math.abs(figures.integratedLufs! + 26.01)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(figures.truePeakDbtp! + 23)).toBeLessThanOrEqual(0.2);
  });

  it('fails a file cut short inside its header, or that is not what it claims, with a DecoderError', async () => {
    const whole = wavFile(sine({ seconds: 2, sampleRate: 44_100, dbfs: -10 }), 44_100, 2, 16);
    const shape = { format: 'wav', sampleRate: 44_100, channels: 2, durationSeconds: 2 } as const;
    const truncated = write('truncated.wav', whole.subarray(0, 30));
    await expect(analyseFile(d, truncated, shape)).rejects.toBeInstanceOf(DecoderError);
    const rand = noise(9);
    const garbage = write(
      'garbage.flac',
      Buffer.from(Array.from({ length: 4096 }, () => (rand() + 1) * 127)),
    );
    const failure = analyseFile(d, garbage, { ...shape, format: 'flac' });
    await expect(failure).rejects.toBeInstanceOf(DecoderError);
    await expect(failure).rejects.toThrow(/ffmpeg/);
  });

  it('measures what there is of a WAV whose data stops early', async () => {
    const whole = wavFile(sine({ seconds: 4, sampleRate: 44_100, dbfs: -20 }), 44_100, 2, 16);
    const file = write('short.wav', whole.subarray(0, 44 + 44_100 * 4 * 2));
    const figures = await analyseFile(d, file, {
      format: 'wav',
      sampleRate: 44_100,
      channels: 2,
      durationSeconds: 4,
    });
    expect(figures.shortTerm).toHaveLength(2);
    expect(Math.abs(figures.integratedLufs! + 20)).toBeLessThanOrEqual(0.1);
  });
});
