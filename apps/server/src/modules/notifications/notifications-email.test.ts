import { PassThrough } from 'node:stream';
import type { NotificationKind } from '@mixdesk/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { buildApp } from '../../app.ts';
import { sweepNotificationEmails } from './email-sweep.ts';
import { notify } from './service.ts';

let t: TestApp;
let paula: SignedIn;

beforeAll(async () => {
  // The default delay (2 minutes); the sweep is run by hand.
  t = await createTestApp({ notificationSweepSeconds: 0 });
  paula = await registerUser(t.app, { name: 'Paula' });
});
afterAll(async () => {
  await t.close();
});

/** Past the delay, for the notifications made so far. */
const afterDelay = () => new Date(Date.now() + 3 * 60_000);

async function tell(who: SignedIn, kind: NotificationKind, title: string) {
  const [created] = await notify(t.app.ctx, t.app.ctx.db, {
    userId: who.user._id,
    kind,
    actorId: paula.user._id,
    actorName: 'Paula',
    projectId: null,
    title,
    body: `About ${title}`,
    link: '/projects/p1/tracks?track=t1&version=v1&t=72&comment=c1',
  });
  return created!;
}

const mailsTo = (who: SignedIn) =>
  t.app.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', who.user.email)
    .where('kind', '=', 'notifications')
    .orderBy('created_at')
    .execute();

async function settings(who: SignedIn, toggles: Record<string, boolean>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(who.token),
    payload: toggles,
  });
  expect(res.statusCode).toBe(200);
}

describe('notification emails', () => {
  it('a burst of three is one email listing the three, once the delay has passed', async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    await tell(ana, 'mention', 'Paula mentioned you on Glasshouse at 1:12');
    await tell(ana, 'reply', 'Paula replied to your comment on Glasshouse');
    await tell(ana, 'added_to_project', 'Paula added you to Review Session EP');

    await sweepNotificationEmails(t.app.ctx);
    expect(await mailsTo(ana)).toEqual([]);

    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('3 new notifications on Mixdesk');
    for (const line of [
      'Hi Ana,',
      'Paula mentioned you on Glasshouse at 1:12',
      'Paula replied to your comment on Glasshouse',
      'Paula added you to Review Session EP',
      '"About Paula added you to Review Session EP"',
      'http://mixdesk.test/projects/p1/tracks?track=t1&version=v1&t=72&comment=c1',
      'http://mixdesk.test/settings',
    ])
      expect(mails[0]!.text_body).toContain(line);
    expect(mails[0]!.html_body).toContain('Paula mentioned you on Glasshouse at 1:12');
    expect(mails[0]!.html_body).toContain('track=t1&#38;version=v1');

    // Nothing is mailed twice.
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(ana)).toHaveLength(1);
  });

  it('one notification is mailed with its own sentence as the subject', async () => {
    const ben = await registerUser(t.app, { name: 'Ben' });
    await tell(ben, 'review_requested', 'Paula asked you to review Mix v3 of Glasshouse');
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect((await mailsTo(ben)).map((m) => m.subject)).toEqual([
      'Paula asked you to review Mix v3 of Glasshouse',
    ]);
  });

  it('read ones are not mailed', async () => {
    const cleo = await registerUser(t.app, { name: 'Cleo' });
    const read = await tell(cleo, 'mention', 'Already seen');
    await tell(cleo, 'mention', 'Not seen yet');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(cleo.token),
      payload: { ids: [read.id] },
    });
    expect(res.statusCode).toBe(200);
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    const mails = await mailsTo(cleo);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Not seen yet');
    expect(mails[0]!.text_body).not.toContain('Already seen');

    const dan = await registerUser(t.app, { name: 'Dan' });
    await tell(dan, 'mention', 'Seen');
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(dan.token),
      payload: { all: true },
    });
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(dan)).toEqual([]);
  });

  it('Email Notifications off: no email at all, and turning it on later does not mail old news', async () => {
    const eve = await registerUser(t.app, { name: 'Eve' });
    await settings(eve, { emailNotifications: false });
    await tell(eve, 'mention', 'A mention');
    await tell(eve, 'added_to_project', 'An invitation');
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(eve)).toEqual([]);

    await settings(eve, { emailNotifications: true });
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(eve)).toEqual([]);
  });

  it('Collaboration off mails only project news; Project Updates off mails only collaboration', async () => {
    const fay = await registerUser(t.app, { name: 'Fay' });
    await settings(fay, { collaborationNotifications: false });
    for (const kind of ['mention', 'reply', 'review_requested', 'review_decision'] as const)
      await tell(fay, kind, `Fay: ${kind}`);
    await tell(fay, 'added_to_project', 'Fay: added');
    const gus = await registerUser(t.app, { name: 'Gus' });
    await settings(gus, { projectNotifications: false });
    await tell(gus, 'review_decision', 'Gus: decision');
    await tell(gus, 'added_to_project', 'Gus: added');

    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect((await mailsTo(fay)).map((m) => m.subject)).toEqual(['Fay: added']);
    expect((await mailsTo(gus)).map((m) => m.subject)).toEqual(['Gus: decision']);
  });
});

describe('two instances sweeping at once', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    // A second app on the same database: another instance of a scaled-out deployment.
    other = await buildApp(t.config, { logStream: new PassThrough().resume() });
  });
  afterAll(async () => {
    await other.close();
  });

  it('send each notification once', async () => {
    const people = await Promise.all(
      ['Hal', 'Ivy', 'Jo', 'Kim'].map((name) => registerUser(t.app, { name })),
    );
    for (const who of people) {
      await tell(who, 'mention', `${who.user.name}: one`);
      await tell(who, 'reply', `${who.user.name}: two`);
    }
    const now = afterDelay();
    const [a, b] = await Promise.all([
      sweepNotificationEmails(t.app.ctx, { now }),
      sweepNotificationEmails(other.ctx, { now }),
    ]);
    expect(a.notifications + b.notifications).toBe(8);
    expect(a.emails + b.emails).toBe(4);
    for (const who of people) {
      const mails = await mailsTo(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('2 new notifications on Mixdesk');
    }
  });
});

describe('the periodic sweep', () => {
  it('mails on its own every NOTIFICATION_SWEEP_SECONDS, and stops with the app', async () => {
    const own = await createTestApp({ notificationSweepSeconds: 1, notificationEmailDelaySeconds: 0 });
    try {
      await own.app.ready();
      const lee = await registerUser(own.app, { name: 'Lee' });
      await notify(own.app.ctx, own.app.ctx.db, {
        userId: lee.user._id,
        kind: 'mention',
        actorId: null,
        actorName: 'A guest',
        projectId: null,
        title: 'A guest mentioned you',
        link: '/projects',
      });
      await until(
        async () =>
          (await own.app.ctx.db
            .selectFrom('mail_outbox')
            .select('id')
            .where('to_address', '=', lee.user.email)
            .where('kind', '=', 'notifications')
            .executeTakeFirst()) !== undefined,
        10_000,
        'the periodic sweep to mail',
      );
    } finally {
      await own.close();
    }
  });
});
