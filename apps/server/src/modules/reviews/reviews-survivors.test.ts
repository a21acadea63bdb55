// What the review group's mutation run (2026-11-28) found untested in reviews: the message each endpoint
// answers with; a decision's notification body without a note and its activity reaching the project's room;
// asking someone already asked sends nothing to the room; ids asked with spaces or capitals; a version deleted
// between the access check and the change; a decision on a version whose uploader deleted their account;
// "latest" staying exact when the clock has not moved on (or stepped back); a room that cannot be told is
// logged, never undoes the change; and the track list of a project whose tracks have no version yet.

import { isDeepStrictEqual } from 'node:util';
import { ACTIVITY_NEW_EVENT, ActivityEventSchema } from '@mixdesk/contract/activity';
import {
  REVIEW_UPDATED_EVENT,
  ReviewUpdatedEventSchema,
  type VersionReviewState,
} from '@mixdesk/contract/reviews';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, GOOD_PASSWORD, registerUser, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { join, listen, next, open } from '../../platform/realtime/realtime-testing.ts';
import { addTrack } from '../media/media-testing.ts';
import {
  addVersion,
  ask,
  call,
  decide,
  type ReviewsFixture,
  reviewState,
  reviewsFixture,
  versionUrl,
} from './reviews-testing.ts';

let t: TestApp;
let f: ReviewsFixture;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
  baseUrl = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** A new track of Night Drive with one version the editor uploaded; its ids and URL. */
async function freshVersion(title: string, label = 'Mix 1') {
  const trackId = (await addTrack(t.app, f.owner.token, f.projectId, { title }))._id;
  const versionId = await addVersion(t.app, f.editor.token, f.projectId, trackId, label);
  return { trackId, versionId, url: versionUrl(f.projectId, trackId, versionId) };
}

/** The owner's socket, in Night Drive's room. */
async function ownerInRoom(): Promise<Socket> {
  const socket = await open(baseUrl, f.owner.token);
  sockets.push(socket);
  await join(socket, f.projectId);
  return socket;
}

/** Every `event` the socket receives from now on, until the test ends. */
function collect<T>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  const on = (payload: T) => got.push(payload);
  socket.on(event, on);
  onTestFinished(() => {
    socket.off(event, on);
  });
  return got;
}

/**
 * Withdraws the viewer's request on `url` and waits until the room has heard of it: events reach a socket in
 * the order they were sent, so whatever the room was sent before has arrived by then.
 */
async function withdrawAndWait(socket: Socket, url: string): Promise<VersionReviewState> {
  const events: VersionReviewState[] = [];
  let wake = () => {};
  const on = (e: unknown) => {
    events.push(ReviewUpdatedEventSchema.parse(e).state);
    wake();
  };
  socket.on(REVIEW_UPDATED_EVENT, on);
  try {
    const res = await call(t.app, f.owner.token, 'DELETE', `${url}/review-requests/${f.viewer.user._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json().data.review as VersionReviewState;
    while (!events.some((e) => isDeepStrictEqual(e, state))) await new Promise<void>((r) => (wake = r));
    return state;
  } finally {
    socket.off(REVIEW_UPDATED_EVENT, on);
  }
}

describe('the answers (routes.ts)', () => {
  it('each endpoint says what happened, a decision in its own words', async () => {
    const v = await freshVersion('Answers');
    const read = await call(t.app, f.viewer.token, 'GET', `${v.url}/review`);
    expect(read.json()).toMatchObject({ success: true, message: 'Review' });
    const approved = await call(t.app, f.viewer.token, 'POST', `${v.url}/review`, { decision: 'approved' });
    expect(approved.json()).toMatchObject({ success: true, message: 'Approved' });
    const changes = await call(t.app, f.viewer.token, 'POST', `${v.url}/review`, {
      decision: 'changes_requested',
    });
    expect(changes.json()).toMatchObject({ success: true, message: 'Changes requested' });
    const asked = await call(t.app, f.editor.token, 'POST', `${v.url}/review-requests`, {
      userIds: [f.viewer.user._id],
    });
    expect(asked.json()).toMatchObject({ success: true, message: 'Review requested' });
    const withdrawn = await call(
      t.app,
      f.editor.token,
      'DELETE',
      `${v.url}/review-requests/${f.viewer.user._id}`,
    );
    expect(withdrawn.json()).toMatchObject({ success: true, message: 'Review request withdrawn' });
  });
});

describe('what a decision tells (service.ts decide)', () => {
  it('a decision without a note tells the uploader with an empty body', async () => {
    const v = await freshVersion('Quiet Approval');
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    const res = await call(t.app, f.editor.token, 'GET', '/api/notifications');
    const [latest] = res.json().data.notifications;
    expect(latest).toMatchObject({
      kind: 'review_decision',
      title: "Viewer approved 'Mix 1' of Quiet Approval",
      body: '',
    });
  });

  it("a decision's activity reaches the project's room", async () => {
    const v = await freshVersion('Live Feed');
    const socket = await ownerInRoom();
    const activities = collect<unknown>(socket, ACTIVITY_NEW_EVENT);
    await ask(t.app, f.owner.token, v.url, [f.viewer.user._id]);
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    await withdrawAndWait(socket, v.url);
    const [review] = await t.app.ctx.db
      .selectFrom('version_reviews')
      .select('id')
      .where('version_id', '=', v.versionId)
      .execute();
    expect(activities.map((a) => ActivityEventSchema.parse(a))).toEqual([
      {
        projectId: f.projectId,
        activity: expect.objectContaining({
          _id: `version_reviewed:${review!.id}`,
          kind: 'version_reviewed',
          summary: "Viewer approved 'Mix 1' of Live Feed in Night Drive",
        }),
      },
    ]);
  });

  it('on a version whose uploader deleted their account, a decision is recorded and tells nobody', async () => {
    const uploader = await registerUser(t.app, { name: 'Session Player' });
    await addMember(t.app, f.owner.token, f.projectId, uploader, { permission: 'edit' });
    const trackId = (await addTrack(t.app, f.owner.token, f.projectId, { title: 'Orphan' }))._id;
    const versionId = await addVersion(t.app, uploader.token, f.projectId, trackId, 'Take 1');
    const url = versionUrl(f.projectId, trackId, versionId);
    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(uploader.token),
      payload: { email: uploader.user.email, password: GOOD_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const res = await call(t.app, f.viewer.token, 'POST', `${url}/review`, {
      decision: 'approved',
      note: 'Fine',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.review.reviews).toEqual([
      expect.objectContaining({ reviewer: { _id: f.viewer.user._id, name: 'Viewer' }, decision: 'approved' }),
    ]);
    const told = await t.app.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'review_decision')
      .where('link', 'like', `%${versionId}%`)
      .execute();
    expect(told).toEqual([]);
  });
});

describe('asking (service.ts requestReviews)', () => {
  it('asking someone already asked sends nothing to the room', async () => {
    const v = await freshVersion('Asked Twice');
    const socket = await ownerInRoom();
    const first = next(socket, REVIEW_UPDATED_EVENT);
    const once = await ask(t.app, f.editor.token, v.url, [f.viewer.user._id]);
    expect(ReviewUpdatedEventSchema.parse(await first).state).toEqual(once);

    const events = collect<{ state: VersionReviewState }>(socket, REVIEW_UPDATED_EVENT);
    expect(await ask(t.app, f.owner.token, v.url, [f.viewer.user._id])).toEqual(once);
    const after = await withdrawAndWait(socket, v.url);
    // Only the withdrawal was heard.
    expect(events.map((e) => e.state)).toEqual([after]);
  });

  it('ids with spaces around them or in capitals are the people they name', async () => {
    const v = await freshVersion('Padded Ids');
    const state = await ask(t.app, f.editor.token, v.url, [`  ${f.viewer.user._id.toUpperCase()}  `]);
    expect(state.requests.map((r) => r.reviewer)).toEqual([{ _id: f.viewer.user._id, name: 'Viewer' }]);

    const self = await call(t.app, f.editor.token, 'POST', `${v.url}/review-requests`, {
      userIds: [` ${f.editor.user._id.toUpperCase()} `],
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      message: 'You cannot ask yourself for a review',
      error: { details: [{ path: 'userIds.0', message: 'You cannot ask yourself for a review' }] },
    });
  });
});

describe('a change on a version deleted meanwhile (service.ts inVersion)', () => {
  it('a decision on a version deleted after the access check: 404, nothing recorded', async () => {
    const v = await freshVersion('Vanishing');
    await addVersion(t.app, f.editor.token, f.projectId, v.trackId, 'Mix 2', true);
    // The uploads' jobs (waveform, analysis, copies) open transactions too: done before the trap is set, so
    // the first transaction after it is the decision's.
    await jobQueue(t.app.ctx).idle();
    const db = t.app.ctx.db;
    onTestFinished(() => {
      t.app.ctx.db = db;
    });
    // The change's transaction is the first one after the access check: the version goes just before it.
    t.app.ctx.db = new Proxy(db, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
        t.app.ctx.db = db;
        return () => ({
          execute: async <T>(change: (trx: typeof db) => Promise<T>) => {
            const removed = await call(t.app, f.owner.token, 'DELETE', v.url);
            expect(removed.statusCode, removed.body).toBe(200);
            return db.transaction().execute(change);
          },
        });
      },
    });
    const res = await call(t.app, f.viewer.token, 'POST', `${v.url}/review`, { decision: 'approved' });
    expect(t.app.ctx.db).toBe(db);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Version not found' });
    expect(
      await db.selectFrom('version_reviews').select('id').where('version_id', '=', v.versionId).execute(),
    ).toEqual([]);
  });
});

describe('"latest" stays exact (service.ts after)', () => {
  it('a decision stamped when the clock has not moved, or stepped back, comes just after the one before', async () => {
    const v = await freshVersion('Frozen Clock');
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const start = clock.step(0);
    const ms = (n: number) => new Date(Date.parse(start) + n).toISOString();
    const decided = async (decision: 'approved' | 'changes_requested') =>
      (await decide(t.app, f.viewer.token, v.url, { decision })).reviews[0]!;

    expect(await decided('approved')).toMatchObject({ decision: 'approved', decidedAt: start });
    // Same millisecond: one after.
    expect(await decided('changes_requested')).toMatchObject({
      decision: 'changes_requested',
      decidedAt: ms(1),
    });
    clock.step(-1000);
    expect(await decided('approved')).toMatchObject({ decision: 'approved', decidedAt: ms(2) });
    // Once the clock is past the last decision again, the time is the clock's.
    const later = clock.step(1010);
    expect(later).toBe(ms(10));
    expect(await decided('changes_requested')).toMatchObject({
      decision: 'changes_requested',
      decidedAt: later,
    });
    expect((await reviewState(t.app, f.owner.token, v.url)).reviews).toHaveLength(1);
  });
});

describe('the room cannot be told (service.ts emit)', () => {
  it('the decision stands and the failure is logged', async () => {
    const v = await freshVersion('Deaf Room');
    const live = t.app.ctx.live;
    const original = live.toProject;
    onTestFinished(() => {
      live.toProject = original;
    });
    live.toProject = ((projectId: string, event: string, payload: unknown) => {
      if (event === REVIEW_UPDATED_EVENT) throw new Error('The room is unreachable');
      return (original as (p: string, e: string, x: unknown) => void).call(live, projectId, event, payload);
    }) as typeof original;
    const res = await call(t.app, f.viewer.token, 'POST', `${v.url}/review`, { decision: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await reviewState(t.app, f.owner.token, v.url)).reviews).toEqual([
      expect.objectContaining({ decision: 'approved' }),
    ]);
    const lines = t
      .logs()
      .split('\n')
      .filter((l) => l.includes('The room is unreachable'))
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        service: 'reviews',
        msg: 'Could not send a review event',
        err: expect.objectContaining({ message: 'The room is unreachable' }),
      }),
    ]);
  });
});

describe("track lists' review summaries (repo.ts decisionsOfAsked)", () => {
  it('a project whose tracks have no version yet lists them, without a summary', async () => {
    const res = await call(t.app, f.editor.token, 'POST', '/api/projects', {
      title: 'Blank Slate',
      type: 'single',
    });
    expect(res.statusCode, res.body).toBe(201);
    const projectId = res.json().data.project._id as string;
    const track = await addTrack(t.app, f.editor.token, projectId, { title: 'Sketch' });
    const list = await call(t.app, f.editor.token, 'GET', `/api/projects/${projectId}/tracks`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.tracks).toEqual([
      expect.objectContaining({ _id: track._id, currentVersion: null, review: null }),
    ]);
  });
});
