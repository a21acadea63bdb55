// The media area's tables (see db/schema.ts for how areas declare tables).
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';

export interface TracksTable {
  id: string;
  project_id: string;
  /** 1-based running order within the project. */
  position: number;
  title: string;
  status: string;
  bpm: number | null;
  musical_key: string | null;
  /** Canonical form CC-XXX-YY-NNNNN. */
  isrc: string | null;
  notes: string;
  current_version_id: string | null;
  /** Whether its unresolved threads show on its later versions (migration 0036; boolean, 0/1 in SQLite). */
  carry_comments: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TrackVersionsTable {
  id: string;
  track_id: string;
  project_id: string;
  label: string;
  uploaded_by: string | null;
  storage_key: string;
  mime: string;
  format: string;
  original_name: string;
  size: ColumnType<number, number, number>;
  /** Seconds. */
  duration: number;
  sample_rate: number;
  bit_depth: number | null;
  channels: number;
  /** Sample frames where a lossless stream states them (migration 0037, for the stems' length check); else null. */
  frames: ColumnType<number | null, number | null | undefined, number | null>;
  peaks: Json<number[]>;
  peaks_status: 'pending' | 'ready' | 'failed';
  created_at: Timestamp;
  /** The version this one was mastered from (id and label then), or null for an upload. */
  mastered_from: ColumnType<string | null, string | null | undefined, string | null>;
  mastered_from_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** The listening copies (copies.ts): a job's status each; a null lossless status needs no lossless copy. */
  lossless_status: ColumnType<CopyStatus | null, CopyStatus | null | undefined, CopyStatus | null>;
  lossless_key: ColumnType<string | null, string | null | undefined, string | null>;
  lossless_size: ColumnType<number | null, number | null | undefined, number | null>;
  compact_status: ColumnType<CopyStatus, CopyStatus | undefined, CopyStatus>;
  compact_key: ColumnType<string | null, string | null | undefined, string | null>;
  compact_size: ColumnType<number | null, number | null | undefined, number | null>;
  /** Bits per second. */
  compact_bitrate: ColumnType<number | null, number | null | undefined, number | null>;
  compact_codec: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CopyStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ProjectFilesTable {
  id: string;
  project_id: string;
  category: string;
  storage_key: string;
  original_name: string;
  mime: string;
  size: ColumnType<number, number, number>;
  uploaded_by: string | null;
  created_at: Timestamp;
}

/** A version's stem (migration 0037): probed like a version, removed with it. */
export interface VersionStemsTable {
  id: string;
  version_id: string;
  track_id: string;
  project_id: string;
  name: string;
  role: string | null;
  storage_key: string;
  original_name: string;
  mime: string;
  format: string;
  size: ColumnType<number, number, number>;
  /** Seconds, as probed (not rounded). */
  duration: number;
  /** Sample frames where the container says; null when unknown. */
  frames: ColumnType<number | null, number | null | undefined, number | null>;
  sample_rate: number;
  bit_depth: number | null;
  channels: number;
  uploaded_by: string | null;
  created_at: Timestamp;
}

/** A version's null test (migration 0037): one row per version, rewritten by its job (null-test.ts). */
export interface VersionNullTestsTable {
  version_id: string;
  project_id: string;
  status: CopyStatus;
  residual_rms_dbfs: number | null;
  residual_peak_dbfs: number | null;
  verdict: 'sums' | 'close' | 'differs' | null;
  message: string;
  stem_count: number;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    tracks: TracksTable;
    track_versions: TrackVersionsTable;
    project_files: ProjectFilesTable;
    version_stems: VersionStemsTable;
    version_null_tests: VersionNullTestsTable;
  }
}
