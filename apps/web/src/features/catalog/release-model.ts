// The release editor's form as plain values and the request body made from it; the track list's moves.
import type { Release, ReleaseInput, ReleaseType } from '@mixdesk/contract/catalog';

export interface TrackRow {
  projectId: string;
  trackId: string;
  title: string;
  projectName: string;
  /** Disc and number as typed; empty means "let the server number it" (disc 1, position in the list). */
  disc: string;
  number: string;
}

export interface ReleaseValues {
  title: string;
  type: ReleaseType;
  upc: string;
  label: string;
  catalogueNumber: string;
  releaseDate: string;
  cLine: string;
  tracks: TrackRow[];
}

export const EMPTY_RELEASE: ReleaseValues = {
  title: '',
  type: 'single',
  upc: '',
  label: '',
  catalogueNumber: '',
  releaseDate: '',
  cLine: '',
  tracks: [],
};

export const releaseValuesOf = (r: Release): ReleaseValues => ({
  title: r.title,
  type: r.type,
  upc: r.upc ?? '',
  label: r.label,
  catalogueNumber: r.catalogueNumber,
  releaseDate: r.releaseDate ?? '',
  cLine: r.cLine,
  tracks: r.tracks.map((t) => ({
    projectId: t.projectId,
    trackId: t.trackId,
    title: t.title,
    projectName: t.projectName,
    disc: String(t.disc),
    number: String(t.number),
  })),
});

/** A typed whole number, or undefined when empty (releaseErrorsOf refuses words before anything is sent). */
const wholeOrUndefined = (typed: string): number | undefined => {
  const text = typed.trim();
  return text === '' ? undefined : Number(text);
};

export const releaseInputOf = (v: ReleaseValues): ReleaseInput => ({
  title: v.title,
  type: v.type,
  upc: v.upc.trim() === '' ? null : v.upc.trim(),
  label: v.label,
  catalogueNumber: v.catalogueNumber,
  releaseDate: v.releaseDate === '' ? null : v.releaseDate,
  cLine: v.cLine,
  tracks: v.tracks.map((t) => ({
    projectId: t.projectId,
    trackId: t.trackId,
    disc: wholeOrUndefined(t.disc),
    number: wholeOrUndefined(t.number),
  })),
});

/** Field errors the form finds before sending: disc and number must be whole numbers when typed. */
export function releaseErrorsOf(v: ReleaseValues): Record<string, string> {
  const errors: Record<string, string> = {};
  v.tracks.forEach((t, i) => {
    const disc = wholeOrUndefined(t.disc);
    const number = wholeOrUndefined(t.number);
    if (disc !== undefined && !Number.isInteger(disc))
      errors[`tracks.${i}.disc`] = 'Disc must be a whole number';
    if (number !== undefined && !Number.isInteger(number))
      errors[`tracks.${i}.number`] = 'Track number must be a whole number';
  });
  return errors;
}

/** The list with the row at `from` moved to `to` (out-of-range moves leave it unchanged). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Numbers the tracks by their place in the list within each disc (after a move, an add or a removal). */
export function renumber(rows: readonly TrackRow[]): TrackRow[] {
  const counts = new Map<string, number>();
  return rows.map((row) => {
    const disc = row.disc.trim() || '1';
    const number = (counts.get(disc) ?? 0) + 1;
    counts.set(disc, number);
    return { ...row, disc, number: String(number) };
  });
}

/** A release date as people read it: "2026-05-01" → "1 May 2026" (the calendar date, no time zone shift). */
export function formatReleaseDate(date: string, locale?: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
