import { DEFAULT_STORAGE_QUOTA_BYTES } from '@mixdesk/contract/dashboard';
import { describe, expect, it } from 'vitest';
import { firstName, greetingFor, STORAGE_LEVEL_LABEL, storageSummary } from './dashboard-format';

const at = (hour: number) => new Date(2026, 4, 12, hour, 30);

describe('the greeting', () => {
  it('says good morning, afternoon or evening by the hour', () => {
    expect(greetingFor(at(5))).toBe('Good morning');
    expect(greetingFor(at(11))).toBe('Good morning');
    expect(greetingFor(at(12))).toBe('Good afternoon');
    expect(greetingFor(at(17))).toBe('Good afternoon');
    expect(greetingFor(at(18))).toBe('Good evening');
    expect(greetingFor(at(2))).toBe('Good evening');
  });

  it('uses the first word of the name', () => {
    expect(firstName('  Ana Ortiz ')).toBe('Ana');
    expect(firstName('Prince')).toBe('Prince');
  });
});

describe('storage', () => {
  const quota = DEFAULT_STORAGE_QUOTA_BYTES;

  it('shows bytes used, the share of the limit and no level while there is room', () => {
    const summary = storageSummary({ storageUsedBytes: 0, storageQuotaBytes: quota });
    expect(summary).toMatchObject({ used: '0 B', quota: '10.0 GB', percentText: '0% of limit', level: 'ok' });
    expect(STORAGE_LEVEL_LABEL[summary.level]).toBeNull();
  });

  it('turns to a warning at 80% and to danger at 95%, in words too', () => {
    const warning = storageSummary({ storageUsedBytes: quota * 0.8, storageQuotaBytes: quota });
    expect(warning).toMatchObject({ used: '8.0 GB', percentText: '80% of limit', level: 'warning' });
    expect(STORAGE_LEVEL_LABEL.warning).toBe('Running low');
    const danger = storageSummary({ storageUsedBytes: quota * 0.955, storageQuotaBytes: quota });
    expect(danger).toMatchObject({ percentText: '95.5% of limit', level: 'danger' });
    expect(STORAGE_LEVEL_LABEL.danger).toBe('Almost full');
  });

  it('counts up to terabytes', () => {
    expect(storageSummary({ storageUsedBytes: 2 * 1024 ** 4, storageQuotaBytes: 4 * 1024 ** 4 }).used).toBe(
      '2.0 TB',
    );
  });
});
