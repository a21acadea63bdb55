// Releases (issue #37): title, type, UPC/EAN, label, catalogue number, date, C-line, artwork and an ordered
// list of recordings (tracks of the owner's projects; a track's recording is its master). Only the owner sees
// or changes a release: anyone else's id answers as a missing one.
import {
  RELEASES_PER_USER_MAX,
  type Release,
  type ReleaseData,
  type ReleaseSummary,
  type ReleaseType,
} from '@mixdesk/contract/catalog';
import { fillPath } from '@mixdesk/contract/routes';
import { releaseRoutes } from '@mixdesk/contract/routes/catalog';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { lockUserRow } from '../auth/public.ts';
import { findTrackRow } from '../media/public.ts';
import { projectTitleOf, requireProjectAccess } from '../projects/public.ts';
import * as repo from './repo.ts';

export async function presentRelease(db: Kysely<DB>, row: repo.ReleaseRow): Promise<Release> {
  const lines = await repo.tracksOfRelease(db, row.id);
  const recordings = new Map(
    (
      await repo.recordingsOfTracks(
        db,
        lines.map((l) => l.track_id),
      )
    ).map((r) => [r.track_id, r]),
  );
  const projectNames = new Map<string, string>();
  const tracks: Release['tracks'] = [];
  for (const line of lines) {
    const track = await findTrackRow(db, line.project_id, line.track_id);
    if (!projectNames.has(line.project_id))
      projectNames.set(line.project_id, (await projectTitleOf(db, line.project_id)) ?? '');
    tracks.push({
      projectId: line.project_id,
      trackId: line.track_id,
      disc: line.disc,
      number: line.number,
      title: track?.title ?? '',
      projectName: projectNames.get(line.project_id) ?? '',
      isrc: recordings.get(line.track_id)?.isrc ?? null,
    });
  }
  const id = row.id;
  return {
    _id: id,
    title: row.title,
    type: row.type as ReleaseType,
    upc: row.upc,
    label: row.label,
    catalogueNumber: row.catalogue_number,
    releaseDate: row.release_date,
    cLine: row.c_line,
    artwork:
      row.artwork_key && row.artwork_format
        ? {
            format: row.artwork_format as 'jpeg' | 'png',
            width: row.artwork_width ?? 0,
            height: row.artwork_height ?? 0,
            size: Number(row.artwork_size ?? 0),
            // The updated time in the address: a new picture is a new URL, so no cache shows the old one.
            url: `${fillPath(releaseRoutes.artwork.path, { id })}?v=${encodeURIComponent(row.updated_at)}`,
          }
        : null,
    tracks,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function requireRelease(ctx: AppContext, ownerId: string, id: string): Promise<repo.ReleaseRow> {
  const row = await repo.findRelease(ctx.db, ownerId, id);
  if (!row) throw notFound('Release');
  return row;
}

export async function getRelease(ctx: AppContext, ownerId: string, id: string): Promise<Release> {
  return presentRelease(ctx.db, await requireRelease(ctx, ownerId, id));
}

export async function listReleases(ctx: AppContext, ownerId: string): Promise<ReleaseSummary[]> {
  const rows = await repo.releasesOf(ctx.db, ownerId);
  const counts = await repo.trackCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    type: row.type as ReleaseType,
    upc: row.upc,
    releaseDate: row.release_date,
    updatedAt: row.updated_at,
    trackCount: counts.get(row.id) ?? 0,
    hasArtwork: row.artwork_key !== null,
  }));
}

/**
 * The release's lines as stored: each track must be the caller's own (they own its project), once; a number
 * left out follows the one before it on the same disc.
 */
export async function releaseLines(ctx: AppContext, ownerId: string, data: ReleaseData) {
  const details: Array<{ path: string; message: string }> = [];
  const lines = [];
  const lastOnDisc = new Map<number, number>();
  for (const [i, ref] of data.tracks.entries()) {
    const where = `Track ${i + 1}`;
    const project = await requireProjectAccess(ctx, ownerId, ref.projectId, 'owner').catch(() => null);
    const track = project
      ? await findTrackRow(ctx.db, project.project.id, ref.trackId.toLowerCase())
      : undefined;
    if (!project || !track) {
      details.push({ path: `tracks.${i}`, message: `${where}: no such track in your projects` });
      continue;
    }
    const disc = ref.disc ?? 1;
    const number = ref.number ?? (lastOnDisc.get(disc) ?? 0) + 1;
    lastOnDisc.set(disc, number);
    lines.push({ position: i, project_id: project.project.id, track_id: track.id, disc, number });
  }
  if (details.length > 0) throw new AppError('VALIDATION_ERROR', details[0]!.message, details);
  return lines;
}

const releaseColumns = (data: ReleaseData) => ({
  title: data.title,
  type: data.type,
  upc: data.upc,
  label: data.label,
  catalogue_number: data.catalogueNumber,
  release_date: data.releaseDate,
  c_line: data.cLine,
});

export async function createRelease(ctx: AppContext, ownerId: string, data: ReleaseData): Promise<Release> {
  const lines = await releaseLines(ctx, ownerId, data);
  const id = newId();
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockUserRow(trx, ownerId);
    if ((await repo.countReleasesOf(trx, ownerId)) >= RELEASES_PER_USER_MAX)
      throw conflict(
        `You already have ${RELEASES_PER_USER_MAX.toLocaleString('en-US')} releases, the most one account can hold`,
      );
    await repo.insertRelease(trx, {
      id,
      owner_id: ownerId,
      ...releaseColumns(data),
      artwork_key: null,
      artwork_format: null,
      artwork_width: null,
      artwork_height: null,
      artwork_size: null,
      created_at: now,
      updated_at: now,
    });
    await repo.replaceReleaseTracks(trx, id, lines);
  });
  return getRelease(ctx, ownerId, id);
}

export async function updateRelease(
  ctx: AppContext,
  ownerId: string,
  id: string,
  data: ReleaseData,
): Promise<Release> {
  const row = await requireRelease(ctx, ownerId, id);
  const lines = await releaseLines(ctx, ownerId, data);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRelease(trx, row.id, { ...releaseColumns(data), updated_at: nowIso() });
    await repo.replaceReleaseTracks(trx, row.id, lines);
  });
  return getRelease(ctx, ownerId, row.id);
}

export async function deleteRelease(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  const row = await requireRelease(ctx, ownerId, id);
  await repo.deleteRelease(ctx.db, row.id);
  // The artwork's object goes after its row: a crash in between leaves an object the sweeper removes.
  if (row.artwork_key) await ctx.storage.remove(row.artwork_key).catch(() => {});
}
