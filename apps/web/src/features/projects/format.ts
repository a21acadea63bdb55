// How the project cards show figures (SPEC §2, §9): durations as m:ss, sizes in B/KB/MB/GB (base 1024, one
// decimal), at most three tags then '+N'.

/** Seconds as m:ss (minutes keep counting past an hour: 75:03). Negative or invalid input reads 0:00. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export { formatBytes } from '../../lib/format-bytes';

/** The tags a card shows and how many more there are ('+N'). */
export function tagsPreview(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** "1 project", "12 projects". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
