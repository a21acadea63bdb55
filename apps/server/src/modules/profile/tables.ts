// The profile area's tables: one row of profile fields and privacy settings per user.
import type { Bool, Json, Timestamp } from '../../db/schema.ts';

export interface UserProfilesTable {
  user_id: string;
  phone: string;
  location: string;
  bio: string;
  profession: string;
  experience: string;
  genres: Json<string[]>;
  avatar_key: string | null;
  avatar_mime: string | null;
  avatar_updated_at: Timestamp | null;
  email_notifications: Bool;
  project_notifications: Bool;
  collaboration_notifications: Bool;
  marketing_emails: Bool;
  profile_visibility: string;
  show_email: Bool;
  show_phone: Bool;
  show_location: Bool;
  updated_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    user_profiles: UserProfilesTable;
  }
}
