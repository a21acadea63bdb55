// The null test's computation (issue #36) on material made here: stems of sines and seeded noise as 24-bit
// WAV (one as FLAC, one mono), the mix their exact sum in integers. Each figure is judged against the residual
// computed here, sample by sample in integers, from the same arrays: the stems that sum read as digital
// silence, a stem left out leaves exactly that stem, a stem one sample late leaves its first difference, a
// stem cut short leaves its missing end. Runs ffmpeg under the app's own decode limits (prlimit's 2 GiB).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NULL_TEST_SUMS_DBFS } from '@mixdesk/contract/stems';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { decoders } from './decoder.ts';
import {
  INPUTS_PER_PASS,
  measureNullTest,
  NULL_TEST_FLOOR_DBFS,
  type NullTestInput,
  notComparable,
  nullTestVerdict,
} from './null-test-engine.ts';
import {
  delayed,
  expectedResidual,
  framesOf,
  type Pcm,
  stemPcm,
  sumPcm,
  wav24,
} from './null-test-testing.ts';

const RATE = 44_100;
const d = decoders({ searchPath: process.env.PATH } as Config);
const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-null-test-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stem = (k: number, seconds: number, amplitude: number, channels = 2) =>
  stemPcm(k, { seconds, amplitude, channels });

function input(name: string, p: Pcm, opts: { flac?: boolean; sampleRate?: number } = {}): NullTestInput {
  const sampleRate = opts.sampleRate ?? RATE;
  let key = path.join(dir, `${name}.wav`);
  writeFileSync(key, wav24({ ...p, sampleRate }));
  if (opts.flac) {
    const flac = path.join(dir, `${name}.flac`);
    execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-y', '-i', key, '-c:a', 'flac', flac]);
    key = flac;
  }
  return {
    name,
    key,
    format: opts.flac ? 'flac' : 'wav',
    sampleRate,
    channels: p.channels,
    duration: framesOf(p) / sampleRate,
  };
}

describe('the null test of eight stems against their mix', () => {
  const SECONDS = 3;
  const parts = Array.from({ length: 8 }, (_, k) => stem(k, SECONDS, 0.1));
  // One stem is mono (it sits in both channels of the mix), one is FLAC.
  parts[5] = stem(5, SECONDS, 0.1, 1);
  const mixPcm = sumPcm(parts);
  const mix = input('mix', mixPcm);
  const stems = parts.map((p, k) => input(`stem-${k}`, p, { flac: k === 3 }));

  it('stems that sum to the mix leave digital silence: at or below -60 dBFS', async () => {
    expect(expectedResidual(parts, mixPcm).peakDbfs).toBe(-Infinity);
    const got = await measureNullTest(d, mix, stems);
    if (!got.comparable) throw new Error(got.reason);
    expect(got.rmsDbfs).toBeLessThanOrEqual(NULL_TEST_SUMS_DBFS);
    expect(got.rmsDbfs).toBe(NULL_TEST_FLOOR_DBFS);
    expect(got.peakDbfs).toBe(NULL_TEST_FLOOR_DBFS);
    expect(got.frames).toBe(SECONDS * RATE);
    expect(nullTestVerdict(got.rmsDbfs)).toBe('sums');
  });

  it('with one stem left out, the residual is that stem: above -30 dBFS', async () => {
    const want = expectedResidual(parts.slice(1), mixPcm);
    expect(want.rmsDbfs).toBeGreaterThan(-30);
    const got = await measureNullTest(d, mix, stems.slice(1));
    if (!got.comparable) throw new Error(got.reason);
    expect(got.rmsDbfs).toBeCloseTo(want.rmsDbfs, 3);
    expect(got.peakDbfs).toBeCloseTo(want.peakDbfs, 3);
    expect(got.rmsDbfs).toBeGreaterThan(-30);
    expect(nullTestVerdict(got.rmsDbfs)).toBe('differs');
  });

  it('a stem one sample late leaves its first difference, and does not read as summing', async () => {
    const late = delayed(parts[6]!, 1);
    const shifted = parts.map((p, k) => (k === 6 ? late : p));
    const want = expectedResidual(shifted, mixPcm);
    const got = await measureNullTest(d, mix, [
      ...stems.filter((_, k) => k !== 6),
      input('stem-6-late', late),
    ]);
    if (!got.comparable) throw new Error(got.reason);
    expect(got.rmsDbfs).toBeCloseTo(want.rmsDbfs, 3);
    expect(got.peakDbfs).toBeCloseTo(want.peakDbfs, 3);
    expect(nullTestVerdict(got.rmsDbfs)).not.toBe('sums');
  });

  it('a stem shorter than the mix is padded with silence: its missing end is the residual', async () => {
    const short: Pcm = { ...parts[2]!, samples: parts[2]!.samples.slice(0, RATE * 2 * 2) };
    const want = expectedResidual(
      parts.map((p, k) => (k === 2 ? short : p)),
      mixPcm,
    );
    const got = await measureNullTest(d, mix, [
      ...stems.filter((_, k) => k !== 2),
      input('stem-2-short', short),
    ]);
    if (!got.comparable) throw new Error(got.reason);
    expect(got.rmsDbfs).toBeCloseTo(want.rmsDbfs, 3);
    expect(got.frames).toBe(SECONDS * RATE);
  });

  it('summed in passes of three files, the figures are the same as in one', async () => {
    const whole = await measureNullTest(d, mix, stems, { inputsPerPass: 3, tmpDir: dir });
    expect(whole).toMatchObject({ comparable: true, rmsDbfs: NULL_TEST_FLOOR_DBFS });
    const want = expectedResidual(parts.slice(0, 7), mixPcm);
    const got = await measureNullTest(d, mix, stems.slice(0, 7), { inputsPerPass: 3, tmpDir: dir });
    if (!got.comparable) throw new Error(got.reason);
    expect(got.rmsDbfs).toBeCloseTo(want.rmsDbfs, 3);
    expect(got.peakDbfs).toBeCloseTo(want.peakDbfs, 3);
  });

  it('reports how far it is, and ends at its last block', async () => {
    const seen: number[] = [];
    await measureNullTest(d, mix, stems, { inputsPerPass: 4, onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((f, i) => f >= 0 && f < 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
    expect(seen.at(-1)!).toBeGreaterThan(0.9);
  });
});

describe('a large stem set', () => {
  it(`sums ${INPUTS_PER_PASS + 8} stems across two passes, within the decoder's limits`, async () => {
    const parts = Array.from({ length: INPUTS_PER_PASS + 8 }, (_, k) => stem(k, 0.5, 0.02));
    const mixPcm = sumPcm(parts);
    const got = await measureNullTest(
      d,
      input('big-mix', mixPcm),
      parts.map((p, k) => input(`big-${k}`, p)),
    );
    expect(got).toMatchObject({ comparable: true, rmsDbfs: NULL_TEST_FLOOR_DBFS });
    const want = expectedResidual(parts.slice(1), mixPcm);
    const missing = await measureNullTest(
      d,
      input('big-mix', mixPcm),
      parts.slice(1).map((p, k) => input(`big-${k + 1}`, p)),
    );
    if (!missing.comparable) throw new Error(missing.reason);
    expect(missing.rmsDbfs).toBeCloseTo(want.rmsDbfs, 3);
  });
});

describe('stems that cannot be compared', () => {
  const mix = input('rate-mix', stem(0, 0.5, 0.1));

  it('a stem at another sample rate is not comparable, and says which and why', async () => {
    const other = input('Vocals 48k', stem(1, 0.5, 0.1), { sampleRate: 48_000 });
    const got = await measureNullTest(d, mix, [input('Drums', stem(2, 0.5, 0.1)), other]);
    expect(got.comparable).toBe(false);
    if (got.comparable) return;
    expect(got.reason).toMatch(/Vocals 48k/);
    expect(got.reason).toMatch(/48 kHz/);
    expect(got.reason).toMatch(/44\.1 kHz/);
  });

  it('a stem of other channels than the mix (and not mono) is not comparable', () => {
    const six = { ...mix, name: 'Surround', channels: 6 };
    expect(notComparable(mix, [six])).toMatch(/Surround is 6 channels and the mix stereo/);
    expect(notComparable(mix, [{ ...mix, channels: 1 }])).toBeNull();
  });
});
