// Rules for a project's tracks: who may read or change them, running order, and the project figures
// (trackCount, totalDuration, totalFileSize) moved in the same transaction as each change.
import {
  type CreateTrackSchema,
  type MediaTotals,
  TRACKS_PER_PROJECT_MAX,
  type Track,
  type UpdateTrackSchema,
} from '@mixdesk/contract/media';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { activityId } from '../../db/activity-ids.ts';
import { retryingDeadlocks } from '../../db/deadlocks.ts';
import type { DB } from '../../db/schema.ts';
import { pageWindow } from '../../db/sql-helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { announceActivities } from '../activity/public.ts';
import { type ProjectRow, requireProjectAccess, touchProject } from '../projects/public.ts';
import { presentTrack } from './present.ts';
import { assertWithinQuota } from './quota.ts';
import * as repo from './repo.ts';

export const TRACKS_LIMIT_MAX = TRACKS_PER_PROJECT_MAX;

/** Runs `change` in a transaction holding the project, then sets the project's figures and activity. */
export async function inProjectTransaction<T>(
  ctx: AppContext,
  projectId: string,
  change: (trx: Kysely<DB>) => Promise<T>,
  opts: { quotaOf?: string } = {},
): Promise<{ result: T; totals: MediaTotals }> {
  return retryingDeadlocks(() =>
    ctx.db.transaction().execute(async (trx) => {
      await repo.lockProject(trx, ctx.dialect, projectId);
      const result = await change(trx);
      const totals = await repo.recomputeTotals(trx, projectId);
      // A change that stores bytes: the owner's quota must still hold, else nothing of it is kept.
      if (opts.quotaOf) await assertWithinQuota(ctx, trx, ctx.dialect, opts.quotaOf);
      await touchProject(trx, projectId);
      return { result, totals };
    }),
  );
}

/**
 * Tracks as the API shows them: with their current version, how many versions they have and where the current
 * version stands in review (one query each for the whole list).
 */
export async function loadTracks(ctx: AppContext, rows: repo.TrackRow[]): Promise<Track[]> {
  const { db } = ctx;
  const currentIds = rows.map((r) => r.current_version_id).filter((id): id is string => Boolean(id));
  const [current, counts, reviews] = await Promise.all([
    repo.versionRowsByIds(db, currentIds),
    repo.versionCounts(
      db,
      rows.map((r) => r.id),
    ),
    ctx.versionReviews(db, currentIds),
  ]);
  const byId = new Map(current.map((v) => [v.id, v]));
  return rows.map((r) => {
    const version = r.current_version_id ? (byId.get(r.current_version_id) ?? null) : null;
    return presentTrack(
      r,
      version,
      counts.get(r.id) ?? 0,
      version ? (reviews.get(version.id) ?? null) : null,
    );
  });
}

export async function loadTrack(ctx: AppContext, projectId: string, trackId: string): Promise<Track> {
  const row = await repo.findTrackRow(ctx.db, projectId, trackId);
  if (!row) throw notFound('Track');
  return (await loadTracks(ctx, [row]))[0]!;
}

/** The project (at least `need`) and one of its tracks; NOT_FOUND for a track of another project. */
export async function requireTrack(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
  need: 'view' | 'edit',
): Promise<{ project: ProjectRow; track: repo.TrackRow }> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, need);
  const track = await repo.findTrackRow(ctx.db, project.id, trackId);
  if (!track) throw notFound('Track');
  return { project, track };
}

export async function listTracks(
  ctx: AppContext,
  userId: string,
  projectId: string,
  query: { page: number; limit: number },
) {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'view');
  const { limit, offset, page } = pageWindow(query.page, query.limit, TRACKS_LIMIT_MAX);
  const [rows, total] = await Promise.all([
    repo.listTrackRows(ctx.db, project.id, limit, offset),
    repo.countTracks(ctx.db, project.id),
  ]);
  return {
    tracks: await loadTracks(ctx, rows),
    pagination: { currentPage: page, totalPages: Math.ceil(total / limit), limit, totalTracks: total },
  };
}

export async function getTrack(ctx: AppContext, userId: string, projectId: string, trackId: string) {
  const { track } = await requireTrack(ctx, userId, projectId, trackId, 'view');
  return (await loadTracks(ctx, [track]))[0]!;
}

export async function createTrack(
  ctx: AppContext,
  userId: string,
  projectId: string,
  input: z.output<typeof CreateTrackSchema>,
): Promise<{ track: Track; totals: MediaTotals }> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  const id = newId();
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    if ((await repo.countTracks(trx, project.id)) >= TRACKS_PER_PROJECT_MAX)
      throw conflict(`A project holds at most ${TRACKS_PER_PROJECT_MAX} tracks.`);
    const now = nowIso();
    await repo.insertTrack(trx, {
      id,
      project_id: project.id,
      position: await repo.nextPosition(trx, project.id),
      title: input.title,
      status: input.status,
      bpm: input.bpm ?? null,
      musical_key: input.musicalKey ?? null,
      isrc: input.isrc ?? null,
      notes: input.notes ?? '',
      current_version_id: null,
      created_by: userId,
      created_at: now,
      updated_at: now,
    });
  });
  await announceActivities(ctx, [activityId('track_added', id)]);
  return { track: await loadTrack(ctx, project.id, id), totals };
}

export async function updateTrack(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
  input: z.output<typeof UpdateTrackSchema>,
): Promise<{ track: Track; totals: MediaTotals }> {
  const { project, track } = await requireTrack(ctx, userId, projectId, trackId, 'edit');
  // Whether notes follow the mix is the owner's call (issue #35): an editor's try is refused as a whole.
  if (input.carryComments !== undefined) await requireProjectAccess(ctx, userId, project.id, 'owner');
  const patch = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.bpm !== undefined && { bpm: input.bpm }),
    ...(input.musicalKey !== undefined && { musical_key: input.musicalKey }),
    ...(input.isrc !== undefined && { isrc: input.isrc }),
    ...(input.notes !== undefined && { notes: input.notes }),
    ...(input.carryComments !== undefined && { carry_comments: input.carryComments }),
  };
  const { totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    if (!(await repo.findTrackRow(trx, project.id, track.id))) throw notFound('Track');
    await repo.updateTrackRow(trx, track.id, { ...patch, updated_at: nowIso() });
  });
  return { track: await loadTrack(ctx, project.id, track.id), totals };
}

export async function deleteTrack(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
): Promise<MediaTotals> {
  const { project, track } = await requireTrack(ctx, userId, projectId, trackId, 'edit');
  const { result: keys, totals } = await inProjectTransaction(ctx, project.id, async (trx) => {
    const keys = await repo.storageKeysOfTrack(trx, track.id);
    await repo.deleteTrackRow(trx, track.id);
    await repo.setPositions(trx, await repo.trackIdsInOrder(trx, project.id), nowIso());
    return keys;
  });
  // Bytes go after the rows: a failure here leaves an unreferenced object, never a row without its file.
  await removeObjects(ctx, keys);
  return totals;
}

export async function reorderTracks(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackIds: string[],
): Promise<Track[]> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, 'edit');
  await inProjectTransaction(ctx, project.id, async (trx) => {
    const current = await repo.trackIdsInOrder(trx, project.id);
    const given = new Set(trackIds);
    if (current.length !== trackIds.length || current.some((id) => !given.has(id)))
      throw badRequest('trackIds must list every track of the project exactly once, in the new order.');
    await repo.setPositions(trx, trackIds, nowIso());
  });
  const rows = await repo.listTrackRows(ctx.db, project.id, TRACKS_LIMIT_MAX, 0);
  return loadTracks(ctx, rows);
}

/**
 * The versions whose unresolved threads show on `versionId` of `track` (issue #35): every version of the track
 * uploaded before it (a thread carried once keeps following the mix until it is resolved), none when the
 * track's owner turned carrying off.
 */
export async function versionsCarriedInto(
  db: Kysely<DB>,
  track: repo.TrackRow,
  versionId: string,
): Promise<{ id: string; label: string }[]> {
  if (!track.carry_comments) return [];
  return repo.versionsBefore(db, track.id, versionId);
}

/**
 * What a failed upload answers: a store that broke because the project was deleted meanwhile (its stored
 * folder went with it, the file being written too) is the project's 404, not a server error.
 */
export async function uploadFailure(ctx: AppContext, projectId: string, err: unknown): Promise<unknown> {
  if (err instanceof AppError || (await repo.projectExists(ctx.db, projectId))) return err;
  return notFound('Project');
}

export async function removeObjects(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage
      .remove(key)
      .catch((err) => ctx.log.error({ service: 'media', err, key }, 'Could not remove a stored object'));
  }
}
