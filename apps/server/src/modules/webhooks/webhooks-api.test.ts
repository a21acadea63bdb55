// The webhooks' API (issue #38): made with a secret answered once, listed, read, changed and deleted by their
// owner only (anyone else's answers 404), the limits at exactly the limit and one over (20 per account, also
// under a burst of 100 at once; a 2048-character URL, a 500-character description), an unknown event refused by
// name, and the account's export and deletion.
import { WEBHOOK_EVENT_TYPES } from '@mixdesk/contract/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { readZip } from '../profile/test-fixtures.ts';
import { createWebhook, LOCAL_RECEIVERS } from './webhooks-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LOCAL_RECEIVERS);
});
afterAll(() => t.close());

const URL_OK = 'http://127.0.0.1:9/hook';
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: SignedIn | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

describe('making a webhook', () => {
  it('answers 201 with the webhook and a secret, which no later answer shows again', async () => {
    const who = await registerUser(t.app);
    const res = await send('POST', '/api/webhooks', who, {
      url: URL_OK,
      events: ['track_added', 'document_signed'],
      description: '  Catalogue sync  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { webhook, secret } = res.json().data;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(webhook).toMatchObject({
      url: URL_OK,
      events: ['track_added', 'document_signed'],
      description: 'Catalogue sync',
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    const list = await send('GET', '/api/webhooks', who);
    expect(list.json().data.webhooks).toEqual([webhook]);
    const one = await send('GET', `/api/webhooks/${webhook._id}`, who);
    expect(one.json().data.webhook).toEqual(webhook);
    for (const answer of [list.body, one.body]) expect(answer).not.toContain(secret);
    // Nor does the database hold it as typed.
    const stored = await t.app.ctx.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook._id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
  });

  it('keeps "*" alone for every event, and each type once in the contract’s order', async () => {
    const who = await registerUser(t.app);
    const all = await send('POST', '/api/webhooks', who, { url: URL_OK, events: ['track_added', '*'] });
    expect(all.json().data.webhook.events).toEqual(['*']);
    const some = await send('POST', '/api/webhooks', who, {
      url: URL_OK,
      events: ['document_paid', 'project_created', 'document_paid'],
    });
    expect(some.json().data.webhook.events).toEqual(['project_created', 'document_paid']);
  });

  it.each([
    [
      'an unknown event, named',
      { url: URL_OK, events: ['track_added', 'track_deleted'] },
      'Unknown event "track_deleted"',
    ],
    [
      'the feed’s document_event kind (documents are named one by one)',
      { url: URL_OK, events: ['document_event'] },
      'Unknown event "document_event"',
    ],
    ['no events', { url: URL_OK, events: [] }, 'Choose at least one event'],
    ['events that are not a list', { url: URL_OK, events: '*' }, 'Events must be a list'],
    ['an ftp URL', { url: 'ftp://127.0.0.1/hook', events: ['*'] }, 'http:// or https://'],
    ['a URL with a password', { url: 'http://me:pw@127.0.0.1/hook', events: ['*'] }, 'user name or password'],
    ['not a URL', { url: 'catalogue', events: ['*'] }, 'http:// or https://'],
    ['an unknown field', { url: URL_OK, events: ['*'], secret: 'mine' }, 'Unknown field'],
  ])('refuses %s with a 400 saying so', async (_what, body, message) => {
    const who = await registerUser(t.app);
    const res = await send('POST', '/api/webhooks', who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await send('GET', '/api/webhooks', who)).json().data.webhooks).toEqual([]);
  });

  it('takes a 2048-character URL and a 500-character description, and refuses one character more', async () => {
    const who = await registerUser(t.app);
    const url = (length: number) => `http://127.0.0.1:9/${'a'.repeat(length - 'http://127.0.0.1:9/'.length)}`;
    expect(url(2048)).toHaveLength(2048);
    const atLimit = await send('POST', '/api/webhooks', who, {
      url: url(2048),
      events: ['*'],
      description: 'd'.repeat(500),
    });
    expect(atLimit.statusCode).toBe(201);
    const longUrl = await send('POST', '/api/webhooks', who, { url: url(2049), events: ['*'] });
    expect(longUrl.statusCode).toBe(400);
    expect(longUrl.json().message).toBe('URL must be at most 2048 characters');
    const longText = await send('POST', '/api/webhooks', who, {
      url: URL_OK,
      events: ['*'],
      description: 'd'.repeat(501),
    });
    expect(longText.statusCode).toBe(400);
    expect(longText.json().message).toBe('Description must be at most 500 characters');
  });

  it('takes a 20th webhook and refuses a 21st with a 409', async () => {
    const who = await registerUser(t.app);
    for (let i = 1; i <= 19; i++) await createWebhook(t.app, who, { url: `${URL_OK}/${i}`, events: ['*'] });
    expect((await send('POST', '/api/webhooks', who, { url: URL_OK, events: ['*'] })).statusCode).toBe(201);
    const over = await send('POST', '/api/webhooks', who, { url: URL_OK, events: ['*'] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: 'An account may have at most 20 webhooks: delete one first.',
      error: { code: 'CONFLICT' },
    });
    // Another account counts its own.
    expect(
      (await send('POST', '/api/webhooks', await registerUser(t.app), { url: URL_OK, events: ['*'] }))
        .statusCode,
    ).toBe(201);
  });

  it('makes exactly 20 of a burst of 100 at once, and refuses the other 80', async () => {
    const who = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send('POST', '/api/webhooks', who, { url: `${URL_OK}/${i}`, events: ['*'] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(80);
    expect((await send('GET', '/api/webhooks', who)).json().data.webhooks).toHaveLength(20);
  });
});

describe('changing and deleting a webhook', () => {
  it('changes what is sent, turns it off and on, and deletes it', async () => {
    const who = await registerUser(t.app);
    const { id } = await createWebhook(t.app, who, { url: URL_OK, events: ['*'] });
    const changed = await send('PUT', `/api/webhooks/${id}`, who, {
      url: 'http://127.0.0.1:9/other',
      events: ['comment_added'],
      description: 'Comments only',
      enabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.webhook).toMatchObject({
      url: 'http://127.0.0.1:9/other',
      events: ['comment_added'],
      description: 'Comments only',
      enabled: false,
    });
    const on = await send('PUT', `/api/webhooks/${id}`, who, { enabled: true });
    expect(on.json().data.webhook).toMatchObject({ enabled: true, events: ['comment_added'] });
    const empty = await send('PUT', `/api/webhooks/${id}`, who, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Send at least one of');
    expect((await send('DELETE', `/api/webhooks/${id}`, who)).statusCode).toBe(200);
    expect((await send('GET', `/api/webhooks/${id}`, who)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/webhooks/${id}`, who)).statusCode).toBe(404);
  });

  it('answers 404 to anyone but its owner, for every route, and changes nothing', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const { id } = await createWebhook(t.app, owner, { url: URL_OK, events: ['*'] });
    const delivery = 'a-delivery';
    const tries = [
      send('GET', `/api/webhooks/${id}`, stranger),
      send('PUT', `/api/webhooks/${id}`, stranger, { enabled: false }),
      send('DELETE', `/api/webhooks/${id}`, stranger),
      send('GET', `/api/webhooks/${id}/deliveries`, stranger),
      send('POST', `/api/webhooks/${id}/deliveries/${delivery}/redeliver`, stranger),
      send('GET', '/api/webhooks/no-such-webhook', owner),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Webhook not found' });
    }
    expect((await send('GET', '/api/webhooks', stranger)).json().data.webhooks).toEqual([]);
    expect((await send('GET', `/api/webhooks/${id}`, owner)).json().data.webhook.enabled).toBe(true);
    expect((await send('GET', '/api/webhooks', null)).statusCode).toBe(401);
  });
});

describe('the account', () => {
  it('exports its webhooks without their secret, and deleting it removes them', async () => {
    const who = await registerUser(t.app);
    const { id, secret } = await createWebhook(t.app, who, {
      url: URL_OK,
      events: [...WEBHOOK_EVENT_TYPES].slice(0, 2),
      description: 'Exported',
    });
    const link = await send('POST', '/api/account/export', who, {});
    const zip = await t.app.inject({ method: 'GET', url: link.json().data.url });
    const text = readZip(zip.rawPayload).get('export.json')!.toString('utf8');
    expect(text).not.toContain(secret);
    expect(JSON.parse(text).areas.webhooks.webhooks).toEqual([
      expect.objectContaining({ _id: id, url: URL_OK, description: 'Exported', enabled: true }),
    ]);

    const deleted = await send('POST', '/api/account/delete', who, {
      email: who.user.email,
      password: GOOD_PASSWORD,
    });
    expect(deleted.statusCode).toBe(200);
    const left = await t.app.ctx.db
      .selectFrom('webhooks')
      .select('id')
      .where('owner_id', '=', who.user._id)
      .execute();
    expect(left).toEqual([]);
    const subscriptions = await t.app.ctx.db
      .selectFrom('webhook_subscriptions')
      .select('event_type')
      .where('webhook_id', '=', id)
      .execute();
    expect(subscriptions).toEqual([]);
  });
});
