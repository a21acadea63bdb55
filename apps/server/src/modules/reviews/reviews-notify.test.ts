// The notifications approvals cause: asking tells each newly asked person once (asking again, or again after
// a withdrawal, tells nobody twice), and a decision tells the version's uploader with its note, never the
// person deciding; each leads to the version on the tracks page.
import { type Notification, NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { ask, call, decide, type ReviewsFixture, reviewsFixture } from './reviews-testing.ts';

let t: TestApp;
let f: ReviewsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

async function notificationsOf(who: SignedIn): Promise<Notification[]> {
  const res = await call(t.app, who.token, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data.notifications;
}

const ids = (...people: SignedIn[]) => people.map((p) => p.user._id);

describe('notifications', () => {
  it('asking tells each newly asked person once, leading to the version', async () => {
    const before = await notificationsOf(f.viewer);
    await ask(t.app, f.editor.token, f.url, ids(f.viewer));
    const [latest] = await notificationsOf(f.viewer);
    expect(latest).toMatchObject({
      kind: 'review_requested',
      title: "Editor asked you to review 'Mix 3' of Glasshouse",
      body: '',
      actor: { _id: f.editor.user._id, name: 'Editor' },
      project: { _id: f.projectId, title: 'Night Drive' },
      read: false,
    });
    const link = new URL(latest!.link, 'http://x');
    expect(link.pathname).toBe(`/projects/${f.projectId}/tracks`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ track: f.trackId, version: f.versionId });

    // Asked again, and asked once more after a withdrawal: still one notification.
    await ask(t.app, f.owner.token, f.url, ids(f.viewer));
    await call(t.app, f.owner.token, 'DELETE', `${f.url}/review-requests/${f.viewer.user._id}`);
    await ask(t.app, f.owner.token, f.url, ids(f.viewer));
    expect((await notificationsOf(f.viewer)).length).toBe(before.length + 1);
  });

  it("a decision tells the version's uploader, with the note; never the person deciding", async () => {
    const before = (await notificationsOf(f.editor)).length;
    await decide(t.app, f.owner.token, f.url, { decision: 'approved', note: 'Ship it' });
    const [approved] = await notificationsOf(f.editor);
    expect(approved).toMatchObject({
      kind: 'review_decision',
      title: "Owner approved 'Mix 3' of Glasshouse",
      body: 'Ship it',
      actor: { _id: f.owner.user._id, name: 'Owner' },
    });
    expect(Object.fromEntries(new URL(approved!.link, 'http://x').searchParams)).toEqual({
      track: f.trackId,
      version: f.versionId,
    });
    await decide(t.app, f.viewer.token, f.url, { decision: 'changes_requested', note: 'Kick too loud' });
    const [changes] = await notificationsOf(f.editor);
    expect(changes).toMatchObject({
      kind: 'review_decision',
      title: "Viewer asked for changes on 'Mix 3' of Glasshouse",
      body: 'Kick too loud',
    });
    // The uploader deciding on their own version tells nobody.
    await decide(t.app, f.editor.token, f.url, { decision: 'approved' });
    expect((await notificationsOf(f.editor)).length).toBe(before + 2);
    expect((await notificationsOf(f.owner)).filter((n) => n.kind === 'review_decision')).toEqual([]);
  });
});
