// The share-links area's tables (migration 0019-share-links); see db/schema.ts for how areas declare tables.
import type { ShareEventKind } from '@mixdesk/contract/share-links';
import type { ColumnType } from 'kysely';
import type { Bool, Timestamp } from '../../db/schema.ts';

export interface ShareLinksTable {
  id: string;
  project_id: string;
  /** The one track shared (with version_id null: its current version); null with version_id null: all. */
  track_id: string | null;
  version_id: string | null;
  label: string;
  /** SHA-256 (hex) of the token; the token itself is only ever in the creator's answer. */
  token_hash: string;
  /** argon2id; null for a link without a password. */
  password_hash: string | null;
  expires_at: Timestamp | null;
  allow_download: Bool;
  allow_comments: Bool;
  /** The stems of what it shares, to download (migration 0037; only with allow_download). */
  include_stems: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface ShareLinkEventsTable {
  id: string;
  link_id: string;
  kind: ShareEventKind;
  track_id: string | null;
  version_id: string | null;
  listen_id: string | null;
  seconds: number | null;
  guest_name: string | null;
  browser: string;
  os: string;
  created_at: Timestamp;
}

export interface ShareFailuresTable {
  id: string;
  ip: string;
  link_id: string | null;
  created_at: Timestamp;
}

/** One row per guest comment, for its link's hourly limit per address (migration 0028); kept an hour. */
export interface GuestCommentLogTable {
  id: string;
  link_id: string;
  /** HMAC-SHA256 of the address with the server's secret (base64url); never the address itself. */
  address_hash: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    share_links: ShareLinksTable;
    share_link_events: ShareLinkEventsTable;
    share_failures: ShareFailuresTable;
    guest_comment_log: GuestCommentLogTable;
  }
}
