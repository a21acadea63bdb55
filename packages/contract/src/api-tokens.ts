// Personal API tokens (issue #38): a signed-in person makes a token for a script, names it, chooses what it may
// do (`read`, or `read` and `write`) and, if they like, when it stops working. The token is `mxd_` and 32 random
// bytes in base64url, answered once; the server keeps only its SHA-256. Scripts send it as
// `Authorization: Bearer mxd_…`. Shapes shared by the server (validation, answers) and the web (Settings).
import { z } from 'zod';
import { hasHiddenCharacters, oneLine, text } from './auth.ts';
import { envelope } from './envelope.ts';

export const API_TOKEN_PREFIX = 'mxd_';
/** `mxd_` and 32 random bytes in base64url (43 characters, no padding). */
export const API_TOKEN_PATTERN = /^mxd_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_NAME_MAX = 100;
/** Tokens a person may hold at once (expired ones not counted: they no longer work). */
export const API_TOKENS_PER_USER_MAX = 50;

/** `read`: any GET. `write`: changes too (POST, PUT, PATCH, DELETE); a token with `write` reads as well. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read',
  write: 'Write',
};

const ScopeSchema = z.enum(API_TOKEN_SCOPES, { error: 'A scope is "read" or "write"' });

/** The scopes as kept and answered: in the list's order, once each, `read` whenever `write` is there. */
export function normalizeScopes(scopes: readonly ApiTokenScope[]): ApiTokenScope[] {
  const wanted = new Set<ApiTokenScope>(scopes);
  if (wanted.has('write')) wanted.add('read');
  return API_TOKEN_SCOPES.filter((scope) => wanted.has(scope));
}

/** A calendar date (`2027-01-31`, midnight UTC) or a date and time with its offset (ISO 8601). */
const ExpirySchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Expiry must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  })
  .refine((at) => Date.parse(at) > Date.now(), 'Expiry must be in the future');

export const CreateApiTokenSchema = z.strictObject({
  name: text('Name')
    .refine((v) => !hasHiddenCharacters(v), 'Name must not contain control or text-direction characters')
    .overwrite(oneLine)
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(ScopeSchema, {
      error: (issue) =>
        issue.input === undefined ? 'Scopes are required' : 'Scopes must be a list of "read" and "write"',
    })
    .min(1, 'Choose at least one scope: "read", or "read" and "write"')
    .max(API_TOKEN_SCOPES.length * 2, 'Scopes must be a list of "read" and "write"')
    .transform(normalizeScopes),
  /** When the token stops working; absent or null: it works until revoked. */
  expiresAt: ExpirySchema.nullish(),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenSchema>;

export const ApiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: z.string(),
  /** Within a minute of its last use (the server writes it at most once a minute); null until first used. */
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = z.object({
  /** The secret itself: in this answer only, never again. */
  token: z.string().regex(API_TOKEN_PATTERN),
  apiToken: ApiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });

export const ApiTokenParamsSchema = z.object({
  id: text('Token id').min(1, 'Token id is required').max(100, 'Token id is not a valid id'),
});

export const CreatedApiTokenResponseSchema = envelope(CreatedApiTokenSchema);
export const ApiTokenListResponseSchema = envelope(ApiTokenListSchema);
