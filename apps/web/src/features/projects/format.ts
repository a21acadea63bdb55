// How the project cards show figures (SPEC §2, §9): durations as m:ss, sizes in B/KB/MB/GB (base 1024, one
// decimal), at most three tags then '+N'.

/** Seconds as m:ss (minutes keep counting past an hour: 75:03). Negative or invalid input reads 0:00. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes in the largest unit that keeps the number at 1 or more, one decimal; bytes stay whole. */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.floor(value)} B`;
  // 1023.96 KB rounds to "1024.0 KB": show the next unit instead.
  if (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) return `1.0 ${UNITS[unit + 1]}`;
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The tags a card shows and how many more there are ('+N'). */
export function tagsPreview(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** "1 project", "12 projects". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
