// Deleting a thread's first comment never takes other people's words with it: when others have replied, a
// "comment deleted" placeholder keeps the thread's place and the replies stay; only the project's owner removes
// a whole thread. The placeholder takes no actions, and goes when its last reply goes. Realtime members hear
// each change through the existing events.
import {
  type Comment,
  CommentDeletedEventSchema,
  CommentDeletedResponseSchema,
  CommentEventSchema,
  CommentListResponseSchema,
} from '@mixdesk/contract/comments';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { join, listen, open } from '../../platform/realtime/realtime-testing.ts';
import {
  type CommentsFixture,
  call,
  commentsFixture,
  commentsSnapshot,
  postComment,
} from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;
let member: Socket;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  member = await open(await listen(t), f.editor.token);
  await join(member, f.projectId);
});
afterAll(async () => {
  member.close();
  await t.close();
});

/** The first `event` the member's socket hears from now on that `wanted` accepts (earlier ones may still arrive). */
function hear<T>(event: string, wanted: (payload: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const on = (payload: T) => {
      if (!wanted(payload)) return;
      member.off(event, on);
      resolve(payload);
    };
    member.on(event, on);
  });
}

async function list(who: SignedIn) {
  const res = await call(t.app, who.token, 'GET', f.url);
  expect(res.statusCode, res.body).toBe(200);
  return CommentListResponseSchema.parse(res.json()).data.comments;
}

async function remove(who: SignedIn, id: string) {
  const res = await call(t.app, who.token, 'DELETE', `${f.url}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return CommentDeletedResponseSchema.parse(res.json()).data;
}

/** A view-only member's thread with a reply from the owner and one from an editor (the first one liked). */
async function threadWithReplies(at: number) {
  const first = await postComment(t.app, f.viewer.token, f.url, { body: 'Hi-hats too bright', at });
  const ownerReply = await postComment(t.app, f.owner.token, f.url, {
    body: 'Tamed',
    at,
    parentId: first._id,
  });
  const editorReply = await postComment(t.app, f.editor.token, f.url, {
    body: 'Agreed',
    at,
    parentId: first._id,
  });
  expect((await call(t.app, f.owner.token, 'POST', `${f.url}/${first._id}/like`)).statusCode).toBe(200);
  return { first, replies: [ownerReply, editorReply] };
}

const activityIds = async (ids: string[]) =>
  (
    await t.app.ctx.db
      .selectFrom('activities')
      .select('id')
      .where(
        'id',
        'in',
        ids.map((id) => `comment_added:${id}`),
      )
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('deleting a comment that others replied to', () => {
  it("a view-only member's delete leaves a placeholder and keeps the owner's and the editor's replies", async () => {
    const { first, replies } = await threadWithReplies(0.5);
    const updated = hear<{ comment: Comment }>('comment:updated', (e) => e.comment._id === first._id);
    const removed = await remove(f.viewer, first._id);

    const placeholder: Comment = {
      ...first,
      body: '',
      author: { _id: null, name: '', avatarUrl: null, guest: false },
      likes: 0,
      likedBy: [],
      deleted: true,
    };
    expect(removed).toEqual({ deletedIds: [], placeholder });
    expect(CommentEventSchema.parse(await updated).comment).toEqual(placeholder);
    const shown = await list(f.owner);
    expect(shown.find((c) => c._id === first._id)).toEqual(placeholder);
    // The replies are untouched, word for word, and still belong to their thread.
    for (const reply of replies) expect(shown.find((c) => c._id === reply._id)).toEqual(reply);
    // Nothing of the deleted words is kept, nor the author's activity; the replies' activity stays.
    const row = await t.app.ctx.db
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', first._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: '', author_id: null, guest_name: null });
    expect(await activityIds([first._id, ...replies.map((r) => r._id)])).toEqual(
      replies.map((r) => `comment_added:${r._id}`).sort(),
    );
  });

  it('the placeholder takes no like, resolve, reply, edit or second delete by its former author', async () => {
    const { first } = await threadWithReplies(0.6);
    await remove(f.viewer, first._id);
    const before = await commentsSnapshot(t.app);
    const refusals: [SignedIn, 'POST' | 'PUT' | 'DELETE', string, object | undefined, number][] = [
      [f.editor, 'POST', `${f.url}/${first._id}/like`, undefined, 409],
      [f.editor, 'POST', `${f.url}/${first._id}/resolve`, undefined, 409],
      [f.editor, 'POST', f.url, { body: 'Late reply', at: 0.6, parentId: first._id }, 409],
      [f.viewer, 'PUT', `${f.url}/${first._id}`, { body: 'Back again' }, 403],
      [f.viewer, 'DELETE', `${f.url}/${first._id}`, undefined, 403],
    ];
    for (const [who, method, url, payload, status] of refusals) {
      const res = await call(t.app, who.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    expect(await commentsSnapshot(t.app)).toBe(before);
  });

  it('the last reply deleted under a placeholder takes the placeholder with it', async () => {
    const { first, replies } = await threadWithReplies(0.7);
    await remove(f.viewer, first._id);
    expect(await remove(f.editor, replies[1]!._id)).toEqual({
      deletedIds: [replies[1]!._id],
      placeholder: null,
    });
    const deleted = hear<{ deletedIds: string[] }>('comment:deleted', (e) =>
      e.deletedIds.includes(first._id),
    );
    const removed = await remove(f.owner, replies[0]!._id);
    expect([...removed.deletedIds].sort()).toEqual([first._id, replies[0]!._id].sort());
    expect(removed.placeholder).toBeNull();
    const event = CommentDeletedEventSchema.parse(await deleted);
    expect([...event.deletedIds].sort()).toEqual([first._id, replies[0]!._id].sort());
    const left = (await list(f.owner)).map((c) => c._id);
    expect(left).not.toContain(first._id);
  });

  it('a thread with no replies, or only its author’s own, is removed entirely as before', async () => {
    const alone = await postComment(t.app, f.viewer.token, f.url, { body: 'Alone', at: 0.8 });
    expect(await remove(f.viewer, alone._id)).toEqual({ deletedIds: [alone._id], placeholder: null });
    const first = await postComment(t.app, f.viewer.token, f.url, { body: 'Talking to myself', at: 0.9 });
    const own = await postComment(t.app, f.viewer.token, f.url, {
      body: 'Still me',
      at: 0.9,
      parentId: first._id,
    });
    const removed = await remove(f.viewer, first._id);
    expect([...removed.deletedIds].sort()).toEqual([first._id, own._id].sort());
    expect(removed.placeholder).toBeNull();
  });

  it("the project's owner removes a whole thread, others' replies included", async () => {
    const { first, replies } = await threadWithReplies(1);
    const removed = await remove(f.owner, first._id);
    expect([...removed.deletedIds].sort()).toEqual([first._id, ...replies.map((r) => r._id)].sort());
    expect(removed.placeholder).toBeNull();
  });
});
