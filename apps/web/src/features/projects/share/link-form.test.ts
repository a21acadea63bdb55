import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINK_VALUES,
  localDateTimeToIso,
  type ShareLinkValues,
  toCreateInput,
  validateLink,
} from './link-form';

const values = (patch: Partial<ShareLinkValues>): ShareLinkValues => ({
  ...EMPTY_LINK_VALUES,
  label: 'Label A&R',
  ...patch,
});

/** A datetime-local value `days` from now, in this machine's time zone. */
function localIn(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
  return at.toISOString().slice(0, 16);
}

describe('the New share link form', () => {
  it('shares the whole project without password or expiry by default, comments allowed', () => {
    expect(toCreateInput(values({}))).toEqual({
      label: 'Label A&R',
      trackId: null,
      versionId: null,
      password: null,
      expiresAt: null,
      allowDownload: false,
      allowComments: true,
      includeStems: false,
    });
    expect(validateLink(values({}))).toEqual({});
  });

  it('sends the track for one track, and the track and version for one version', () => {
    expect(toCreateInput(values({ scope: 'track', trackId: 't1', versionId: 'v9' }))).toMatchObject({
      trackId: 't1',
      versionId: null,
    });
    expect(toCreateInput(values({ scope: 'version', trackId: 't1', versionId: 'v2' }))).toMatchObject({
      trackId: 't1',
      versionId: 'v2',
    });
    // A track picked before going back to the whole project is not sent.
    expect(toCreateInput(values({ scope: 'project', trackId: 't1' }))).toMatchObject({ trackId: null });
  });

  it('sends the stems only with downloads allowed', () => {
    expect(toCreateInput(values({ allowDownload: true, includeStems: true })).includeStems).toBe(true);
    // Ticked, then downloads turned off: the stems are not sent (the contract would refuse them).
    expect(toCreateInput(values({ allowDownload: false, includeStems: true })).includeStems).toBe(false);
    expect(validateLink(values({ allowDownload: false, includeStems: true }))).toEqual({});
  });

  it('asks for the track and the version the scope needs', () => {
    expect(validateLink(values({ scope: 'track' }))).toEqual({ trackId: 'Choose a track' });
    expect(validateLink(values({ scope: 'version', trackId: 't1' }))).toEqual({
      versionId: 'Choose a version',
    });
  });

  it('sends the password and the expiry as an instant with a time zone', () => {
    const input = toCreateInput(values({ password: 'open-sesame', expiresAt: '2031-05-04T18:30' }));
    expect(input.password).toBe('open-sesame');
    expect(input.expiresAt).toBe(new Date(2031, 4, 4, 18, 30).toISOString());
    expect(validateLink(values({ password: 'open-sesame', expiresAt: localIn(3) }))).toEqual({});
  });

  it("refuses what the contract refuses, in the contract's words", () => {
    expect(validateLink(values({ label: '  ' }))).toEqual({ label: 'Label is required' });
    expect(validateLink(values({ password: 'abc' }))).toEqual({
      password: 'Password must be at least 4 characters',
    });
    expect(validateLink(values({ expiresAt: localIn(-1) }))).toEqual({
      expiresAt: 'Expiry must be in the future',
    });
    expect(validateLink(values({ expiresAt: 'next week' }))).toEqual({
      expiresAt: 'Expiry must be a date and time (ISO 8601)',
    });
  });

  it('reads a datetime-local value in the local time zone, and nothing else', () => {
    expect(localDateTimeToIso('2031-01-02T03:04')).toBe(new Date(2031, 0, 2, 3, 4).toISOString());
    expect(localDateTimeToIso('tomorrow')).toBeNull();
    expect(localDateTimeToIso('2031-13-45T99:99')).toBeNull();
  });
});
