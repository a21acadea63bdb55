// A release with everything its files need (bundle.ts), read for its owner: the release, each track's
// recording (saved, or what the track says) and the work it records.
import type { Work } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { findUserById } from '../auth/public.ts';
import { findTrackRow, findVersionRow } from '../media/public.ts';
import type { BundleTrack, ReleaseBundle } from './bundle.ts';
import { recordingOf } from './recordings.ts';
import { getRelease } from './releases.ts';
import * as repo from './repo.ts';
import { presentWork } from './works.ts';

export async function releaseBundle(
  ctx: AppContext,
  ownerId: string,
  releaseId: string,
): Promise<ReleaseBundle> {
  const release = await getRelease(ctx, ownerId, releaseId);
  const user = await findUserById(ctx.db, ownerId);
  if (!user) throw notFound('Release');
  const works = new Map<string, Work | null>();
  const tracks: BundleTrack[] = [];
  for (const line of release.tracks) {
    const track = await findTrackRow(ctx.db, line.projectId, line.trackId);
    if (!track) continue;
    const recording = await recordingOf(ctx, track);
    let work: Work | null = null;
    if (recording.workId) {
      if (!works.has(recording.workId)) {
        const row = await repo.findWork(ctx.db, ownerId, recording.workId);
        works.set(recording.workId, row ? await presentWork(ctx, row) : null);
      }
      work = works.get(recording.workId) ?? null;
    }
    const version = track.current_version_id
      ? await findVersionRow(ctx.db, track.id, track.current_version_id)
      : undefined;
    tracks.push({ line, recording, work, durationSeconds: version ? version.duration : null });
  }
  return { release, tracks, owner: { id: user.id, name: user.name, email: user.email } };
}
