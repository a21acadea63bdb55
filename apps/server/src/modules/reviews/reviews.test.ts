// The life of approvals on a version: each person's latest decision, asking people and withdrawing, when a
// version counts as approved, the track list's summary of its current version, the activity a decision
// records, and what goes with a removed collaborator, a deleted version and the migration.
import { ActivityListResponseSchema } from '@mixdesk/contract/activity';
import { TrackListResponseSchema } from '@mixdesk/contract/media';
import { type Notification, NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import * as reviewsMigration from '../../db/migrations/0018-reviews.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
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

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A new track of Night Drive with one version the editor uploaded; its URL. */
async function freshVersion(title: string, label = 'Mix 1') {
  const trackId = (await addTrack(t.app, f.owner.token, f.projectId, { title }))._id;
  const versionId = await addVersion(t.app, f.editor.token, f.projectId, trackId, label);
  return { trackId, versionId, url: versionUrl(f.projectId, trackId, versionId) };
}

async function tracksOf(who: SignedIn) {
  const res = await call(t.app, who.token, 'GET', `/api/projects/${f.projectId}/tracks`);
  expect(res.statusCode, res.body).toBe(200);
  return TrackListResponseSchema.parse(res.json()).data.tracks;
}

const summaryOf = async (trackId: string) =>
  (await tracksOf(f.viewer)).find((x) => x._id === trackId)?.review;

async function notificationsOf(who: SignedIn): Promise<Notification[]> {
  const res = await call(t.app, who.token, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data.notifications;
}

const ids = (...people: SignedIn[]) => people.map((p) => p.user._id);

describe('decisions', () => {
  it("show each person's latest decision only, and keep the earlier ones", async () => {
    const v = await freshVersion('Decisions');
    const first = await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    expect(first.reviews).toEqual([
      {
        reviewer: { _id: f.viewer.user._id, name: 'Viewer' },
        decision: 'approved',
        note: null,
        decidedAt: expect.any(String),
      },
    ]);
    const second = await decide(t.app, f.viewer.token, v.url, {
      decision: 'changes_requested',
      note: '  The vocal is buried at 1:12  ',
    });
    expect(second.reviews).toEqual([
      {
        reviewer: { _id: f.viewer.user._id, name: 'Viewer' },
        decision: 'changes_requested',
        note: 'The vocal is buried at 1:12',
        decidedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(second.reviews[0]!.decidedAt)).toBeGreaterThan(Date.parse(first.reviews[0]!.decidedAt));
    const both = await decide(t.app, f.owner.token, v.url, { decision: 'approved', note: '' });
    expect(both.reviews.map((r) => [r.reviewer.name, r.decision, r.note])).toEqual([
      ['Viewer', 'changes_requested', 'The vocal is buried at 1:12'],
      ['Owner', 'approved', null],
    ]);
    // Without anyone asked, nothing counts as approved.
    expect(both).toMatchObject({ versionId: v.versionId, requests: [], approved: false });
    expect(await reviewState(t.app, f.editor.token, v.url)).toEqual(both);
    const history = await t.app.ctx.db
      .selectFrom('version_reviews')
      .select(['reviewer_id', 'decision'])
      .where('version_id', '=', v.versionId)
      .orderBy('created_at')
      .execute();
    expect(history).toEqual([
      { reviewer_id: f.viewer.user._id, decision: 'approved' },
      { reviewer_id: f.viewer.user._id, decision: 'changes_requested' },
      { reviewer_id: f.owner.user._id, decision: 'approved' },
    ]);
  });

  it('the same decision and note again records nothing new', async () => {
    const v = await freshVersion('Repeat');
    const once = await decide(t.app, f.viewer.token, v.url, { decision: 'approved', note: 'Lovely' });
    const twice = await decide(t.app, f.viewer.token, v.url, { decision: 'approved', note: 'Lovely' });
    expect(twice).toEqual(once);
    const rows = await t.app.ctx.db
      .selectFrom('version_reviews')
      .select('id')
      .where('version_id', '=', v.versionId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (await decide(t.app, f.viewer.token, v.url, { decision: 'approved' })).reviews[0]!.note,
    ).toBeNull();
  });
});

describe('review requests and approval', () => {
  it('approve the version only once every person asked has approved it', async () => {
    const v = await freshVersion('Approval');
    const asked = await ask(t.app, f.editor.token, v.url, ids(f.viewer, f.owner));
    expect(asked.requests).toEqual(
      [
        {
          reviewer: { _id: f.viewer.user._id, name: 'Viewer' },
          requestedBy: { _id: f.editor.user._id, name: 'Editor' },
          requestedAt: expect.any(String),
          decision: null,
        },
        {
          reviewer: { _id: f.owner.user._id, name: 'Owner' },
          requestedBy: { _id: f.editor.user._id, name: 'Editor' },
          requestedAt: expect.any(String),
          decision: null,
        },
      ].sort((a, b) => a.reviewer.name.localeCompare(b.reviewer.name)),
    );
    expect(asked.approved).toBe(false);
    expect(await summaryOf(v.trackId)).toEqual({
      approved: false,
      requested: 2,
      approvals: 0,
      changesRequested: 0,
    });

    const one = await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    expect(one.approved).toBe(false);
    // Someone not asked approving counts for nothing.
    expect((await decide(t.app, f.editor.token, v.url, { decision: 'approved' })).approved).toBe(false);
    expect(await summaryOf(v.trackId)).toMatchObject({ approved: false, requested: 2, approvals: 1 });

    const all = await decide(t.app, f.owner.token, v.url, { decision: 'approved' });
    expect(all.approved).toBe(true);
    expect(all.requests.map((r) => r.decision)).toEqual(['approved', 'approved']);
    expect(await summaryOf(v.trackId)).toEqual({
      approved: true,
      requested: 2,
      approvals: 2,
      changesRequested: 0,
    });

    const undone = await decide(t.app, f.viewer.token, v.url, { decision: 'changes_requested' });
    expect(undone.approved).toBe(false);
    expect(await summaryOf(v.trackId)).toEqual({
      approved: false,
      requested: 2,
      approvals: 1,
      changesRequested: 1,
    });
  });

  it('a decision made before being asked counts once asked', async () => {
    const v = await freshVersion('Early');
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    const state = await ask(t.app, f.owner.token, v.url, ids(f.viewer));
    expect(state.requests[0]!.decision).toBe('approved');
    expect(state.approved).toBe(true);
  });

  it("a new current version resets the track's summary; the old version keeps its state", async () => {
    const v = await freshVersion('Reset');
    await ask(t.app, f.owner.token, v.url, ids(f.viewer));
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    expect(await summaryOf(v.trackId)).toMatchObject({ approved: true, requested: 1 });

    // A version that is not made current changes nothing.
    await addVersion(t.app, f.editor.token, f.projectId, v.trackId, 'Mix 2 (alt)');
    expect(await summaryOf(v.trackId)).toMatchObject({ approved: true, requested: 1 });

    const next = await addVersion(t.app, f.editor.token, f.projectId, v.trackId, 'Mix 2', true);
    const track = (await tracksOf(f.viewer)).find((x) => x._id === v.trackId)!;
    expect(track.currentVersion?._id).toBe(next);
    expect(track.review).toEqual({ approved: false, requested: 0, approvals: 0, changesRequested: 0 });
    expect((await reviewState(t.app, f.viewer.token, v.url)).approved).toBe(true);

    // Back to the approved version: approved again.
    const res = await call(t.app, f.owner.token, 'POST', `${v.url}/current`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await summaryOf(v.trackId)).toMatchObject({ approved: true });
  });

  it('a track without a version has no summary; every track of a list has one', async () => {
    const empty = (await addTrack(t.app, f.owner.token, f.projectId, { title: 'Empty' }))._id;
    const tracks = await tracksOf(f.owner);
    expect(tracks.find((x) => x._id === empty)!.review).toBeNull();
    for (const track of tracks) expect(track.review === null).toBe(track.currentVersion === null);
  });

  it('asking again, or the same person twice, changes nothing and tells nobody twice', async () => {
    const v = await freshVersion('Idempotent');
    const before = (await notificationsOf(f.viewer)).length;
    const first = await ask(t.app, f.editor.token, v.url, ids(f.viewer, f.viewer));
    expect(first.requests).toHaveLength(1);
    const again = await ask(t.app, f.owner.token, v.url, [f.viewer.user._id.toUpperCase()]);
    expect(again).toEqual(first);
    expect((await notificationsOf(f.viewer)).length).toBe(before + 1);
  });

  it('withdrawing a request takes the person off the list, and may make the version approved', async () => {
    const v = await freshVersion('Withdraw');
    await ask(t.app, f.editor.token, v.url, ids(f.viewer, f.owner));
    await decide(t.app, f.owner.token, v.url, { decision: 'approved' });
    const res = await call(t.app, f.editor.token, 'DELETE', `${v.url}/review-requests/${f.viewer.user._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.review).toMatchObject({
      requests: [{ reviewer: { _id: f.owner.user._id } }],
      approved: true,
    });
    const again = await call(t.app, f.owner.token, 'DELETE', `${v.url}/review-requests/${f.viewer.user._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Review request not found');
  });

  it('a collaborator removed from the project loses their requests, and the rest still count', async () => {
    const v = await freshVersion('Leaver');
    const leaver = await registerUser(t.app, { name: 'Leaver' });
    await addMember(t.app, f.owner.token, f.projectId, leaver, { permission: 'view' });
    await ask(t.app, f.editor.token, v.url, ids(leaver, f.viewer));
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    expect((await reviewState(t.app, f.owner.token, v.url)).approved).toBe(false);

    const removed = await call(
      t.app,
      f.owner.token,
      'DELETE',
      `/api/projects/${f.projectId}/collaborators/${leaver.user._id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const state = await reviewState(t.app, f.owner.token, v.url);
    expect(state.requests.map((r) => r.reviewer._id)).toEqual([f.viewer.user._id]);
    expect(state.approved).toBe(true);
    expect(await summaryOf(v.trackId)).toMatchObject({ approved: true, requested: 1 });
  });

  it('deleting a version takes its decisions, requests and their activity', async () => {
    const v = await freshVersion('Gone', 'Mix 1');
    await addVersion(t.app, f.editor.token, f.projectId, v.trackId, 'Mix 2', true);
    await ask(t.app, f.owner.token, v.url, ids(f.viewer));
    const state = await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    expect(state.approved).toBe(true);
    const res = await call(t.app, f.owner.token, 'DELETE', v.url);
    expect(res.statusCode, res.body).toBe(200);
    const db = t.app.ctx.db;
    for (const table of ['version_reviews', 'review_requests'] as const)
      expect(
        await db.selectFrom(table).select('version_id').where('version_id', '=', v.versionId).execute(),
      ).toEqual([]);
    expect(
      await db
        .selectFrom('activities')
        .select('id')
        .where('kind', '=', 'version_reviewed')
        .where('subject_id', '=', v.versionId)
        .execute(),
    ).toEqual([]);
    expect((await call(t.app, f.viewer.token, 'GET', `${v.url}/review`)).statusCode).toBe(404);
  });
});

describe('activity', () => {
  it("a decision appears in the project's feed and everyone's inbox, leading to the version", async () => {
    const state = await decide(t.app, f.viewer.token, f.url, { decision: 'approved', note: 'Great' });
    expect(state.reviews.find((r) => r.reviewer._id === f.viewer.user._id)?.decision).toBe('approved');
    const res = await call(t.app, f.owner.token, 'GET', `/api/projects/${f.projectId}/activity`);
    expect(res.statusCode, res.body).toBe(200);
    const [newest] = ActivityListResponseSchema.parse(res.json()).data.activities;
    expect(newest).toMatchObject({
      _id: expect.stringMatching(/^version_reviewed:/),
      kind: 'version_reviewed',
      summary: "Viewer approved 'Mix 3' of Glasshouse in Night Drive",
      actor: { _id: f.viewer.user._id, name: 'Viewer' },
      project: { _id: f.projectId, title: 'Night Drive' },
      link: `/projects/${f.projectId}/tracks?track=${f.trackId}&version=${f.versionId}`,
    });
    await decide(t.app, f.owner.token, f.url, { decision: 'changes_requested' });
    const mine = await call(t.app, f.editor.token, 'GET', '/api/activity');
    const [latest] = ActivityListResponseSchema.parse(mine.json()).data.activities;
    expect(latest).toMatchObject({
      kind: 'version_reviewed',
      summary: "Owner asked for changes on 'Mix 3' of Glasshouse in Night Drive",
    });
    const stranger = await call(t.app, f.stranger.token, 'GET', '/api/activity');
    expect(
      ActivityListResponseSchema.parse(stranger.json()).data.activities.filter(
        (a) => a.kind === 'version_reviewed',
      ),
    ).toEqual([]);
  });

  it('a track title holding colons reads whole', async () => {
    const v = await freshVersion('Part 1: Dusk', 'v1: rough');
    await decide(t.app, f.viewer.token, v.url, { decision: 'approved' });
    const res = await call(t.app, f.owner.token, 'GET', `/api/projects/${f.projectId}/activity`);
    const [newest] = ActivityListResponseSchema.parse(res.json()).data.activities;
    expect(newest?.summary).toBe("Viewer approved 'v1: rough' of Part 1: Dusk in Night Drive");
    expect(newest?.link).toBe(`/projects/${f.projectId}/tracks?track=${v.trackId}&version=${v.versionId}`);
  });
});

describe('account export', () => {
  it("lists a person's decisions and the reviews they were asked for", async () => {
    await ask(t.app, f.owner.token, f.url, [f.viewer.user._id]);
    await decide(t.app, f.viewer.token, f.url, { decision: 'changes_requested', note: 'Export this note' });
    const handler = t.app.ctx.userData.find((h) => h.area === 'reviews')!;
    const { data } = await handler.exportData(t.app.ctx, f.viewer.user._id);
    const mine = data as {
      decisions: { versionId: string; decision: string; note: string | null }[];
      askedToReview: { versionId: string; askedBy: string | null }[];
    };
    expect(mine.decisions.at(-1)).toMatchObject({
      versionId: f.versionId,
      decision: 'changes_requested',
      note: 'Export this note',
    });
    expect(mine.askedToReview).toContainEqual(
      expect.objectContaining({ versionId: f.versionId, askedBy: f.owner.user._id }),
    );
  });
});

// Last: it takes the tables away and back.
describe('the migration', () => {
  it('can be undone, taking the decisions and their activity, and redone', async () => {
    await decide(t.app, f.viewer.token, f.url, { decision: 'changes_requested', note: 'Before the undo' });
    const db = t.app.ctx.db;
    // No job of the file's uploads still writing versions while their tables' neighbours are dropped (a
    // deadlock on PostgreSQL).
    await jobQueue(t.app.ctx).idle();
    await reviewsMigration.down(db);
    expect(
      await db.selectFrom('activities').select('id').where('kind', '=', 'version_reviewed').execute(),
    ).toEqual([]);
    await reviewsMigration.up(db);
    expect(await reviewState(t.app, f.viewer.token, f.url)).toEqual({
      versionId: f.versionId,
      reviews: [],
      requests: [],
      approved: false,
    });
    await ask(t.app, f.editor.token, f.url, ids(f.viewer));
    expect((await decide(t.app, f.viewer.token, f.url, { decision: 'approved' })).approved).toBe(true);
  });
});
