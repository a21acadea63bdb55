// The words a refused master is explained in (issue #32): levels to a tenth with a true minus sign (and
// never a minus zero), what the version measured, what the limiter would have to take rounded up, the
// loudest target that works rounded down to a half, and what to try when there is none.
import type { LoudnessFigures } from '@mixdesk/contract/analysis';
import { describe, expect, it } from 'vitest';
import { level, MasterRefused, notReached, outOfReach, silent } from './refusals.ts';

const figures = (f: Partial<LoudnessFigures>): LoudnessFigures => ({
  integratedLufs: null,
  loudnessRange: null,
  truePeakDbtp: null,
  samplePeakDbfs: null,
  tempoBpm: null,
  tempoConfidence: null,
  shortTerm: [],
  ...f,
});

const TAIL = 'more than the 3.0 dB a master takes without audible distortion.';

describe('level', () => {
  it('prints one decimal, a true minus for negatives, and no minus on a zero', () => {
    expect(level(-14)).toBe('\u221214.0');
    expect(level(-0.96)).toBe('\u22121.0');
    expect(level(2.25)).toBe('2.3');
    expect(level(0)).toBe('0.0');
    // Rounds to zero: not "−0.0".
    expect(level(-0.04)).toBe('0.0');
  });
});

describe('outOfReach', () => {
  it('quotes the version, what the limiter would take (rounded up) and the loudest target (rounded down to a half)', () => {
    const plan = { gainDb: 12.4, limitDb: -1.75, limitingLu: 4.23, loudestLufs: -11.3 };
    const err = outOfReach(
      { targetLufs: -9, truePeakDbtp: -1 },
      {
        figures: figures({ integratedLufs: -21.46, loudnessRange: 7.84, truePeakDbtp: -3.21 }),
        truePeakDbtp: -3,
      },
      plan,
      0,
    );
    expect(err).toBeInstanceOf(MasterRefused);
    expect(err.name).toBe('MasterRefused');
    expect(err.message).toBe(
      '\u22129.0 LUFS under \u22121.0 dBTP is out of reach for this version (\u221221.5 LUFS, peaks at \u22123.2 dBTP, ' +
        'loudness range 7.8 LU): the limiter would have to take about 4.3 dB of loudness off its loud passages, ' +
        `${TAIL} The loudest it goes cleanly under that ceiling is about \u221211.5 LUFS: try that or a lower target.`,
    );
    expect(err.renders).toBe(0);
    expect(err.plan).toEqual(plan);
  });

  it('leaves out a loudness range it does not have, says "more" for no finite amount, and offers no target when none works', () => {
    const err = outOfReach(
      { targetLufs: -14, truePeakDbtp: -0.5 },
      { figures: figures({ integratedLufs: -20, truePeakDbtp: -0.03 }), truePeakDbtp: -0.03 },
      { gainDb: 6, limitDb: -1.25, limitingLu: Number.POSITIVE_INFINITY, loudestLufs: null },
      1,
    );
    expect(err.message).toBe(
      '\u221214.0 LUFS under \u22120.5 dBTP is out of reach for this version (\u221220.0 LUFS, peaks at 0.0 dBTP): ' +
        `the limiter would have to take more of loudness off its loud passages, ${TAIL} ` +
        'Try a lower target or a higher ceiling.',
    );
    expect(err.renders).toBe(1);
  });
});

describe('notReached and silent', () => {
  it('says what the last render measured, after how many renders', () => {
    const err = notReached({ targetLufs: -14, truePeakDbtp: -1 }, 6, -13.27, -0.84);
    expect(err).toBeInstanceOf(MasterRefused);
    expect(err.message).toBe(
      'After 6 renders the master measured \u221213.3 LUFS with peaks at \u22120.8 dBTP, not \u221214.0 LUFS under ' +
        '\u22121.0 dBTP: the limiter could not hold the ceiling at that loudness. Try a lower target or a higher ceiling.',
    );
    expect(err.renders).toBe(6);
    expect(err.plan).toBeNull();
  });

  it('reads a render that measured nothing as zero', () => {
    expect(notReached({ targetLufs: -16, truePeakDbtp: -2 }, 2, null, null).message).toMatch(
      /^After 2 renders the master measured 0\.0 LUFS with peaks at 0\.0 dBTP, not \u221216\.0 LUFS under \u22122\.0 dBTP:/,
    );
  });

  it('refuses silence, counting the renders made', () => {
    const err = silent(3);
    expect(err.message).toBe('The version is silent: there is nothing to master.');
    expect(err.renders).toBe(3);
  });
});
