// Recordings (issue #37): a track's master, one per track once saved: ISRC (unique in the owner's account),
// artists, credits, master owners whose shares total 10,000, BPM and key, studio, date and P-line. Before the
// first save the answer holds what the track already knows (its ISRC, BPM and key, else the tempo its current
// version's analysis found). The project's members may read it; only the project's owner changes it.
import type {
  Artist,
  Credit,
  MasterOwner,
  Recording,
  RecordingData,
  SplitsStatus,
} from '@mixdesk/contract/catalog';
import { checkIsrc } from '@mixdesk/contract/catalog-codes';
import type { MusicalKey } from '@mixdesk/contract/musical-keys';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { storedFigures } from '../analysis/public.ts';
import { lockUserRow } from '../auth/public.ts';
import { findTrackRow } from '../media/public.ts';
import { projectTitleOf, requireProjectAccess } from '../projects/public.ts';
import { latestRound, splitsChanged } from './agreements.ts';
import { checkClients, splitKey } from './parties.ts';
import * as repo from './repo.ts';

type TrackRow = NonNullable<Awaited<ReturnType<typeof findTrackRow>>>;

/** The track, to someone with at least `need` on its project; a missing or hidden one is a 404. */
export async function requireTrack(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
  need: 'view' | 'owner',
): Promise<{ track: TrackRow; ownerId: string }> {
  const { project } = await requireProjectAccess(ctx, userId, projectId, need);
  const track = await findTrackRow(ctx.db, project.id, trackId.toLowerCase());
  if (!track) throw notFound('Track');
  return { track, ownerId: project.owner_id };
}

/** What a track already says of its master, shown until the recording is first saved. */
async function unsaved(ctx: AppContext, track: TrackRow): Promise<Recording> {
  const isrc = track.isrc ? checkIsrc(track.isrc) : null;
  const figures = track.current_version_id ? await storedFigures(ctx.db, track.current_version_id) : null;
  const tempo = figures?.tempoBpm ?? null;
  return {
    projectId: track.project_id,
    trackId: track.id,
    trackTitle: track.title,
    isrc: isrc?.ok ? isrc.value : null,
    workId: null,
    artists: [],
    credits: [],
    masterOwners: [],
    bpm: track.bpm ?? (tempo === null ? null : Math.round(tempo * 100) / 100),
    key: (track.musical_key as MusicalKey | null) ?? null,
    studio: '',
    recordedOn: null,
    pLineYear: null,
    pLineOwner: '',
    splitsStatus: 'draft',
    agreement: null,
    saved: false,
    updatedAt: null,
  };
}

export async function presentRecording(
  db: Kysely<DB>,
  row: repo.RecordingRow,
  trackTitle: string,
): Promise<Recording> {
  return {
    projectId: row.project_id,
    trackId: row.track_id,
    trackTitle,
    isrc: row.isrc,
    workId: row.work_id,
    artists: repo.parseList<Artist>(row.artists),
    credits: repo.parseList<Credit>(row.credits),
    masterOwners: repo.parseList<MasterOwner>(row.master_owners),
    bpm: row.bpm,
    key: row.musical_key as MusicalKey | null,
    studio: row.studio,
    recordedOn: row.recorded_on,
    pLineYear: row.p_line_year,
    pLineOwner: row.p_line_owner,
    splitsStatus: row.splits_status as SplitsStatus,
    agreement: await latestRound(db, 'recording', row.id),
    saved: true,
    updatedAt: row.updated_at,
  };
}

/** The recording of a track as its reader sees it (saved or not). */
export async function recordingOf(ctx: AppContext, track: TrackRow): Promise<Recording> {
  const row = await repo.recordingOfTrack(ctx.db, track.id);
  return row ? presentRecording(ctx.db, row, track.title) : unsaved(ctx, track);
}

export async function getRecording(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
): Promise<Recording> {
  const { track } = await requireTrack(ctx, userId, projectId, trackId, 'view');
  return recordingOf(ctx, track);
}

const recordingColumns = (data: RecordingData) => ({
  isrc: data.isrc,
  work_id: data.workId,
  artists: JSON.stringify(data.artists),
  credits: JSON.stringify(data.credits),
  master_owners: JSON.stringify(data.masterOwners),
  bpm: data.bpm,
  musical_key: data.key,
  studio: data.studio,
  recorded_on: data.recordedOn,
  p_line_year: data.pLineYear,
  p_line_owner: data.pLineOwner,
});

/** Refuses an ISRC another of the owner's recordings holds, naming where it is. */
export async function assertIsrcFree(
  db: Kysely<DB>,
  ownerId: string,
  isrc: string | null,
  trackId?: string,
): Promise<void> {
  if (!isrc) return;
  const other = await repo.recordingWithIsrc(db, ownerId, isrc, trackId);
  if (!other) return;
  const track = await findTrackRow(db, other.project_id, other.track_id);
  const project = await projectTitleOf(db, other.project_id);
  throw conflict(
    `ISRC ${isrc} is already used by "${track?.title ?? 'another track'}" in "${project ?? 'another project'}": each recording needs its own`,
  );
}

export async function saveRecording(
  ctx: AppContext,
  userId: string,
  projectId: string,
  trackId: string,
  data: RecordingData,
): Promise<Recording> {
  const { track, ownerId } = await requireTrack(ctx, userId, projectId, trackId, 'owner');
  if (data.workId && !(await repo.findWork(ctx.db, ownerId, data.workId))) throw notFound('Work');
  await checkClients(ctx.db, ownerId, { credits: data.credits, masterOwners: data.masterOwners });
  const workId = data.workId?.toLowerCase() ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') await lockUserRow(trx, ownerId);
    await assertIsrcFree(trx, ownerId, data.isrc, track.id);
    const row = await repo.recordingOfTrack(trx, track.id);
    const now = nowIso();
    const columns = { ...recordingColumns(data), work_id: workId, updated_at: now };
    if (!row) {
      await repo.insertRecording(trx, {
        id: newId(),
        owner_id: ownerId,
        project_id: track.project_id,
        track_id: track.id,
        ...columns,
        splits_status: 'draft',
        created_at: now,
      });
      return;
    }
    const changed = splitKey(repo.parseList(row.master_owners)) !== splitKey(data.masterOwners);
    const status = changed
      ? await splitsChanged(ctx, trx, {
          kind: 'recording',
          id: row.id,
          ownerId,
          status: row.splits_status as SplitsStatus,
        })
      : row.splits_status;
    await repo.updateRecording(trx, row.id, { ...columns, splits_status: status });
  });
  return getRecording(ctx, userId, projectId, trackId);
}
