// "Export markers" (issue #35): a version's comments as a file a DAW reads, so the notes land on the mix's
// timeline where it is being worked on. Whoever may read the version's comments may export them, in one of
// four formats (markers-text.ts, markers-midi.ts, markers-wav.ts).
import type { Readable } from 'node:stream';
import type { MarkerFormat } from '@mixdesk/contract/comments';
import type { AudioFormat } from '@mixdesk/contract/media';
import type { AppContext } from '../../platform/context.ts';
import { storedFigures } from '../analysis/public.ts';
import { requireVersion } from '../media/public.ts';
import { markersMidi } from './markers-midi.ts';
import { markersFileName, markersOf } from './markers-model.ts';
import { audacityLabels, reaperCsv } from './markers-text.ts';
import { markersWav } from './markers-wav.ts';
import { commentRowsOfVersion } from './repo.ts';
import type { VersionIds } from './service.ts';

export interface MarkersFile {
  name: string;
  type: string;
  size: number;
  body: Buffer | Readable;
}

const FILE_KINDS: Record<MarkerFormat, { ext: string; type: string }> = {
  audacity: { ext: 'txt', type: 'text/plain; charset=utf-8' },
  reaper: { ext: 'csv', type: 'text/csv; charset=utf-8' },
  midi: { ext: 'mid', type: 'audio/midi' },
  wav: { ext: 'wav', type: 'audio/wav' },
};

export async function exportMarkers(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  format: MarkerFormat,
): Promise<MarkersFile> {
  const { track, version } = await requireVersion(ctx, userId, ids, 'view');
  // One statement for every comment of the version (at most COMMENTS_PER_VERSION_MAX, replies included).
  const markers = markersOf(await commentRowsOfVersion(ctx.db, version.id), version.id);
  const { ext, type } = FILE_KINDS[format];
  const name = markersFileName(track.title, version.label, ext);
  const title = `${track.title} - ${version.label}`;
  const file = (body: Buffer) => ({ name, type, size: body.length, body });
  switch (format) {
    case 'audacity':
      return file(Buffer.from(audacityLabels(markers), 'utf8'));
    case 'reaper':
      return file(Buffer.from(reaperCsv(markers), 'utf8'));
    case 'midi': {
      const figures = await storedFigures(ctx.db, version.id);
      return file(markersMidi(markers, figures?.tempoBpm ?? null, title));
    }
    case 'wav': {
      const source = {
        storageKey: version.storage_key,
        format: version.format as AudioFormat,
        sampleRate: Number(version.sample_rate),
        channels: Number(version.channels),
        bitDepth: version.bit_depth === null ? null : Number(version.bit_depth),
        duration: Number(version.duration),
        createdAt: String(version.created_at),
        description: title,
      };
      const { stream, size } = await markersWav(ctx, source, markers);
      return { name, type, size, body: stream };
    }
  }
}

/**
 * The version's markers as the text-based files (Audacity labels, REAPER CSV, MIDI), made in memory, for a
 * package (issue #36); the caller has checked that its user may read the version. The WAV with cues is left
 * out: it is the whole audio again, and the package holds the mix already.
 */
export async function versionMarkerFiles(
  ctx: AppContext,
  version: { id: string; label: string },
  trackTitle: string,
): Promise<{ name: string; body: Buffer }[]> {
  const [rows, figures] = await Promise.all([
    commentRowsOfVersion(ctx.db, version.id),
    storedFigures(ctx.db, version.id),
  ]);
  const markers = markersOf(rows, version.id);
  const name = (format: MarkerFormat) => markersFileName(trackTitle, version.label, FILE_KINDS[format].ext);
  return [
    { name: name('audacity'), body: Buffer.from(audacityLabels(markers), 'utf8') },
    { name: name('reaper'), body: Buffer.from(reaperCsv(markers), 'utf8') },
    {
      name: name('midi'),
      body: markersMidi(markers, figures?.tempoBpm ?? null, `${trackTitle} - ${version.label}`),
    },
  ];
}
