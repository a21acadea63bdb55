// What the review group's mutation run (2026-11-28) found untested in notifications: the digest's order
// (newest first) and one read after the sweep claimed it; a person whose account goes while the sweep holds
// their claims; a digest that cannot be written (its claims given back, the error logged with the person) and
// a give-back that fails too; the periodic sweep's schedule (0: none; not before its interval) and its log
// line when a run fails; how `excerpt` flattens and cuts; an actor with only an id, or none; announce's log
// line when it fails; and the list's and mark-read's messages, no-store header and path with a slash.
// Points inside the sweep are reached with database triggers, as another writer racing it would.
import { PassThrough } from 'node:stream';
import { type NotificationKind, NotificationListResponseSchema } from '@mixdesk/contract/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { sweepNotificationEmails } from './email-sweep.ts';
import { announce, notify } from './service.ts';

const PG = TEST_DIALECT === 'postgres';

let t: TestApp;
let paula: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ notificationSweepSeconds: 0 });
  paula = await registerUser(t.app, { name: 'Paula' });
  if (PG) {
    // The actions the SQLite triggers below take in their bodies; PostgreSQL runs them as functions.
    for (const fn of [
      `create function refuse_in_test() returns trigger language plpgsql as $$
        begin raise exception '%', tg_argv[0]; end $$`,
      `create function read_on_claim_in_test() returns trigger language plpgsql as $$
        begin update notifications set read_at = new.emailed_at where id = new.id; return null; end $$`,
      `create function delete_user_on_claim_in_test() returns trigger language plpgsql as $$
        begin delete from users where id = new.user_id; return null; end $$`,
    ])
      await sql.raw(fn).execute(t.app.ctx.db);
  }
});
afterAll(async () => {
  await t.close();
});

/**
 * A row trigger for this test only: `timing` ('before insert', 'after update of emailed_at', …) on `table`
 * when `when` holds, doing `sqliteBody` on SQLite or calling `pgCall` on PostgreSQL. Answers what drops it
 * before the test ends.
 */
async function trigger(
  name: string,
  timing: string,
  table: string,
  when: string,
  sqliteBody: string,
  pgCall: string,
) {
  await sql
    .raw(
      PG
        ? `create trigger ${name} ${timing} on ${table} for each row when (${when}) execute function ${pgCall}`
        : `create trigger ${name} ${timing} on ${table} when ${when} begin ${sqliteBody}; end`,
    )
    .execute(t.app.ctx.db);
  const drop = async () => {
    await sql.raw(`drop trigger if exists ${name}${PG ? ` on ${table}` : ''}`).execute(t.app.ctx.db);
  };
  onTestFinished(drop);
  return drop;
}

/** Refuses a write of `table` when `when` holds, with `message`. */
const refuse = (name: string, timing: string, table: string, when: string, message: string) =>
  trigger(name, timing, table, when, `select raise(abort, '${message}')`, `refuse_in_test('${message}')`);

/** Past the default delay (2 minutes), for the notifications made so far. */
const afterDelay = () => new Date(Date.now() + 3 * 60_000);

async function tell(who: SignedIn, title: string, kind: NotificationKind = 'mention') {
  const [created] = await notify(t.app.ctx, t.app.ctx.db, {
    userId: who.user._id,
    kind,
    actorId: paula.user._id,
    actorName: 'Paula',
    projectId: null,
    title,
    body: `About ${title}`,
    link: '/projects',
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

/** The titles a digest lists, in its order (its text lists each as "- <title>"). */
const listedIn = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));

const emailedAtOf = async (id: string) =>
  (
    await t.app.ctx.db
      .selectFrom('notifications')
      .select('emailed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).emailed_at;

interface LogLine {
  level: number;
  msg: string;
  service?: string;
  userId?: string;
  err?: { message: string };
}

/** The log lines with message `msg`, from character `from` of the log on. */
const logLinesOf = (logs: () => string, msg: string, from = 0): LogLine[] =>
  logs()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === msg);

describe('the digest sweep', () => {
  it('lists the waiting ones newest first, as the app does', async () => {
    const ana = await registerUser(t.app, { name: 'Ana' });
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    for (const title of ['First, oldest', 'Second', 'Third, newest']) {
      await tell(ana, title);
      clock.step(1);
    }
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    const mails = await mailsTo(ana);
    expect(mails.map((m) => m.subject)).toEqual(['3 new notifications on Mixdesk']);
    expect(listedIn(mails[0]!.text_body)).toEqual(['Third, newest', 'Second', 'First, oldest']);
  });

  it('leaves out one read after the sweep claimed it, and mails nothing when all of them were', async () => {
    // Read "in the app" the moment the sweep claims it: between the claim and the listing.
    await trigger(
      'read_on_claim',
      'after update of emailed_at',
      'notifications',
      `new.emailed_at is not null and new.title like 'Read while mailing%'`,
      'update notifications set read_at = new.emailed_at where id = new.id',
      'read_on_claim_in_test()',
    );
    const ben = await registerUser(t.app, { name: 'Ben' });
    await tell(ben, 'Read while mailing: one');
    await tell(ben, 'Still unread');
    const cleo = await registerUser(t.app, { name: 'Cleo' });
    const only = await tell(cleo, 'Read while mailing: the only one');

    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    const toBen = await mailsTo(ben);
    expect(toBen.map((m) => m.subject)).toEqual(['Still unread']);
    expect(listedIn(toBen[0]!.text_body)).toEqual(['Still unread']);
    expect(await mailsTo(cleo)).toEqual([]);
    // Dealt with all the same: a later sweep does not mail it either.
    expect(await emailedAtOf(only.id)).not.toBeNull();
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(cleo)).toEqual([]);
  });

  it('a person whose account goes while the sweep holds their claims gets no email, and it is no error', async () => {
    const dan = await registerUser(t.app, { name: 'Dan' });
    await trigger(
      'delete_user_on_claim',
      'after update of emailed_at',
      'notifications',
      `new.emailed_at is not null and new.user_id = '${dan.user._id}'`,
      'delete from users where id = new.user_id',
      'delete_user_on_claim_in_test()',
    );
    await tell(dan, 'Told just before leaving');
    const mark = t.logs().length;
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(
      await t.app.ctx.db.selectFrom('users').select('id').where('id', '=', dan.user._id).execute(),
    ).toEqual([]);
    expect(await mailsTo(dan)).toEqual([]);
    expect(logLinesOf(t.logs, 'Could not email notifications', mark)).toEqual([]);
  });

  it('a digest that cannot be written gives its claims back and logs the person; the next sweep mails it', async () => {
    const eve = await registerUser(t.app, { name: 'Eve' });
    const allowDigests = await refuse(
      'refuse_digest',
      'before insert',
      'mail_outbox',
      `new.kind = 'notifications' and new.to_address = '${eve.user.email}'`,
      'refused by a test trigger: the digest',
    );
    const first = await tell(eve, 'Waiting for a working outbox');
    const mark = t.logs().length;
    await expect(sweepNotificationEmails(t.app.ctx, { now: afterDelay() })).resolves.toBeDefined();
    expect(await mailsTo(eve)).toEqual([]);
    expect(await emailedAtOf(first.id)).toBeNull();
    const lines = logLinesOf(t.logs, 'Could not email notifications', mark);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, service: 'notifications', userId: eve.user._id });
    expect(lines[0]!.err?.message).toContain('refused by a test trigger: the digest');
    expect(logLinesOf(t.logs, 'Could not release notification claims', mark)).toEqual([]);

    await allowDigests();
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect((await mailsTo(eve)).map((m) => m.subject)).toEqual(['Waiting for a working outbox']);
    expect(await emailedAtOf(first.id)).not.toBeNull();
  });

  it('when giving the claims back fails too, that is logged, and the sending error is the one reported', async () => {
    const fay = await registerUser(t.app, { name: 'Fay' });
    await refuse(
      'refuse_fay_digest',
      'before insert',
      'mail_outbox',
      `new.kind = 'notifications' and new.to_address = '${fay.user.email}'`,
      'refused by a test trigger: the digest',
    );
    await refuse(
      'refuse_fay_release',
      'before update of emailed_at',
      'notifications',
      `old.emailed_at is not null and new.emailed_at is null and new.user_id = '${fay.user._id}'`,
      'refused by a test trigger: the release',
    );
    const held = await tell(fay, 'Held by a failed sweep');
    const mark = t.logs().length;
    await sweepNotificationEmails(t.app.ctx, { now: afterDelay() });
    expect(await mailsTo(fay)).toEqual([]);
    expect(await emailedAtOf(held.id)).not.toBeNull();
    const release = logLinesOf(t.logs, 'Could not release notification claims', mark);
    expect(release).toHaveLength(1);
    expect(release[0]).toMatchObject({ level: 50, service: 'notifications' });
    expect(release[0]!.err?.message).toContain('refused by a test trigger: the release');
    const sending = logLinesOf(t.logs, 'Could not email notifications', mark);
    expect(sending).toHaveLength(1);
    expect(sending[0]).toMatchObject({ service: 'notifications', userId: fay.user._id });
    expect(sending[0]!.err?.message).toContain('refused by a test trigger: the digest');
  });
});

describe('the periodic sweep', () => {
  /**
   * A second instance on this file's database with the sweep every `seconds`, the `notifications` table gone
   * while `ticks` moves its clock and timers on (only they: Date, setInterval), so each run fails; answers the
   * log lines of the failed runs.
   */
  async function sweepingInstance(seconds: number, ticks: () => void) {
    const chunks: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (c: Buffer) => chunks.push(c.toString()));
    const own = await buildApp({ ...t.config, notificationSweepSeconds: seconds }, { logStream });
    const db = t.app.ctx.db;
    let renamed = false;
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      await own.ready();
      await db.schema.alterTable('notifications').renameTo('notifications_gone').execute();
      renamed = true;
      ticks();
    } finally {
      // Closing awaits a run under way, so its log line is written by then.
      await own.close();
      vi.useRealTimers();
      if (renamed) await db.schema.alterTable('notifications_gone').renameTo('notifications').execute();
    }
    return logLinesOf(() => chunks.join(''), 'The notification email sweep failed');
  }

  it('NOTIFICATION_SWEEP_SECONDS=0 schedules no sweep', async () => {
    let timers = -1;
    await sweepingInstance(0, () => {
      timers = vi.getTimerCount();
    });
    expect(timers).toBe(0);
  });

  it('sweeps first one interval after the app is ready, not sooner, and logs a failed run under its name', async () => {
    let timers = -1;
    let firstAfterMs = -1;
    // 1,000 seconds: seconds are made milliseconds by multiplying (a fraction of a millisecond would be
    // more than the fake timers can step through).
    const failures = await sweepingInstance(1000, () => {
      timers = vi.getTimerCount();
      const readyAt = Date.now();
      vi.advanceTimersToNextTimer();
      firstAfterMs = Date.now() - readyAt;
    });
    expect(timers).toBe(1);
    expect(firstAfterMs).toBe(1_000_000);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, service: 'notifications' });
  });
});

describe('notify', () => {
  /** The body `notify` kept for `text`, as the list answers it. */
  async function keptBody(text: string): Promise<string> {
    const who = await registerUser(t.app, { name: 'Reader' });
    await notify(t.app.ctx, t.app.ctx.db, {
      userId: who.user._id,
      kind: 'reply',
      actorId: paula.user._id,
      actorName: 'Paula',
      projectId: null,
      title: 'Paula replied',
      body: text,
      link: '/projects',
    });
    const [n] = (await list(who)).notifications;
    return n!.body;
  }

  it('keeps a body on one line: runs of white space are one space, none at either end', async () => {
    expect(await keptBody('  Check\n\tthe   vocal \n ')).toBe('Check the vocal');
  });

  it('keeps a body of exactly 280 characters whole, and cuts a longer one to 280 with an ellipsis', async () => {
    expect(await keptBody('w'.repeat(280))).toBe('w'.repeat(280));
    // One long word: cut where it must be, 279 characters and the ellipsis.
    expect(await keptBody('x'.repeat(400))).toBe(`${'x'.repeat(279)}…`);
  });

  it('cuts at the last space of the first 279 characters when that is past 60 % (168) of them', async () => {
    // 25 words and spaces fill 275 characters; the 26th word is cut after "abcd": the cut goes before it.
    expect(await keptBody('abcdefghij '.repeat(40))).toBe(`${Array(25).fill('abcdefghij').join(' ')}…`);
    expect(await keptBody(`${'y'.repeat(169)} ${'z'.repeat(200)}`)).toBe(`${'y'.repeat(169)}…`);
    // A space at exactly 60 % is too early: the cut is at 279 characters.
    expect(await keptBody(`${'y'.repeat(168)} ${'z'.repeat(200)}`)).toBe(
      `${'y'.repeat(168)} ${'z'.repeat(110)}…`,
    );
  });

  it('tells another person; an actor with an id and no name is shown nameless, and no actor at all as none', async () => {
    const gus = await registerUser(t.app, { name: 'Gus' });
    const base = { userId: gus.user._id, kind: 'mention' as const, projectId: null, link: '/projects' };
    const named = await notify(t.app.ctx, t.app.ctx.db, {
      ...base,
      actorId: paula.user._id,
      actorName: null,
      title: 'By an id only',
    });
    expect(named).toEqual([{ id: expect.any(String), userId: gus.user._id }]);
    await notify(t.app.ctx, t.app.ctx.db, { ...base, actorId: null, actorName: null, title: 'By no one' });
    const byTitle = Object.fromEntries((await list(gus)).notifications.map((n) => [n.title, n.actor]));
    expect(byTitle).toEqual({ 'By an id only': { _id: paula.user._id, name: '' }, 'By no one': null });
  });
});

describe('announce', () => {
  it('logs that it could not announce when the database refuses, and does not throw', async () => {
    const hal = await registerUser(t.app, { name: 'Hal' });
    const created = await tell(hal, 'Never announced');
    const db = t.app.ctx.db;
    await db.schema.alterTable('notifications').renameTo('notifications_away').execute();
    const mark = t.logs().length;
    try {
      await expect(announce(t.app.ctx, [created])).resolves.toBeUndefined();
    } finally {
      await db.schema.alterTable('notifications_away').renameTo('notifications').execute();
    }
    const lines = logLinesOf(t.logs, 'Could not announce new notifications', mark);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, service: 'notifications' });
    expect(lines[0]!.err?.message).toContain('notifications');
  });
});

async function list(who: SignedIn, url = '/api/notifications') {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListResponseSchema.parse(res.json()).data;
}

describe('the routes', () => {
  it('GET /api/notifications (with or without the slash) answers "Notifications", never cached', async () => {
    const ivy = await registerUser(t.app, { name: 'Ivy' });
    await tell(ivy, 'For Ivy');
    for (const url of ['/api/notifications', '/api/notifications/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(ivy.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ success: true, message: 'Notifications' });
      expect(res.json().data.notifications.map((n: { title: string }) => n.title)).toEqual(['For Ivy']);
    }
  });

  it('POST /api/notifications/read answers "Notifications marked read"', async () => {
    const jo = await registerUser(t.app, { name: 'Jo' });
    await tell(jo, 'For Jo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(jo.token),
      payload: { all: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Notifications marked read',
      data: { unreadCount: 0 },
    });
  });
});
