// The musical keys a track can be in (its `key` field, and what loudness analysis estimates): one value per
// pitch class and mode, and how each reads to a person.
import { z } from 'zod';

/** The 24 keys, one value per pitch class (enharmonic spellings share it); 'm' marks minor. */
export const MUSICAL_KEYS = [
  'C',
  'Cm',
  'C#',
  'C#m',
  'D',
  'Dm',
  'Eb',
  'Ebm',
  'E',
  'Em',
  'F',
  'Fm',
  'F#',
  'F#m',
  'G',
  'Gm',
  'Ab',
  'Abm',
  'A',
  'Am',
  'Bb',
  'Bbm',
  'B',
  'Bm',
] as const;
export type MusicalKey = (typeof MUSICAL_KEYS)[number];
export const MusicalKeySchema = z.enum(MUSICAL_KEYS, {
  error: 'Key must be one of the 24 major and minor keys, e.g. C, F#m, Bb',
});

const PITCH_NAMES: Record<string, string> = {
  C: 'C',
  'C#': 'C♯/D♭',
  D: 'D',
  Eb: 'D♯/E♭',
  E: 'E',
  F: 'F',
  'F#': 'F♯/G♭',
  G: 'G',
  Ab: 'G♯/A♭',
  A: 'A',
  Bb: 'A♯/B♭',
  B: 'B',
};

/** 'F#m' -> 'F♯/G♭ minor'. */
export function musicalKeyLabel(key: MusicalKey): string {
  const minor = key.endsWith('m');
  return `${PITCH_NAMES[minor ? key.slice(0, -1) : key]} ${minor ? 'minor' : 'major'}`;
}
