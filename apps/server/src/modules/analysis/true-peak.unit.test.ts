// Sample peak and true peak (BS.1770-4 Annex 2, 4× oversampling): a sine reads its level, and a signal whose
// peaks fall between samples reads the peak, not the samples.
import { describe, expect, it } from 'vitest';
import { sine } from './test-signals.ts';
import { interpolationPhases, PeakMeter, TAPS } from './true-peak.ts';

const dB = (linear: number) => 20 * Math.log10(linear);

function peaks(
  samples: Float32Array,
  channels = 2,
  chunkFrames = 4096,
  interpolator?: { taps: number; kaiserBeta: number },
) {
  const meter = new PeakMeter(channels, interpolator);
  const step = chunkFrames * channels;
  for (let at = 0; at < samples.length; at += step) meter.push(samples.subarray(at, at + step));
  return meter.finish();
}

/** A 10 ms raised-cosine fade at both ends: a sine switched on abruptly really does overshoot. */
function faded(samples: Float32Array, sampleRate: number, channels = 2): Float32Array {
  const n = Math.round(0.01 * sampleRate);
  const frames = samples.length / channels;
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    for (let c = 0; c < channels; c++) {
      samples[i * channels + c]! *= g;
      samples[(frames - 1 - i) * channels + c]! *= g;
    }
  }
  return samples;
}

describe('true peak', () => {
  it('has three 12-tap phases, each with unity gain at DC', () => {
    const phases = interpolationPhases();
    expect(phases).toHaveLength(3);
    for (const taps of phases) {
      expect(taps).toHaveLength(TAPS);
      expect(taps.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('reads a 1 kHz sine at −6 dBFS as −6 dBTP at 48 and 44.1 kHz', () => {
    for (const sampleRate of [48_000, 44_100]) {
      const result = peaks(faded(sine({ seconds: 2, sampleRate, dbfs: -6 }), sampleRate));
      expect(Math.abs(dB(result.truePeak) + 6)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(dB(result.samplePeak) + 6)).toBeLessThanOrEqual(0.01);
    }
  });

  it('finds a peak between samples: fs/4 at 45°, whose samples sit 3 dB under it', () => {
    const sampleRate = 48_000;
    const signal = sine({ seconds: 2, sampleRate, dbfs: -6, hz: sampleRate / 4, phase: Math.PI / 4 });
    const result = peaks(faded(signal, sampleRate));
    expect(Math.abs(dB(result.samplePeak) + 9.01)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(dB(result.truePeak) + 6)).toBeLessThanOrEqual(0.2);
  });

  it('does not depend on chunk size, and reads silence as 0', () => {
    const sampleRate = 44_100;
    const signal = sine({ seconds: 1, sampleRate, dbfs: -3, hz: 11_025, phase: 0.3, channels: 3 });
    const reference = peaks(signal, 3, 1 << 20);
    for (const chunk of [1, 7, 100, 5000]) expect(peaks(signal, 3, chunk)).toEqual(reference);
    expect(peaks(new Float32Array(1000))).toEqual({ samplePeak: 0, truePeak: 0 });
  });

  it("with 48 taps (mastering's check) finds a peak near fs/2 that 12 taps miss", () => {
    // 18.9 kHz at 44.1 kHz is 3/7 of the rate: with a phase of π/7 no sample comes nearer the crest than π/7
    // (−0.22 dB), and the 4× grid lands on the crest exactly, so a flat interpolator reads the level itself.
    const sampleRate = 44_100;
    const signal = faded(
      sine({ seconds: 1, sampleRate, dbfs: -6, hz: (sampleRate * 3) / 7, phase: Math.PI / 7 }),
      sampleRate,
    );
    const long = peaks(signal, 2, 4096, { taps: 48, kaiserBeta: 8 });
    expect(Math.abs(dB(long.truePeak) + 6)).toBeLessThanOrEqual(0.02);
    expect(dB(peaks(signal).truePeak)).toBeLessThan(-6.15);
    // And it reads the same ordinary cases as the 12 taps do.
    const quarter = faded(
      sine({ seconds: 2, sampleRate: 48_000, dbfs: -6, hz: 12_000, phase: Math.PI / 4 }),
      48_000,
    );
    expect(
      Math.abs(dB(peaks(quarter, 2, 4096, { taps: 48, kaiserBeta: 8 }).truePeak) + 6),
    ).toBeLessThanOrEqual(0.02);
  });

  it('takes only an even interpolator length of at least 4 taps', () => {
    expect(() => new PeakMeter(2, { taps: 7, kaiserBeta: 8 })).toThrow(RangeError);
    expect(() => new PeakMeter(2, { taps: 2, kaiserBeta: 8 })).toThrow(RangeError);
    expect(interpolationPhases({ taps: 48, kaiserBeta: 8 }).map((p) => p.length)).toEqual([48, 48, 48]);
  });
});
