// The stem set's checks against the mix and each other (issue #36: sample rate, bit depth, length differing by
// more than one sample at the mix's rate), and a stem's name and role as kept.
import { describe, expect, it } from 'vitest';
import { nameFromFile, normalRole, uniqueName } from './stem-names.ts';
import { type AudioFigures, kHz, stemIssues } from './stems-consistency.ts';

const MIX: AudioFigures = { sampleRate: 44_100, bitDepth: 16, duration: 2, frames: 88_200 };
const stem = (id: string, f: Partial<AudioFigures> = {}) => ({ id, ...MIX, ...f });
const messages = (mix: AudioFigures, stems: ReturnType<typeof stem>[]) =>
  Object.fromEntries([...stemIssues(mix, stems)].map(([id, issues]) => [id, issues.map((i) => i.message)]));

describe('stemIssues', () => {
  it('a stem as long as the mix, or one sample longer or shorter, agrees; two samples is an issue', () => {
    expect(
      messages(MIX, [
        stem('same'),
        stem('+1', { frames: 88_201 }),
        stem('-1', { frames: 88_199 }),
        stem('+2', { frames: 88_202 }),
        stem('-2', { frames: 88_198 }),
      ]),
    ).toEqual({
      same: [],
      '+1': [],
      '-1': [],
      '+2': ['Longer than the mix by 2 samples'],
      '-2': ['Shorter than the mix by 2 samples'],
    });
  });

  it('compares a stem at another rate by its length at the mix’s rate', () => {
    // 96,000 frames at 48 kHz are 88,200 at 44.1 kHz; 96,002 are 88,201.84 (two samples, rounded).
    expect(
      messages(MIX, [
        stem('even', { sampleRate: 48_000, frames: 96_000 }),
        stem('over', { sampleRate: 48_000, frames: 96_002 }),
      ]),
    ).toEqual({
      even: ['48 kHz, the mix is 44.1 kHz'],
      over: ['48 kHz, the mix is 44.1 kHz', 'Longer than the mix by 2 samples'],
    });
  });

  it('where only durations are known, allows what a millisecond’s rounding hides', () => {
    const mix = { ...MIX, frames: null };
    expect(
      messages(mix, [
        stem('close', { frames: null, duration: 2.0004 }),
        stem('exact', { frames: 88_210 }),
        stem('far', { frames: null, duration: 2.5 }),
      ]),
    ).toEqual({
      close: [],
      exact: [],
      far: ['Longer than the mix by 22,050 samples (0.50 s)'],
    });
  });

  it('bit depth against the mix; against the other stems where the mix is lossy; none for a lossy stem', () => {
    expect(messages(MIX, [stem('24', { bitDepth: 24 }), stem('lossy', { bitDepth: null })])).toEqual({
      '24': ['24-bit, the mix is 16-bit'],
      lossy: [],
    });
    const lossyMix = { ...MIX, bitDepth: null };
    expect(
      messages(lossyMix, [
        stem('a', { bitDepth: 24 }),
        stem('b', { bitDepth: 24 }),
        stem('c', { bitDepth: 16 }),
      ]),
    ).toEqual({ a: [], b: [], c: ['16-bit, most stems are 24-bit'] });
    expect(messages(lossyMix, [stem('a', { bitDepth: 24 }), stem('b', { bitDepth: 16 })])).toEqual({
      a: ['24-bit, other stems are 16-bit'],
      b: ['16-bit, other stems are 24-bit'],
    });
  });

  it('lists a stem’s issues in one order: rate, depth, length', () => {
    const issues = stemIssues(MIX, [stem('x', { sampleRate: 96_000, bitDepth: 24, frames: 96_000 * 3 })]).get(
      'x',
    );
    expect(issues?.map((i) => i.kind)).toEqual(['sampleRate', 'bitDepth', 'length']);
    expect(issues?.map((i) => i.message)).toEqual([
      '96 kHz, the mix is 44.1 kHz',
      '24-bit, the mix is 16-bit',
      'Longer than the mix by 44,100 samples (1.00 s)',
    ]);
  });

  it('writes rates as people read them', () => {
    expect([22_050, 44_100, 48_000, 88_200, 192_000].map(kHz)).toEqual([
      '22.05 kHz',
      '44.1 kHz',
      '48 kHz',
      '88.2 kHz',
      '192 kHz',
    ]);
  });
});

describe('stem names and roles', () => {
  it('a name from the file: without its extension, never empty, at most 200 characters', () => {
    expect(nameFromFile('Kick In.wav')).toBe('Kick In');
    expect(nameFromFile('Gtr.L.aiff')).toBe('Gtr.L');
    expect(nameFromFile('no extension')).toBe('no extension');
    expect(nameFromFile('.wav')).toBe('.wav');
    expect(nameFromFile(`${'é'.repeat(250)}.flac`)).toBe('é'.repeat(200));
  });

  it('a taken name gets the first free number, cut to stay within 200 characters', () => {
    expect(uniqueName('Vox', new Set(['Kick']))).toBe('Vox');
    expect(uniqueName('Vox', new Set(['Vox', 'Vox (2)', 'Vox (4)']))).toBe('Vox (3)');
    const long = 'a'.repeat(200);
    const made = uniqueName(long, new Set([long]));
    expect(made).toBe(`${'a'.repeat(196)} (2)`);
    expect(made).toHaveLength(200);
  });

  it('a role: an offered one in any case, free text as given, empty as none', () => {
    expect(normalRole('FX')).toBe('fx');
    expect(normalRole('Drums')).toBe('drums');
    expect(normalRole('Room mics')).toBe('Room mics');
    expect(normalRole('')).toBeNull();
    expect(normalRole(null)).toBeNull();
  });
});
