import { SHARE_TOTAL, ShareSchema } from '@mixdesk/contract/catalog';
import { describe, expect, it } from 'vitest';
import { basisPointsOf, percentText, sharesTotal } from './shares';

describe('shares typed as percentages and sent as basis points', () => {
  it('reads a percentage with up to two decimals as whole basis points', () => {
    expect(basisPointsOf('50')).toBe(5000);
    expect(basisPointsOf('33.33')).toBe(3333);
    expect(basisPointsOf('33.3')).toBe(3330);
    expect(basisPointsOf('0.01')).toBe(1);
    expect(basisPointsOf('.5')).toBe(50);
    expect(basisPointsOf('12,5')).toBe(1250);
    expect(basisPointsOf(' 25 % ')).toBe(2500);
    expect(basisPointsOf('7.')).toBe(700);
    expect(basisPointsOf('0')).toBe(0);
  });

  it('takes 100 % and refuses anything over it, one step past the limit included', () => {
    expect(basisPointsOf('100')).toBe(SHARE_TOTAL);
    expect(basisPointsOf('100.00')).toBe(SHARE_TOTAL);
    expect(basisPointsOf('100.01')).toBeNull();
    expect(basisPointsOf('1000')).toBeNull();
  });

  it('refuses more than two decimals, negatives, words and blanks rather than rounding them', () => {
    for (const typed of ['33.333', '-5', 'fifty', '', ' ', '1e2', '5.5.5', '0x10'])
      expect(basisPointsOf(typed), typed).toBeNull();
  });

  it('gives every value the contract accepts as a share, and reads back what it shows', () => {
    for (const bp of [0, 1, 10, 99, 100, 1250, 3333, 5000, 9999, 10_000]) {
      expect(ShareSchema.safeParse(bp).success).toBe(true);
      expect(basisPointsOf(percentText(bp))).toBe(bp);
    }
    expect(percentText(3333)).toBe('33.33');
    expect(percentText(5000)).toBe('50');
    expect(percentText(1250)).toBe('12.5');
  });
});

describe('the running total', () => {
  it('lets exactly 100 % through, and nobody listed at all', () => {
    expect(sharesTotal(['33.34', '33.33', '33.33'])).toMatchObject({
      basisPoints: 10_000,
      ok: true,
      note: null,
    });
    expect(sharesTotal([]).ok).toBe(true);
  });

  it('holds back 99.99 % and 100.01 %, saying what the shares total', () => {
    const under = sharesTotal(['50', '49.99']);
    expect(under).toMatchObject({ basisPoints: 9999, ok: false });
    expect(under.note).toContain('99.99 %');
    const over = sharesTotal(['50', '50.01']);
    expect(over).toMatchObject({ basisPoints: 10_001, ok: false });
    expect(over.note).toContain('100.01 %');
  });

  it('holds back a share that does not read as a percentage, even when the rest make 100 %', () => {
    const total = sharesTotal(['100', 'abc']);
    expect(total.ok).toBe(false);
    expect(total.allValid).toBe(false);
    expect(total.note).toMatch(/percentage/);
  });
});
