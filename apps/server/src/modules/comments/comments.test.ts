// The life of comments on a version: points and ranges in timeline order, replies, edits, likes, resolving,
// deleting a thread or the version under it, and the activity a new comment records in everyone's feed.
import {
  CommentDeletedResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
} from '@mixdesk/contract/comments';
import { DashboardResponseSchema } from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import * as commentsMigration from '../../db/migrations/0016-comments.ts';
import { nowIso } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { upsertProfileFields } from '../profile/repo.ts';
import {
  addVersion,
  type CommentsFixture,
  call,
  commentsFixture,
  commentsUrl,
  postComment,
} from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

async function list(who: SignedIn, url = f.url) {
  const res = await call(t.app, who.token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return CommentListResponseSchema.parse(res.json()).data.comments;
}

async function act(who: SignedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await call(t.app, who.token, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const dashboard = async (who: SignedIn) =>
  DashboardResponseSchema.parse((await call(t.app, who.token, 'GET', '/api/dashboard')).json()).data;

describe('comments on a version', () => {
  it('adds a point and a range, shown in timeline order (time, then when written)', async () => {
    const url = commentsUrl(
      f.projectId,
      f.trackId,
      await addVersion(t.app, f.owner.token, f.projectId, f.trackId),
    );
    const later = await postComment(t.app, f.viewer.token, url, { body: '  Vocal too loud  ', at: 1.5 });
    const range = await postComment(t.app, f.editor.token, url, {
      body: 'Muddy bass here',
      at: 0.5,
      end: 1.25,
    });
    const same = await postComment(t.app, f.owner.token, url, { body: 'Agreed', at: 1.5, end: null });
    expect(later).toMatchObject({
      projectId: f.projectId,
      trackId: f.trackId,
      parentId: null,
      body: 'Vocal too loud',
      at: 1.5,
      end: null,
      author: { _id: f.viewer.user._id, name: 'Viewer', avatarUrl: null, guest: false },
      likes: 0,
      likedBy: [],
      resolved: false,
      editedAt: null,
    });
    expect(range).toMatchObject({ at: 0.5, end: 1.25, author: { name: 'Editor' } });
    expect((await list(f.owner, url)).map((c) => c._id)).toEqual([range._id, later._id, same._id]);
  });

  it('adds a reply to a thread, listed with the comments', async () => {
    const first = await postComment(t.app, f.owner.token, f.url, { body: 'Kick is late', at: 0.25 });
    const reply = await postComment(t.app, f.viewer.token, f.url, {
      body: 'Fixed in v3?',
      at: 0.25,
      parentId: first._id,
    });
    expect(reply.parentId).toBe(first._id);
    const ids = (await list(f.viewer)).map((c) => c._id);
    expect(ids.indexOf(reply._id)).toBe(ids.indexOf(first._id) + 1);
  });

  it('edits the text, time and end, and marks it edited', async () => {
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'Hiss', at: 0.1 });
    const res = await act(f.viewer, 'PUT', `${f.url}/${c._id}`, {
      body: 'Hiss at the start',
      at: 0.2,
      end: 0.9,
    });
    const edited = CommentResponseSchema.parse(res).data.comment;
    expect(edited).toMatchObject({ body: 'Hiss at the start', at: 0.2, end: 0.9 });
    expect(edited.editedAt).not.toBeNull();
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(c.createdAt));
    const point = CommentResponseSchema.parse(await act(f.viewer, 'PUT', `${f.url}/${c._id}`, { end: null }));
    expect(point.data.comment).toMatchObject({ body: 'Hiss at the start', at: 0.2, end: null });
  });

  it("shows the author's name and avatar as they are now", async () => {
    const c = await postComment(t.app, f.editor.token, f.url, { body: 'Who am I', at: 1 });
    await act(f.editor, 'PUT', '/api/auth/profile', { name: 'Editor Renamed' });
    // An avatar as the profile area stores one (the image itself is never read here).
    await upsertProfileFields(t.app.ctx.db, f.editor.user._id, {
      avatar_key: 'avatars/editor.png',
      avatar_mime: 'image/png',
      avatar_updated_at: nowIso(),
      updated_at: nowIso(),
    });
    const shown = (await list(f.viewer)).find((x) => x._id === c._id)!;
    expect(shown.author.name).toBe('Editor Renamed');
    expect(shown.author.avatarUrl).toMatch(new RegExp(`^/api/users/${f.editor.user._id}/avatar\\?v=\\w+$`));
    await act(f.editor, 'PUT', '/api/auth/profile', { profileVisibility: 'private' });
    expect((await list(f.viewer)).find((x) => x._id === c._id)!.author.avatarUrl).toBeNull();
  });

  it('toggles a like per person', async () => {
    const c = await postComment(t.app, f.owner.token, f.url, { body: 'Love this fill', at: 1.75 });
    const like = async (who: SignedIn) =>
      CommentResponseSchema.parse(await act(who, 'POST', `${f.url}/${c._id}/like`)).data.comment;
    expect(await like(f.viewer)).toMatchObject({ likes: 1, likedBy: [f.viewer.user._id] });
    expect(await like(f.owner)).toMatchObject({ likes: 2, likedBy: [f.viewer.user._id, f.owner.user._id] });
    expect(await like(f.viewer)).toMatchObject({ likes: 1, likedBy: [f.owner.user._id] });
    expect(await like(f.owner)).toMatchObject({ likes: 0, likedBy: [] });
    expect((await list(f.viewer)).find((x) => x._id === c._id)).toMatchObject({ likes: 0 });
  });

  it('toggles a thread resolved and back', async () => {
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'Clicks at the end', at: 1.9 });
    const resolve = async () =>
      CommentResponseSchema.parse(await act(f.editor, 'POST', `${f.url}/${c._id}/resolve`)).data.comment;
    expect((await resolve()).resolved).toBe(true);
    expect((await list(f.owner)).find((x) => x._id === c._id)!.resolved).toBe(true);
    expect((await resolve()).resolved).toBe(false);
  });

  it("the owner deletes a thread's first comment with everyone's replies, and their activity", async () => {
    const first = await postComment(t.app, f.viewer.token, f.url, { body: 'Too wide', at: 0.75 });
    const replies = [
      await postComment(t.app, f.owner.token, f.url, { body: 'Narrowed', at: 0.75, parentId: first._id }),
      await postComment(t.app, f.editor.token, f.url, { body: 'Thanks', at: 0.75, parentId: first._id }),
    ];
    await act(f.owner, 'POST', `${f.url}/${replies[0]!._id}/like`);
    const removed = CommentDeletedResponseSchema.parse(await act(f.owner, 'DELETE', `${f.url}/${first._id}`));
    expect([...removed.data.deletedIds].sort()).toEqual([first._id, ...replies.map((r) => r._id)].sort());
    expect(removed.data.placeholder).toBeNull();
    const left = (await list(f.owner)).map((c) => c._id);
    for (const id of removed.data.deletedIds) expect(left).not.toContain(id);
    const db = t.app.ctx.db;
    const ids = removed.data.deletedIds.map((id) => `comment_added:${id}`);
    expect(await db.selectFrom('activities').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(
      await db.selectFrom('activity_inbox').select('user_id').where('activity_id', 'in', ids).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('comment_likes')
        .selectAll()
        .where('comment_id', 'in', removed.data.deletedIds)
        .execute(),
    ).toEqual([]);
  });

  it('deleting a reply leaves the thread', async () => {
    const first = await postComment(t.app, f.viewer.token, f.url, { body: 'Snare?', at: 0.3 });
    const reply = await postComment(t.app, f.editor.token, f.url, {
      body: 'Yes',
      at: 0.3,
      parentId: first._id,
    });
    const removed = CommentDeletedResponseSchema.parse(
      await act(f.editor, 'DELETE', `${f.url}/${reply._id}`),
    );
    expect(removed.data.deletedIds).toEqual([reply._id]);
    expect((await list(f.viewer)).map((c) => c._id)).toContain(first._id);
  });

  it('deleting a version deletes its comments and their activity', async () => {
    const versionId = await addVersion(t.app, f.owner.token, f.projectId, f.trackId);
    const url = commentsUrl(f.projectId, f.trackId, versionId);
    const first = await postComment(t.app, f.viewer.token, url, { body: 'Gone soon', at: 1 });
    await postComment(t.app, f.owner.token, url, { body: 'Reply', at: 1, parentId: first._id });
    await act(f.owner, 'DELETE', `/api/projects/${f.projectId}/tracks/${f.trackId}/versions/${versionId}`);
    const db = t.app.ctx.db;
    expect(
      await db.selectFrom('comments').select('id').where('version_id', '=', versionId).execute(),
    ).toEqual([]);
    const feed = await db
      .selectFrom('activities')
      .select('id')
      .where('kind', '=', 'comment_added')
      .where('detail', 'like', `%version=${versionId}%`)
      .execute();
    expect(feed).toEqual([]);
    expect((await call(t.app, f.viewer.token, 'GET', url)).statusCode).toBe(404);
  });

  it("appears in a collaborator's recent activity, leading to the comment, and marks the project active", async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const commentedAt = clock.step();
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'Check the outro', at: 1.5 });
    const [newest] = (await dashboard(f.editor)).recentActivity;
    expect(newest).toMatchObject({
      _id: `comment_added:${c._id}`,
      kind: 'comment_added',
      summary: 'Viewer commented on Intro at 0:01 in Night Drive',
      actor: { _id: f.viewer.user._id, name: 'Viewer' },
      project: { _id: f.projectId, title: 'Night Drive' },
      link: `/projects/${f.projectId}/tracks?track=${f.trackId}&version=${f.versionId}&t=1.5&comment=${c._id}`,
      createdAt: commentedAt,
    });
    expect((await dashboard(f.owner)).recentActivity[0]?._id).toBe(`comment_added:${c._id}`);
    expect((await dashboard(f.stranger)).recentActivity).toEqual([]);
    const after = await t.app.ctx.db
      .selectFrom('projects')
      .select('last_activity_at')
      .where('id', '=', f.projectId)
      .executeTakeFirstOrThrow();
    expect(after.last_activity_at).toBe(commentedAt);
  });

  it("lists the user's comments in their account export", async () => {
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'Export me', at: 0.6 });
    const handler = t.app.ctx.userData.find((h) => h.area === 'comments')!;
    const { data } = await handler.exportData(t.app.ctx, f.viewer.user._id);
    const mine = (data as { comments: { _id: string; author: { _id: string } }[] }).comments;
    expect(mine.map((x) => x._id)).toContain(c._id);
    expect(mine.every((x) => x.author._id === f.viewer.user._id)).toBe(true);
  });

  // Last: it takes the tables away and back.
  it('its migration can be undone, taking the comments and their activity, and redone', async () => {
    await postComment(t.app, f.viewer.token, f.url, { body: 'Before the undo', at: 0.5 });
    const db = t.app.ctx.db;
    // No upload's job still writing versions while tables that refer to them are dropped (PostgreSQL deadlocks).
    await jobQueue(t.app.ctx).idle();
    await commentsMigration.down(db);
    const left = await db.selectFrom('activities').select('id').where('kind', '=', 'comment_added').execute();
    expect(left).toEqual([]);
    await commentsMigration.up(db);
    expect(await list(f.viewer)).toEqual([]);
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'After the redo', at: 0.5 });
    expect((await dashboard(f.owner)).recentActivity[0]?._id).toBe(`comment_added:${c._id}`);
  });
});
