// Test signals for the loudness analysis (issue #17), made in memory: the EBU Tech 3341/3342 sines, click
// tracks, a music-like mix, and a PCM WAV writer for feeding them through ffmpeg. Tests and the benchmark use
// them; nothing is downloaded.

/** Peak amplitude of a level in dBFS. */
export const fromDb = (db: number) => 10 ** (db / 20);

/** Interleaved sine, the same on every channel. */
export function sine(opts: {
  seconds: number;
  sampleRate: number;
  channels?: number;
  hz?: number;
  dbfs?: number;
  /** Radians. */
  phase?: number;
}): Float32Array {
  const { seconds, sampleRate, channels = 2, hz = 1000, dbfs = 0, phase = 0 } = opts;
  const frames = Math.round(seconds * sampleRate);
  const amplitude = fromDb(dbfs);
  const out = new Float32Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    const v = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate + phase);
    for (let c = 0; c < channels; c++) out[i * channels + c] = v;
  }
  return out;
}

/** Pieces played one after the other (all with the same channel count). */
export function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Short 1 kHz bursts (10 ms, −6 dBFS) on every beat, silence between. */
export function clickTrack(opts: { bpm: number; seconds: number; sampleRate: number; channels?: number }) {
  const { bpm, seconds, sampleRate, channels = 2 } = opts;
  const frames = Math.round(seconds * sampleRate);
  const out = new Float32Array(frames * channels);
  const burst = Math.round(0.01 * sampleRate);
  for (let beat = 0; ; beat++) {
    const start = Math.round((beat * 60 * sampleRate) / bpm);
    if (start >= frames) break;
    for (let i = 0; i < burst && start + i < frames; i++) {
      const v = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / sampleRate);
      for (let c = 0; c < channels; c++) out[(start + i) * channels + c] = v;
    }
  }
  return out;
}

/** Seeded pseudo-random numbers in [−1, 1) (xorshift32), so a "noise" test is the same every run. */
export function noise(seed = 1): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 31 - 1;
  };
}

/**
 * Something like a track, stereo: a chord of sines, quiet noise, and a kick (a falling 100 → 45 Hz sine with a
 * fast decay) on every beat. Made `blockSeconds` at a time so a long one never has to be held whole.
 */
export function* music(opts: { bpm: number; seconds: number; sampleRate: number; blockSeconds?: number }) {
  const { bpm, seconds, sampleRate, blockSeconds = 1 } = opts;
  const frames = Math.round(seconds * sampleRate);
  const beat = (60 * sampleRate) / bpm;
  const rand = noise(7);
  const chord = [110, 164.8, 220, 277.2, 329.6, 440, 880, 1760];
  const block = Math.round(blockSeconds * sampleRate);
  for (let from = 0; from < frames; from += block) {
    const n = Math.min(block, frames - from);
    const out = new Float32Array(n * 2);
    for (let k = 0; k < n; k++) {
      const i = from + k;
      const t = i / sampleRate;
      let tone = 0;
      for (let j = 0; j < chord.length; j++) tone += Math.sin(2 * Math.PI * chord[j]! * t + j) / (j + 2);
      const since = (i % beat) / sampleRate;
      const kickPhase = 2 * Math.PI * (45 * since + (55 / 30) * (1 - Math.exp(-30 * since)));
      const kick = Math.sin(kickPhase) * Math.exp(-8 * since);
      const base = 0.12 * tone + 0.5 * kick;
      out[2 * k] = base + 0.04 * rand();
      out[2 * k + 1] = base + 0.04 * rand();
    }
    yield out;
  }
}

/** A PCM WAV header for `frames` frames of `bits`-bit integer samples. */
export function wavHeader(frames: number, sampleRate: number, channels: number, bits: 16 | 24): Buffer {
  const bytes = bits / 8;
  const dataBytes = frames * channels * bytes;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * bytes, 28);
  header.writeUInt16LE(channels * bytes, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Float samples as `bits`-bit little-endian PCM, clipped to full scale. */
export function pcmBytes(samples: Float32Array, bits: 16 | 24): Buffer {
  const bytes = bits / 8;
  const full = bits === 16 ? 32767 : 8_388_607;
  const out = Buffer.alloc(samples.length * bytes);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * full);
    if (bits === 16) out.writeInt16LE(v, i * 2);
    else out.writeIntLE(v, i * 3, 3);
  }
  return out;
}

/** A whole WAV file of interleaved float samples. */
export function wavFile(samples: Float32Array, sampleRate: number, channels: number, bits: 16 | 24 = 24) {
  return Buffer.concat([
    wavHeader(samples.length / channels, sampleRate, channels, bits),
    pcmBytes(samples, bits),
  ]);
}
