// What a comment thread is as a marker in a DAW (issue #35): one per thread (a range when it has an end),
// labelled "<author>: <text>", with " [resolved]" when resolved; replies stay in Mixdesk, and a deleted
// thread's placeholder is left out.
import { safeFileName } from '../media/public.ts';
import { presentComment } from './present.ts';
import type { CommentRow } from './repo.ts';

/** One comment thread as a marker: seconds into the version, a range's end, and its text. */
export interface Marker {
  at: number;
  end: number | null;
  label: string;
}

/** The version's threads as markers, in timeline order (the rows': time, then when written). */
export function markersOf(rows: readonly CommentRow[], versionId: string): Marker[] {
  return rows
    .filter((r) => r.version_id === versionId && r.parent_id === null && r.deleted_at === null)
    .map((row) => {
      const c = presentComment(row, []);
      return { at: c.at, end: c.end, label: `${c.author.name}: ${c.body}${c.resolved ? ' [resolved]' : ''}` };
    });
}

/** "Intro - Mix 2 markers.mid": the track and version, made safe as a file name, the extension kept. */
export function markersFileName(trackTitle: string, versionLabel: string, ext: string): string {
  // A slash would make safeFileName keep only what follows it.
  const stem = safeFileName(`${trackTitle} - ${versionLabel} markers`.replace(/[/\\]/g, '-'), 'markers');
  return `${Array.from(stem).slice(0, 200).join('').trim()}.${ext}`;
}
