// Tempo from the onset envelope's autocorrelation: click tracks and a music-like mix read their tempo, and
// sound with no pulse (silence, a held tone, noise) gives none.
import { describe, expect, it } from 'vitest';
import { TempoTracker } from './tempo.ts';
import { clickTrack, concat, music, noise, sine } from './test-signals.ts';

function tempo(samples: Float32Array, sampleRate: number, channels = 2) {
  const tracker = new TempoTracker(sampleRate, channels);
  for (let at = 0; at < samples.length; at += 8192 * channels)
    tracker.push(samples.subarray(at, at + 8192 * channels));
  return tracker.finish();
}

describe('tempo', () => {
  for (const bpm of [120, 90, 140]) {
    it(`reads a ${bpm} BPM click track at 44.1 kHz as ${bpm} ± 1 BPM, confidently`, () => {
      const result = tempo(clickTrack({ bpm, seconds: 30, sampleRate: 44_100 }), 44_100);
      expect(Math.abs(result.bpm! - bpm)).toBeLessThanOrEqual(1);
      expect(result.confidence).toBeGreaterThan(0.8);
    });
  }

  it('reads a music-like mix (chord, noise, a kick on the beat) at 128 BPM, 48 kHz', () => {
    const result = tempo(concat(...music({ bpm: 128, seconds: 30, sampleRate: 48_000 })), 48_000);
    expect(Math.abs(result.bpm! - 128)).toBeLessThanOrEqual(1);
    expect(result.confidence).toBeGreaterThan(0.3);
  });

  it('gives no tempo for silence, a held tone, noise or a very short file', () => {
    expect(tempo(new Float32Array(44_100 * 2 * 10), 44_100)).toEqual({ bpm: null, confidence: null });
    expect(tempo(sine({ seconds: 20, sampleRate: 44_100, dbfs: -20 }), 44_100).bpm).toBeNull();
    const rand = noise(5);
    expect(
      tempo(
        new Float32Array(48_000 * 2 * 20).map(() => 0.2 * rand()),
        48_000,
      ).bpm,
    ).toBeNull();
    expect(tempo(clickTrack({ bpm: 120, seconds: 2, sampleRate: 44_100 }), 44_100).bpm).toBeNull();
  });
});
