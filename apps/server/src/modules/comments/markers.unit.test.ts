// The marker formats' edges, read back by outside parsers: MIDI lengths across every size of a
// variable-length quantity, CSV quoting of every character RFC 4180 names, times past an hour, and WAV chunks
// of odd sizes and many channels.
import { describe, expect, it } from 'vitest';
import { markersMidi, variableLength } from './markers-midi.ts';
import type { Marker } from './markers-model.ts';
import { bextChunk, cuePointsOf, wavLayout } from './markers-riff.ts';
import { chunkIds, clockSeconds, parseCsv, readMidi, readWav } from './markers-testing.ts';
import { audacityLabels, reaperCsv } from './markers-text.ts';

describe('MIDI', () => {
  it('writes variable-length quantities as the Standard MIDI File specification’s examples', () => {
    const examples: [number, number[]][] = [
      [0x00, [0x00]],
      [0x40, [0x40]],
      [0x7f, [0x7f]],
      [0x80, [0x81, 0x00]],
      [0x2000, [0xc0, 0x00]],
      [0x3fff, [0xff, 0x7f]],
      [0x4000, [0x81, 0x80, 0x00]],
      [0x100000, [0xc0, 0x80, 0x00]],
      [0x1fffff, [0xff, 0xff, 0x7f]],
      [0x200000, [0x81, 0x80, 0x80, 0x00]],
      [0x8000000, [0xc0, 0x80, 0x80, 0x00]],
      [0xfffffff, [0xff, 0xff, 0xff, 0x7f]],
    ];
    for (const [value, bytes] of examples) expect(variableLength(value), value.toString(16)).toEqual(bytes);
  });

  it('labels of one, two and three length bytes read back whole, in UTF-8', () => {
    const labels = ['é', 'ノ'.repeat(43), 'ب'.repeat(8192)]; // 2, 129 and 16,384 bytes
    const markers = labels.map((label, i) => ({ at: i, end: null, label }));
    const midi = readMidi(markersMidi(markers, 120, 'Intro'));
    expect(midi.markers).toEqual(labels.map((text, i) => ({ seconds: i, text })));
  });

  it('keeps the time of a marker at 3 hours, at a slow and a fast tempo', () => {
    for (const bpm of [61.3, 187]) {
      const midi = readMidi(markersMidi([{ at: 10_799.999, end: null, label: 'End' }], bpm, ''));
      expect(Math.abs(midi.markers[0]!.seconds - 10_799.999)).toBeLessThan(0.0005);
    }
  });
});

describe('text formats', () => {
  const awkward: Marker[] = [
    { at: 0, end: null, label: 'a, "b"' },
    { at: 3723.5, end: 3725.25, label: 'line\r\nbreak\nand\rreturn' },
    { at: 59.9995, end: null, label: '"' },
  ];

  it('REAPER: every quote, comma and line break survives a strict RFC 4180 parse', () => {
    const [, ...rows] = parseCsv(reaperCsv(awkward));
    expect(rows).toEqual([
      ['M1', 'a, "b"', '0:00.000', '', ''],
      ['R1', 'line\r\nbreak\nand\rreturn', '1:02:03.500', '1:02:05.250', '0:01.750'],
      ['M2', '"', '1:00.000', '', ''],
    ]);
    expect(clockSeconds(rows[1]![2]!)).toBe(3723.5);
  });

  it('Audacity: one line per label, whatever line breaks the text had', () => {
    expect(audacityLabels(awkward).split('\n')).toEqual([
      '0.000000\t0.000000\ta, "b"',
      '3723.500000\t3725.250000\tline  break and return',
      '59.999500\t59.999500\t"',
      '',
    ]);
  });
});

describe('WAV chunks', () => {
  it('odd samples, three channels at 24 bits, a NUL in a label: sizes that add up, read by wavefile', () => {
    const shape = { sampleRate: 48_000, channels: 3, bitDepth: 24 } as const;
    const samples = Buffer.alloc(9 * 4801); // 4,801 frames of 9 bytes: an odd size
    const points = cuePointsOf(
      [
        { at: 0.05, end: null, label: 'odd\0label' },
        { at: 0.06, end: 0.5, label: 'past the end' },
      ],
      shape.sampleRate,
      4801,
    );
    expect(points.map((p) => [p.frame, p.frames])).toEqual([
      [2400, null],
      [2880, 4801 - 2880],
    ]);
    const layout = wavLayout(shape, samples.length, points, bextChunk('Intro', new Date(0)));
    const file = Buffer.concat([layout.head, samples, layout.tail]);
    expect(file.length).toBe(layout.size);
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(chunkIds(file)).toEqual(['fmt ', 'bext', 'data', 'cue ', 'LIST']);
    const wav = readWav(file);
    expect(wav.fmt).toMatchObject({ sampleRate: 48_000, numChannels: 3, bitsPerSample: 24 });
    expect(wav.points).toEqual([
      { ms: 50, endMs: null, label: 'oddlabel' },
      { ms: 60, endMs: expect.closeTo((4801 / 48_000) * 1000, 9), label: 'past the end' },
    ]);
  });

  it('past 4 GB of samples: refused as unprocessable, before anything is made', () => {
    const shape = { sampleRate: 96_000, channels: 2, bitDepth: 24 } as const;
    expect(() => wavLayout(shape, 2 ** 32, [], bextChunk('', new Date(0)))).toThrow(
      expect.objectContaining({ code: 'UNPROCESSABLE' }),
    );
  });
});
