// The api-tokens area's table: personal API tokens, kept by the SHA-256 of the token (migration 0038).
import type { Timestamp } from '../../db/schema.ts';

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** Comma-separated scopes, as contract/api-tokens normalizes them: `read` or `read,write`. */
  scopes: string;
  /** Hex SHA-256 of the token; unique, so a request finds its token by one index lookup. */
  token_hash: string;
  created_at: Timestamp;
  /** Written at most once a minute per token. */
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface DB {
    api_tokens: ApiTokensTable;
  }
}
