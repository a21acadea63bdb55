// Retries on a test clock (only Date is faked: the sender's sweep and the receiver run on real timers): a
// receiver answering 500 for ten minutes and then 200 gets every event acknowledged exactly once, every try
// with the event's id; a delivery that never succeeds is tried 11 times, 10 s to 24 h apart, and given up; a
// webhook with no success for 3 days is turned off, its owner mailed, and turning it on sends what waited.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ControlledClock, controlledClock } from '../../../test/clock.ts';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { addTrack } from '../media/media-testing.ts';
import { presentDelivery } from './repo.ts';
import { createWebhook, LOCAL_RECEIVERS, type Receiver, startReceiver } from './webhooks-testing.ts';

let t: TestApp;
let receiver: Receiver;
let clock: ControlledClock | undefined;
beforeAll(async () => {
  t = await createTestApp(LOCAL_RECEIVERS);
  receiver = await startReceiver();
});
afterEach(() => clock?.restore());
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const arrivedAt = (path: string) => receiver.received.filter((r) => r.url === `/hook/${path}`);

/** Until every delivery of the webhook that is due by the (stopped) clock has been tried. */
const triedWhatIsDue = (webhookId: string) =>
  until(
    async () => {
      const due = await t.app.ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', new Date().toISOString())
        .execute();
      return due.length === 0;
    },
    20_000,
    'the due deliveries to be tried',
  );

/** The webhook's delivery log as the API presents it, read without signing in (the clock outruns tokens). */
const logOf = async (webhookId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .execute()
  ).map(presentDelivery);

/** A token valid at the clock's time: signed in again once the clock has moved past the last one. */
async function tokenNow(who: SignedIn): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.user.email, password: who.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

async function ownerWithProject(name: string) {
  const owner = await registerUser(t.app, { name });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: `${name}'s album`, type: 'album' },
  });
  return { owner, projectId: res.json().data.project._id as string };
}

describe('retries', () => {
  it('gets every event to a receiver down for 10 minutes acknowledged exactly once, with the same id each try', async () => {
    const { owner, projectId } = await ownerWithProject('Patient');
    clock = controlledClock();
    const downUntil = Date.now() + 10 * MINUTE;
    receiver.behave = (req) => (req.url === '/hook/flaky' && Date.now() < downUntil ? 500 : 200);
    const hook = await createWebhook(t.app, owner, { url: `${receiver.url}/flaky`, events: ['track_added'] });
    const tracks: string[] = [];
    for (let i = 0; i < 20; i++)
      tracks.push((await addTrack(t.app, owner.token, projectId, { title: `Take ${i}` }))._id);
    await triedWhatIsDue(hook.id);
    // Tried again 10 s, 30 s, 1 min and 5 min after each failure: at 10 s, 40 s, 1 min 40 s and 6 min 40 s the
    // receiver is still down; 15 min later, at 21 min 40 s, it is back.
    for (const wait of [10 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE]) {
      clock.step(wait);
      await triedWhatIsDue(hook.id);
    }
    const ids = tracks.map((id) => `track_added:${id}`);
    const tries = arrivedAt('flaky');
    for (const id of ids) {
      const ofEvent = tries.filter((r) => r.event.id === id);
      expect(ofEvent.map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 200]);
      expect(new Set(ofEvent.map((r) => r.body)).size).toBe(1);
    }
    expect(
      tries
        .filter((r) => r.status === 200)
        .map((r) => r.event.id)
        .sort(),
    ).toEqual([...ids].sort());
    const log = await logOf(hook.id);
    expect(log).toHaveLength(20);
    for (const delivery of log)
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 6, responseCode: 200 });
    const webhook = await t.app.ctx.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(webhook).toMatchObject({ failing_since: null });
  });

  it('tries a delivery 11 times, 10 s to 24 h apart, then gives it up', async () => {
    const { owner, projectId } = await ownerWithProject('Unlucky');
    clock = controlledClock();
    receiver.behave = (req) => (req.url === '/hook/gone' ? 503 : 200);
    const hook = await createWebhook(t.app, owner, { url: `${receiver.url}/gone`, events: ['*'] });
    await addTrack(t.app, owner.token, projectId);
    await triedWhatIsDue(hook.id);
    const waits: number[] = [];
    for (;;) {
      const [delivery] = await logOf(hook.id);
      if (delivery!.status !== 'pending') break;
      const wait = Date.parse(delivery!.nextAttemptAt!) - Date.now();
      waits.push(wait / SECOND);
      // A second early it is not due.
      clock.step(wait - SECOND);
      await triedWhatIsDue(hook.id);
      expect((await logOf(hook.id))[0]!.attempts).toBe(waits.length);
      clock.step(SECOND);
      await triedWhatIsDue(hook.id);
    }
    expect(waits).toEqual([10, 30, 60, 300, 900, 3600, 10_800, 21_600, 43_200, 86_400]);
    const [given] = await logOf(hook.id);
    expect(given).toMatchObject({
      status: 'failed',
      attempts: 11,
      nextAttemptAt: null,
      responseCode: 503,
      error: 'The receiver answered 503',
    });
    expect(arrivedAt('gone')).toHaveLength(11);
  });
});

describe('a webhook failing for 3 days', () => {
  it('is turned off, its owner is mailed, and turned back on it sends what waited', async () => {
    const { owner, projectId } = await ownerWithProject('Away');
    clock = controlledClock();
    let up = false;
    receiver.behave = (req) => (req.url === '/hook/away' && !up ? 500 : 200);
    const hook = await createWebhook(t.app, owner, { url: `${receiver.url}/away`, events: ['track_added'] });
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/webhooks/${hook.id}`,
          headers: bearer(await tokenNow(owner)),
        })
      ).json().data.webhook;
    await addTrack(t.app, owner.token, projectId, { title: 'First' });
    await triedWhatIsDue(hook.id);
    const since = (await read()).failingSince;
    expect(Date.parse(since)).toBe(Date.now());

    // A minute short of 3 days: another failure, still on.
    clock.step(3 * DAY - MINUTE);
    await addTrack(t.app, await tokenNow(owner), projectId, { title: 'Second' });
    await triedWhatIsDue(hook.id);
    expect(await read()).toMatchObject({ enabled: true, failingSince: since });

    // Their retries, a minute later: 3 days after the first failure, off.
    clock.step(MINUTE);
    await triedWhatIsDue(hook.id);
    const off = await read();
    expect(off).toMatchObject({ enabled: false, failingSince: since });
    expect(off.disabledReason).toBe(`every delivery has failed for 3 days (since ${since})`);
    const mail = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', 'webhook_disabled')
      .where('to_address', '=', owner.user.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('A webhook of yours was turned off');
    expect(mail[0]!.text_body).toContain(`Your webhook to ${receiver.url}/away was turned off`);

    // Off, what is pending waits though it is due, and new events are not kept for it: a witness webhook,
    // sent the next event, shows that the sender has looked since.
    const tried = arrivedAt('away').length;
    clock.step(DAY);
    const now = { ...owner, token: await tokenNow(owner) };
    await createWebhook(t.app, now, { url: `${receiver.url}/witness`, events: ['track_added'] });
    await addTrack(t.app, now.token, projectId, { title: 'Unheard' });
    await until(async () => arrivedAt('witness').length === 1, 10_000, 'the witness’s delivery');
    expect(arrivedAt('away')).toHaveLength(tried);
    expect((await logOf(hook.id)).map((d) => d.status)).toEqual(['pending', 'pending']);

    // Back on, with the receiver up: the two that waited are sent at once.
    up = true;
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${hook.id}`,
      headers: bearer(now.token),
      payload: { enabled: true },
    });
    expect(on.json().data.webhook).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
    await until(async () => arrivedAt('away').length === tried + 2, 10_000, 'what waited');
    expect(
      arrivedAt('away')
        .slice(tried)
        .map((r) => r.event.data.subject.name)
        .sort(),
    ).toEqual(['First', 'Second']);
    expect((await logOf(hook.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });
});
