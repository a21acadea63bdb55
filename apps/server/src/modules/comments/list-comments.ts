// A version's comments as its list shows them (issue #15), with the notes that follow the mix (issue #35): the
// open threads of the track's earlier versions, each with its replies, marked `carriedFrom` with the version it
// was written on. They are the same rows, never copies: resolved, answered, edited, liked and deleted through
// their own version's routes (`versionId`), and counted there only, so a resolve anywhere ends the carrying.
import type { CarriedFrom, Comment } from '@mixdesk/contract/comments';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireVersion, versionsCarriedInto } from '../media/public.ts';
import { presentComment } from './present.ts';
import * as repo from './repo.ts';
import type { VersionIds } from './service.ts';

/** The order of the timeline: by time, then as posted. */
const timeline = (a: Comment, b: Comment) =>
  a.at - b.at || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);

export async function listComments(ctx: AppContext, userId: string, ids: VersionIds): Promise<Comment[]> {
  const { track, version } = await requireVersion(ctx, userId, ids, 'view');
  const [rows, likes, carried] = await Promise.all([
    repo.commentRowsOfVersion(ctx.db, version.id),
    repo.likesOf(ctx.db, { versionId: version.id }),
    versionsCarriedInto(ctx.db, track, version.id).then((from) => carriedComments(ctx.db, from)),
  ]);
  const own = rows.map((r) => presentComment(r, likes.get(r.id) ?? []));
  return carried.length === 0 ? own : [...own, ...carried].sort(timeline);
}

/** The open threads of `from` (the versions carried into the one listed) with their replies, marked. */
async function carriedComments(db: Kysely<DB>, from: { id: string; label: string }[]): Promise<Comment[]> {
  if (from.length === 0) return [];
  const origins = new Map<string, CarriedFrom>(from.map((v) => [v.id, { versionId: v.id, label: v.label }]));
  const versionIds = [...origins.keys()];
  const [rows, likes] = await Promise.all([
    repo.openThreadRows(db, versionIds),
    repo.likesOf(db, { openThreadsOf: versionIds }),
  ]);
  return rows.map((r) => ({
    ...presentComment(r, likes.get(r.id) ?? []),
    carriedFrom: origins.get(r.version_id)!,
  }));
}
