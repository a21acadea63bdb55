import { describe, expect, it } from 'vitest';
import { readCommentTimes } from './comment-times';

describe('the time fields of a comment', () => {
  it('reads a point and a range', () => {
    expect(readCommentTimes('1:12', '', 200)).toEqual({ at: 72, end: null });
    expect(readCommentTimes('0:03', '0:07', 200)).toEqual({ at: 3, end: 7 });
  });

  it('keeps a range inside the track', () => {
    expect(readCommentTimes('3:00', '4:00', 200)).toEqual({ at: 180, end: 200 });
  });

  it('says what is wrong with a time', () => {
    expect(readCommentTimes('twelve', '', 200)).toEqual({ error: 'Time must look like 1:12' });
    expect(readCommentTimes('4:00', '', 200)).toEqual({ error: 'Time must be within the track (3:20)' });
    expect(readCommentTimes('0:10', 'later', 200)).toEqual({
      error: 'Until must look like 1:20, or be left empty',
    });
    expect(readCommentTimes('0:10', '0:05', 200)).toEqual({ error: 'Until must be after the time' });
  });

  it('does not check against a length not known yet', () => {
    expect(readCommentTimes('9:00', '', 0)).toEqual({ at: 540, end: null });
  });
});
