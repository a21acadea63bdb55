// The auth area's tables (see db/schema.ts for how areas declare tables).
import type { Bool, Timestamp } from '../../db/schema.ts';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  verified: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Set with `used_at` when a newer link of the same purpose retired this one (migration 0029). */
  replaced_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: string;
  email: string;
  ip: string;
  created_at: Timestamp;
}

/** Verification mails per email address (its SHA-256), kept a day: see mail-budget.ts. */
export interface AddressMailLogTable {
  id: string;
  address_hash: string;
  kind: string;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface DB {
    users: UsersTable;
    auth_sessions: AuthSessionsTable;
    refresh_tokens: RefreshTokensTable;
    one_time_tokens: OneTimeTokensTable;
    login_failures: LoginFailuresTable;
    address_mail_log: AddressMailLogTable;
  }
}
