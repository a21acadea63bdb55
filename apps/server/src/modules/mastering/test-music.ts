// Music-like test material for mastering (issue #32), made in memory and the same every run: stereo sections
// at different levels, a kick and a snare on a beat with the pad and bass pumping under the kick (the
// "sidechain" of dance mixes), hi-hat transients, noise and detuned tones panned apart so left and right
// differ. Sines alone never show what a limiter does to music: their crest is fixed and they have no
// transients to catch.
import { fromDb, noise } from '../analysis/test-signals.ts';

export interface Section {
  seconds: number;
  /** Level of the section relative to the loudest one, dB (0 = loudest). */
  levelDb: number;
}

export interface MixOptions {
  sampleRate: number;
  bpm: number;
  sections: Section[];
  /** The loudest sample is scaled to this, dBFS. */
  peakDbfs: number;
  /** 0–1: how far the pad and bass duck under each kick. */
  pump?: number;
  /** Kick and snare level against the pad, dB: higher is spikier (a larger crest factor). */
  drumsDb?: number;
  seed?: number;
  /** Drive (dB) into a soft clipper, as a mix already made loud: lowers the crest factor. */
  saturateDb?: number;
}

/** Seconds over which a section's level glides into the next one's, so a change is not a click. */
const GLIDE_SECONDS = 0.25;

/** Interleaved stereo samples of the mix. */
export function musicMix(opts: MixOptions): Float32Array {
  const { sampleRate, bpm, sections, peakDbfs, pump = 0.5, drumsDb = 0, seed = 11, saturateDb } = opts;
  const total = sections.reduce((n, s) => n + Math.round(s.seconds * sampleRate), 0);
  const out = new Float32Array(total * 2);
  const rand = noise(seed);
  const beat = (60 * sampleRate) / bpm;
  const drums = fromDb(drumsDb);
  // Pad: a minor chord, each note a little detuned between the channels; bass an octave under the root.
  const pad = [220, 261.63, 329.63, 440, 523.25, 659.26];
  let pinkL = 0;
  let pinkR = 0;
  let hatHp = 0;
  let lastHat = 0;
  let level = fromDb(sections[0]!.levelDb);
  let at = 0;
  for (const section of sections) {
    const frames = Math.round(section.seconds * sampleRate);
    const want = fromDb(section.levelDb);
    const glide = 1 - Math.exp(-1 / (GLIDE_SECONDS * sampleRate));
    for (let k = 0; k < frames; k++, at++) {
      level += (want - level) * glide;
      const t = at / sampleRate;
      const inBeat = at % beat;
      const since = inBeat / sampleRate;
      const beatNo = Math.floor(at / beat);
      let left = 0;
      let right = 0;
      for (let j = 0; j < pad.length; j++) {
        const hz = pad[j]!;
        const w = 0.5 / (j + 1.5);
        left += w * Math.sin(2 * Math.PI * hz * 0.999 * t + j);
        right += w * Math.sin(2 * Math.PI * hz * 1.001 * t + 2 * j);
      }
      const bass = 0.45 * Math.sin(2 * Math.PI * 55 * t) + 0.15 * Math.sin(2 * Math.PI * 110 * t);
      // Pumping: the sustained parts dip under each kick and swell back over the beat.
      const duck = 1 - pump * Math.exp(-since / 0.12);
      // Pink-ish noise (a one-pole low-pass of white), different per channel.
      pinkL = 0.97 * pinkL + 0.03 * rand();
      pinkR = 0.97 * pinkR + 0.03 * rand();
      // Kick: a falling sine with a click; snare: a noise burst on beats 2 and 4.
      const kickPhase = 2 * Math.PI * (50 * since + (70 / 25) * (1 - Math.exp(-25 * since)));
      const kick = (Math.sin(kickPhase) * Math.exp(-7 * since) + 0.3 * rand() * Math.exp(-400 * since)) * 0.9;
      const snare = beatNo % 2 === 1 ? rand() * Math.exp(-18 * since) * 0.45 : 0;
      // Hi-hat on the eighths: differentiated noise, sharply decaying.
      const eighth = (at % (beat / 2)) / sampleRate;
      const white = rand();
      hatHp = white - lastHat;
      lastHat = white;
      const hat = 0.12 * hatHp * Math.exp(-60 * eighth);
      const sustained = duck * (0.55 * (left + right) * 0.5 + bass);
      const l = sustained + 0.25 * (left - right) + 2 * pinkL + drums * (kick + 0.8 * snare) + 0.9 * hat;
      const r = sustained - 0.25 * (left - right) + 2 * pinkR + drums * (kick + 1.2 * snare) + 1.1 * hat;
      out[2 * at] = level * l;
      out[2 * at + 1] = level * r;
    }
  }
  if (saturateDb !== undefined) {
    const drive = fromDb(saturateDb) / peakOf(out);
    for (let i = 0; i < out.length; i++) out[i] = Math.tanh(drive * out[i]!);
  }
  const scale = fromDb(peakDbfs) / peakOf(out);
  for (let i = 0; i < out.length; i++) out[i]! *= scale;
  return out;
}

function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  return peak;
}

/** Sections as shares of `seconds` (each [share, level dB]). */
const spread = (seconds: number, shares: [number, number][]): Section[] => {
  const total = shares.reduce((n, [share]) => n + share, 0);
  return shares.map(([share, levelDb]) => ({ seconds: (seconds * share) / total, levelDb }));
};

/**
 * The mixes the mastering tests run on (ebur128's figures at 60 s, 44.1 kHz, 16-bit):
 * - pumping: sections 23 dB apart with a 120 BPM pump, −19.9 LUFS, true peak 0.0 dBTP (sample peak
 *   −0.8 dBFS), loudness range 20 LU;
 * - dynamic: a song's verses and choruses with hard-hitting drums, −21.2 LUFS, peaks at −1 dBFS, 11 LU;
 * - quiet: a quiet recording with loud drum hits, −24.9 LUFS, peaks at −6 dBFS, 10 LU;
 * - dense: a mix already made loud by clipping, −9.3 LUFS, peaks at −0.3 dBFS, 1 LU.
 */
export const MIXES = {
  pumping: (seconds: number, sampleRate: number) =>
    musicMix({
      sampleRate,
      bpm: 120,
      peakDbfs: -0.8,
      pump: 0.7,
      drumsDb: 10,
      sections: spread(seconds, [
        [6, -23],
        [8, -12],
        [10, -5],
        [6, -20],
        [10, -8],
        [8, -23],
        [9, -3],
        [3, 0],
      ]),
    }),
  dynamic: (seconds: number, sampleRate: number) =>
    musicMix({
      sampleRate,
      bpm: 96,
      peakDbfs: -1,
      pump: 0.4,
      drumsDb: 12,
      seed: 5,
      sections: spread(seconds, [
        [20, -14],
        [30, -8],
        [20, -5],
        [30, -12],
        [40, -3],
        [20, -18],
        [40, -5],
        [20, -10],
        [10, 0],
      ]),
    }),
  quiet: (seconds: number, sampleRate: number) =>
    musicMix({
      sampleRate,
      bpm: 84,
      peakDbfs: -6,
      pump: 0.2,
      drumsDb: 12,
      seed: 23,
      sections: spread(seconds, [
        [10, -10],
        [20, -4],
        [10, -8],
        [20, 0],
      ]),
    }),
  dense: (seconds: number, sampleRate: number) =>
    musicMix({
      sampleRate,
      bpm: 128,
      peakDbfs: -0.3,
      pump: 0.15,
      drumsDb: -8,
      seed: 3,
      saturateDb: 2,
      sections: spread(seconds, [
        [1, -1],
        [1, 0],
      ]),
    }),
};
