// Rows to the API's share links and access-log events (packages/contract/src/share-links.ts).
import type { ShareLink, ShareLinkEvent, ShareLinkStatus } from '@mixdesk/contract/share-links';
import { nowIso } from '../../platform/ids.ts';
import type { EventRow, LinkFigures, LinkRow } from './repo.ts';

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function statusOf(row: LinkRow, now: string): ShareLinkStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && iso(row.expires_at)! <= now) return 'expired';
  return 'active';
}

export function presentLink(row: LinkRow, figures: LinkFigures, url: string | null = null): ShareLink {
  return {
    _id: row.id,
    projectId: row.project_id,
    label: row.label,
    url,
    track: row.track_id && row.track_title !== null ? { _id: row.track_id, title: row.track_title } : null,
    version:
      row.version_id && row.version_label !== null ? { _id: row.version_id, label: row.version_label } : null,
    hasPassword: row.password_hash !== null,
    expiresAt: iso(row.expires_at),
    allowDownload: Boolean(row.allow_download),
    allowComments: Boolean(row.allow_comments),
    includeStems: Boolean(row.include_stems),
    status: statusOf(row, nowIso()),
    createdBy:
      row.created_by && row.creator_name !== null ? { _id: row.created_by, name: row.creator_name } : null,
    createdAt: iso(row.created_at)!,
    revokedAt: iso(row.revoked_at),
    counts: figures.counts,
    lastOpenedAt: figures.lastOpenedAt,
  };
}

export function presentEvent(row: EventRow): ShareLinkEvent {
  return {
    _id: row.id,
    kind: row.kind,
    createdAt: iso(row.created_at)!,
    track: row.track_id && row.track_title !== null ? { _id: row.track_id, title: row.track_title } : null,
    version:
      row.version_id && row.version_label !== null ? { _id: row.version_id, label: row.version_label } : null,
    seconds: row.seconds === null ? null : Number(row.seconds),
    guestName: row.guest_name,
    browser: row.browser,
    os: row.os,
  };
}
