// Settings › API Tokens: the calls (list, create, revoke) and the New token form's values as the body it sends.
import type { ApiTokenScope, CreateApiTokenInput } from '@mixdesk/contract/api-tokens';
import { apiTokenRoutes as routes } from '@mixdesk/contract/routes/api-tokens';
import { call } from '../../lib/call';

export const API_TOKENS_QUERY_KEY = ['account-api-tokens'] as const;

export async function fetchApiTokens() {
  return (await call(routes.list, {})).data.tokens;
}

export async function createApiToken(body: CreateApiTokenInput) {
  return (await call(routes.create, { body })).data;
}

export async function revokeApiToken(id: string) {
  return call(routes.revoke, { params: { id } });
}

/** What the token may do, as the form offers it: read only, or read and write. */
export type TokenAccess = 'read' | 'write';

/** When the token stops working: never, a number of days from now, or the end of a chosen day. */
export type TokenExpiry = 'never' | '7' | '30' | '90' | '365' | 'date';

export const EXPIRY_CHOICES: { value: TokenExpiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: 'date', label: 'On a date…' },
];

export interface NewTokenValues {
  name: string;
  access: TokenAccess;
  expiry: TokenExpiry;
  /** As a date input holds it ("2027-01-31"), for expiry 'date'. */
  date: string;
}

export const EMPTY_TOKEN_VALUES: NewTokenValues = { name: '', access: 'read', expiry: '90', date: '' };

const DAY_MS = 86_400_000;

/**
 * The expiry sent for the form's choice, as ISO 8601: days from `now`, or the end of the chosen day in the
 * browser's time zone; null for never. A date that cannot be read is sent as typed, for the contract to refuse.
 */
export function expiryOf(v: Pick<NewTokenValues, 'expiry' | 'date'>, now: Date): string | null {
  if (v.expiry === 'never') return null;
  if (v.expiry !== 'date') return new Date(now.getTime() + Number(v.expiry) * DAY_MS).toISOString();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return v.date;
  const end = new Date(`${v.date}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? v.date : end.toISOString();
}

export function toCreateInput(v: NewTokenValues, now: Date): CreateApiTokenInput {
  const scopes: ApiTokenScope[] = v.access === 'write' ? ['read', 'write'] : ['read'];
  return { name: v.name.trim(), scopes, expiresAt: expiryOf(v, now) };
}

/** A date input's value for `now`'s day in the browser's time zone: the earliest a token can end (at its end). */
export function dayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
