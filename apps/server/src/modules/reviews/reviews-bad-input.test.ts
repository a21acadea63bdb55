// Bad decisions and review requests: each gets a clear 4xx JSON error ({ success: false, message }) and
// changes nothing the reviews area stores.
import { REVIEW_NOTE_MAX, REVIEW_REQUEST_USERS_MAX } from '@mixdesk/contract/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId } from '../../platform/ids.ts';
import {
  ask,
  call,
  type ReviewsFixture,
  reviewsFixture,
  reviewsSnapshot,
  versionUrl,
} from './reviews-testing.ts';

let t: TestApp;
let f: ReviewsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
  // Something stored already, so "nothing changed" means something.
  await ask(t.app, f.owner.token, f.url, [f.viewer.user._id]);
  await call(t.app, f.viewer.token, 'POST', `${f.url}/review`, { decision: 'approved', note: 'Good' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';

/** Runs a bad call as the owner and checks its answer, and that nothing the reviews area stores changed. */
async function refused(method: Method, url: string, payload: unknown, status: number, message: RegExp) {
  const before = await reviewsSnapshot(t.app);
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
  expect(body.message).toMatch(message);
  expect(await reviewsSnapshot(t.app)).toBe(before);
  return body;
}

describe('refused decisions', () => {
  it.each([
    [
      'a decision outside the enum',
      { decision: 'maybe' },
      /^Decision must be approved or changes_requested$/,
    ],
    [
      'a decision in another case',
      { decision: 'Approved' },
      /Decision must be approved or changes_requested/,
    ],
    ['no decision', { note: 'Hmm' }, /Decision is required: approved or changes_requested/],
    ['a null decision', { decision: null }, /Decision is required/],
    ['a decision that is a number', { decision: 1 }, /Decision must be approved or changes_requested/],
    [
      `a ${(REVIEW_NOTE_MAX + 1).toLocaleString('en-US')}-character note`,
      { decision: 'approved', note: 'n'.repeat(REVIEW_NOTE_MAX + 1) },
      /Note must be at most 1,000 characters/,
    ],
    ['a note that is not text', { decision: 'approved', note: 42 }, /Note must be text/],
    ['an unknown field', { decision: 'approved', score: 5 }, /Unknown field.*score/],
    ['a list instead of an object', ['approved'], /Send \{ decision, note\? \}/],
  ])('%s: 400', async (_name, body, message) => {
    const res = await refused('POST', `${f.url}/review`, body, 400, message);
    expect(res.error.code).toBe('VALIDATION_ERROR');
  });

  it('a 1,000-character note (after trimming) is accepted', async () => {
    const res = await call(t.app, f.editor.token, 'POST', `${f.url}/review`, {
      decision: 'changes_requested',
      note: `  ${'n'.repeat(REVIEW_NOTE_MAX)}  `,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a body that is not JSON: 400', async () => {
    await refused('POST', `${f.url}/review`, '{"decision": ', 400, /not valid JSON/);
  });

  it.each([
    ['an unknown project', () => versionUrl(newId(), f.trackId, f.versionId), 'Project not found'],
    ['a malformed project id', () => versionUrl('nope', f.trackId, f.versionId), 'Project not found'],
    ['an unknown track', () => versionUrl(f.projectId, newId(), f.versionId), 'Track not found'],
    ['an unknown version', () => versionUrl(f.projectId, f.trackId, newId()), 'Version not found'],
    ['a malformed version id', () => versionUrl(f.projectId, f.trackId, "x'--"), 'Version not found'],
  ])('%s: 404', async (_name, url, message) => {
    const exact = new RegExp(`^${message}$`);
    await refused('POST', `${url()}/review`, { decision: 'approved' }, 404, exact);
    await refused('GET', `${url()}/review`, undefined, 404, exact);
    await refused('POST', `${url()}/review-requests`, { userIds: [f.viewer.user._id] }, 404, exact);
    await refused('DELETE', `${url()}/review-requests/${f.viewer.user._id}`, undefined, 404, exact);
  });
});

describe('refused review requests', () => {
  const url = () => `${f.url}/review-requests`;

  it.each([
    ['an empty list', { userIds: [] }, /Name at least one person to ask for a review/],
    [
      `${REVIEW_REQUEST_USERS_MAX + 1} people`,
      { userIds: Array.from({ length: REVIEW_REQUEST_USERS_MAX + 1 }, () => newId()) },
      /At most 50 people can be asked at a time/,
    ],
    ['ids that are not text', { userIds: [1, 2] }, /Each user id must be text/],
    ['ids that are not a list', { userIds: 'everyone' }, /User ids must be a list of user ids/],
    ['no ids', {}, /User ids must be a list of user ids/],
    ['an over-long id', { userIds: ['a'.repeat(101)] }, /That is not a user id/],
    ['an unknown field', { userIds: [newId()], message: 'pls' }, /Unknown field.*message/],
    ['a string instead of an object', '"everyone"', /Send \{ userIds: \[\.\.\.\] \}/],
  ])('%s: 400', async (_name, body, message) => {
    await refused('POST', url(), body, 400, message);
  });

  it("a stranger's id: 400 naming it, and nobody of the list is asked", async () => {
    const body = await refused(
      'POST',
      url(),
      { userIds: [f.editor.user._id, f.stranger.user._id] },
      400,
      new RegExp(`^"${f.stranger.user._id}" is not a member of this project$`),
    );
    expect(body.error.details).toEqual([
      { path: 'userIds.1', message: `"${f.stranger.user._id}" is not a member of this project` },
    ]);
  });

  it("one's own id: 400", async () => {
    const body = await refused(
      'POST',
      url(),
      { userIds: [f.owner.user._id] },
      400,
      /^You cannot ask yourself for a review$/,
    );
    expect(body.error).toEqual({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'userIds.0', message: 'You cannot ask yourself for a review' }],
    });
  });

  it('malformed and unknown ids: 400 naming each', async () => {
    const unknown = newId();
    const body = await refused(
      'POST',
      url(),
      { userIds: ["x' OR 1=1 --", unknown, ''] },
      400,
      /is not a member of this project \(and 2 more\)$/,
    );
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual([
      'userIds.0',
      'userIds.1',
      'userIds.2',
    ]);
  });

  it('withdrawing a request nobody made, or of a malformed or over-long id: 404', async () => {
    for (const id of [f.editor.user._id, newId(), 'abc', encodeURIComponent("x' OR 1=1")])
      await refused('DELETE', `${url()}/${id}`, undefined, 404, /^Review request not found$/);
    await refused('DELETE', `${url()}/${'a'.repeat(101)}`, undefined, 404, /not found/i);
  });
});
