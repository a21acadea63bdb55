import { describe, expect, it } from 'vitest';
import {
  describeUptime,
  formatBytes,
  formatDetail,
  formatLatency,
  formatLoadAverage,
  formatPercent,
  formatUptime,
  humanizeKey,
} from './format';

describe('formatBytes (base 1024, one decimal, up to TB)', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [734_003_200, '700.0 MB'],
    [16 * 1024 ** 3, '16.0 GB'],
    [1024 ** 4, '1.0 TB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [2048 * 1024 ** 4, '2048.0 TB'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
  ])('%s bytes reads %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe('uptime as days, hours and minutes', () => {
  it.each([
    [0, '0d 0h 0m'],
    [59, '0d 0h 0m'],
    [60, '0d 0h 1m'],
    [3599, '0d 0h 59m'],
    [3600, '0d 1h 0m'],
    [86_399, '0d 23h 59m'],
    [86_400, '1d 0h 0m'],
    [3 * 86_400 + 4 * 3600 + 12 * 60 + 30, '3d 4h 12m'],
    [-10, '0d 0h 0m'],
  ])('%s seconds reads %s', (seconds, expected) => {
    expect(formatUptime(seconds)).toBe(expected);
  });

  it('is spelled out for screen readers', () => {
    expect(describeUptime(86_400 + 2 * 3600 + 60)).toBe('1 day, 2 hours, 1 minute');
    expect(describeUptime(0)).toBe('0 days, 0 hours, 0 minutes');
  });
});

describe('formatLatency', () => {
  it('rounds to whole milliseconds', () => {
    expect(formatLatency(0)).toBe('0 ms');
    expect(formatLatency(12.4)).toBe('12 ms');
    expect(formatLatency(12.5)).toBe('13 ms');
  });
  it('shows a dash when nothing was measured', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(undefined)).toBe('—');
    expect(formatLatency(Number.NaN)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('keeps one decimal within 0-100', () => {
    expect(formatPercent(42.345)).toBe('42.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(120)).toBe('100.0%');
    expect(formatPercent(-1)).toBe('0.0%');
  });
});

describe('formatLoadAverage', () => {
  it('lists the 1, 5 and 15 minute figures', () => {
    expect(formatLoadAverage([0.5, 1.234, 2])).toBe('0.50 · 1.23 · 2.00');
    expect(formatLoadAverage([])).toBe('—');
  });
});

describe('probe details', () => {
  it('turn keys into labels', () => {
    expect(humanizeKey('walBytes')).toBe('WAL size');
    expect(humanizeKey('connectedSockets')).toBe('Connected sockets');
    expect(humanizeKey('pool_size')).toBe('Pool size');
    expect(humanizeKey('clients')).toBe('Clients');
  });
  it('show sizes in B…TB and other figures as they are', () => {
    expect(formatDetail('sizeBytes', 2048)).toBe('2.0 KB');
    expect(formatDetail('clients', 12_500)).toBe('12,500');
    expect(formatDetail('driver', 'local')).toBe('local');
    expect(formatDetail('writable', true)).toBe('Yes');
    expect(formatDetail('version', null)).toBe('—');
  });
  it("show the mail queue's oldest waiting mail as an age", () => {
    expect(humanizeKey('oldestWaitingAgeSeconds')).toBe('Oldest waiting');
    expect(formatDetail('oldestWaitingAgeSeconds', 45)).toBe('45s');
    expect(formatDetail('oldestWaitingAgeSeconds', 725)).toBe('12m 5s');
    expect(formatDetail('oldestWaitingAgeSeconds', 3 * 3600 + 20 * 60 + 7)).toBe('3h 20m');
    expect(formatDetail('oldestWaitingAgeSeconds', 2 * 86_400 + 4 * 3600)).toBe('2d 4h');
    expect(formatDetail('oldestWaitingAgeSeconds', null)).toBe('—');
    expect(formatDetail('retrying', 2)).toBe('2');
  });
});
