import { describe, expect, it } from 'vitest';
import { formatRevenue, genresPreview, initialOf } from './format';

describe('client card figures', () => {
  it.each([
    [0, '$0'],
    [1234567.89, '$1,234,567.89'],
    [18250.5, '$18,250.50'],
    [1000000, '$1,000,000'],
  ])('revenue %d reads %s', (amount, text) => {
    expect(formatRevenue(amount)).toBe(text);
  });

  it('shows at most two genres, then +N', () => {
    expect(genresPreview(['Pop', 'R&B', 'Soul', 'Jazz'])).toEqual({ shown: ['Pop', 'R&B'], more: 2 });
    expect(genresPreview(['Pop'])).toEqual({ shown: ['Pop'], more: 0 });
  });

  it('takes the initial from the name, or ? without one', () => {
    expect(initialOf(' maya')).toBe('M');
    expect(initialOf('')).toBe('?');
    expect(initialOf(null)).toBe('?');
  });
});
