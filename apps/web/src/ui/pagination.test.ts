import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page up to seven', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps the ends and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 834)).toEqual([1, 2, 3, 4, 5, null, 834]);
    expect(pageItems(400, 834)).toEqual([1, null, 399, 400, 401, null, 834]);
    expect(pageItems(834, 834)).toEqual([1, null, 830, 831, 832, 833, 834]);
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  });
});
