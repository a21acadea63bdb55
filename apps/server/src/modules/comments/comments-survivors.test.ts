// What the review group's mutation run (2026-11-28) found untested in comments: the message of each answer
// and the list's no-store header; the field (`details`) a refused time names; a version of unknown length;
// the words of the resolve and delete refusals; mentions of names with punctuation or written as one word;
// replies and guest comments folding per thread and per link, not all together; a guest's range and its
// activity reaching the room; no comment:deleted for a placeholder; a comment gone before it is read back
// (404, not a 500); and a failed room event logged, the change kept.
import { ACTIVITY_NEW_EVENT, type ActivityEvent } from '@mixdesk/contract/activity';
import { type CommentDeletedEvent, CommentResponseSchema } from '@mixdesk/contract/comments';
import { type Notification, NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type SignedIn, TEST_DIALECT, type TestApp } from '../../../test/helper.ts';
import type { LiveConnections } from '../../platform/context.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { join, listen, open } from '../../platform/realtime/realtime-testing.ts';
import { makeLink } from '../share-links/share-testing.ts';
import {
  addVersion,
  type CommentsFixture,
  call,
  commentsFixture,
  commentsUrl,
  DURATION,
  postComment,
} from './comments-testing.ts';
import { mentions } from './mentions.ts';

let t: TestApp;
let f: CommentsFixture;
/** The editor's socket, in the project's room. */
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

/** Every `event` the member's socket receives from now on, in order, until `stop`. */
function record<T>(event: string) {
  const got: T[] = [];
  let waiting: { wanted: (payload: T) => boolean; done: () => void }[] = [];
  const on = (payload: T) => {
    got.push(payload);
    for (const w of waiting.filter((w) => w.wanted(payload))) w.done();
    waiting = waiting.filter((w) => !w.wanted(payload));
  };
  member.on(event, on);
  return {
    /** Resolves once an event `wanted` accepts has been received (already, or later). */
    until: (wanted: (payload: T) => boolean) =>
      got.some(wanted) ? Promise.resolve() : new Promise<void>((done) => waiting.push({ wanted, done })),
    stop: () => {
      member.off(event, on);
      return got;
    },
  };
}

/** Resolves with the first `event` whose payload `wanted` accepts. */
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

async function inbox(who: SignedIn): Promise<Notification[]> {
  const res = await call(t.app, who.token, 'GET', '/api/notifications?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data.notifications;
}

/** `who`'s notifications of `kind` leading to the thread `threadId`. */
const about = async (who: SignedIn, kind: Notification['kind'], threadId: string) =>
  (await inbox(who)).filter(
    (n) => n.kind === kind && new URL(n.link, 'http://x').searchParams.get('comment') === threadId,
  );

describe('what each answer says (routes.ts)', () => {
  it('names what was done, and the list is never cached', async () => {
    const listed = await call(t.app, f.viewer.token, 'GET', f.url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().message).toBe('Comments');
    expect(listed.headers['cache-control']).toBe('no-store');

    const added = await call(t.app, f.viewer.token, 'POST', f.url, { body: 'Hum at the start', at: 0.1 });
    expect([added.statusCode, added.json().message]).toEqual([201, 'Comment added']);
    const one = `${f.url}/${added.json().data.comment._id}`;
    const steps: [SignedIn, 'POST' | 'PUT' | 'DELETE', string, object | undefined, string][] = [
      [f.viewer, 'PUT', one, { body: 'Hum at the very start' }, 'Comment updated'],
      [f.editor, 'POST', `${one}/like`, undefined, 'Liked'],
      [f.editor, 'POST', `${one}/like`, undefined, 'Like removed'],
      [f.editor, 'POST', `${one}/resolve`, undefined, 'Thread resolved'],
      [f.editor, 'POST', `${one}/resolve`, undefined, 'Thread reopened'],
      [f.viewer, 'DELETE', one, undefined, 'Comment deleted'],
    ];
    for (const [who, method, url, payload, message] of steps) {
      const res = await call(t.app, who.token, method, url, payload);
      expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([200, message]);
    }
  });
});

describe('refusals (service.ts, delete-comment.ts)', () => {
  const refusedFor = (path: string, message: string) => ({
    success: false,
    message,
    error: { code: 'VALIDATION_ERROR', details: [{ path, message }] },
  });

  it.each([
    ['a time past the end', { at: DURATION + 0.5 }, 'at', 'Time is past the end of the version'],
    ['an end past the end', { at: 1, end: DURATION + 1 }, 'end', 'End is past the end of the version'],
  ])('%s names its field in the error details', async (_name, place, path, message) => {
    const res = await call(t.app, f.owner.token, 'POST', f.url, { body: 'Out of place', ...place });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusedFor(path, message));
  });

  it('an end set before the stored time names the end in the error details', async () => {
    const c = await postComment(t.app, f.owner.token, f.url, { body: 'Range to be', at: 1 });
    const res = await call(t.app, f.owner.token, 'PUT', `${f.url}/${c._id}`, { end: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusedFor('end', 'End must be after the time'));
  });

  it('a version whose length is not known takes any time from 0 on', async () => {
    const versionId = await addVersion(t.app, f.owner.token, f.projectId, f.trackId);
    // Once its waveform job, which writes the exact length, is done.
    await jobQueue(t.app.ctx).idle();
    // As the probe stores a container that declares no length (probe.ts: 0).
    await t.app.ctx.db
      .updateTable('track_versions')
      .set({ duration: 0 })
      .where('id', '=', versionId)
      .execute();
    const c = await postComment(t.app, f.viewer.token, commentsUrl(f.projectId, f.trackId, versionId), {
      body: 'Past where the first take ended',
      at: DURATION + 5,
      end: DURATION + 7,
    });
    expect(c).toMatchObject({ at: DURATION + 5, end: DURATION + 7 });
  });

  it("refuses a view-only member's resolve of another's thread, and a delete of another's comment, in words", async () => {
    const other = await postComment(t.app, f.owner.token, f.url, { body: 'Owner thread', at: 0.4 });
    const resolve = await call(t.app, f.viewer.token, 'POST', `${f.url}/${other._id}/resolve`);
    expect(resolve.statusCode).toBe(403);
    expect(resolve.json().message).toBe(
      "Only the thread's author or an editor of the project can resolve it",
    );
    const remove = await call(t.app, f.editor.token, 'DELETE', `${f.url}/${other._id}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('Only its author or the project owner can delete a comment');
  });
});

describe('mentions (mentions.ts)', () => {
  const rename = async (who: SignedIn, name: string) =>
    expect((await call(t.app, who.token, 'PUT', '/api/auth/profile', { name })).statusCode).toBe(200);

  it('a name with punctuation is mentioned as written; the full name run together is another word', async () => {
    await rename(f.editor, 'D.J. Kool');
    onTestFinished(() => rename(f.editor, 'Editor'));
    const asWritten = await postComment(t.app, f.viewer.token, f.url, { body: '@D.J. the hats?', at: 0.2 });
    const runTogether = await postComment(t.app, f.viewer.token, f.url, { body: '@D.J.Kool hats', at: 0.3 });
    expect((await about(f.editor, 'mention', asWritten._id)).map((n) => n.title)).toEqual([
      'Viewer mentioned you on Intro at 0:00',
    ]);
    expect(await about(f.editor, 'mention', runTogether._id)).toEqual([]);
  });

  it('a blank or padded name mentions nobody (names are stored trimmed: only the helper can be given one)', () => {
    expect(mentions('@ anyone there?', '')).toBe(false);
    expect(mentions('@ anyone there?', '   ')).toBe(false);
    expect(mentions('see you @ noon', '  Paula')).toBe(false);
    expect(mentions('hi @Paula', '  Paula  ')).toBe(true);
  });
});

describe('folding (mentions.ts): per thread and per link, never all together', () => {
  it("replies to two of a person's threads are two notifications, one per thread", async () => {
    const threads = [
      await postComment(t.app, f.viewer.token, f.url, { body: 'Kick?', at: 0.5 }),
      await postComment(t.app, f.viewer.token, f.url, { body: 'Snare?', at: 1.5 }),
    ];
    for (const thread of threads)
      await postComment(t.app, f.owner.token, f.url, { body: 'Done', at: thread.at, parentId: thread._id });
    for (const thread of threads)
      expect((await about(f.viewer, 'reply', thread._id)).map((n) => [n.count, n.title])).toEqual([
        [1, 'Owner replied to your comment on Intro'],
      ]);
  });

  it("guests' comments through two links: each keeps its range, reaches the room's feed, and is a notification of its own", async () => {
    const heard = record<ActivityEvent>(ACTIVITY_NEW_EVENT);
    const guestComments: string[] = [];
    for (const [i, label] of ['For the artist', 'For the label'].entries()) {
      const made = await makeLink(t.app, f.owner.token, f.projectId, { label, versionId: f.versionId });
      const res = await t.app.inject({
        method: 'POST',
        url: `${made.api}/versions/${f.versionId}/comments`,
        payload: { name: 'Gina', body: `Note ${i + 1}`, at: 0.5, end: 1.25 },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.comment).toMatchObject({
        at: 0.5,
        end: 1.25,
        author: { name: 'Gina', guest: true },
      });
      guestComments.push(res.json().data.comment._id);
    }
    // A team comment after them: once its activity is heard, the guests' would have been heard before it.
    const team = await postComment(t.app, f.viewer.token, f.url, { body: 'Seen the notes', at: 0.5 });
    await heard.until((e) => e.activity._id === `comment_added:${team._id}`);
    // (Earlier tests' events may still be arriving: only these comments' count.)
    const ids = [...guestComments, team._id].map((id) => `comment_added:${id}`);
    expect(
      heard
        .stop()
        .map((e) => e.activity._id)
        .filter((id) => ids.includes(id)),
    ).toEqual(ids);
    const told = (await inbox(f.owner)).filter((n) => n.kind === 'guest_comment');
    // (Both made within a millisecond or so: their order in the list is not what this checks.)
    expect(told.map((n) => [n.count, n.body]).sort()).toEqual([
      [1, 'Note 1'],
      [1, 'Note 2'],
    ]);
  });
});

describe('the room and reading back (delete-comment.ts, service.ts)', () => {
  it('a delete that leaves a placeholder tells the room comment:updated, and no comment:deleted', async () => {
    const first = await postComment(t.app, f.viewer.token, f.url, { body: 'Soon a placeholder', at: 1.1 });
    await postComment(t.app, f.owner.token, f.url, { body: 'Keep me', at: 1.1, parentId: first._id });
    const deleted = record<CommentDeletedEvent>('comment:deleted');
    const updated = hear<{ comment: { _id: string } }>('comment:updated', (e) => e.comment._id === first._id);
    const res = await call(t.app, f.viewer.token, 'DELETE', `${f.url}/${first._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deletedIds).toEqual([]);
    await updated;
    // A later delete: once its event is heard, one for the placeholder would have been heard before it.
    const later = await postComment(t.app, f.editor.token, f.url, { body: 'Gone in a moment', at: 1.2 });
    const laterHeard = hear<CommentDeletedEvent>('comment:deleted', (e) => e.commentId === later._id);
    expect((await call(t.app, f.editor.token, 'DELETE', `${f.url}/${later._id}`)).statusCode).toBe(200);
    await laterHeard;
    const ours = deleted.stop().filter((e) => [first._id, later._id].includes(e.commentId));
    expect(ours.map((e) => e.deletedIds)).toEqual([[later._id]]);
  });

  it('a comment gone by the time the change is read back answers 404 Comment not found, not a 500', async () => {
    const c = await postComment(t.app, f.viewer.token, f.url, { body: 'Liked, then gone', at: 1.3 });
    // What a delete committed between the like and its reading back leaves: the comment gone.
    const db = t.app.ctx.db;
    const id = sql.lit(c._id);
    if (TEST_DIALECT === 'postgres') {
      await sql`create function survivors_drop_liked() returns trigger language plpgsql as $$
        begin delete from comments where id = new.comment_id; return null; end $$`.execute(db);
      await sql`create trigger survivors_drop_liked after insert on comment_likes for each row
        when (new.comment_id = ${id}) execute function survivors_drop_liked()`.execute(db);
      onTestFinished(async () => {
        await sql`drop trigger survivors_drop_liked on comment_likes`.execute(db);
        await sql`drop function survivors_drop_liked()`.execute(db);
      });
    } else {
      await sql`create trigger survivors_drop_liked after insert on comment_likes when new.comment_id = ${id}
        begin delete from comments where id = new.comment_id; end`.execute(db);
      onTestFinished(async () => {
        await sql`drop trigger survivors_drop_liked`.execute(db);
      });
    }
    const res = await call(t.app, f.editor.token, 'POST', `${f.url}/${c._id}/like`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Comment not found');
  });

  it('a room event that cannot be sent is logged, and the comment stays', async () => {
    const live = t.app.ctx.live;
    const failing: LiveConnections = {
      ...live,
      toProject: () => {
        throw new Error('Room unreachable');
      },
    };
    t.app.ctx.live = failing;
    onTestFinished(() => {
      t.app.ctx.live = live;
    });
    const res = await call(t.app, f.viewer.token, 'POST', f.url, { body: 'Into the void', at: 1.4 });
    expect(res.statusCode, res.body).toBe(201);
    const comment = CommentResponseSchema.parse(res.json()).data.comment;
    const lines = t
      .logs()
      .split('\n')
      .filter((l) => l.includes('Could not send a comment event'))
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'Could not send a comment event',
        service: 'comments',
        event: 'comment:new',
        err: expect.objectContaining({ message: 'Room unreachable' }),
      }),
    ]);
    const listed = await call(t.app, f.owner.token, 'GET', f.url);
    expect(listed.json().data.comments.map((x: { _id: string }) => x._id)).toContain(comment._id);
  });
});
