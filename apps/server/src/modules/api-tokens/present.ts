// A token row as the API answers it: never its hash, and the secret only in the creation's answer.
import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope } from '@mixdesk/contract/api-tokens';
import type { ApiTokenRow } from './repo.ts';

/** The stored comma-separated scopes, as the contract's list (anything unknown is dropped, not trusted). */
export function scopesOf(stored: string): ApiTokenScope[] {
  const listed = new Set(stored.split(','));
  return API_TOKEN_SCOPES.filter((scope) => listed.has(scope));
}

export function presentToken(
  row: Pick<ApiTokenRow, 'id' | 'name' | 'scopes' | 'created_at' | 'last_used_at' | 'expires_at'>,
): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}
