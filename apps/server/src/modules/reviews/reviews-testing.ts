// Test factories for the reviews area: a project with people (media-testing.ts) and a track, Glasshouse, whose
// current version 'Mix 3' the editor uploaded; decisions and requests made through the API; and what the area
// stores, to prove a refusal changed nothing.
import { ReviewStateResponseSchema, type VersionReviewState } from '@mixdesk/contract/reviews';
import type { FastifyInstance } from 'fastify';
import { call } from '../comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

export { call } from '../comments/comments-testing.ts';

export interface ReviewsFixture extends ProjectWithPeople {
  trackId: string;
  /** 'Mix 3', the track's current version, uploaded by the editor. */
  versionId: string;
  /** The version's URL: append /review or /review-requests. */
  url: string;
}

export const versionUrl = (projectId: string, trackId: string, versionId: string) =>
  `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}`;

/** Uploads a labelled version (current when `current`, or when it is the track's first). */
export async function addVersion(
  app: FastifyInstance,
  token: string,
  projectId: string,
  trackId: string,
  label: string,
  current = false,
): Promise<string> {
  const res = await uploadVersion(
    app,
    token,
    projectId,
    trackId,
    sineWav({ seconds: 1, channels: 1 }),
    'mix.wav',
    [{ name: 'label', value: label }, ...(current ? [{ name: 'makeCurrent', value: 'true' }] : [])],
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.version._id as string;
}

/** Night Drive with an owner, a view and an edit collaborator and a stranger; Glasshouse and its 'Mix 3'. */
export async function reviewsFixture(app: FastifyInstance): Promise<ReviewsFixture> {
  const people = await projectWithPeople(app);
  const { projectId, owner, editor } = people;
  const trackId = (await addTrack(app, owner.token, projectId, { title: 'Glasshouse' }))._id;
  const versionId = await addVersion(app, editor.token, projectId, trackId, 'Mix 3');
  return { ...people, trackId, versionId, url: versionUrl(projectId, trackId, versionId) };
}

async function stateOf(res: Awaited<ReturnType<typeof call>>): Promise<VersionReviewState> {
  if (res.statusCode !== 200) throw new Error(`review call failed: ${res.statusCode} ${res.body}`);
  return ReviewStateResponseSchema.parse(res.json()).data.review;
}

/** Records a decision and returns the version's state (throws unless it was recorded). */
export async function decide(app: FastifyInstance, token: string, url: string, body: object) {
  return stateOf(await call(app, token, 'POST', `${url}/review`, body));
}

/** Asks people for their review and returns the version's state (throws unless it was accepted). */
export async function ask(app: FastifyInstance, token: string, url: string, userIds: string[]) {
  return stateOf(await call(app, token, 'POST', `${url}/review-requests`, { userIds }));
}

/** The version's state as `token` reads it. */
export async function reviewState(app: FastifyInstance, token: string, url: string) {
  return stateOf(await call(app, token, 'GET', `${url}/review`));
}

/** Everything the reviews area stores (with the activities and notifications it caused), as comparable text. */
export async function reviewsSnapshot(app: FastifyInstance): Promise<string> {
  const db = app.ctx.db;
  const [reviews, requests, activities, notifications] = await Promise.all([
    db.selectFrom('version_reviews').selectAll().orderBy('id').execute(),
    db.selectFrom('review_requests').selectAll().orderBy('version_id').orderBy('reviewer_id').execute(),
    db.selectFrom('activities').selectAll().where('kind', '=', 'version_reviewed').orderBy('id').execute(),
    db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', 'in', ['review_requested', 'review_decision'])
      .orderBy('id')
      .execute(),
  ]);
  return JSON.stringify({ reviews, requests, activities, notifications });
}
