// The bidirectional levels and the reordering of rule L2, on strings worked out by hand from UAX #9.
import { describe, expect, it } from 'vitest';
import { levels, visualOrder } from './bidi.ts';

const levelsOf = (text: string) => levels([...text]);

describe('levels', () => {
  it('left-to-right text is all level 0, digits included', () => {
    expect(levelsOf('ab 12')).toEqual([0, 0, 0, 0, 0]);
  });

  it('Hebrew letters are 1; digits after them 2; the space between, leaning right to left on both sides, 1', () => {
    expect(levelsOf('אב 12')).toEqual([1, 1, 1, 2, 2]);
  });

  it('a space between English and Hebrew belongs to neither side: level 0', () => {
    expect(levelsOf('ab אב cd')).toEqual([0, 0, 0, 1, 1, 0, 0, 0]);
  });

  it('punctuation between two Arabic words is right to left; at the end of the line it is not', () => {
    expect(levelsOf('علي، محمد.')).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('a combining mark takes the level of the letter it sits on', () => {
    // שָׁ: shin, qamats, shin dot.
    expect(levelsOf('a שָׁ')).toEqual([0, 0, 1, 1, 1]);
  });
});

describe('visualOrder (rule L2)', () => {
  it('reverses each run at level 1 or more, and within it runs at level 2 back again', () => {
    const items = [0, 1, 1, 2, 2, 1, 0].map((level, i) => ({
      level: level as 0 | 1 | 2,
      name: 'abcdefg'[i]!,
    }));
    expect(
      visualOrder(items)
        .map((item) => item.name)
        .join(''),
    ).toBe('afdecbg');
  });
});
