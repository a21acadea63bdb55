// The activity feed's tables (migration 0012-activity): written by triggers, read by the feeds.
import type { Timestamp } from '../../db/schema.ts';

export interface ActivitiesTable {
  id: string;
  kind: string;
  project_id: string | null;
  audience_user_id: string | null;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  subject: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface ActivityInboxTable {
  user_id: string;
  activity_id: string;
  project_id: string | null;
  created_at: Timestamp;
}

/** How many inbox rows a person has of each kind (0030-activity-inbox-counts), kept by triggers. */
export interface ActivityInboxCountsTable {
  user_id: string;
  kind: string;
  n: number | string;
}

export interface DashboardVersionsTable {
  user_id: string;
  version: number | string;
}

declare module '../../db/schema.ts' {
  interface DB {
    activities: ActivitiesTable;
    activity_inbox: ActivityInboxTable;
    activity_inbox_counts: ActivityInboxCountsTable;
    dashboard_versions: DashboardVersionsTable;
  }
}
