// The mail queue as Diagnostics (the Mail service's figures) and /metrics show it: waiting, retrying and
// failed mails and the oldest waiting one's age, while the SMTP server is down and once it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlledClock, controlledClock } from '../../../test/clock.ts';
import { bearer, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { stoppedSmtpServer, type TestSmtp } from '../../../test/smtp-server.ts';
import { appWithAdmin, testService } from './diagnostics-testing.ts';

const METRICS_TOKEN = 'mail-queue-metrics-token';
let smtp: TestSmtp;
let clock: ControlledClock;
let t: TestApp & { admin: SignedIn };
let token: string;
beforeAll(async () => {
  smtp = await stoppedSmtpServer();
  clock = controlledClock();
  t = await appWithAdmin({ smtpUrl: smtp.url, mailSweepSeconds: 0, metricsToken: METRICS_TOKEN });
});
afterAll(async () => {
  await t?.close();
  clock.restore();
  await smtp.stop();
});

const send = (to: string) =>
  t.app.ctx.mailer.send({
    kind: 'test_mail',
    userId: null,
    to,
    subject: 'Hi',
    text: 'Hi',
    html: '<p>Hi</p>',
  });

/** The Mail service, probed now (the clock moves a second first: a probe runs at most once a second). */
async function mailService() {
  clock.step(1000);
  const res = await testService(t.app, token, 'mail');
  expect(res.statusCode).toBe(200);
  return res.json().data.service;
}

async function mailMetrics(): Promise<Record<string, number>> {
  const res = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    [...res.body.matchAll(/^(mixdesk_mail_\w+) (\S+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

describe('the mail queue in diagnostics and /metrics', () => {
  it('counts waiting, retrying and failed mails and the oldest waiting age', async () => {
    // The admin's verification mail, refused at registration: tried until it is given up.
    for (;;) {
      const row = await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['status', 'next_attempt_at'])
        .executeTakeFirstOrThrow();
      if (row.status !== 'queued') break;
      clock.step(Date.parse(row.next_attempt_at!) - Date.now());
      await t.app.ctx.mailer.sweep();
    }
    // A day on, the admin signs in again (the access token from registration has long expired).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: t.admin.user.email, password: t.admin.password },
    });
    expect(login.statusCode).toBe(200);
    token = login.json().data.token;
    await send('first@example.com');
    clock.step(30_000);
    await send('second@example.com');
    clock.step(60_000);

    const down = await mailService();
    expect(down.status).toBe('error');
    expect(down.error).toMatch(/ECONNREFUSED/);
    // 91 s: the probe's own second on top of the 90 since the first mail.
    expect(down.details).toEqual({ waiting: 2, retrying: 2, failed: 1, oldestWaitingAgeSeconds: 91 });
    expect(await mailMetrics()).toEqual({
      mixdesk_mail_waiting: 2,
      mixdesk_mail_retrying: 2,
      mixdesk_mail_failed: 1,
      mixdesk_mail_oldest_waiting_seconds: 91,
    });

    await smtp.start();
    expect(await t.app.ctx.mailer.sweep()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const up = await mailService();
    expect(up).toMatchObject({ status: 'online', error: null });
    expect(up.details).toEqual({ waiting: 0, retrying: 0, failed: 1, oldestWaitingAgeSeconds: null });
    expect(await mailMetrics()).toEqual({
      mixdesk_mail_waiting: 0,
      mixdesk_mail_retrying: 0,
      mixdesk_mail_failed: 1,
      mixdesk_mail_oldest_waiting_seconds: 0,
    });
  });
});
