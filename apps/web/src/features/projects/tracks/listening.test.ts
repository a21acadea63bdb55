import type { ListeningCopies } from '@mixdesk/contract/media';
import { describe, expect, it } from 'vitest';
import { compareParams, defaultPair, matchGains, parseCompare, pickSource, volumeOf } from './listening';

const url = '/api/projects/p/tracks/t/versions/v/audio';
type Status = 'queued' | 'running' | 'done' | 'failed';
const copies = (lossless: Status | null, compact: Status): ListeningCopies => ({
  lossless:
    lossless === null ? null : { status: lossless, codec: 'flac', sampleRate: 48_000, bitDepth: 24, size: 1 },
  compact: { status: compact, codec: 'aac', bitrate: 192_000, size: 1 },
});
const plays = (yes: string[]) => (mime: string) => yes.includes(mime);

describe('pickSource', () => {
  it('plays the original where the browser can, and the lossless copy where it cannot', () => {
    const v = { audioUrl: url, mime: 'audio/aiff', copies: copies('done', 'done') };
    expect(pickSource(v, { dataSaver: false, canPlay: plays(['audio/aiff']) })).toEqual({
      url,
      copy: 'original',
      note: null,
    });
    expect(pickSource(v, { dataSaver: false, canPlay: plays([]) })).toEqual({
      url: `${url}?copy=lossless`,
      copy: 'lossless',
      note: null,
    });
  });

  it('plays the compact copy to save data, the original until it is made', () => {
    const ready = { audioUrl: url, mime: 'audio/wav', copies: copies('done', 'done') };
    expect(pickSource(ready, { dataSaver: true, canPlay: plays(['audio/wav']) }).url).toBe(
      `${url}?copy=compact`,
    );
    const making = { ...ready, copies: copies('done', 'running') };
    const source = pickSource(making, { dataSaver: true, canPlay: plays(['audio/wav']) });
    expect(source.copy).toBe('original');
    expect(source.note).toMatch(/still being made/);
    const failed = pickSource(
      { ...ready, copies: copies('done', 'failed') },
      { dataSaver: true, canPlay: plays([]) },
    );
    expect(failed.note).toMatch(/could not be made/);
  });

  it('falls back to the compact copy, then the original with a note, when the lossless copy is not there', () => {
    const noLossless = { audioUrl: url, mime: 'audio/aiff', copies: copies('failed', 'done') };
    expect(pickSource(noLossless, { dataSaver: false, canPlay: plays([]) })).toMatchObject({
      copy: 'compact',
      note: expect.stringMatching(/lossless copy is not ready/),
    });
    const none = { audioUrl: url, mime: 'audio/aiff', copies: copies('failed', 'failed') };
    expect(pickSource(none, { dataSaver: false, canPlay: plays([]) })).toMatchObject({
      copy: 'original',
      note: expect.stringMatching(/could not be made/),
    });
    // A share link's version carries no copies: the server chose what its URL streams.
    expect(pickSource({ audioUrl: url }, { dataSaver: true, canPlay: plays([]) }).copy).toBe('original');
  });
});

describe('the compare link', () => {
  const ids = ['v3', 'v2', 'v1'];
  const parse = (q: string) => parseCompare(new URLSearchParams(q), ids);

  it('reads two versions, the time and the match, clamping a negative time', () => {
    expect(parse('compare=v3,v1&t=63.2&match=1')).toEqual({
      ok: true,
      state: { a: 'v3', b: 'v1', t: 63.2, match: true },
    });
    expect(parse('compare=v3,v1&t=-5&match=0')).toEqual({
      ok: true,
      state: { a: 'v3', b: 'v1', t: 0, match: false },
    });
    expect(parse('compare=v3,v1&t=abc')).toMatchObject({ ok: true, state: { t: 0, match: null } });
    expect(parse('t=3')).toBeNull();
  });

  it('refuses a version with itself, another track’s version, and anything but two', () => {
    expect(parse('compare=v3,v3')).toEqual({ ok: false, error: 'Pick two different versions to compare.' });
    expect(parse('compare=v3,other')).toEqual({
      ok: false,
      error: 'Only versions of this track can be compared.',
    });
    expect(parse('compare=v3')).toMatchObject({ ok: false });
    expect(parse('compare=v3,v2,v1')).toMatchObject({ ok: false });
  });

  it('writes what it reads', () => {
    const state = { a: 'v3', b: 'v1', t: 63.24, match: true };
    expect(compareParams(state)).toEqual({ compare: 'v3,v1', t: '63.2', match: '1' });
    expect(parse(new URLSearchParams(compareParams(state)).toString())).toEqual({
      ok: true,
      state: { ...state, t: 63.2 },
    });
  });

  it('defaults to the current version and the one before it', () => {
    expect(
      defaultPair([
        { _id: 'v3', isCurrent: false },
        { _id: 'v2', isCurrent: true },
        { _id: 'v1', isCurrent: false },
      ]),
    ).toEqual(['v2', 'v1']);
    expect(
      defaultPair([
        { _id: 'v2', isCurrent: false },
        { _id: 'v1', isCurrent: true },
      ]),
    ).toEqual(['v1', 'v2']);
    expect(defaultPair([{ _id: 'v1', isCurrent: true }])).toBeNull();
  });
});

describe('matching loudness', () => {
  it('turns the louder version down by the difference: −14 and −8 LUFS is −6.0 dB on the louder', () => {
    expect(matchGains(-14, -8)).toEqual({ a: 0, b: -6 });
    expect(matchGains(-8, -14)).toEqual({ a: -6, b: 0 });
    expect(matchGains(-9.04, -9.0)).toEqual({ a: 0, b: 0 });
    expect(matchGains(null, -8)).toEqual({ a: 0, b: 0 });
    // −6 dB is half the amplitude, near enough: 0.501.
    expect(volumeOf(-6)).toBeCloseTo(0.501, 3);
    expect(volumeOf(3)).toBe(1);
  });
});
