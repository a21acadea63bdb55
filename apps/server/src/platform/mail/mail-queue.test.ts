// The outbox as a durable queue (decision 030), against a real SMTP server that is stopped and started again:
// every mail arrives exactly once, after a restart of the app too, from one of two apps sweeping at once, and
// a mail the server never takes is given up a little over a day later, logged once. Time moves by the
// controlled clock; the sweep is called directly (MAIL_SWEEP_SECONDS 0: no background sweep).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { stoppedSmtpServer, type TestSmtp } from '../../../test/smtp-server.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { GIVEN_UP_BODY, SENT_BODY } from './mail-queue.ts';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(): Promise<{ smtp: TestSmtp; t: TestApp; clock: ReturnType<typeof controlledClock> }> {
  const smtp = await stoppedSmtpServer();
  cleanups.push(() => smtp.stop());
  const clock = controlledClock();
  cleanups.push(() => clock.restore());
  const t = await createTestApp({ smtpUrl: smtp.url, mailSweepSeconds: 0 });
  cleanups.push(() => t.close());
  return { smtp, t, clock };
}

const outbox = (t: TestApp, to: string) =>
  t.app.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();

const mail = (to: string) => ({
  kind: 'test_mail',
  userId: null,
  to,
  subject: `Hello ${to}`,
  text: 'Hello',
  html: '<p>Hello</p>',
});

describe('mail that SMTP refused', () => {
  it('is sent once the server is back and due, exactly once, with its attachment, across a restart', async () => {
    const { smtp, t, clock } = await setUp();
    await smtp.start();
    const before = await registerUser(t.app);
    expect(smtp.countTo(before.user.email)).toBe(1);

    await smtp.stop();
    const sentAt = Date.now();
    // Registration still answers 201 (registerUser checks it) with the server down.
    const during = await registerUser(t.app);
    await t.app.ctx.mailer.send({
      ...mail('files@example.com'),
      attachments: [{ filename: 'take.txt', content: Buffer.from('take one'), contentType: 'text/plain' }],
    });
    for (const to of [during.user.email, 'files@example.com']) {
      const row = await outbox(t, to);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, sent_at: null, lease_id: null });
      expect(row.error).toMatch(/ECONNREFUSED/);
      expect(Date.parse(row.next_attempt_at!)).toBe(sentAt + 60_000);
    }

    await smtp.start();
    // Back, but nothing is due before its minute.
    expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);

    // The app stops and starts again (a deploy) while the mails wait.
    await t.app.close();
    const again = await buildApp(t.config, { logStream: new PassThrough().resume() });
    cleanups.push(() => again.close());
    clock.step(60_000);
    expect(await again.ctx.mailer.sweep()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await again.ctx.mailer.sweep()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to).sort()).toEqual(
      [before.user.email, during.user.email, 'files@example.com'].sort(),
    );

    const attached = smtp.received.find((m) => m.to === 'files@example.com')!.raw;
    expect(attached).toMatch(/filename=take\.txt/);
    expect(attached).toContain(Buffer.from('take one').toString('base64'));
    // The retried verification link works.
    const link = smtp.received
      .find((m) => m.to === during.user.email)!
      .raw.replace(/=\r\n/g, '')
      .match(/verify-email\?token=3D([\w-]+)/);
    const verified = await again.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link![1] },
    });
    expect(verified.statusCode).toBe(200);
    for (const to of [during.user.email, 'files@example.com']) {
      const row = await again.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 2,
        text_body: SENT_BODY,
        html_body: '',
        attachments: null,
        lease_id: null,
      });
    }
  });

  it('is sent once when two apps on one database sweep at the same time', async () => {
    const { smtp, t, clock } = await setUp();
    const other = await buildApp(t.config, {
      database: await openDatabase(t.config),
      logStream: new PassThrough().resume(),
    });
    cleanups.push(() => other.close());
    const addresses = Array.from({ length: 16 }, (_, i) => `lease${i}@example.com`);
    for (const to of addresses) await t.app.ctx.mailer.send(mail(to));
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    clock.step(60_000);
    const [a, b] = await Promise.all([t.app.ctx.mailer.sweep(), other.ctx.mailer.sweep()]);
    expect(a.sent + b.sent).toBe(16);
    expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const rows = await t.app.ctx.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(rows).toEqual(addresses.map(() => ({ status: 'sent', attempts: 2 })));
  });

  it('is tried after 1, 5 and 30 minutes and then hourly, and given up after a day, logged once', async () => {
    const { smtp, t, clock } = await setUp();
    const firstTry = Date.now();
    await t.app.ctx.mailer.send(mail('never@example.com'));
    const waits: number[] = [];
    for (let row = await outbox(t, 'never@example.com'); row.status === 'queued'; ) {
      if (waits.length > 40) throw new Error('never given up');
      const wait = Date.parse(row.next_attempt_at!) - Date.now();
      waits.push(wait);
      // A moment early, nothing is tried.
      clock.step(wait - 1000);
      expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      clock.step(1000);
      const swept = await t.app.ctx.mailer.sweep();
      expect(swept.retrying + swept.failed).toBe(1);
      row = await outbox(t, 'never@example.com');
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 5, 30, ...Array(24).fill(60)].map((m) => m * minute));
    const row = await outbox(t, 'never@example.com');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 28,
      text_body: GIVEN_UP_BODY,
      next_attempt_at: null,
      lease_id: null,
    });
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(row.failed_at!) - firstTry).toBe((24 * 60 + 36) * minute);

    // Nothing tries it again, even with the server back; the give-up was logged once.
    await smtp.start();
    clock.step(24 * 60 * minute);
    expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(t.logs().match(/Mail given up after 28 tries/g)).toHaveLength(1);
  });

  it('is taken up again when the instance trying it stopped mid-send (its lease ran out)', async () => {
    const { smtp, t, clock } = await setUp();
    await smtp.start();
    // A row as an instance leaves it that died during the first try: queued, its lease held.
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('mail_outbox')
      .values({
        id: 'a5d0f2a8-0000-7000-8000-000000000001',
        kind: 'test_mail',
        user_id: null,
        to_address: 'orphan@example.com',
        subject: 'Hello',
        text_body: 'Hello',
        html_body: '<p>Hello</p>',
        created_at: now,
        sent_at: null,
        error: null,
        status: 'queued',
        attempts: 1,
        next_attempt_at: now,
        lease_id: 'dead-instance',
        lease_until: new Date(Date.now() + 5 * 60_000).toISOString(),
        failed_at: null,
        attachments: null,
      })
      .execute();
    clock.step(4 * 60_000);
    expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.step(60_001);
    expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.countTo('orphan@example.com')).toBe(1);
  });
});
