// Bad comments: each gets a clear 4xx JSON error ({ success: false, message }) and changes nothing.
import { COMMENTS_PER_VERSION_MAX } from '@mixdesk/contract/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import {
  addVersion,
  type CommentsFixture,
  call,
  commentsFixture,
  commentsSnapshot,
  commentsUrl,
  DURATION,
  postComment,
} from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;
let thread: string;
let reply: string;
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  thread = (await postComment(t.app, f.viewer.token, f.url, { body: 'Thread', at: 1 }))._id;
  reply = (await postComment(t.app, f.owner.token, f.url, { body: 'Reply', at: 1, parentId: thread }))._id;
  const other = commentsUrl(f.projectId, f.trackId, f.otherVersionId);
  elsewhere = (await postComment(t.app, f.owner.token, other, { body: 'Other version', at: 1 }))._id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Runs a bad call and checks its answer, and that nothing the comments area stores changed. */
async function refused(
  method: Method,
  url: string,
  payload: unknown,
  status: number,
  message?: string | RegExp,
) {
  const before = await commentsSnapshot(t.app);
  const res =
    typeof payload === 'string'
      ? await t.app.inject({
          method,
          url,
          headers: { ...bearer(f.owner.token), 'content-type': 'application/json' },
          payload,
        })
      : await call(t.app, f.owner.token, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, message: expect.any(String) });
  if (message) expect(body.message).toMatch(message);
  expect(await commentsSnapshot(t.app)).toBe(before);
}

const at = (value: unknown) => ({ body: 'Here', at: value });

describe('refused new comments', () => {
  it.each([
    ['a time before the start', at(-1), /Time cannot be before the start/],
    ['a time past the end', at(DURATION + 0.5), /Time is past the end of the version/],
    ['an end before the time', { body: 'x', at: 1, end: 0.5 }, /End must be after the time/],
    ['an end at the time', { body: 'x', at: 1, end: 1 }, /End must be after the time/],
    ['an end past the end', { body: 'x', at: 1, end: DURATION + 1 }, /End is past the end of the version/],
    ['a negative end', { body: 'x', at: 1, end: -2 }, /End cannot be before the start/],
    ['an empty comment', { body: '', at: 1 }, /Comment cannot be empty/],
    ['a whitespace-only comment', { body: ' \n\t ', at: 1 }, /Comment cannot be empty/],
    ['a 2,001-character comment', { body: 'a'.repeat(2001), at: 1 }, /at most 2,000 characters/],
    ['no comment', { at: 1 }, /Comment is required/],
    ['a comment that is not text', { body: 42, at: 1 }, /Comment must be text/],
    ['a time that is text', at('1:12'), /Time must be a number of seconds/],
    ['no time', { body: 'x' }, /Time is required/],
    ['a time that is a list', at([1]), /Time must be a number of seconds/],
    [
      'a reply to a reply',
      () => ({ body: 'x', at: 1, parentId: reply }),
      /^Replies go to the first comment of a thread$/,
    ],
    [
      'a reply to another version',
      () => ({ body: 'x', at: 1, parentId: elsewhere }),
      /^Unknown comment to reply to$/,
    ],
    [
      'a reply to an unknown comment',
      () => ({ body: 'x', at: 1, parentId: newId() }),
      /^Unknown comment to reply to$/,
    ],
    ['a reply to a malformed id', { body: 'x', at: 1, parentId: '../etc' }, /^Unknown comment to reply to$/],
    [
      'a reply to an over-long id',
      { body: 'x', at: 1, parentId: 'a'.repeat(101) },
      /Unknown comment to reply to/,
    ],
    ['a reply to a number', { body: 'x', at: 1, parentId: 7 }, /^Parent id must be text$/],
  ])('%s: 400', async (_name, body, message) => {
    await refused('POST', f.url, typeof body === 'function' ? body() : body, 400, message);
  });

  it('a body that is not JSON: 400', async () => {
    await refused('POST', f.url, '{"body": "x", "at": ', 400, /not valid JSON/);
  });

  it.each([
    [
      'an unknown project',
      () => `/api/projects/${newId()}/tracks/${f.trackId}/versions/${f.versionId}/comments`,
      'Project not found',
    ],
    [
      'a malformed project id',
      () => `/api/projects/nope/tracks/${f.trackId}/versions/${f.versionId}/comments`,
      'Project not found',
    ],
    [
      'an unknown track',
      () => `/api/projects/${f.projectId}/tracks/${newId()}/versions/${f.versionId}/comments`,
      'Track not found',
    ],
    [
      'a malformed track id',
      () => `/api/projects/${f.projectId}/tracks/x%27--/versions/${f.versionId}/comments`,
      'Track not found',
    ],
    ['an unknown version', () => commentsUrl(f.projectId, f.trackId, newId()), 'Version not found'],
    ['a malformed version id', () => commentsUrl(f.projectId, f.trackId, 'NOT-AN-ID'), 'Version not found'],
  ])('%s: 404', async (_name, url, message) => {
    await refused('POST', url(), { body: 'x', at: 1 }, 404, new RegExp(`^${message}$`));
    await refused('GET', url(), undefined, 404, new RegExp(`^${message}$`));
  });
});

describe('refused changes to a comment', () => {
  const one = (id: string) => `${f.url}/${id}`;

  it.each([
    ['nothing to change', {}, /Nothing to change/],
    ['a time before the start', { at: -0.5 }, /Time cannot be before the start/],
    ['a time past the end', { at: DURATION + 1 }, /Time is past the end of the version/],
    ['an end past the end', { end: DURATION + 1 }, /End is past the end of the version/],
    ['an end before the time', { at: 1, end: 0.5 }, /End must be after the time/],
    ['an end before the stored time', { end: 0.5 }, /End must be after the time/],
    ['an empty comment', { body: '   ' }, /Comment cannot be empty/],
    ['a 2,001-character comment', { body: 'b'.repeat(2001) }, /at most 2,000 characters/],
    ['a time that is text', { at: 'soon' }, /Time must be a number of seconds/],
  ])('%s: 400', async (_name, body, message) => {
    // The thread is the viewer's: the viewer edits it.
    const before = await commentsSnapshot(t.app);
    const res = await call(t.app, f.viewer.token, 'PUT', one(thread), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(message);
    expect(await commentsSnapshot(t.app)).toBe(before);
  });

  it("editing someone else's comment: 403", async () => {
    await refused(
      'PUT',
      one(thread),
      { body: 'Owner was here' },
      403,
      /^You can only edit your own comments$/,
    );
  });

  it('resolving a reply: 400', async () => {
    await refused('POST', `${one(reply)}/resolve`, undefined, 400, /first comment of a thread/);
  });

  const calls: [Method, string, object | undefined][] = [
    ['PUT', '', { body: 'x' }],
    ['DELETE', '', undefined],
    ['POST', '/like', undefined],
    ['POST', '/resolve', undefined],
  ];
  it.each(calls)(
    "%s …%s on an unknown, malformed or other version's comment: 404",
    async (method, tail, body) => {
      for (const id of [newId(), 'abc', '1 OR 1=1', newId().toUpperCase(), elsewhere])
        await refused(method, `${f.url}/${encodeURIComponent(id)}${tail}`, body, 404, /^Comment not found$/);
    },
  );

  it.each(calls)('%s …%s with an over-long comment id: 404, never a 5xx', async (method, tail, body) => {
    await refused(method, `${f.url}/${'a'.repeat(101)}${tail}`, body, 404);
  });
});

// Last: the 5,000 rows it adds would slow every snapshot after it.
describe('a full version', () => {
  it(`a version that holds ${COMMENTS_PER_VERSION_MAX.toLocaleString('en-US')} comments: 409`, async () => {
    const versionId = await addVersion(t.app, f.owner.token, f.projectId, f.trackId);
    const rows = Array.from({ length: COMMENTS_PER_VERSION_MAX }, (_, i) => ({
      id: newId(),
      project_id: f.projectId,
      track_id: f.trackId,
      version_id: versionId,
      parent_id: null,
      author_id: f.owner.user._id,
      guest_name: null,
      body: `Note ${i}`,
      at_sec: (i % 200) / 100,
      end_sec: null,
      created_at: nowIso(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.app.ctx.db
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute();
    const url = commentsUrl(f.projectId, f.trackId, versionId);
    await refused('POST', url, { body: 'One too many', at: 1 }, 409, /at most 5,000 comments/);
    await refused('POST', url, { body: 'A reply too', at: 1, parentId: rows[0]!.id }, 409, /at most 5,000/);
  });
});
