// The reviews area's tables (migration 0018-reviews); see db/schema.ts for how areas declare tables.
import type { Timestamp } from '../../db/schema.ts';

export interface VersionReviewsTable {
  id: string;
  project_id: string;
  track_id: string;
  version_id: string;
  reviewer_id: string;
  /** 'approved' or 'changes_requested' (REVIEW_DECISIONS). */
  decision: string;
  note: string | null;
  created_at: Timestamp;
}

export interface ReviewRequestsTable {
  version_id: string;
  reviewer_id: string;
  /** Who asked; null once their account is gone. */
  requested_by: string | null;
  project_id: string;
  track_id: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    version_reviews: VersionReviewsTable;
    review_requests: ReviewRequestsTable;
  }
}
