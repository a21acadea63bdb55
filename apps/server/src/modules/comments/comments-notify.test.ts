// The notifications a new comment causes: @mentions of the project's people by full or first name (not of
// strangers, not of the writer), and a reply to the thread's author; each once, with a link to the thread.
import { type Notification, NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, call, commentsFixture, postComment } from './comments-testing.ts';
import { mentions } from './mentions.ts';

let t: TestApp;
let f: CommentsFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
});
afterAll(async () => {
  await t.close();
});

async function notificationsOf(who: SignedIn): Promise<Notification[]> {
  const res = await call(t.app, who.token, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data.notifications;
}

describe('mentions', () => {
  it('match @ and a full or first name, in any case, not inside a longer word or an email', () => {
    expect(mentions('hey @paula, listen', 'Paula Producer')).toBe(true);
    expect(mentions('@Paula Producer the kick', 'Paula Producer')).toBe(true);
    expect(mentions('ask @Paulanne', 'Paula Producer')).toBe(false);
    expect(mentions('mail paula@paula.com', 'Paula Producer')).toBe(false);
    expect(mentions('no at sign Paula', 'Paula Producer')).toBe(false);
    expect(mentions('@Zoë: too bright', 'Zoë Ng')).toBe(true);
    expect(mentions('@(.*) nothing', '(.*)')).toBe(true);
  });
});

describe('notifications from comments', () => {
  it('a comment mentioning the owner and the editor tells them both, and nobody else', async () => {
    const before = await notificationsOf(f.stranger);
    const c = await postComment(t.app, f.viewer.token, f.url, {
      body: '@owner and @Editor: the snare at 0:01 is late (cc @Stranger, @Viewer)',
      at: 1,
    });
    for (const who of [f.owner, f.editor]) {
      const [latest] = await notificationsOf(who);
      expect(latest).toMatchObject({
        kind: 'mention',
        title: 'Viewer mentioned you on Intro at 0:01',
        actor: { _id: f.viewer.user._id, name: 'Viewer' },
        project: { _id: f.projectId },
        read: false,
      });
      const link = new URL(latest!.link, 'http://x');
      expect(link.pathname).toBe(`/projects/${f.projectId}/tracks`);
      expect(Object.fromEntries(link.searchParams)).toEqual({
        track: f.trackId,
        version: f.versionId,
        t: '1',
        comment: c._id,
      });
    }
    expect(await notificationsOf(f.stranger)).toEqual(before);
    expect((await notificationsOf(f.viewer)).filter((n) => n.kind === 'mention')).toEqual([]);
  });

  it("a reply tells the thread's author once, even when it also mentions them", async () => {
    const thread = await postComment(t.app, f.viewer.token, f.url, { body: 'Vocal too loud', at: 1.5 });
    const countOf = async () => (await notificationsOf(f.viewer)).length;
    const start = await countOf();

    await postComment(t.app, f.owner.token, f.url, { body: 'Pulled it down', at: 1.5, parentId: thread._id });
    const [reply] = await notificationsOf(f.viewer);
    expect(reply).toMatchObject({ kind: 'reply', title: 'Owner replied to your comment on Intro' });
    expect(new URL(reply!.link, 'http://x').searchParams.get('comment')).toBe(thread._id);

    await postComment(t.app, f.editor.token, f.url, {
      body: '@viewer better now?',
      at: 1.5,
      parentId: thread._id,
    });
    const [mention] = await notificationsOf(f.viewer);
    expect(mention).toMatchObject({ kind: 'mention', title: 'Editor mentioned you on Intro at 0:01' });
    expect(await countOf()).toBe(start + 2);

    // The thread's author answering their own thread tells nobody.
    await postComment(t.app, f.viewer.token, f.url, { body: 'Thanks!', at: 1.5, parentId: thread._id });
    expect(await countOf()).toBe(start + 2);
  });
});
