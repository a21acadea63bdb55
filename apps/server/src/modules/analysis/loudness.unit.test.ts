// Integrated loudness (BS.1770-4), loudness range (EBU Tech 3342) and the short-term curve, on the EBU Tech
// 3341/3342 test signals made in memory, at 48 and 44.1 kHz.
import { describe, expect, it } from 'vitest';
import { analyseSamples } from './analyse.ts';
import { LoudnessMeter } from './loudness.ts';
import { concat, sine } from './test-signals.ts';

/** Integrated loudness, loudness range and the short-term curve of interleaved samples. */
function measure(samples: Float32Array, sampleRate: number, channels = 2, chunkFrames = 10_000) {
  const meter = new LoudnessMeter(sampleRate, channels);
  const step = chunkFrames * channels;
  for (let at = 0; at < samples.length; at += step) meter.push(samples.subarray(at, at + step));
  return meter.finish();
}

/** Sines one after another, each [dBFS, seconds]: the Tech 3341/3342 sequences. */
const steps = (sampleRate: number, ...levels: [number, number][]) =>
  concat(...levels.map(([dbfs, seconds]) => sine({ seconds, sampleRate, dbfs })));

describe('integrated loudness', () => {
  for (const sampleRate of [48_000, 44_100]) {
    it(`reads a stereo 1 kHz sine at −23 and −33 dBFS as −23 and −33 LUFS at ${sampleRate} Hz`, () => {
      const at23 = measure(sine({ seconds: 20, sampleRate, dbfs: -23 }), sampleRate).integratedLufs!;
      const at33 = measure(sine({ seconds: 20, sampleRate, dbfs: -33 }), sampleRate).integratedLufs!;
      expect(Math.abs(at23 + 23)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(at33 + 33)).toBeLessThanOrEqual(0.1);
    });
  }

  it('gates out the quiet parts (Tech 3341 cases 3, 4 and 5 read −23 LUFS)', () => {
    const rate = 48_000;
    const case3 = measure(steps(rate, [-36, 10], [-23, 60], [-36, 10]), rate).integratedLufs!;
    const case4 = measure(steps(rate, [-72, 10], [-36, 10], [-23, 60], [-36, 10], [-72, 10]), rate);
    const case5 = measure(steps(rate, [-26, 20], [-20, 20.1], [-26, 20]), rate).integratedLufs!;
    expect(Math.abs(case3 + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(case4.integratedLufs! + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(case5 + 23)).toBeLessThanOrEqual(0.1);
  });

  it('counts a surround channel 1.41 times and the LFE not at all (5.1)', () => {
    const rate = 48_000;
    const mono = sine({ seconds: 5, sampleRate: rate, channels: 1, dbfs: -20 });
    const onChannel = (channel: number) => {
      const out = new Float32Array(mono.length * 6);
      for (let i = 0; i < mono.length; i++) out[i * 6 + channel] = mono[i]!;
      return measure(out, rate, 6).integratedLufs;
    };
    const front = onChannel(0)!;
    expect(onChannel(4)! - front).toBeCloseTo(10 * Math.log10(1.41), 2);
    expect(onChannel(3)).toBeNull();
  });

  it('gives null for silence and for less than one 400 ms block', () => {
    const silence = measure(new Float32Array(48_000 * 2 * 10), 48_000);
    expect(silence.integratedLufs).toBeNull();
    expect(silence.loudnessRange).toBeNull();
    expect(silence.shortTerm).toEqual(Array(10).fill(null));
    expect(measure(sine({ seconds: 0.3, sampleRate: 48_000, dbfs: -20 }), 48_000).integratedLufs).toBeNull();
    expect(measure(new Float32Array(0), 48_000).integratedLufs).toBeNull();
  });
});

describe('loudness range', () => {
  it('reads Tech 3342 case 1 (20 s at −20 dBFS then 20 s at −30 dBFS) as 10 LU', () => {
    const { loudnessRange } = measure(steps(48_000, [-20, 20], [-30, 20]), 48_000);
    expect(Math.abs(loudnessRange! - 10)).toBeLessThanOrEqual(1);
  });

  it('reads Tech 3342 case 4 (−50, −35, −20, −35, −50 dBFS, 20 s each) as 15 LU, gating the −50 parts', () => {
    const rate = 44_100;
    const { loudnessRange } = measure(
      steps(rate, [-50, 20], [-35, 20], [-20, 20], [-35, 20], [-50, 20]),
      rate,
    );
    expect(Math.abs(loudnessRange! - 15)).toBeLessThanOrEqual(1);
  });

  it('reads a steady tone as 0 LU', () => {
    expect(measure(sine({ seconds: 20, sampleRate: 48_000, dbfs: -23 }), 48_000).loudnessRange).toBe(0);
  });
});

describe('short-term loudness', () => {
  it('gives one value a second: the 3 s window ending there, null while silent', () => {
    const rate = 48_000;
    const { shortTerm } = measure(steps(rate, [-200, 5], [-23, 10], [-33, 10]), rate);
    expect(shortTerm).toHaveLength(25);
    expect(shortTerm.slice(0, 5)).toEqual(Array(5).fill(null));
    // Seconds 8–15 lie wholly in the −23 dBFS part, 18–25 wholly in the −33 dBFS part.
    for (const v of shortTerm.slice(7, 15)) expect(Math.abs(v! + 23)).toBeLessThanOrEqual(0.1);
    for (const v of shortTerm.slice(17, 25)) expect(Math.abs(v! + 33)).toBeLessThanOrEqual(0.1);
  });

  it('does not depend on how the stream is cut into chunks', () => {
    const samples = steps(44_100, [-20, 7.3], [-30, 6.1]);
    const whole = analyseSamples(samples, 44_100, 2, 1 << 20);
    expect(analyseSamples(samples, 44_100, 2, 777)).toEqual(whole);
    expect(analyseSamples(samples, 44_100, 2, 4410)).toEqual(whole);
  });
});
