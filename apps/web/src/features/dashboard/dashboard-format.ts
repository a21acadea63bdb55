// How the dashboard words things: the greeting for the hour and the Storage Used card's figures and level (in
// words as well as colour). How long ago something happened is lib/time-ago.ts.
import {
  type DashboardStats,
  type StorageLevel,
  storageLevel,
  storagePercent,
} from '@mixdesk/contract/dashboard';
import { formatBytes } from '../../lib/format-bytes';

/** "Good morning" until noon, "Good afternoon" until 6 pm, "Good evening" after (and in the small hours). */
export function greetingFor(now: Date): string {
  const hour = now.getHours();
  if (hour >= 5 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The name a greeting uses: the first word of the full name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** Words for the levels: the card is never told apart by its colour alone. */
export const STORAGE_LEVEL_LABEL: Record<StorageLevel, string | null> = {
  ok: null,
  warning: 'Running low',
  danger: 'Almost full',
};

export interface StorageSummary {
  used: string;
  quota: string;
  /** 0–100 with at most one decimal. */
  percent: number;
  /** "68% of limit". */
  percentText: string;
  level: StorageLevel;
}

export function storageSummary(stats: Pick<DashboardStats, 'storageUsedBytes' | 'storageQuotaBytes'>) {
  const percent = storagePercent(stats);
  return {
    used: formatBytes(stats.storageUsedBytes, 'TB'),
    quota: formatBytes(stats.storageQuotaBytes, 'TB'),
    percent,
    percentText: `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}% of limit`,
    level: storageLevel(percent),
  } satisfies StorageSummary;
}
