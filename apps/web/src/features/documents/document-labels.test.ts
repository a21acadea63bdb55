// How the documents screens print rates: a tax rate as it is applied (to the thousandth, as the PDF does), a
// share to the hundredth.
import { describe, expect, it } from 'vitest';
import { formatPercent, formatTaxRate } from './document-labels';

describe('formatTaxRate', () => {
  it('keeps the thousandths a rate is applied with, and no trailing zeros', () => {
    expect(formatTaxRate(8.875)).toBe('8.875%');
    expect(formatTaxRate(9.999)).toBe('9.999%');
    expect(formatTaxRate(5)).toBe('5%');
    expect(formatTaxRate(7.25)).toBe('7.25%');
    expect(formatTaxRate(0)).toBe('0%');
  });
});

describe('formatPercent', () => {
  it('prints a share to the hundredth', () => {
    expect(formatPercent(8.04)).toBe('8.04%');
    expect(formatPercent(91.96)).toBe('91.96%');
    expect(formatPercent(62.5)).toBe('62.5%');
  });
});
