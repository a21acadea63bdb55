// The catalog area's tables (migration 0041): works, recordings, releases and their tracks, rounds of agreement
// on splits and their parties, and the private calendar feeds. JSON lists are text on both dialects.
import type { Timestamp } from '../../db/schema.ts';

export interface WorksTable {
  id: string;
  owner_id: string;
  title: string;
  /** Printed form `T-123.456.789-C`. */
  iswc: string | null;
  /** JSON: contract Writer[]. */
  writers: string;
  /** JSON: contract Publisher[]. */
  publishers: string;
  /** draft, pending, agreed. */
  splits_status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecordingsTable {
  id: string;
  owner_id: string;
  project_id: string;
  track_id: string;
  work_id: string | null;
  /** 12 characters, no hyphens; unique per owner. */
  isrc: string | null;
  /** JSON: contract Artist[]. */
  artists: string;
  /** JSON: contract Credit[]. */
  credits: string;
  /** JSON: contract MasterOwner[]. */
  master_owners: string;
  bpm: number | null;
  musical_key: string | null;
  studio: string;
  recorded_on: string | null;
  p_line_year: number | null;
  p_line_owner: string;
  splits_status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReleasesTable {
  id: string;
  owner_id: string;
  title: string;
  type: string;
  /** 12 or 13 digits. */
  upc: string | null;
  label: string;
  catalogue_number: string;
  release_date: string | null;
  c_line: string;
  artwork_key: string | null;
  artwork_format: string | null;
  artwork_width: number | null;
  artwork_height: number | null;
  artwork_size: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReleaseTracksTable {
  release_id: string;
  /** 0-based order on the release. */
  position: number;
  project_id: string;
  track_id: string;
  disc: number;
  number: number;
}

export interface AgreementRoundsTable {
  id: string;
  owner_id: string;
  /** 'work' or 'recording'. */
  subject_kind: string;
  /** The work's id, or the recording's (recordings.id). */
  subject_id: string;
  title: string;
  /** JSON: the splits as sent (see agreements.ts). */
  snapshot: string;
  /** open, agreed, declined, void. */
  status: string;
  sent_at: Timestamp;
  agreed_at: Timestamp | null;
  /** The sealed split sheet, once agreed. */
  sheet_key: string | null;
  sheet_sha256: string | null;
  sheet_size: number | null;
}

export interface AgreementPartiesTable {
  id: string;
  round_id: string;
  position: number;
  /** writer, publisher, master_owner. */
  kind: string;
  name: string;
  email: string;
  share_basis_points: number;
  token_hash: string;
  /** pending, accepted, declined. */
  status: string;
  reason: string | null;
  responded_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    works: WorksTable;
    recordings: RecordingsTable;
    releases: ReleasesTable;
    release_tracks: ReleaseTracksTable;
    agreement_rounds: AgreementRoundsTable;
    agreement_parties: AgreementPartiesTable;
    calendar_feeds: CalendarFeedsTable;
  }
}
