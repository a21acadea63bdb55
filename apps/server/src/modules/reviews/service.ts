// Rules for approvals on a version (issue #15). Whoever sees a version reads where it stands and decides on
// it (approve, or ask for changes); a person's new decision replaces their latest one in what is shown, the
// earlier ones are kept. Editors and the owner ask members of the project for their review (asking again
// changes nothing) and withdraw a request. Every change runs in a transaction holding the project (the lock
// media changes take first, so a version deleted meanwhile is seen), writes its notifications there, and
// reaches the project's room once committed.

import type { FieldError } from '@mixdesk/contract/envelope';
import {
  REVIEW_UPDATED_EVENT,
  type ReviewDecisionSchema,
  type ReviewRequestSchema,
  type ReviewUpdatedEvent,
  type VersionReviewState,
} from '@mixdesk/contract/reviews';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { activityId } from '../../db/activity-ids.ts';
import { retryingDeadlocks } from '../../db/deadlocks.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { announceActivities } from '../activity/public.ts';
import { requireVersion, versionExists } from '../media/public.ts';
import { announce, type CreatedNotification, notify } from '../notifications/public.ts';
import { lockProject, touchProject } from '../projects/public.ts';
import { presentState } from './present.ts';
import * as repo from './repo.ts';

export interface VersionIds {
  projectId: string;
  trackId: string;
  versionId: string;
}
export type RequestIds = VersionIds & { userId: string };

type Version = Awaited<ReturnType<typeof requireVersion>>;

/** The version's state as the API shows it, read after any change. */
async function loadState(db: Kysely<DB>, versionId: string): Promise<VersionReviewState> {
  const [reviews, requests] = await Promise.all([
    repo.latestReviewRows(db, versionId),
    repo.requestRows(db, versionId),
  ]);
  return presentState(versionId, reviews, requests);
}

/** Runs `change` in a transaction holding the project, once the version is seen to still exist. */
function inVersion<T>(ctx: AppContext, v: Version, change: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return retryingDeadlocks(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockProject(trx, ctx.dialect, v.project.id);
      if (!(await versionExists(trx, v.version.id))) throw notFound('Version');
      return change(trx);
    }),
  );
}

/** The app path of a version on the tracks page. */
const linkOf = (v: Version) =>
  `/projects/${v.project.id}/tracks?${new URLSearchParams({ track: v.track.id, version: v.version.id })}`;

/** "'Mix 3' of Glasshouse". */
const versionName = (v: Version) => `'${v.version.label}' of ${v.track.title}`;

export async function getReviewState(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
): Promise<VersionReviewState> {
  const { version } = await requireVersion(ctx, userId, ids, 'view');
  return loadState(ctx.db, version.id);
}

/** ISO time `now`, or just after `previous` when the clock has not moved past it (keeps "latest" exact). */
function after(previous: string | undefined): string {
  const now = nowIso();
  if (!previous || Date.parse(now) > Date.parse(previous)) return now;
  return new Date(Date.parse(previous) + 1).toISOString();
}

export async function decide(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  input: z.output<typeof ReviewDecisionSchema>,
): Promise<VersionReviewState> {
  const v = await requireVersion(ctx, userId, ids, 'view');
  const made = await inVersion(ctx, v, async (trx) => {
    const latest = await repo.latestOf(trx, v.version.id, userId);
    // The same decision with the same note again is no new decision: nothing to record or tell.
    if (latest && latest.decision === input.decision && latest.note === input.note) return null;
    const id = newId();
    await repo.insertReview(trx, {
      id,
      project_id: v.project.id,
      track_id: v.track.id,
      version_id: v.version.id,
      reviewer_id: userId,
      decision: input.decision,
      note: input.note,
      created_at: after(latest?.created_at),
    });
    await touchProject(trx, v.project.id);
    const uploader = v.version.uploaded_by;
    if (!uploader) return { id, told: [] };
    const name = await repo.nameOf(trx, userId);
    const verb = input.decision === 'approved' ? 'approved' : 'asked for changes on';
    const told = await notify(ctx, trx, {
      userId: uploader,
      kind: 'review_decision',
      actorId: userId,
      actorName: name,
      projectId: v.project.id,
      title: `${name} ${verb} ${versionName(v)}`,
      body: input.note ?? '',
      link: linkOf(v),
      dedupeKey: `review_decision:${id}`,
    });
    return { id, told };
  });
  const state = await loadState(ctx.db, v.version.id);
  if (made) {
    emit(ctx, v, state);
    await announce(ctx, made.told);
    await announceActivities(ctx, [activityId('version_reviewed', made.id)]);
  }
  return state;
}

/** The refusal for ids that cannot be asked, naming each one and why. */
function cannotAsk(problems: FieldError[]): AppError {
  const message =
    problems.length === 1
      ? problems[0]!.message
      : `${problems[0]!.message} (and ${problems.length - 1} more)`;
  return new AppError('VALIDATION_ERROR', message, problems);
}

export async function requestReviews(
  ctx: AppContext,
  userId: string,
  ids: VersionIds,
  input: z.output<typeof ReviewRequestSchema>,
): Promise<VersionReviewState> {
  const v = await requireVersion(ctx, userId, ids, 'edit');
  const wanted = [...new Set(input.userIds.map((id) => id.trim().toLowerCase()))];
  const told = await inVersion(ctx, v, async (trx) => {
    const members = await repo.membersAmong(trx, v.project.id, wanted);
    const problems: FieldError[] = [];
    input.userIds.forEach((raw, i) => {
      const id = raw.trim().toLowerCase();
      if (id === userId)
        problems.push({ path: `userIds.${i}`, message: 'You cannot ask yourself for a review' });
      else if (!members.has(id))
        problems.push({ path: `userIds.${i}`, message: `"${raw}" is not a member of this project` });
    });
    if (problems.length > 0) throw cannotAsk(problems);
    const asked = await repo.askedOf(trx, v.version.id);
    const fresh = wanted.filter((id) => !asked.has(id));
    if (fresh.length === 0) return null;
    const now = nowIso();
    await repo.insertRequests(
      trx,
      fresh.map((reviewerId) => ({
        version_id: v.version.id,
        reviewer_id: reviewerId,
        requested_by: userId,
        project_id: v.project.id,
        track_id: v.track.id,
        created_at: now,
      })),
    );
    await touchProject(trx, v.project.id);
    const name = await repo.nameOf(trx, userId);
    const created: CreatedNotification[] = [];
    for (const reviewerId of fresh)
      created.push(
        ...(await notify(ctx, trx, {
          userId: reviewerId,
          kind: 'review_requested',
          actorId: userId,
          actorName: name,
          projectId: v.project.id,
          title: `${name} asked you to review ${versionName(v)}`,
          link: linkOf(v),
          // Once per person and version: withdrawing and asking again does not tell them twice.
          dedupeKey: `review_requested:${v.version.id}`,
        })),
      );
    return created;
  });
  const state = await loadState(ctx.db, v.version.id);
  if (told) {
    emit(ctx, v, state);
    await announce(ctx, told);
  }
  return state;
}

export async function withdrawRequest(
  ctx: AppContext,
  userId: string,
  ids: RequestIds,
): Promise<VersionReviewState> {
  const v = await requireVersion(ctx, userId, ids, 'edit');
  await inVersion(ctx, v, async (trx) => {
    if (!(await repo.deleteRequest(trx, v.version.id, ids.userId.toLowerCase())))
      throw notFound('Review request');
  });
  const state = await loadState(ctx.db, v.version.id);
  emit(ctx, v, state);
  return state;
}

/** Tells the project's room, after the commit; a failure to send never undoes the change. */
function emit(ctx: AppContext, v: Version, state: VersionReviewState) {
  const payload: ReviewUpdatedEvent = {
    projectId: v.project.id,
    trackId: v.track.id,
    versionId: v.version.id,
    state,
  };
  try {
    ctx.live.toProject(v.project.id, REVIEW_UPDATED_EVENT, payload);
  } catch (err) {
    ctx.log.error({ service: 'reviews', err }, 'Could not send a review event');
  }
}
