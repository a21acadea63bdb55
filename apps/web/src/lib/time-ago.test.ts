import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('how long ago', () => {
  const now = new Date('2026-05-12T12:00:00Z');
  const ago = (ms: number) => timeAgo(new Date(now.getTime() - ms).toISOString(), now);

  it('reads just now under a minute, and for a clock slightly ahead', () => {
    expect(ago(30_000)).toBe('just now');
    expect(ago(-5_000)).toBe('just now');
  });

  it('counts minutes, hours and days, then gives the date', () => {
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(26 * 3_600_000)).toBe('yesterday');
    expect(ago(4 * 86_400_000)).toBe('4 days ago');
    expect(ago(40 * 86_400_000)).toBe('2 Apr 2026');
  });
});
