// notify with `fold` (issue #31): one unread row per person and key however many arrive at once (a unique
// index, not a read-then-write), its sentence for the count, and the email sweep's view of it: a burst is one
// mail, and news folded in after that mail waits for the next one.
import { NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { sweepNotificationEmails } from './email-sweep.ts';
import { notify } from './service.ts';

let t: TestApp;
let paula: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ notificationSweepSeconds: 0 });
  paula = await registerUser(t.app, { name: 'Paula' });
});
afterAll(async () => {
  await t.close();
});

const mention = (who: SignedIn, key: string, body = 'the vocal?') =>
  notify(t.app.ctx, t.app.ctx.db, {
    userId: who.user._id,
    kind: 'mention',
    actorId: paula.user._id,
    actorName: 'Paula',
    projectId: null,
    title: 'Paula mentioned you on Intro at 0:01',
    body,
    link: '/projects/p1/tracks?comment=c1',
    fold: { key, title: (n) => `${n} mentions of you on Intro` },
  });

async function list(who: SignedIn) {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data;
}

const subjectsTo = async (who: SignedIn) =>
  (
    await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', who.user.email)
      .where('kind', '=', 'notifications')
      .orderBy('created_at')
      .execute()
  ).map((m) => m.subject);

describe('notify with fold', () => {
  it('20 at once outside any transaction make one row counting 20, with the sentence for 20', async () => {
    const sam = await registerUser(t.app, { name: 'Sam' });
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => mention(sam, 'mention:t1', `#${i}`)),
    );
    expect(new Set(created.flat().map((c) => c.id)).size).toBe(1);
    const data = await list(sam);
    expect(data.unreadCount).toBe(1);
    expect(data.notifications.map((n) => [n.count, n.title])).toEqual([[20, '20 mentions of you on Intro']]);
  });

  it('keys fold apart, and one person’s fold is not another’s', async () => {
    const [ann, bo] = [await registerUser(t.app, { name: 'Ann' }), await registerUser(t.app, { name: 'Bo' })];
    await mention(ann, 'mention:t1');
    await mention(ann, 'mention:t2');
    await mention(bo, 'mention:t1');
    expect((await list(ann)).notifications.map((n) => n.count)).toEqual([1, 1]);
    expect((await list(bo)).notifications.map((n) => [n.count, n.title])).toEqual([
      [1, 'Paula mentioned you on Intro at 0:01'],
    ]);
  });

  it('a burst is one email; what folds in after it is mailed with the next sweep', async () => {
    const cy = await registerUser(t.app, { name: 'Cy' });
    await Promise.all(Array.from({ length: 5 }, () => mention(cy, 'mention:t9')));
    const later = () => new Date(Date.now() + 3 * 60_000);
    await sweepNotificationEmails(t.app.ctx, { now: later() });
    await sweepNotificationEmails(t.app.ctx, { now: later() });
    expect(await subjectsTo(cy)).toEqual(['5 mentions of you on Intro']);
    await mention(cy, 'mention:t9');
    await sweepNotificationEmails(t.app.ctx, { now: later() });
    expect(await subjectsTo(cy)).toEqual(['5 mentions of you on Intro', '6 mentions of you on Intro']);
    expect((await list(cy)).notifications).toHaveLength(1);
  });
});
