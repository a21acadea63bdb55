// A version's stems as the API shows them (packages/contract/src/stems.ts), each with where it disagrees with
// the mix or the other stems (stems-consistency.ts).
import type { AudioFormat } from '@mixdesk/contract/media';
import type { Stem, StemIssue } from '@mixdesk/contract/stems';
import { versionPath } from './present.ts';
import type { StoredObject } from './send-object.ts';
import { type AudioFigures, stemIssues } from './stems-consistency.ts';
import type { StemRow } from './stems-repo.ts';

/** A stem's row, with its uploader's name where the read joined it. */
type StemListRow = StemRow & { uploader_name?: string | null };

const orNull = (n: number | string | null) => (n === null ? null : Number(n));

export const stemPath = (s: { project_id: string; track_id: string; version_id: string; id: string }) =>
  `${versionPath({ project_id: s.project_id, track_id: s.track_id, id: s.version_id })}/stems/${s.id}`;

export function stemFigures(row: {
  sample_rate: number | string;
  bit_depth: number | string | null;
  duration: number | string;
  frames: number | string | null;
}): AudioFigures {
  return {
    sampleRate: Number(row.sample_rate),
    bitDepth: orNull(row.bit_depth),
    duration: Number(row.duration),
    frames: orNull(row.frames),
  };
}

export function presentStem(row: StemListRow, issues: StemIssue[]): Stem {
  return {
    _id: row.id,
    versionId: row.version_id,
    trackId: row.track_id,
    projectId: row.project_id,
    name: row.name,
    role: row.role,
    originalName: row.original_name,
    mime: row.mime,
    format: row.format as AudioFormat,
    size: Number(row.size),
    duration: Number(row.duration),
    frames: orNull(row.frames),
    sampleRate: Number(row.sample_rate),
    bitDepth: orNull(row.bit_depth),
    channels: Number(row.channels),
    issues,
    uploadedBy: row.uploaded_by ? { _id: row.uploaded_by, name: row.uploader_name ?? '' } : null,
    createdAt: row.created_at,
    audioUrl: `${stemPath(row)}/audio`,
  };
}

/** A version's stems, each with its issues against `mix` (the version's figures) and the others. */
export function presentStems(mix: Parameters<typeof stemFigures>[0], rows: readonly StemListRow[]): Stem[] {
  const issues = stemIssues(
    stemFigures(mix),
    rows.map((r) => ({ id: r.id, ...stemFigures(r) })),
  );
  return rows.map((r) => presentStem(r, issues.get(r.id) ?? []));
}

/** A stem's audio as a stored object: its ETag is the object's own id (a replaced stem's audio is new). */
export function stemObject(row: StemListRow): StoredObject {
  return {
    id: row.storage_key.split('/').pop() ?? row.id,
    key: row.storage_key,
    size: Number(row.size),
    mime: row.mime,
    name: row.original_name,
    createdAt: row.created_at,
  };
}
