// The comments area's tables (migration 0016-comments); see db/schema.ts for how areas declare tables.
import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../db/schema.ts';

export interface CommentsTable {
  id: string;
  project_id: string;
  track_id: string;
  version_id: string;
  /** The thread's first comment, for a reply; null for a first comment. */
  parent_id: string | null;
  /** Null for a guest's comment (share links), who is named by guest_name. */
  author_id: string | null;
  guest_name: string | null;
  /** The share link a guest's comment came through (migration 0019); null for a team member's. */
  share_link_id: ColumnType<string | null, string | null | undefined, string | null>;
  body: string;
  /** Seconds into the version. */
  at_sec: number;
  /** The end of a range in seconds; null for a point. */
  end_sec: number | null;
  resolved_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  edited_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /**
   * Set on a thread's first comment its author deleted after others replied (migration 0025): a placeholder
   * with no words and no author, kept so the replies keep their thread.
   */
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    comments: CommentsTable;
    comment_likes: CommentLikesTable;
  }
}
