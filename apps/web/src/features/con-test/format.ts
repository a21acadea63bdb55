// How the diagnostics screen shows its figures (SPEC §9): sizes in B…TB (base 1024, one decimal), uptime as
// days, hours and minutes, latencies in whole milliseconds, percentages with one decimal.

import { formatBytes as formatSize } from '../../lib/format-bytes';

/** Bytes in B…TB (the diagnostics show disks and memory, so TB too). */
export const formatBytes = (bytes: number) => formatSize(bytes, 'TB');

/** Whole days, hours and minutes in a number of seconds (negative or invalid input reads as zero). */
export function uptimeParts(totalSeconds: number): { days: number; hours: number; minutes: number } {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
  };
}

/** Seconds as days, hours and minutes: "3d 4h 12m"; under a minute reads "0d 0h 0m". */
export function formatUptime(totalSeconds: number): string {
  const { days, hours, minutes } = uptimeParts(totalSeconds);
  return `${days}d ${hours}h ${minutes}m`;
}

/** The same, spelled out for screen readers: "3 days, 4 hours, 1 minute". */
export function describeUptime(totalSeconds: number): string {
  const { days, hours, minutes } = uptimeParts(totalSeconds);
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return `${unit(days, 'day')}, ${unit(hours, 'hour')}, ${unit(minutes, 'minute')}`;
}

/** Milliseconds rounded to a whole number, or a dash when nothing was measured. */
export function formatLatency(ms: number | null | undefined): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? `${Math.max(0, Math.round(ms))} ms` : '—';
}

/** A percentage with one decimal, kept within 0–100. */
export function formatPercent(value: number): string {
  const clamped = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return `${clamped.toFixed(1)}%`;
}

/** The 1, 5 and 15 minute load averages, two decimals each. */
export function formatLoadAverage(loads: readonly number[]): string {
  return loads.length === 0 ? '—' : loads.map((n) => n.toFixed(2)).join(' · ');
}

const timeOfDay = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dateAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A moment as the local time of day (last checks and log lines are recent). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : timeOfDay.format(date);
}

/** A moment with its date, for what may be days old (a connection's last success). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateAndTime.format(date);
}

/** Names for the probes' figures where the key alone reads badly ("Wal bytes"). */
const DETAIL_NAMES: Record<string, string> = {
  fileBytes: 'File size',
  walBytes: 'WAL size',
  freeBytes: 'Free space',
  totalBytes: 'Disk size',
  probeSeconds: 'Probe length (s)',
  oldestWaitingAgeSeconds: 'Oldest waiting',
};

/** A probe's detail key as a label: "walBytes" reads "WAL size", "pool_size" reads "Pool size". */
export function humanizeKey(key: string): string {
  const named = DETAIL_NAMES[key];
  if (named) return named;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An age in seconds in its two largest units: "45s", "12m 5s", "3h 20m", "2d 4h". */
export function formatAge(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/**
 * A probe's detail value as text: sizes (keys ending in "bytes") in B…TB, ages (keys ending in "AgeSeconds")
 * in their two largest units, the rest as they are.
 */
export function formatDetail(key: string, value: string | number | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && /bytes$/i.test(key)) return formatBytes(value);
  if (typeof value === 'number' && /AgeSeconds$/.test(key)) return formatAge(value);
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value;
}
