import { describe, expect, it } from 'vitest';
import { CreateCommentSchema, formatTimestamp, parseTimestamp, UpdateCommentSchema } from './comments.ts';

describe('comment times', () => {
  it('formats seconds as m:ss, and h:mm:ss past an hour', () => {
    expect([0, 9.99, 72.4, 600, 3723].map(formatTimestamp)).toEqual([
      '0:00',
      '0:09',
      '1:12',
      '10:00',
      '1:02:03',
    ]);
  });

  it('reads m:ss, h:mm:ss and plain seconds, and nothing else', () => {
    expect(['1:12', '01:12', '72', '1:02:03', '0:12.5', ' 0:07 '].map(parseTimestamp)).toEqual([
      72, 72, 72, 3723, 12.5, 7,
    ]);
    for (const bad of ['', 'twelve', '1:60', '1::2', '-1', '1:2:3:4', '1.5:00', '0x10'])
      expect(parseTimestamp(bad), bad).toBeNull();
  });
});

describe('comment bodies', () => {
  const message = (input: unknown) => {
    const parsed = CreateCommentSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('takes a trimmed body of 1–2,000 characters at a time of 0 or more, and a range that ends later', () => {
    expect(CreateCommentSchema.parse({ body: '  too loud ', at: 12 })).toEqual({ body: 'too loud', at: 12 });
    expect(message({ body: 'x'.repeat(2000), at: 0, end: 4 })).toBeNull();
    expect(message({ body: '   ', at: 1 })).toBe('Comment cannot be empty');
    expect(message({ body: 'x'.repeat(2001), at: 1 })).toBe('Comment must be at most 2,000 characters');
    expect(message({ body: 'hi', at: -1 })).toBe('Time cannot be before the start');
    expect(message({ body: 'hi', at: '12' })).toBe('Time must be a number of seconds');
    expect(message({ body: 'hi' })).toBe('Time is required');
    expect(message({ body: 'hi', at: 5, end: 5 })).toBe('End must be after the time');
  });

  it('an edit changes something', () => {
    expect(UpdateCommentSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Nothing to change: send body, at or end',
    );
  });
});
