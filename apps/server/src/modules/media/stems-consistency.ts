// Where a version's stems disagree with its mix or with each other (issue #36): sample rate, bit depth, and
// length differing by more than one sample at the mix's rate. Pure: figures in, one plain sentence per issue
// out, so the list shows it per stem as people read it.
import type { StemIssue } from '@mixdesk/contract/stems';

export interface AudioFigures {
  sampleRate: number;
  /** Null for lossy audio (no bit depth to compare). */
  bitDepth: number | null;
  /** Seconds. */
  duration: number;
  /** Exact sample frames where known (lossless audio); null when only the duration is. */
  frames: number | null;
}

/** How far a length known only by its duration may be off, in seconds: a version's is kept to the millisecond. */
const DURATION_SLACK_SECONDS = 0.0005;

/** "44.1 kHz", "48 kHz", "22.05 kHz". */
export const kHz = (rate: number) => `${Number((rate / 1000).toFixed(3))} kHz`;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The length of `audio` in sample frames at `rate`, and how far that figure may be off. */
function lengthAt(audio: AudioFigures, rate: number): { frames: number; slack: number } {
  if (audio.frames !== null) return { frames: (audio.frames * rate) / audio.sampleRate, slack: 0 };
  return { frames: audio.duration * rate, slack: DURATION_SLACK_SECONDS * rate };
}

function lengthIssue(stem: AudioFigures, mix: AudioFigures): StemIssue | null {
  const rate = mix.sampleRate;
  const a = lengthAt(stem, rate);
  const b = lengthAt(mix, rate);
  const diff = a.frames - b.frames;
  // More than one sample apart (a rounding of a converted count aside) beyond what the figures may be off.
  if (Math.abs(diff) <= 1 + a.slack + b.slack + 1e-6) return null;
  const samples = Math.round(Math.abs(diff));
  const seconds = Math.abs(diff) / rate;
  const longer = diff > 0 ? 'Longer' : 'Shorter';
  const when = seconds >= 0.01 ? ` (${seconds.toFixed(2)} s)` : '';
  return {
    kind: 'length',
    message: `${longer} than the mix by ${count(samples, 'sample', 'samples')}${when}`,
  };
}

/**
 * The value the stems should have where the mix has none (a lossy mix's bit depth): the one most stems
 * have; null when no value is held by more stems than every other (then each stem is told the others').
 */
function commonValue(values: number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((x, y) => y[1] - x[1]);
  if (sorted.length === 0 || (sorted.length > 1 && sorted[0]![1] === sorted[1]![1])) return null;
  return sorted[0]![0];
}

function disagreement(
  kind: 'sampleRate' | 'bitDepth',
  own: number,
  mix: number | null,
  others: number[],
  show: (v: number) => string,
): StemIssue | null {
  if (mix !== null) return own === mix ? null : { kind, message: `${show(own)}, the mix is ${show(mix)}` };
  const differing = [...new Set(others.filter((v) => v !== own))].sort((x, y) => x - y);
  if (differing.length === 0) return null;
  const common = commonValue([own, ...others]);
  if (common === own) return null;
  if (common !== null) return { kind, message: `${show(own)}, most stems are ${show(common)}` };
  return { kind, message: `${show(own)}, other stems are ${differing.map(show).join(' or ')}` };
}

/**
 * Each stem's issues, by id, in the order: sample rate, bit depth, length. A stem's sample rate and length are
 * held against the mix's; its bit depth against the mix's, or the other stems' where the mix is lossy.
 */
export function stemIssues<S extends AudioFigures & { id: string }>(
  mix: AudioFigures,
  stems: readonly S[],
): Map<string, StemIssue[]> {
  const out = new Map<string, StemIssue[]>();
  const depths = (except: string) =>
    stems.filter((s) => s.id !== except && s.bitDepth !== null).map((s) => s.bitDepth!);
  for (const stem of stems) {
    const issues: StemIssue[] = [];
    const rate = disagreement('sampleRate', stem.sampleRate, mix.sampleRate, [], kHz);
    if (rate) issues.push(rate);
    if (stem.bitDepth !== null) {
      const depth = disagreement('bitDepth', stem.bitDepth, mix.bitDepth, depths(stem.id), (v) => `${v}-bit`);
      if (depth) issues.push(depth);
    }
    const length = lengthIssue(stem, mix);
    if (length) issues.push(length);
    out.set(stem.id, issues);
  }
  return out;
}
