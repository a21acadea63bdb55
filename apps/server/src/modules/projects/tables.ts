// The projects area's tables (see db/schema.ts for how areas declare tables).
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';

export interface ProjectsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string | null;
  type: string;
  status: string;
  genre: Json<string[]>;
  target_release_date: string | null;
  record_label: string | null;
  producer: string | null;
  engineer: string | null;
  studio: string | null;
  tags: Json<string[]>;
  /** Kept exact by the media area, in the same transaction as the change that moves it. */
  track_count: ColumnType<number, number | undefined, number>;
  /** Seconds: the sum of the tracks' current versions. */
  total_duration: ColumnType<number, number | undefined, number>;
  /** Bytes: everything the project stores. */
  total_file_size: ColumnType<number, number | undefined, number>;
  /** Lower-cased title, description and tags, one per line: what the list's search matches. */
  search_text: string;
  /** SQLite only, set by a trigger: the project's key in the full-text index (migration 0002). */
  search_key: ColumnType<number | null, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_activity_at: Timestamp;
}

export interface ProjectCollaboratorsTable {
  project_id: string;
  user_id: string;
  permission: 'view' | 'edit';
  role: string;
  created_at: Timestamp;
}

/** Projects per owner, kept by triggers on projects (migration 0002): the unfiltered list's total. */
export interface ProjectOwnerStatsTable {
  owner_id: string;
  project_count: number;
  /** Kept by triggers (migration 0015): the dashboard's figures of what the owner has. */
  active_count: ColumnType<number | string, never, never>;
  track_total: ColumnType<number | string, never, never>;
  bytes_total: ColumnType<number | string, never, never>;
}

/** Per viewer, bumped by triggers on any change their list shows (migration 0006): validates cached lists. */
export interface ProjectListVersionsTable {
  user_id: string;
  version: number;
}

declare module '../../db/schema.ts' {
  interface DB {
    projects: ProjectsTable;
    project_collaborators: ProjectCollaboratorsTable;
    project_owner_stats: ProjectOwnerStatsTable;
    project_list_versions: ProjectListVersionsTable;
  }
}
