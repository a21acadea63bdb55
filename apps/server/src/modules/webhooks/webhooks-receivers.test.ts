// Receivers that misbehave: one that never answers (the try times out: WEBHOOK_TIMEOUT_MS, 300 ms here), one
// that redirects (not followed), one that answers 3 GB (64 KiB read, the connection dropped), one nobody
// listens at. Each is a failed try in the delivery log, retried later; the server goes on answering.
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { until } from '../../../test/services.ts';
import { addTrack } from '../media/media-testing.ts';
import {
  createWebhook,
  deliveriesOf,
  LOCAL_RECEIVERS,
  type Receiver,
  startReceiver,
} from './webhooks-testing.ts';

const GiB = 1024 ** 3;

let t: TestApp;
let receiver: Receiver;
let owner: SignedIn;
let projectId: string;
/** Bytes the 3 GB receiver managed to write before its reader went away. */
let written = 0;
beforeAll(async () => {
  t = await createTestApp({ ...LOCAL_RECEIVERS, webhookTimeoutMs: 300 });
  receiver = await startReceiver((req, res) => {
    if (req.url === '/hook/hang') return null;
    if (req.url === '/hook/redirect') {
      res.writeHead(302, { location: `${receiver.url}/target` }).end();
      return null;
    }
    if (req.url === '/hook/huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(3 * GiB) });
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const pump = () => {
        while (written < 3 * GiB && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      pump();
      return null;
    }
    return 200;
  });
  owner = await registerUser(t.app);
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Misbehaving', type: 'album' },
  });
  projectId = project.json().data.project._id;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

/** Makes a webhook to `url`, records an event, and answers its delivery once its first try is logged. */
async function firstTry(url: string) {
  const { id } = await createWebhook(t.app, owner, { url, events: ['track_added'] });
  await addTrack(t.app, owner.token, projectId);
  await until(
    async () => Boolean((await deliveriesOf(t.app, owner, id))[0]?.lastAttemptAt),
    10_000,
    'the first try',
  );
  // Not sent again to this webhook by later tests' events.
  await t.app.inject({
    method: 'PUT',
    url: `/api/webhooks/${id}`,
    headers: bearer(owner.token),
    payload: { enabled: false },
  });
  return (await deliveriesOf(t.app, owner, id))[0]!;
}

describe('receivers that misbehave', () => {
  it('times out one that never answers, and tries again later', async () => {
    const delivery = await firstTry(`${receiver.url}/hang`);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseCode: null,
      error: 'No answer within 0.3 s: timed out',
    });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(300);
    expect(Date.parse(delivery.nextAttemptAt!)).toBeGreaterThan(Date.now());
  });

  it('does not follow a redirect', async () => {
    const delivery = await firstTry(`${receiver.url}/redirect`);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseCode: 302,
      error: `The receiver redirected (302 to ${receiver.url}/target): redirects are not followed`,
    });
    expect(receiver.received.filter((r) => r.url === '/hook/target')).toEqual([]);
  });

  it('reads 64 KiB of a 3 GB answer and drops the connection', async () => {
    const delivery = await firstTry(`${receiver.url}/huge`);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseCode: 200,
      error: 'The answer was longer than 64 KiB: it was cut off',
    });
    // The receiver stops writing soon after: far short of 3 GB went anywhere.
    await until(async () => written > 0, 5000, 'the receiver to write');
    expect(written).toBeLessThan(GiB);
  });

  it('logs a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const delivery = await firstTry(`http://127.0.0.1:${port}/hook`);
    expect(delivery).toMatchObject({
      status: 'pending',
      responseCode: null,
      error: 'The connection was refused',
    });
  });

  it('goes on answering and delivering after all of them', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const delivery = await firstTry(`${receiver.url}/fine`);
    expect(delivery).toMatchObject({ status: 'succeeded', responseCode: 200, error: null });
  });
});
