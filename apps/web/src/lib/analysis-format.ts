// How the analysis figures read on screen: signed decibels with a true minus sign, times as m:ss, the tempo's
// confidence in words, each streaming service's verdict as a sentence, and the chart's summary for people
// who cannot see it.
import type { Analysis, TargetCheck } from '@mixdesk/contract/analysis';
import { SHORT_TERM_STEP_SECONDS } from '@mixdesk/contract/analysis';

const MINUS = '\u2212';

/** One decimal, a typographic minus, and a dash for "nothing to measure" (silence). */
export function formatDb(value: number | null | undefined, unit?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const rounded = Math.round(value * 10) / 10;
  // -0.04 rounds to "-0.0"; nobody wants to read a negative zero.
  const text = Math.abs(rounded).toFixed(1);
  const sign = rounded < 0 ? MINUS : '';
  return unit ? `${sign}${text} ${unit}` : `${sign}${text}`;
}

/** Seconds as m:ss (h:mm:ss past an hour). */
export function formatTime(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The tempo reader's confidence (0–1) in words. */
export function tempoConfidenceLabel(confidence: number | null): string {
  if (confidence === null) return 'no clear beat';
  if (confidence >= 0.5) return 'steady';
  if (confidence >= 0.25) return 'fairly steady';
  return 'uncertain';
}

/**
 * The tempo as its figure shows it: the BPM and how sure the reading is, or, when the reader found no beat
 * steady enough to name (a pulse buried in noise, a held chord, silence), "Unknown" and why: no tempo is
 * not a blank.
 */
export function tempoFigure(
  bpm: number | null,
  confidence: number | null,
): { value: string; unit: string; note: string } {
  if (bpm === null) return { value: 'Unknown', unit: '', note: 'no steady beat found' };
  return { value: String(Math.round(bpm * 10) / 10), unit: 'BPM', note: tempoConfidenceLabel(confidence) };
}

export function formatTempo(bpm: number | null, confidence: number | null): string {
  const { value, unit, note } = tempoFigure(bpm, confidence);
  return unit ? `${value} ${unit} · ${note}` : `${value} · ${note}`;
}

/** What the service will do with the track, said plainly. */
export function verdictText(check: TargetCheck): string {
  const amount = Math.abs(check.gainChangeDb).toFixed(1);
  if (check.verdict === 'too_loud') return `Too loud — will be turned down by ${amount} dB`;
  if (check.verdict === 'too_quiet') return `Too quiet — ${amount} dB under`;
  return 'Pass';
}

/** The note shown when the true peak is over the service's ceiling, else null. */
export function truePeakNote(check: TargetCheck, truePeakDbtp: number | null): string | null {
  if (check.truePeakOk || truePeakDbtp === null) return null;
  return `True peak ${formatDb(truePeakDbtp, 'dBTP')} is over the ${formatDb(check.truePeak, 'dBTP')} ceiling`;
}

/** A value in the middle of the measured ones (silent seconds left out). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The chart in a sentence or two: its span, its range, where it mostly sits and where the target is. */
export function chartSummary(
  shortTerm: Analysis['shortTerm'],
  target: Pick<TargetCheck, 'platform' | 'lufs'> | null,
): string {
  const values = shortTerm.filter((v): v is number => v !== null);
  const length = formatTime(shortTerm.length * SHORT_TERM_STEP_SECONDS);
  if (values.length === 0) return `Short-term loudness over ${length}: silent throughout, nothing to draw.`;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const loudestAt = shortTerm.indexOf(high) * SHORT_TERM_STEP_SECONDS;
  const middle = median(values);
  // A steady level (within 1 LU) has no loudest moment worth naming.
  let text =
    high - low < 1
      ? `Short-term loudness over ${length} holds steady at about ${formatDb(middle, 'LUFS')} (${formatDb(low)} to ${formatDb(high)}).`
      : `Short-term loudness over ${length} ranges from ${formatDb(low, 'LUFS')} to ${formatDb(high, 'LUFS')}, mostly around ${formatDb(middle, 'LUFS')}; loudest at ${formatTime(loudestAt)}.`;
  if (target) {
    const gap = middle - target.lufs;
    const where =
      Math.abs(gap) < 0.05
        ? 'right on it'
        : `${Math.abs(gap).toFixed(1)} dB ${gap < 0 ? 'below' : 'above'} it most of the time`;
    text += ` ${target.platform} target ${formatDb(target.lufs, 'LUFS')}: ${where}.`;
  }
  return text;
}

/** Ticks for the time axis: a round step that gives at most `maxTicks` labels. */
export function timeTicks(durationSeconds: number, maxTicks: number): number[] {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
  const step = steps.find((s) => durationSeconds / s <= maxTicks) ?? steps[steps.length - 1]!;
  const ticks: number[] = [];
  for (let t = 0; t <= durationSeconds; t += step) ticks.push(t);
  return ticks;
}

/** The loudness axis: whole multiples of `step` LU around the values and the target, with room either side. */
export function loudnessDomain(values: number[], step = 6): { low: number; high: number; ticks: number[] } {
  const finite = values.filter(Number.isFinite);
  const min = finite.length ? Math.min(...finite) : -30;
  const max = finite.length ? Math.max(...finite) : -6;
  const low = Math.floor((min - 2) / step) * step;
  const high = Math.ceil((max + 2) / step) * step;
  const span = high - low;
  const tickStep = span > step * 6 ? step * 2 : step;
  const ticks: number[] = [];
  for (let v = high; v >= low; v -= tickStep) ticks.push(v);
  return { low, high, ticks };
}

/** What runs, said plainly wherever an analysis is offered. */
export const ANALYSIS_METHOD =
  'CPU analysis to ITU-R BS.1770-4 / EBU R128: the server measures the file itself (loudness, true peak, tempo). No GPU or AI is involved.';
