import type { ShareLink, ShareLinkEvent } from '@mixdesk/contract/share-links';
import { describe, expect, it } from 'vitest';
import { clientOf, eventDetails, linkFacts, sharedWhat } from './share-labels';

const link: ShareLink = {
  _id: 'l1',
  projectId: 'p1',
  label: 'Label A&R',
  url: null,
  track: null,
  version: null,
  hasPassword: false,
  expiresAt: null,
  allowDownload: false,
  allowComments: true,
  includeStems: false,
  status: 'active',
  createdBy: { _id: 'u1', name: 'Paula Producer' },
  createdAt: '2026-11-25T10:00:00.000Z',
  revokedAt: null,
  counts: { opened: 0, played: 0, downloaded: 0, commented: 0 },
  lastOpenedAt: null,
};

const event: ShareLinkEvent = {
  _id: 'e1',
  kind: 'opened',
  createdAt: '2026-11-25T10:00:00.000Z',
  track: null,
  version: null,
  seconds: null,
  guestName: null,
  browser: 'Chrome',
  os: 'Linux',
};

describe('how a share link reads', () => {
  it('names what it shares', () => {
    expect(sharedWhat(link)).toBe('Whole project');
    expect(sharedWhat({ track: { _id: 't', title: 'Glasshouse' }, version: null })).toBe(
      'Glasshouse (current version)',
    );
    expect(
      sharedWhat({ track: { _id: 't', title: 'Glasshouse' }, version: { _id: 'v', label: 'Mix 3' } }),
    ).toBe('Glasshouse · Mix 3');
  });

  it('lists its settings, saying which are on', () => {
    expect(linkFacts(link).map((f) => [f.text, f.on])).toEqual([
      ['No password', false],
      ['No expiry', false],
      ['No downloads', false],
      ['Comments allowed', true],
    ]);
    const expired = linkFacts({
      ...link,
      hasPassword: true,
      allowDownload: true,
      status: 'expired',
      expiresAt: '2026-11-20T18:30:00.000Z',
    });
    expect(expired[0]).toEqual({ id: 'password', text: 'Password', on: true });
    expect(expired[1]?.text).toMatch(/^Expired 20 Nov 2026, \d\d:30$/);
    expect(expired[2]?.text).toBe('Downloads allowed');
    expect(linkFacts({ ...link, allowDownload: true, includeStems: true })[2]?.text).toBe(
      'Downloads allowed, with stems',
    );
  });
});

describe('how an access-log event reads', () => {
  const onVersion = {
    ...event,
    track: { _id: 't', title: 'Glasshouse' },
    version: { _id: 'v', label: 'Mix 3' },
  };

  it('shows how far a listen got as m:ss', () => {
    expect(eventDetails({ ...onVersion, kind: 'played', seconds: 72.6 })).toEqual([
      'Glasshouse · Mix 3',
      'to 1:12',
    ]);
  });

  it('names the guest who commented', () => {
    expect(eventDetails({ ...onVersion, kind: 'commented', guestName: 'Gina' })).toEqual([
      'Glasshouse · Mix 3',
      'by Gina',
    ]);
  });

  it('says nothing more for an opening of the whole link', () => {
    expect(eventDetails(event)).toEqual([]);
  });

  it('shows the browser and the system, leaving out unknown ones', () => {
    expect(clientOf(event)).toBe('Chrome · Linux');
    expect(clientOf({ browser: 'Firefox', os: 'Unknown' })).toBe('Firefox');
  });
});
