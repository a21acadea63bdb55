// Repeated notifications of one kind about one thread fold into one (issue #31): while a person has an unread
// one, a new one updates it (its count, latest actor, time and excerpt) and reaches their sockets again with
// the same id; once read, the next is a new row. 20 mentions in a thread were 20 rows and 30 guest comments 30.
import {
  NOTIFICATION_NEW_EVENT,
  type Notification,
  type NotificationEvent,
  NotificationListResponseSchema,
} from '@mixdesk/contract/notifications';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { listen, next, open } from '../../platform/realtime/realtime-testing.ts';
import { sweepNotificationEmails } from '../notifications/email-sweep.ts';
import { makeLink } from '../share-links/share-testing.ts';
import { type CommentsFixture, call, commentsFixture, postComment } from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ notificationSweepSeconds: 0 });
  f = await commentsFixture(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function inbox(who: SignedIn) {
  const res = await call(t.app, who.token, 'GET', '/api/notifications?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data;
}

/** `who`'s notifications of `kind` about the thread `threadId`. */
const about = async (who: SignedIn, kind: Notification['kind'], threadId: string) =>
  (await inbox(who)).notifications.filter(
    (n) => n.kind === kind && new URL(n.link, 'http://x').searchParams.get('comment') === threadId,
  );

const thread = (body: string, at = 1) => postComment(t.app, f.viewer.token, f.url, { body, at });
const reply = (threadId: string, body: string, token = f.owner.token) =>
  postComment(t.app, token, f.url, { body, at: 1, parentId: threadId });

const mailsTo = (who: SignedIn) =>
  t.app.ctx.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', who.user.email)
    .where('kind', '=', 'notifications')
    .execute();

describe('folding notifications about one thread', () => {
  it('20 mentions of one person in one thread, sent at once, are one unread notification counting 20 and one email', async () => {
    const first = await thread('Vocal too loud?');
    const unreadBefore = (await inbox(f.editor)).unreadCount;
    const mailsBefore = (await mailsTo(f.editor)).length;
    await Promise.all(Array.from({ length: 20 }, (_, i) => reply(first._id, `@Editor take ${i + 1}?`)));

    const [mention, ...more] = await about(f.editor, 'mention', first._id);
    expect(more).toEqual([]);
    expect(mention).toMatchObject({
      count: 20,
      read: false,
      title: '20 mentions of you on Intro, the latest by Owner at 0:01',
      actor: { _id: f.owner.user._id, name: 'Owner' },
    });
    expect(mention!.body).toMatch(/^@Editor take \d+\?$/);
    expect((await inbox(f.editor)).unreadCount).toBe(unreadBefore + 1);
    // The thread's author was replied to 20 times: one notification too.
    const replies = await about(f.viewer, 'reply', first._id);
    expect(replies.map((n) => [n.count, n.title])).toEqual([
      [20, '20 replies to your comment on Intro, the latest by Owner'],
    ]);

    const later = new Date(Date.now() + 3 * 60_000);
    await sweepNotificationEmails(t.app.ctx, { now: later });
    await sweepNotificationEmails(t.app.ctx, { now: later });
    const mails = (await mailsTo(f.editor)).slice(mailsBefore);
    // The editor had nothing else waiting: the one email is about the folded one alone.
    expect(mails).toEqual([{ subject: '20 mentions of you on Intro, the latest by Owner at 0:01' }]);
  });

  it('mentions in two different threads are two notifications', async () => {
    const [a, b] = [await thread('Kick', 0.5), await thread('Snare', 1.5)];
    await reply(a._id, '@Editor kick?');
    await reply(a._id, '@Editor kick again?');
    await reply(b._id, '@Editor snare?');
    expect((await about(f.editor, 'mention', a._id)).map((n) => n.count)).toEqual([2]);
    expect((await about(f.editor, 'mention', b._id)).map((n) => n.count)).toEqual([1]);
  });

  it('once read, the next one about the thread is a new notification; the read one keeps its count', async () => {
    const first = await thread('Bass?');
    await reply(first._id, '@Editor one');
    await reply(first._id, '@Editor two');
    const [folded] = await about(f.editor, 'mention', first._id);
    const read = await call(t.app, f.editor.token, 'POST', '/api/notifications/read', { ids: [folded!._id] });
    expect(read.statusCode).toBe(200);
    await reply(first._id, '@Editor three');
    const after = await about(f.editor, 'mention', first._id);
    expect(after.map((n) => [n.count, n.read, n.body])).toEqual([
      [1, false, '@Editor three'],
      [2, true, '@Editor two'],
    ]);
    expect(after[0]!.title).toBe('Owner mentioned you on Intro at 0:01');
  });

  it('30 guest comments through one link are one notification for the person told', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const view = await t.app.inject({ method: 'GET', url: made.api });
    const { commentsUrl, _id: versionId } = view.json().data.share.tracks[0].version;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: commentsUrl,
          // One address each: the per-address limit is not what this counts.
          remoteAddress: `203.0.113.${i + 1}`,
          payload: { name: 'Gina', body: `Note ${i + 1}`, at: 1 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const told = (await inbox(f.owner)).notifications.filter(
      (n) => n.kind === 'guest_comment' && n.link.includes(`version=${versionId}`),
    );
    expect(told.map((n) => [n.count, n.title])).toEqual([
      [30, '30 guest comments on Intro, the latest by Gina (guest) at 0:01'],
    ]);
    // Nobody else of the team was told.
    for (const who of [f.viewer, f.editor])
      expect((await inbox(who)).notifications.filter((n) => n.kind === 'guest_comment')).toEqual([]);
  });

  it('a folded one reaches the person again as notification:new with the same id', async () => {
    const url = await listen(t);
    const socket = await open(url, f.editor.token);
    sockets.push(socket);
    const first = await thread('Reverb?');
    const firstEvent = next<NotificationEvent>(socket, NOTIFICATION_NEW_EVENT);
    await reply(first._id, '@Editor reverb one');
    const one = await firstEvent;
    const secondEvent = next<NotificationEvent>(socket, NOTIFICATION_NEW_EVENT);
    await reply(first._id, '@Editor reverb two');
    const two = await secondEvent;
    expect(two.notification._id).toBe(one.notification._id);
    expect(two.notification).toMatchObject({ count: 2, body: '@Editor reverb two' });
    expect(two.unreadCount).toBe(one.unreadCount);
  });
});
