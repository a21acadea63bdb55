// The money arithmetic of documents, as named examples worked out by hand (integer cents and hundredths of a
// percent, half up): how shares and money print, which item figures count, and invoice totals with awkward
// decimals.
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatShare,
  invoiceTotals,
  invoiceTotalsCents,
  isBillable,
  secondaryShare,
  toCentsExact,
  toShareUnits,
} from './document-money.ts';

describe('formatShare: hundredths of a percent as printed, without trailing zeros', () => {
  it.each([
    [804, '8.04'],
    [9196, '91.96'],
    [5, '0.05'],
    [850, '8.5'],
    [50, '0.5'],
    [1000, '10'],
    [10_000, '100'],
    [0, '0'],
  ])('%i units print as %s', (units, printed) => {
    expect(formatShare(units)).toBe(printed);
  });

  it('8.04 % and its secondary share 91.96 % go through units and back exactly', () => {
    // 8.04 × 100 is 803.9999999999999 in binary: rounded to 804 units; 10,000 − 804 = 9,196 → 91.96.
    expect(toShareUnits(8.04)).toBe(804);
    expect(secondaryShare(8.04)).toBe(91.96);
    expect(formatShare(toShareUnits(secondaryShare(8.04)))).toBe('91.96');
    // 0.29 × 100 is 28.999999999999996: 29 units; 10,000 − 29 = 9,971 → 99.71.
    expect(secondaryShare(0.29)).toBe(99.71);
    expect(formatShare(toShareUnits(62.5) + toShareUnits(37.5))).toBe('100');
  });
});

describe('formatMoney', () => {
  it('prints US dollars unless told otherwise, with grouping and two decimals', () => {
    expect(formatMoney(1088.07)).toBe('$1,088.07');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney(1_000_000_000)).toBe('$1,000,000,000.00');
    expect(formatMoney(10.61, 'USD')).toBe('$10.61');
  });

  it('keeps one formatter per currency: euros after dollars, and dollars again after euros', () => {
    expect(formatMoney(12.3)).toBe('$12.30');
    expect(formatMoney(12.3, 'EUR')).toBe('€12.30');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(12.3)).toBe('$12.30');
    expect(formatMoney(0.07, 'EUR')).toBe('€0.07');
  });
});

describe('isBillable: finite, not negative, within the bounds', () => {
  it('takes zero and the largest figures the schema allows', () => {
    expect(isBillable({ quantity: 0, rate: 0 })).toBe(true);
    expect(isBillable({ quantity: 0, rate: 85.25 })).toBe(true);
    expect(isBillable({ quantity: 7.5, rate: 0 })).toBe(true);
    expect(isBillable({ quantity: 10_000, rate: 1_000_000 })).toBe(true);
  });

  it('refuses a figure over its bound, below zero, not finite, or not a number at all', () => {
    expect(isBillable({ quantity: 10_000.01, rate: 1 })).toBe(false);
    expect(isBillable({ quantity: 1, rate: 1_000_000.01 })).toBe(false);
    expect(isBillable({ quantity: -0.01, rate: 5 })).toBe(false);
    expect(isBillable({ quantity: 2, rate: -85.25 })).toBe(false);
    expect(isBillable({ quantity: Number.NaN, rate: 1 })).toBe(false);
    expect(isBillable({ quantity: 1, rate: Number.POSITIVE_INFINITY })).toBe(false);
    // What a form field holds before it is parsed: text, which JavaScript's >= would compare as a number.
    expect(isBillable({ quantity: '5' as unknown as number, rate: 2 })).toBe(false);
    expect(isBillable({ quantity: 1, rate: '20' as unknown as number })).toBe(false);
  });
});

describe('invoice totals with awkward decimals', () => {
  it('2.5 × $4.04 at 5 %: $10.10, and 50.5 cents of tax round half up to 51', () => {
    // 250 hundredths × 404 cents = 101,000 / 100 = 1,010 cents; 1,010 × 5,000 / 100,000 = 50.5 → 51.
    expect(invoiceTotalsCents([{ quantity: 2.5, rate: 4.04 }], { taxRate: 5 })).toEqual({
      amounts: [1010],
      subtotal: 1010,
      tax: 51,
      total: 1061,
    });
    expect(invoiceTotals([{ quantity: 2.5, rate: 4.04 }], { taxRate: 5 })).toEqual({
      amounts: [10.1],
      subtotal: 10.1,
      tax: 0.51,
      total: 10.61,
    });
  });

  it('$600.01 at 9.999 %: 5,999.49999 cents of tax, a hair under the half, round down', () => {
    // 60,001 × 9,999 = 599,949,999; + 50,000 = 599,999,999; / 100,000 = 5,999 (the remainder is dropped).
    expect(invoiceTotalsCents([{ quantity: 1, rate: 600.01 }], { taxRate: 9.999 })).toEqual({
      amounts: [60001],
      subtotal: 60001,
      tax: 5999,
      total: 66000,
    });
  });

  it('each amount rounds half up on its own: 0.5 × $0.01 is 1 cent, 1.5 × $0.03 is 5 cents', () => {
    // 50 × 1 = 50 → 0.5 cent → 1; 150 × 3 = 450 → 4.5 cents → 5; 6 cents × 8.875 % = 0.5325 cent → 1.
    expect(
      invoiceTotalsCents(
        [
          { quantity: 0.5, rate: 0.01 },
          { quantity: 1.5, rate: 0.03 },
        ],
        { taxRate: 8.875 },
      ),
    ).toEqual({ amounts: [1, 5], subtotal: 6, tax: 1, total: 7 });
  });

  it('a tax amount instead of a rate is taken to the cent: $0.29 is 29 cents, not 28', () => {
    // 0.29 × 100 is 28.999999999999996 in binary.
    expect(toCentsExact(0.29)).toBe(29);
    expect(invoiceTotalsCents([{ quantity: 3, rate: 33.33 }], { tax: 0.29 })).toEqual({
      amounts: [9999],
      subtotal: 9999,
      tax: 29,
      total: 10028,
    });
  });

  it('items the arithmetic cannot take count as nothing, the others as usual', () => {
    const items = [
      { quantity: -1, rate: 10 },
      { quantity: 10_001, rate: 1 },
      { quantity: '5' as unknown as number, rate: 2 },
      { quantity: 0, rate: 5 },
      { quantity: 1.25, rate: 8.04 },
    ];
    // 125 × 804 = 100,500 → 1,005 cents; tax 1,005 × 10,000 / 100,000 = 100.5 → 101.
    expect(invoiceTotalsCents(items, { taxRate: 10 })).toEqual({
      amounts: [0, 0, 0, 0, 1005],
      subtotal: 1005,
      tax: 101,
      total: 1106,
    });
  });
});
