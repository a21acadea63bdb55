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

export interface DashboardVersionsTable {
  user_id: string;
  version: number | string;
}

declare module '../../db/schema.ts' {
  interface DB {
    activities: ActivitiesTable;
    activity_inbox: ActivityInboxTable;
    dashboard_versions: DashboardVersionsTable;
  }
}
