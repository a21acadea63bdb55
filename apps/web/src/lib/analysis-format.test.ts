import { checkTargets } from '@mixdesk/contract/analysis';
import { describe, expect, it } from 'vitest';
import {
  chartSummary,
  formatDb,
  formatTempo,
  formatTime,
  loudnessDomain,
  tempoConfidenceLabel,
  tempoFigure,
  timeTicks,
  truePeakNote,
  verdictText,
} from './analysis-format';

describe('decibels', () => {
  it('shows one decimal with a true minus sign and the unit', () => {
    expect(formatDb(-23.04, 'LUFS')).toBe('−23.0 LUFS');
    expect(formatDb(4.25, 'LU')).toBe('4.3 LU');
    expect(formatDb(-1)).toBe('−1.0');
  });

  it('never shows a negative zero, and a dash when there is nothing to measure', () => {
    expect(formatDb(-0.04, 'dBTP')).toBe('0.0 dBTP');
    expect(formatDb(null, 'LUFS')).toBe('—');
    expect(formatDb(Number.NEGATIVE_INFINITY)).toBe('—');
  });
});

describe('times', () => {
  it('reads as m:ss, and h:mm:ss past an hour', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(9.9)).toBe('0:09');
    expect(formatTime(75)).toBe('1:15');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('tempo', () => {
  it('says how sure the reading is in words', () => {
    expect(tempoConfidenceLabel(0.8)).toBe('steady');
    expect(tempoConfidenceLabel(0.3)).toBe('fairly steady');
    expect(tempoConfidenceLabel(0.12)).toBe('uncertain');
    expect(formatTempo(128, 0.7)).toBe('128 BPM · steady');
    expect(formatTempo(null, null)).toBe('Unknown · no steady beat found');
  });

  it('says "Unknown" and why when no beat was found, whatever the reader\'s confidence', () => {
    // A 120 BPM pulse under loud noise reads as no tempo with a confidence of 0.09 (issue #32).
    expect(tempoFigure(null, 0.09)).toEqual({ value: 'Unknown', unit: '', note: 'no steady beat found' });
    expect(tempoFigure(null, null)).toEqual({ value: 'Unknown', unit: '', note: 'no steady beat found' });
    expect(tempoFigure(119.96, 0.62)).toEqual({ value: '120', unit: 'BPM', note: 'steady' });
    expect(tempoFigure(87.25, 0.2)).toEqual({ value: '87.3', unit: 'BPM', note: 'uncertain' });
  });
});

describe('streaming targets', () => {
  it('says a quiet master is under each target by how much', () => {
    const [spotify, apple] = checkTargets(-23, -22.9);
    expect(verdictText(spotify!)).toBe('Too quiet — 9.0 dB under');
    expect(verdictText(apple!)).toBe('Too quiet — 7.0 dB under');
  });

  it('says a loud master will be turned down, and a close one passes', () => {
    expect(verdictText(checkTargets(-8.5, -0.2)[0]!)).toBe('Too loud — will be turned down by 5.5 dB');
    expect(verdictText(checkTargets(-14.6, -1.5)[0]!)).toBe('Pass');
  });

  it('notes a true peak over the ceiling, and nothing when it is under', () => {
    const [spotify] = checkTargets(-14, -0.3);
    expect(truePeakNote(spotify!, -0.3)).toBe('True peak −0.3 dBTP is over the −1.0 dBTP ceiling');
    const [calm] = checkTargets(-14, -1.2);
    expect(truePeakNote(calm!, -1.2)).toBeNull();
  });
});

describe('the chart summary', () => {
  it('gives the span, the range, the middle and the gap to the target', () => {
    const text = chartSummary([null, -23.6, -23, -22.4, -23], { platform: 'Spotify', lufs: -14 });
    expect(text).toBe(
      'Short-term loudness over 0:05 ranges from −23.6 LUFS to −22.4 LUFS, mostly around −23.0 LUFS; loudest at 0:03. Spotify target −14.0 LUFS: 9.0 dB below it most of the time.',
    );
  });

  it('calls a level within 1 LU steady instead of naming a loudest moment', () => {
    expect(chartSummary([-23.04, -23, -22.96], null)).toBe(
      'Short-term loudness over 0:03 holds steady at about −23.0 LUFS (−23.0 to −23.0).',
    );
  });

  it('says so when the whole file is silent', () => {
    expect(chartSummary([null, null], null)).toBe(
      'Short-term loudness over 0:02: silent throughout, nothing to draw.',
    );
  });
});

describe('chart axes', () => {
  it('picks a round time step that keeps the labels few', () => {
    expect(timeTicks(10, 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(timeTicks(200, 6)).toEqual([0, 60, 120, 180]);
  });

  it('frames the loudness values and the target in whole steps', () => {
    expect(loudnessDomain([-23, -22.8, -14])).toEqual({ low: -30, high: -12, ticks: [-12, -18, -24, -30] });
  });
});
