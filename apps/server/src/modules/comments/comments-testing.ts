// Test factories for the comments area: a project with people (media-testing.ts) and a track with two
// versions of known length, comments made through the API, and what the area stores, to prove a refusal
// changed nothing.
import { type Comment, CommentResponseSchema } from '@mixdesk/contract/comments';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helper.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

/** Seconds of audio in each fixture version. */
export const DURATION = 2;

export interface CommentsFixture extends ProjectWithPeople {
  trackId: string;
  versionId: string;
  otherVersionId: string;
  /** The comments URL of the first version. */
  url: string;
}

export async function addVersion(app: FastifyInstance, token: string, projectId: string, trackId: string) {
  const res = await uploadVersion(
    app,
    token,
    projectId,
    trackId,
    sineWav({ seconds: DURATION, channels: 1 }),
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.version._id as string;
}

export const commentsUrl = (projectId: string, trackId: string, versionId: string) =>
  `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/comments`;

/** A project (Night Drive) with an owner, a view and an edit collaborator and a stranger; a track, two versions. */
export async function commentsFixture(app: FastifyInstance): Promise<CommentsFixture> {
  const people = await projectWithPeople(app);
  const { projectId, owner } = people;
  const trackId = (await addTrack(app, owner.token, projectId, { title: 'Intro' }))._id;
  const versionId = await addVersion(app, owner.token, projectId, trackId);
  const otherVersionId = await addVersion(app, owner.token, projectId, trackId);
  return {
    ...people,
    trackId,
    versionId,
    otherVersionId,
    url: commentsUrl(projectId, trackId, versionId),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as `token` (anonymous when null). */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Posts a comment and returns it as the API shows it (throws unless it was added). */
export async function postComment(
  app: FastifyInstance,
  token: string,
  url: string,
  body: object,
): Promise<Comment> {
  const res = await call(app, token, 'POST', url, body);
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return CommentResponseSchema.parse(res.json()).data.comment;
}

/** Everything the comments area stores (with the activities it recorded), as one comparable text. */
export async function commentsSnapshot(app: FastifyInstance): Promise<string> {
  const db = app.ctx.db;
  const [comments, likes, activities, inbox] = await Promise.all([
    db.selectFrom('comments').selectAll().orderBy('id').execute(),
    db.selectFrom('comment_likes').selectAll().orderBy('comment_id').orderBy('user_id').execute(),
    db.selectFrom('activities').selectAll().where('kind', '=', 'comment_added').orderBy('id').execute(),
    db
      .selectFrom('activity_inbox')
      .select(['user_id', 'activity_id'])
      .where('activity_id', 'like', 'comment_added:%')
      .orderBy('activity_id')
      .orderBy('user_id')
      .execute(),
  ]);
  return JSON.stringify({ comments, likes, activities, inbox });
}
