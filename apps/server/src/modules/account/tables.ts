// The account-security area's tables: TOTP two-factor sign-in, its recovery codes and pending sign-ins.
import type { Timestamp } from '../../db/schema.ts';

export interface UserTwoFactorTable {
  user_id: string;
  /** AES-256-GCM ciphertext of the base32 secret (see two-factor-secret.ts). */
  secret_enc: string;
  enabled_at: Timestamp | null;
  last_used_step: number | null;
  created_at: Timestamp;
}

export interface UserRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface DB {
    user_two_factor: UserTwoFactorTable;
    user_recovery_codes: UserRecoveryCodesTable;
    login_challenges: LoginChallengesTable;
  }
}
