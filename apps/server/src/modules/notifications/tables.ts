// The notifications area's table (migration 0017-notifications); see db/schema.ts for how areas declare tables.
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
