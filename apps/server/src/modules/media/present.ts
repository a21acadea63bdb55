// Rows to the API's Track, TrackVersion and ProjectFile (packages/contract/src/media.ts).
import type {
  AudioFormat,
  FileCategory,
  MusicalKey,
  ProjectFile,
  Track,
  TrackReviewSummary,
  TrackStatus,
  TrackVersion,
} from '@mixdesk/contract/media';
import { presentCopies } from './copies.ts';
import type { FileRow, TrackRow, VersionRow } from './repo.ts';

const base = (projectId: string) => `/api/projects/${projectId}`;

export const versionPath = (v: { project_id: string; track_id: string; id: string }) =>
  `${base(v.project_id)}/tracks/${v.track_id}/versions/${v.id}`;

export function presentVersion(row: VersionRow, currentVersionId: string | null): TrackVersion {
  return {
    _id: row.id,
    trackId: row.track_id,
    projectId: row.project_id,
    label: row.label,
    originalName: row.original_name,
    mime: row.mime,
    format: row.format as AudioFormat,
    size: Number(row.size),
    duration: Number(row.duration),
    sampleRate: Number(row.sample_rate),
    bitDepth: row.bit_depth === null ? null : Number(row.bit_depth),
    channels: Number(row.channels),
    peaksStatus: row.peaks_status,
    isCurrent: row.id === currentVersionId,
    uploadedBy: row.uploaded_by ? { _id: row.uploaded_by, name: row.uploader_name ?? '' } : null,
    createdAt: row.created_at,
    masteredFrom: row.mastered_from ? { _id: row.mastered_from, label: row.mastered_from_label ?? '' } : null,
    copies: presentCopies(row),
    audioUrl: `${versionPath(row)}/audio`,
    peaksUrl: `${versionPath(row)}/peaks`,
  };
}

export function presentTrack(
  row: TrackRow,
  current: VersionRow | null,
  versionCount: number,
  review: TrackReviewSummary | null,
): Track {
  return {
    _id: row.id,
    projectId: row.project_id,
    position: Number(row.position),
    title: row.title,
    status: row.status as TrackStatus,
    bpm: row.bpm === null ? null : Number(row.bpm),
    musicalKey: row.musical_key as MusicalKey | null,
    isrc: row.isrc,
    notes: row.notes,
    currentVersion: current ? presentVersion(current, row.current_version_id) : null,
    versionCount,
    carryComments: Boolean(row.carry_comments),
    review,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentFile(row: FileRow): ProjectFile {
  return {
    _id: row.id,
    projectId: row.project_id,
    category: row.category as FileCategory,
    originalName: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    uploadedBy: row.uploaded_by ? { _id: row.uploaded_by, name: row.uploader_name ?? '' } : null,
    createdAt: row.created_at,
    downloadUrl: `${base(row.project_id)}/files/${row.id}/download`,
  };
}
