// The notifications area's table (migrations 0017-notifications and 0028-guest-comment-limits-and-folds); see
// db/schema.ts for how areas declare tables.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface NotificationsTable {
  id: string;
  /** Whom it is for. */
  user_id: string;
  kind: string;
  /** Who caused it; null for a guest, or once their account is deleted (actor_name stays). */
  actor_id: string | null;
  actor_name: string | null;
  project_id: string | null;
  title: string;
  body: string;
  link: string;
  /** Set by a source that must tell a person something once (unique per user). */
  dedupe_key: string | null;
  /** Kind and thread of a notification that folds its repeats; cleared once read (unique per user when set). */
  fold_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many notifications this row folds (1 for most). */
  fold_count: ColumnType<number, number | undefined, number>;
  read_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the email sweep dealt with it: mailed, or passed over by the person's settings. */
  emailed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    notifications: NotificationsTable;
  }
}
