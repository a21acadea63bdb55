// What an upload's row says about it. Only an unfinished upload shows a percentage: a failed or cancelled one
// says so plainly (a bar stopped at 99 % in red read as "nearly there"), a finished one is complete. While it
// sends, the row says how much of the file is there, how fast and how long is left.
import { formatBytes } from '../format';
import type { UploadItem } from './use-upload-queue';

export interface UploadStatus {
  /** The words beside the file, e.g. '42 % · 12 MB of 30 MB · 2.1 MB/s · 9 s left', 'Failed: The file is not audio'. */
  text: string;
  /** The bar's fill, 0 to 100; null when there is no bar to show. */
  percent: number | null;
  tone: 'progress' | 'success' | 'danger' | 'muted';
}

/** "9 s", "4 min", "1 h 5 min". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

type Shown = Pick<UploadItem, 'state' | 'percent' | 'error'> &
  Partial<Pick<UploadItem, 'sent' | 'size' | 'speed' | 'secondsLeft'>>;

export function uploadStatus(item: Shown): UploadStatus {
  switch (item.state) {
    case 'waiting':
      return { text: 'Waiting', percent: 0, tone: 'progress' };
    case 'uploading': {
      // The bytes are all sent; the server is storing and checking the file.
      if (item.percent >= 99) return { text: '99 % · Processing', percent: 99, tone: 'progress' };
      const parts = [`${item.percent} %`];
      if (item.sent !== undefined && item.size !== undefined && item.sent > 0)
        parts.push(`${formatBytes(item.sent)} of ${formatBytes(item.size)}`);
      if (item.speed) parts.push(`${formatBytes(item.speed)}/s`);
      if (item.secondsLeft !== null && item.secondsLeft !== undefined)
        parts.push(`${formatTimeLeft(item.secondsLeft)} left`);
      if (parts.length === 1) parts.push('Uploading');
      return { text: parts.join(' · '), percent: item.percent, tone: 'progress' };
    }
    case 'paused':
      return { text: `${item.percent} % · Paused`, percent: item.percent, tone: 'muted' };
    case 'reconnecting':
      return {
        text: `${item.percent} % · Connection lost, trying again…`,
        percent: item.percent,
        tone: 'muted',
      };
    case 'processing':
      return { text: '99 % · Processing', percent: 99, tone: 'progress' };
    case 'done':
      return { text: '100 % · Uploaded', percent: 100, tone: 'success' };
    case 'failed':
      return { text: item.error ? `Failed: ${item.error}` : 'Failed', percent: null, tone: 'danger' };
    case 'cancelled':
      return { text: 'Cancelled', percent: null, tone: 'muted' };
  }
}
