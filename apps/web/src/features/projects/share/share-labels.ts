// How a share link reads on the Share tab: what it shares, its status, its facts, and its access log's events.
import { formatTimestamp } from '@mixdesk/contract/comments';
import type {
  ShareEventKind,
  ShareLink,
  ShareLinkEvent,
  ShareLinkStatus,
} from '@mixdesk/contract/share-links';
import type { BadgeTone } from '../../../ui/badge';
import { formatWhen } from '../tracks/track-labels';

export const STATUS_LABEL: Record<ShareLinkStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const STATUS_TONE: Record<ShareLinkStatus, BadgeTone> = {
  active: 'success',
  expired: 'warning',
  revoked: 'neutral',
};

export const EVENT_LABEL: Record<ShareEventKind, string> = {
  opened: 'Opened',
  played: 'Played',
  downloaded: 'Downloaded',
  commented: 'Commented',
};

export const EVENT_TONE: Record<ShareEventKind, BadgeTone> = {
  opened: 'neutral',
  played: 'accent',
  downloaded: 'info',
  commented: 'success',
};

/** "Whole project", "Glasshouse (current version)" or "Glasshouse · Mix 3". */
export function sharedWhat(link: Pick<ShareLink, 'track' | 'version'>): string {
  if (!link.track) return link.version ? link.version.label : 'Whole project';
  return link.version
    ? `${link.track.title} · ${link.version.label}`
    : `${link.track.title} (current version)`;
}

export type LinkFactId = 'password' | 'expiry' | 'download' | 'comments';

/** The short facts under a link: password, expiry, download, comments; `on` when the fact is a yes. */
export function linkFacts(link: ShareLink): Array<{ id: LinkFactId; text: string; on: boolean }> {
  const expiry = link.expiresAt
    ? `${link.status === 'expired' ? 'Expired' : 'Expires'} ${formatWhen(link.expiresAt)}`
    : 'No expiry';
  return [
    { id: 'password', text: link.hasPassword ? 'Password' : 'No password', on: link.hasPassword },
    { id: 'expiry', text: expiry, on: link.expiresAt !== null },
    {
      id: 'download',
      text: link.allowDownload
        ? link.includeStems
          ? 'Downloads allowed, with stems'
          : 'Downloads allowed'
        : 'No downloads',
      on: link.allowDownload,
    },
    { id: 'comments', text: link.allowComments ? 'Comments allowed' : 'No comments', on: link.allowComments },
  ];
}

/** What an access-log row says beside its kind: the version, how far a listen got, who commented. */
export function eventDetails(event: ShareLinkEvent): string[] {
  const what = event.track
    ? event.version
      ? `${event.track.title} · ${event.version.label}`
      : event.track.title
    : event.version?.label;
  return [
    what ?? null,
    event.kind === 'played' && event.seconds !== null ? `to ${formatTimestamp(event.seconds)}` : null,
    event.kind === 'commented' && event.guestName ? `by ${event.guestName}` : null,
  ].filter((part): part is string => part !== null);
}

/** "Chrome · Linux"; an unknown family reads as nothing rather than "Other". */
export function clientOf(event: Pick<ShareLinkEvent, 'browser' | 'os'>): string {
  return [event.browser, event.os].filter((part) => part && part.toLowerCase() !== 'unknown').join(' · ');
}
