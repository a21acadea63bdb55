import { CreateApiTokenSchema } from '@mixdesk/contract/api-tokens';
import { describe, expect, it } from 'vitest';
import { dayOf, EMPTY_TOKEN_VALUES, expiryOf, toCreateInput } from './api-tokens-api';

const now = new Date(2026, 10, 28, 15, 30, 0);

describe('the New API token form', () => {
  it('sends a read-only token ending in 90 days by default, once it has a name', () => {
    const body = toCreateInput({ ...EMPTY_TOKEN_VALUES, name: '  Backup  ' }, now);
    expect(body).toEqual({
      name: 'Backup',
      scopes: ['read'],
      expiresAt: new Date(now.getTime() + 90 * 86_400_000).toISOString(),
    });
  });

  it('sends read and write for "Read and write"', () => {
    expect(toCreateInput({ ...EMPTY_TOKEN_VALUES, name: 'x', access: 'write' }, now).scopes).toEqual([
      'read',
      'write',
    ]);
  });

  it('sends no expiry for Never, and the end of the chosen day in this time zone for a date', () => {
    expect(expiryOf({ expiry: 'never', date: '' }, now)).toBeNull();
    expect(expiryOf({ expiry: 'date', date: '2027-01-31' }, now)).toBe(
      new Date(2027, 0, 31, 23, 59, 59, 999).toISOString(),
    );
  });

  it('sends an unreadable date as typed, for the contract to refuse with its message', () => {
    const body = toCreateInput({ ...EMPTY_TOKEN_VALUES, name: 'x', expiry: 'date', date: '31/01/2027' }, now);
    expect(body.expiresAt).toBe('31/01/2027');
    expect(CreateApiTokenSchema.safeParse(body).error?.issues[0]?.path).toEqual(['expiresAt']);
  });

  it("offers today as the earliest last day (the token ends at the day's end)", () => {
    expect(dayOf(now)).toBe('2026-11-28');
    expect(dayOf(new Date(2027, 0, 5))).toBe('2027-01-05');
  });
});
