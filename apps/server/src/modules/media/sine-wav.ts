// A test tone as a WAV file, built byte by byte (no tool involved): test factories and the decoder's health
// probe both use it.
/** A 16-bit PCM WAV of a sine wave, built byte by byte (no tool involved). */
export function sineWav(
  opts: { seconds?: number; sampleRate?: number; channels?: number; hz?: number; peakDbfs?: number } = {},
) {
  const { seconds = 1, sampleRate = 44_100, channels = 2, hz = 440 } = opts;
  // Half of full scale (−6 dBFS) unless a level is asked for.
  const amplitude = opts.peakDbfs === undefined ? 0.5 : 10 ** (opts.peakDbfs / 20);
  const frames = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * amplitude * 32767);
    for (let c = 0; c < channels; c++) data.writeInt16LE(v, (i * channels + c) * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
