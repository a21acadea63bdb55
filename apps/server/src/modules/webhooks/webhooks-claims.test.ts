// One try, one sender: three senders on one database (the app's and two more, as other instances would run)
// claim the same 150 due deliveries at once, and the receiver gets each event exactly once, each delivery
// tried once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { insertProject } from '../profile/test-fixtures.ts';
import { WebhookSender, webhookSender } from './sender.ts';
import { createWebhook, type Receiver, startReceiver } from './webhooks-testing.ts';

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // No sweep: the senders below are the ones that look.
  t = await createTestApp({ webhookAllowPrivate: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('senders on one database', () => {
  it('send each due delivery once between them', async () => {
    const owner = await registerUser(t.app);
    const hook = await createWebhook(t.app, owner, { url: receiver.url, events: ['project_created'] });
    // Recorded without being announced: nothing has told any sender yet.
    const projects: string[] = [];
    for (let i = 0; i < 150; i++) projects.push(await insertProject(t.app, owner.user._id, `Album ${i}`));
    const options = { timeoutMs: 5000, sweepMs: 0, allowPrivate: true };
    const others = [new WebhookSender(t.app.ctx, options), new WebhookSender(t.app.ctx, options)];
    for (const sender of others) sender.kick();
    t.app.ctx.eventsRecorded?.();
    const all = [...others, webhookSender(t.app.ctx)];
    await Promise.all(all.map((s) => s.idle()));
    await Promise.all(others.map((s) => s.stop()));
    const rows = await t.app.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status', 'attempts'])
      .where('webhook_id', '=', hook.id)
      .execute();
    expect(rows).toHaveLength(150);
    expect(rows.every((r) => r.status === 'succeeded' && Number(r.attempts) === 1)).toBe(true);
    const ids = receiver.received.map((r) => r.event.id).sort();
    expect(ids).toEqual(projects.map((id) => `project_created:${id}`).sort());
  });
});
