// How the dashboard words things: the greeting for the hour, how long ago something happened, and the Storage
// Used card's figures and level (in words as well as colour).
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

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const calendar = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date ("3 Mar 2026"). */
export function timeAgo(iso: string, now: Date): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  // A clock a little ahead of ours still means "just now".
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return calendar.format(at);
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
