// The uploads area's table (migration 0034-uploads); see db/schema.ts for how areas declare tables.
import type { UploadStatus } from '@mixdesk/contract/uploads';
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from '../../db/schema.ts';

export interface UploadsTable {
  id: string;
  user_id: string;
  target: 'version' | 'file' | 'avatar' | 'stem';
  project_id: string | null;
  track_id: string | null;
  fields: Json<Record<string, string>>;
  file_name: string;
  file_type: string;
  /** bigint: PostgreSQL answers it as a string. */
  length: ColumnType<number | string, number, number>;
  quota_owner_id: string | null;
  status: UploadStatus;
  message: string | null;
  /** What it became, once done (as the API shows it), JSON; null until then. */
  result: ColumnType<Record<string, unknown> | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    uploads: UploadsTable;
  }
}
