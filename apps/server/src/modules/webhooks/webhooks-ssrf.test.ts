// Server-side request forgery, with WEBHOOK_ALLOW_PRIVATE off (the default): a URL that is, or resolves to, a
// loopback, private, link-local, CGNAT, unspecified or metadata address is refused when the webhook is made or
// changed (400, saying why), and at every delivery: a webhook whose URL leads inside anyway (made while the
// setting was on, or a name that now resolves there) has its tries fail in the log, and nothing arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { addTrack } from '../media/media-testing.ts';
import { createWebhook, deliveriesOf, type Receiver, startReceiver } from './webhooks-testing.ts';

let t: TestApp;
let receiver: Receiver;
let who: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ webhookSweepMs: 20 });
  receiver = await startReceiver();
  who = await registerUser(t.app);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const create = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(who.token),
    payload: { url, events: ['*'] },
  });

describe('making a webhook', () => {
  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['http://127.1.2.3:8080/hook', '127.1.2.3 is a loopback address'],
    ['http://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['https://172.16.4.2/hook', '172.16.4.2 is a private address'],
    ['http://192.168.0.10/hook', '192.168.0.10 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is the cloud metadata address'],
    ['http://169.254.10.1/hook', '169.254.10.1 is a link-local address'],
    ['http://100.64.1.1/hook', '100.64.1.1 is a shared (CGNAT) address'],
    ['http://0.0.0.0:3000/hook', '0.0.0.0 is an unspecified address'],
    ['http://[::1]/hook', '::1 is a loopback address'],
    ['http://[fd00::1]/hook', 'fd00::1 is a private address'],
    ['http://[fe80::1]/hook', 'fe80::1 is a link-local address'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is a loopback address'],
    ['http://[::ffff:169.254.169.254]/hook', '::ffff:a9fe:a9fe is the cloud metadata address'],
    // Forms the URL parser reads as IPv4 addresses.
    ['http://2130706433/hook', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/hook', '127.0.0.1 is a loopback address'],
  ])('refuses %s: %s', async (url, reason) => {
    const res = await create(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    expect(res.json().message).toBe(
      `${reason}: webhooks may not send there. Use a public address (or set WEBHOOK_ALLOW_PRIVATE=1 on a private network).`,
    );
  });

  it('refuses a name that resolves to a loopback address, saying which', async () => {
    const res = await create('http://localhost:8080/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address: webhooks/,
    );
  });

  it('refuses a name that does not resolve', async () => {
    const res = await create('https://no-such-host.invalid/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The URL’s host no-such-host.invalid does not resolve: check the address.',
    );
  });

  it('refuses changing a webhook’s URL to one inside, and keeps the old one', async () => {
    // A public address literal: checked without a lookup, and never sent to in this test.
    const { id } = await createWebhook(t.app, who, { url: 'https://93.184.215.14/hook', events: ['*'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${id}`,
      headers: bearer(who.token),
      payload: { url: 'http://10.0.0.1/hook' },
    });
    expect(res.statusCode).toBe(400);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${id}`,
      headers: bearer(who.token),
    });
    expect(kept.json().data.webhook.url).toBe('https://93.184.215.14/hook');
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: bearer(who.token) });
  });
});

describe('delivering', () => {
  it('refuses, at each try, a URL that leads inside, and nothing reaches it', async () => {
    const owner = await registerUser(t.app, { name: 'Rebound' });
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(owner.token),
      payload: { title: 'Inside', type: 'album' },
    });
    const projectId = project.json().data.project._id;
    // Made with public addresses, then pointed inside behind the API's back, as a webhook made while
    // WEBHOOK_ALLOW_PRIVATE was on would be, or one whose name now resolves to the inside.
    const literal = await createWebhook(t.app, owner, { url: 'https://93.184.215.14/a', events: ['*'] });
    const named = await createWebhook(t.app, owner, { url: 'https://93.184.215.14/b', events: ['*'] });
    const pointAt = (id: string, url: string) =>
      t.app.ctx.db.updateTable('webhooks').set({ url }).where('id', '=', id).execute();
    await pointAt(literal.id, receiver.url);
    await pointAt(named.id, `http://localhost:${receiver.port}/hook`);
    await addTrack(t.app, owner.token, projectId);
    await until(
      async () => {
        const both = [
          ...(await deliveriesOf(t.app, owner, literal.id)),
          ...(await deliveriesOf(t.app, owner, named.id)),
        ];
        return both.length === 2 && both.every((d) => d.attempts === 1 && d.error !== null);
      },
      10_000,
      'both tries',
    );
    const [toLiteral] = await deliveriesOf(t.app, owner, literal.id);
    expect(toLiteral).toMatchObject({
      status: 'pending',
      responseCode: null,
      error: '127.0.0.1 is a loopback address: webhooks may not send there',
    });
    const [toName] = await deliveriesOf(t.app, owner, named.id);
    expect(toName!.status).toBe('pending');
    expect(toName!.error).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address: webhooks may not send there$/,
    );
    expect(receiver.received).toEqual([]);
  });
});
