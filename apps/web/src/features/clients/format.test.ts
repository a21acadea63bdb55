import { describe, expect, it } from 'vitest';
import { formatRevenue, genresPreview, initialOf, projectCountSources } from './format';

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

describe('where a client card says its projects come from (issue #32)', () => {
  it.each([
    [8, 3, '3 linked projects · 5 entered by hand'],
    [1, 1, '1 linked project'],
    [5, 0, '5 entered by hand'],
    [2000, 1, '1 linked project · 1,999 entered by hand'],
  ])('%d in all with %d linked reads "%s"', (total, linked, text) => {
    expect(projectCountSources(total, linked)).toBe(text);
  });

  it('says nothing when there are no projects', () => {
    expect(projectCountSources(0, 0)).toBeNull();
  });
});
