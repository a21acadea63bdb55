// File sizes as SPEC §9 shows them: base 1024, one decimal, bytes whole; B…GB on most screens, up to TB in
// the diagnostics.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof UNITS)[number];

/** Bytes in the largest unit (at most `largest`) that keeps the number at 1 or more. */
export function formatBytes(bytes: number, largest: ByteUnit = 'GB'): string {
  const last = UNITS.indexOf(largest);
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < last) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.floor(value)} B`;
  // 1023.96 KB would round to "1024.0 KB": show the next unit instead.
  if (Number(value.toFixed(1)) >= 1024 && unit < last) return `1.0 ${UNITS[unit + 1]}`;
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
