// The catalogue's codes (issue #37) against examples their registries and standards publish (ISWC handbook's
// T-034.524.680-1 and the first ISWC T-000.000.001-0, the ISRC handbook's US-RC1-76-07839, GS1's UPC-A
// 036000291452 and EAN-13 4006381333931 / 5901234123457), then single-digit slips: GS1's and the IPI's check
// digits catch every one (the ISWC's does not: its weights 2, 4, 5, 6 and 8 miss some, as its standard says).
import { describe, expect, it } from 'vitest';
import { checkIpi, checkIsrc, checkIswc, checkUpc, formatIsrc, ipiCheckDigits } from './catalog-codes.ts';

const value = (r: ReturnType<typeof checkIswc>) => (r.ok ? r.value : `refused: ${r.message}`);

describe('published examples', () => {
  it('ISWC', () => {
    expect(value(checkIswc('T-034.524.680-1'))).toBe('T-034.524.680-1');
    expect(value(checkIswc('T0345246801'))).toBe('T-034.524.680-1');
    expect(value(checkIswc('t-000.000.001-0'))).toBe('T-000.000.001-0');
  });
  it('ISRC', () => {
    expect(value(checkIsrc('US-RC1-76-07839'))).toBe('USRC17607839');
    expect(value(checkIsrc('usrc17607839'))).toBe('USRC17607839');
    expect(formatIsrc('USRC17607839')).toBe('US-RC1-76-07839');
  });
  it('UPC-A and EAN-13', () => {
    expect(value(checkUpc('036000291452'))).toBe('036000291452');
    expect(value(checkUpc('4006381333931'))).toBe('4006381333931');
    expect(value(checkUpc('590123 412345 7'))).toBe('5901234123457');
  });
  it('IPI name number, and a CAE number of 9 digits with its leading zeros', () => {
    expect(value(checkIpi('00014107338'))).toBe('00014107338');
    expect(value(checkIpi('014107338'))).toBe('00014107338');
  });
});

describe('slips', () => {
  const slips = (code: string) =>
    [...code].flatMap((c, i) =>
      /\d/.test(c)
        ? Array.from({ length: 9 }, (_, d) => {
            const digit = (Number(c) + d + 1) % 10;
            return code.slice(0, i) + digit + code.slice(i + 1);
          })
        : [],
    );

  it('every single-digit slip in a UPC-A or an EAN-13 is refused', () => {
    for (const code of ['036000291452', '4006381333931'])
      for (const slip of slips(code)) expect(checkUpc(slip).ok, slip).toBe(false);
  });

  it('every single-digit slip in an IPI name number is refused', () => {
    for (const base of ['000141073', '123456789', '987650001']) {
      const code = base + ipiCheckDigits(base);
      expect(checkIpi(code).ok).toBe(true);
      for (const slip of slips(code)) expect(checkIpi(slip).ok, slip).toBe(false);
    }
  });

  it('a slip in the ISWC check digit itself is always refused', () => {
    for (let d = 0; d < 10; d++) if (d !== 1) expect(checkIswc(`T-034.524.680-${d}`).ok).toBe(false);
  });
});

describe('what each refusal says', () => {
  it.each([
    [checkIswc, 'T-034.524.680-9', 'ISWC check digit is wrong: the last digit should be 1'],
    [checkIswc, 'X-034.524.680-1', 'ISWC must start with T'],
    [checkIsrc, 'US-RC1-76-0783', 'ISRC must be 12 characters CCXXXYYNNNNN (this has 11)'],
    [checkUpc, '036000291450', 'UPC/EAN check digit is wrong: the last digit should be 2'],
    [checkIpi, '00014107330', 'IPI check digits are wrong: the last two digits should be 38'],
  ] as const)('refusal %#', (check, input, message) => {
    const result = check(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
});
