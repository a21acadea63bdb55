// Deliveries to a real receiver (node:http), which checks the signature itself with node:crypto: every event
// a webhook's owner may see and asked for, and nothing else (other types, strangers' projects, a webhook turned
// off); a document's events to its owner; an event recorded by any code, committed, and none rolled back; the
// delivery log; Redeliver with the same event id and body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { generateVia, payloads } from '../documents/documents-testing.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople } from '../media/media-testing.ts';
import { insertProject } from '../profile/test-fixtures.ts';
import {
  createWebhook,
  deliveriesOf,
  LOCAL_RECEIVERS,
  type Receiver,
  signedBy,
  startReceiver,
} from './webhooks-testing.ts';

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp(LOCAL_RECEIVERS);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const at = (path: string) => `${receiver.url}/${path}`;

/** What arrived at `path`, from the receiver's log. */
const received = (path: string) => receiver.received.filter((r) => r.url === `/hook/${path}`);

const deliveryRows = (webhookId: string) =>
  t.app.ctx.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).execute();

describe('a project’s events', () => {
  let p: ProjectWithPeople;
  const hooks: Record<string, { id: string; secret: string }> = {};
  let trackId: string;
  beforeAll(async () => {
    p = await projectWithPeople(t.app);
    hooks.everything = await createWebhook(t.app, p.owner, { url: at('everything'), events: ['*'] });
    hooks.comments = await createWebhook(t.app, p.owner, { url: at('comments'), events: ['comment_added'] });
    hooks.viewer = await createWebhook(t.app, p.viewer, { url: at('viewer'), events: ['track_added'] });
    hooks.stranger = await createWebhook(t.app, p.stranger, { url: at('stranger'), events: ['*'] });
    trackId = (await addTrack(t.app, p.editor.token, p.projectId, { title: 'Intro' }))._id;
    await until(
      async () => received('everything').length > 0 && received('viewer').length > 0,
      10_000,
      'deliveries',
    );
  });

  it('sends it signed, as POST JSON { id, type, createdAt, data }, to the owner and a collaborator', async () => {
    for (const name of ['everything', 'viewer']) {
      const [delivery, ...more] = received(name);
      expect(more).toEqual([]);
      expect(delivery!.method).toBe('POST');
      expect(delivery!.headers['content-type']).toBe('application/json');
      expect(signedBy(hooks[name]!.secret, delivery!.headers['mixdesk-signature'], delivery!.body)).toBe(
        true,
      );
      // Signed by another webhook's secret it is not.
      expect(signedBy(hooks.stranger!.secret, delivery!.headers['mixdesk-signature'], delivery!.body)).toBe(
        false,
      );
      const t0 = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(String(delivery!.headers['mixdesk-signature']))![1]);
      expect(Math.abs(t0 - Date.now() / 1000)).toBeLessThan(60);
      expect(Object.keys(delivery!.event)).toEqual(['id', 'type', 'createdAt', 'data']);
      expect(delivery!.event).toEqual({
        id: `track_added:${trackId}`,
        type: 'track_added',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: {
          summary: "Editor added the track 'Intro' to Night Drive",
          url: `http://mixdesk.test/projects/${p.projectId}/tracks`,
          project: { _id: p.projectId, title: 'Night Drive' },
          actor: { _id: p.editor.user._id, name: 'Editor' },
          subject: { _id: trackId, name: 'Intro' },
          detail: null,
        },
      });
      expect(delivery!.headers['mixdesk-event-id']).toBe(`track_added:${trackId}`);
    }
    // Both webhooks were sent the one event: the same id.
    expect(received('viewer')[0]!.event.id).toBe(received('everything')[0]!.event.id);
  });

  it('sends nothing a webhook did not ask for, and nothing of projects its owner cannot see', async () => {
    // The deliveries are written with the event, so their absence is final.
    expect(await deliveryRows(hooks.comments!.id)).toEqual([]);
    expect(await deliveryRows(hooks.stranger!.id)).toEqual([]);
    expect(received('comments')).toEqual([]);
    expect(received('stranger')).toEqual([]);
  });

  it('logs each delivery: status, response code, duration, tries, no next try', async () => {
    const logged = async () =>
      (await deliveriesOf(t.app, p.owner, hooks.everything!.id))[0]!.status !== 'pending';
    await until(logged, 10_000, 'the delivery to be recorded');
    const [delivery] = await deliveriesOf(t.app, p.owner, hooks.everything!.id);
    expect(delivery).toMatchObject({
      eventId: `track_added:${trackId}`,
      eventType: 'track_added',
      status: 'succeeded',
      responseCode: 200,
      attempts: 1,
      nextAttemptAt: null,
      error: null,
      redeliveryOf: null,
    });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
    expect(delivery!.durationMs).toBeLessThan(10_000);
  });

  it('redelivers an event with the same id and body, as a new delivery in the log', async () => {
    const [first] = await deliveriesOf(t.app, p.owner, hooks.everything!.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hooks.everything!.id}/deliveries/${first!._id}/redeliver`,
      headers: bearer(p.owner.token),
    });
    expect(res.statusCode).toBe(200);
    const again = res.json().data.delivery;
    expect(again).toMatchObject({ eventId: first!.eventId, redeliveryOf: first!._id });
    expect(again._id).not.toBe(first!._id);
    await until(async () => received('everything').length === 2, 10_000, 'the redelivery');
    const [one, two] = received('everything');
    expect(two!.body).toBe(one!.body);
    expect(signedBy(hooks.everything!.secret, two!.headers['mixdesk-signature'], two!.body)).toBe(true);
    // Recorded once the receiver's answer is read, a moment after the receiver has the body.
    const recorded = async () =>
      (await deliveriesOf(t.app, p.owner, hooks.everything!.id))[0]!.status !== 'pending';
    await until(recorded, 10_000, 'the redelivery to be recorded');
    const log = await deliveriesOf(t.app, p.owner, hooks.everything!.id);
    expect(log.map((d) => [d._id, d.status])).toEqual([
      [again._id, 'succeeded'],
      [first!._id, 'succeeded'],
    ]);
  });

  it('answers 404 for a delivery of another webhook, and 409 while the webhook is off', async () => {
    const [viewers] = await deliveriesOf(t.app, p.viewer, hooks.viewer!.id);
    const redeliver = (who: SignedIn, webhookId: string, deliveryId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`,
        headers: bearer(who.token),
      });
    const elsewhere = await redeliver(p.owner, hooks.everything!.id, viewers!._id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Delivery not found');
    await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${hooks.viewer!.id}`,
      headers: bearer(p.viewer.token),
      payload: { enabled: false },
    });
    const off = await redeliver(p.viewer, hooks.viewer!.id, viewers!._id);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toContain('turned off');
    // Off, it is sent no event at all.
    await addTrack(t.app, p.owner.token, p.projectId, { title: 'Outro' });
    expect(await deliveryRows(hooks.viewer!.id)).toHaveLength(1);
  });
});

describe('events recorded by any code', () => {
  it('delivers an event committed without being announced, and none of a transaction rolled back', async () => {
    const owner = await registerUser(t.app, { name: 'Owner' });
    const hook = await createWebhook(t.app, owner, { url: at('direct'), events: ['project_created'] });
    const kept = await insertProject(t.app, owner.user._id, 'Kept');
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await insertProject({ ctx: { db: trx } } as never, owner.user._id, 'Dropped');
        const pending = await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('webhook_id', '=', hook.id)
          .execute();
        expect(pending).toHaveLength(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Found by the sweep (nothing told the sender of it).
    await until(async () => received('direct').length === 1, 10_000, 'the committed event');
    expect(received('direct')[0]!.event).toMatchObject({
      id: `project_created:${kept}`,
      type: 'project_created',
    });
    expect((await deliveryRows(hook.id)).map((d) => d.event_id)).toEqual([`project_created:${kept}`]);
  });
});

describe('a document’s events', () => {
  it('go to its owner’s webhook, one type each, with the document as their subject', async () => {
    const owner = await registerUser(t.app, { name: 'Owner' });
    const hook = await createWebhook(t.app, owner, {
      url: at('documents'),
      events: ['document_created', 'document_voided'],
    });
    const doc = await generateVia(t.app, owner, payloads.contract());
    await until(async () => received('documents').length === 1, 10_000, 'the document event');
    const { event } = received('documents')[0]!;
    expect(event).toMatchObject({
      type: 'document_created',
      data: {
        subject: { _id: doc._id, name: doc.title },
        url: `http://mixdesk.test/documents?open=${doc._id}`,
      },
    });
    expect(event.id).toMatch(/^document_event:/);
    // Read, but not asked for: no delivery.
    await t.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/download`,
      headers: bearer(owner.token),
    });
    expect((await deliveryRows(hook.id)).map((d) => d.event_type)).toEqual(['document_created']);
  });
});
