import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, plural, tagsPreview } from './format';

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [215, '3:35'],
    [3599, '59:59'],
    [4503, '75:03'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s seconds reads %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatBytes (base 1024, one decimal)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [52_428_800, '50.0 MB'],
    [1024 ** 3, '1.0 GB'],
    [2.5 * 1024 ** 3, '2.5 GB'],
    [5 * 1024 ** 4, '5120.0 GB'],
    [-1, '0 B'],
  ])('%s bytes reads %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe('tagsPreview', () => {
  it('shows at most three tags and counts the rest', () => {
    expect(tagsPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(tagsPreview(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(tagsPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('plural', () => {
  it('says one or many', () => {
    expect(plural(1, 'project')).toBe('1 project');
    expect(plural(0, 'project')).toBe('0 projects');
    expect(plural(10245, 'project')).toBe('10,245 projects');
  });
});
