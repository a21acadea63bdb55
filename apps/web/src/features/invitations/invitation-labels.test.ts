import { describe, expect, it } from 'vitest';
import { accessLabel, expiresLabel } from './invitation-labels';

describe('invitation labels', () => {
  it('names the access an invitation gives', () => {
    expect(accessLabel('edit')).toBe('Can edit');
    expect(accessLabel('view')).toBe('Can view');
  });

  it('reads the expiry as a calendar date, and an unreadable one without a date', () => {
    expect(expiresLabel('2026-07-03T12:00:00.000Z')).toBe('expires Jul 3, 2026');
    expect(expiresLabel('not a date')).toBe('expires soon');
  });
});
