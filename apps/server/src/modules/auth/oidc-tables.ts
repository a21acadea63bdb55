// The auth area's single sign-on tables (migration 0040; see db/schema.ts for how areas declare tables).
import type { Timestamp } from '../../db/schema.ts';

/** An account's person at an OpenID Connect provider: later sign-ins find the account by issuer + subject. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  /** The verified address the provider gave when the link was made (for the account's data export). */
  email: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

/** A sign-in between its start and the provider's answer; used once (oidc-sign-ins.ts). */
export interface OidcSignInsTable {
  state_hash: string;
  /** SHA-256 of the random value in the browser's sign-in cookie: the answer must come back to that browser. */
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  /** A path in the app (safeAppPath). */
  redirect_to: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface DB {
    user_identities: UserIdentitiesTable;
    oidc_sign_ins: OidcSignInsTable;
  }
}
